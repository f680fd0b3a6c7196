import { fillPlaceholders } from "drizzle-orm";
import type { Db } from "../store.ts";

/** What drizzle's bun-sql prepared query keeps of a query once built: its text, placeholders and row mapping. */
type Built = {
  queryString: string;
  params: unknown[];
  fields?: unknown;
  customResultMapper?: unknown;
  joinsNotNullableMap?: unknown;
  isResponseInArrayMode(): boolean;
  execute(values: Record<string, unknown>): Promise<unknown[]>;
  /** Bun's SQL client of the connection it is bound to. */
  client: { unsafe(query: string, params: unknown[]): { values(): Promise<unknown[][]> } };
};

/** drizzle's session of a connection (the pool, a transaction's): `prepareQuery` binds a built query to it. */
type Session = {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: unknown,
    name: string,
    arrayMode: boolean,
    mapper?: unknown,
  ): Built;
};

/**
 * A read built once on the pool's `db` and run through any connection of the store: the pool itself, or a write's
 * transaction (a new one every commit). drizzle binds a prepared query to one session, so a transaction's copy is
 * the built text and row mapping handed to the transaction's session: nothing is built again (docs/performance.md,
 * Launch day, queries built once). The text and mapping depend on the query alone, never on the connection.
 */
export function preparedOnPool<Mode extends "objects" | "values">(
  db: Db,
  build: (q: Db) => unknown,
  name: string,
  mode: Mode,
): (q: Db, values: Record<string, unknown>) => Promise<Mode extends "values" ? unknown[][] : unknown[]> {
  type Rows = Mode extends "values" ? unknown[][] : unknown[];
  // "values": the rows as Bun's client gives them to drizzle, before drizzle maps each to an object.
  const run = (query: Built, values: Record<string, unknown>) =>
    (mode === "values"
      ? query.client.unsafe(query.queryString, fillPlaceholders(query.params, values)).values()
      : query.execute(values)) as Promise<Rows>;
  let built: Built | undefined;
  const bound = new WeakMap<Db, Built>();
  return (q, values) => {
    built ??= (build(db) as { prepare(name: string): Built }).prepare(name);
    if (q === db) return run(built, values);
    let copy = bound.get(q);
    if (!copy) {
      const session = (q as unknown as { _: { session: Session } })._.session;
      copy = session.prepareQuery(
        { sql: built.queryString, params: built.params },
        built.fields,
        name,
        built.isResponseInArrayMode(),
        built.customResultMapper,
      );
      copy.joinsNotNullableMap = built.joinsNotNullableMap;
      bound.set(q, copy);
    }
    return run(copy, values);
  };
}
