import type { Database } from "bun:sqlite";
import type { SQL } from "bun";
import type { BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import type { StoreDriver } from "./driver.ts";
import type * as schema from "./schema.ts";

/**
 * The drizzle database the services query, on either store. Queries are written once with SQLite's builder types
 * and awaited (never `.get()`, `.all()` or `.run()`, which PostgreSQL's builders lack): drizzle has no type common
 * to its dialects, so PostgreSQL's database is seen through this one (`asServiceStore`, src/db/pg/store.ts, says
 * why that is sound) and every service suite runs on both stores (test/helpers/services.ts, `forEachStore`).
 */
export type Db = BunSQLiteDatabase<typeof schema>;

declare const writing: unique symbol;

/**
 * The database inside a write transaction (`write`'s `work`, src/db/writer.ts): what must join the caller's
 * transaction takes a `Tx` (guards, `removeIn`, `events.append`), so passing the database outside a write does
 * not compile. It reads like a `Db`; only a writer makes one (`inWrite`).
 */
export type Tx = Db & { readonly [writing]: true };

/** The tables of a store's own schema, typed as `src/db/schema.ts`'s: the services build every query from them. */
export type Tables = typeof schema;

/** What every store gives the services: the database, its tables and what the engine does its own way. */
type StoreParts = { db: Db; tables: Tables; driver: StoreDriver };

/** The embedded store (src/db/client.ts). `client` is the connection the reads use. */
export type SqliteStore = StoreParts & { kind: "sqlite"; client: Database };

/** The PostgreSQL store (src/db/pg/store.ts). `client` is Bun's pool, which the cluster LISTENs and leads on. */
export type PgStore = StoreParts & { kind: "postgres"; client: SQL };

/**
 * An open store, as the composition root (`createServices`) receives it and hands on to each service: the
 * tables come with the database (the way Lucia's drizzle adapters take them), never from drizzle's internals.
 */
export type Store = SqliteStore | PgStore;

/** The database of a write transaction just begun on it: called by the writers only. */
export const inWrite = (db: Db): Tx => db as Tx;
