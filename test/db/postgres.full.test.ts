import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import fc from "fast-check";
import { closeStore } from "../../src/db/driver.ts";
import { pgMigrations } from "../../src/db/migrations.ts";
import type * as pgSchema from "../../src/db/pg/schema.ts";
import { migrate, openPostgres } from "../../src/db/pg/store.ts";
import type * as sqliteSchema from "../../src/db/schema.ts";
import { type FormatName, renderFormat } from "../../src/formats/index.ts";
import { generateKey, hashKey } from "../../src/keys/token.ts";
import { createServices, type Services } from "../../src/services.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { sharedPostgres, type TestPostgres } from "../helpers/postgres.ts";
import { seedEntries, seedKey, seedWhitelist } from "../helpers/services.ts";

// The services on PostgreSQL (DATABASE_URL) against a real server from Debian's package: the same behaviour as on
// SQLite, migrations applied once by replicas starting together, and writes of several replicas that commit in
// event id order, so a reader following `id > last` never skips one.

// The two schemas must give the services the very same row types.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Rows<S> = { [K in keyof S]: S[K] extends { $inferSelect: infer R } ? R : never };
const sameRows: Same<Rows<typeof sqliteSchema>, Rows<typeof pgSchema>> = true;

const GUILD = "100000000000000001";
let pg: TestPostgres;
const opened: Services[] = [];

beforeAll(async () => {
  pg = await sharedPostgres();
});

afterAll(async () => {
  for (const services of opened) await closeStore(services.db).catch(() => {});
});

/** Services over the database at `url`, as a replica opens them. */
async function replica(url: string): Promise<Services> {
  const store = await openPostgres({ url });
  const services = createServices({
    store,
    clock: manualClock(Date.UTC(2026, 10, 25)),
    logger: silentLogger,
  });
  opened.push(services);
  return services;
}

describe("PostgreSQL", () => {
  test("both schemas give the same rows", () => {
    expect(sameRows).toBe(true);
  });

  test("replicas starting together on a fresh database apply each migration once", async () => {
    const url = await pg.database();
    await Promise.all([replica(url), replica(url), replica(url)]);
    const sql = new SQL(url);
    const rows = await sql`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY id`;
    await sql.close();
    expect(rows.map((row: { created_at: string }) => Number(row.created_at))).toEqual(
      pgMigrations.map((migration) => migration.createdAt),
    );
  });

  test("a link key made before read-only keys existed may still remove (0004_read_only_keys)", async () => {
    const url = await pg.database();
    const plaintext = generateKey();
    const sql = new SQL(url);
    const before = pgMigrations.findIndex((migration) => migration.tag === "0004_read_only_keys");
    await migrate(sql, pgMigrations.slice(0, before));
    await sql`INSERT INTO guilds (id, created_at) VALUES (${GUILD}, 1)`;
    await sql`INSERT INTO link_keys (id, guild_id, name, whitelist_id, key_hash, created_by, created_at)
      VALUES ('oldkey01', ${GUILD}, 'plugin', NULL, ${hashKey(plaintext)}, '300000000000000009', 1)`;
    await sql.close();

    const services = await replica(url);
    expect({
      verified: (await services.keys.verify(plaintext))?.mayRemove,
      listed: (await services.keys.list(GUILD)).map((key) => key.mayRemove),
    }).toEqual({ verified: true, listed: [true] });
  });

  test("entries, events, keys and the served bodies behave as on SQLite", async () => {
    const services = await replica(await pg.database());
    const wl = await seedWhitelist(services, { guildId: GUILD, name: "survival" });
    await seedEntries(services, wl.id, [
      "Notch",
      "jeb_",
      { nick: "Alex", premium: true, uuid: "069a79f444e94726a5befca90e38aaf5" },
    ]);
    await expect(seedEntries(services, wl.id, ["NOTCH"])).rejects.toThrow(
      expect.objectContaining({ code: "nick-taken" }),
    );
    expect((await services.entries.find(wl.id, "notch"))?.nick).toBe("Notch");
    expect(await services.entries.countForUser(wl.id, "300000000000000001")).toBe(3);
    const removed = await services.entries.remove({ whitelistId: wl.id, nick: "JEB_", origin: "api" });
    expect(removed.nick).toBe("jeb_");

    const scope = { guildId: GUILD, whitelistId: null };
    const events = await services.events.listAfter(0, scope);
    expect(events.map((event) => `${event.id} ${event.type} ${event.entry.nick}`)).toEqual([
      "1 entry.added Notch",
      "2 entry.added jeb_",
      "3 entry.added Alex",
      "4 entry.removed jeb_",
    ]);
    expect(await services.events.page(2, scope, 1)).toEqual({
      events: events.slice(2, 3),
      next: "3",
      more: true,
    });
    expect(await services.events.bounds()).toEqual({ oldest: 1, latest: 4 });

    const stored = await services.entries.list(wl.id);
    for (const format of ["json", "plain", "vanilla", "easywhitelist"] satisfies FormatName[]) {
      const body = new TextDecoder().decode((await services.formatCache.get(wl.id, format)).bytes);
      expect(body).toBe(new TextDecoder().decode(renderFormat(format, stored)));
    }

    const { key, plaintext } = await seedKey(services, GUILD, wl.id);
    expect(await services.keys.verify(plaintext)).toEqual(
      expect.objectContaining({ keyId: key.id, whitelistId: wl.id }),
    );
    await services.keys.revoke(GUILD, key.id);
    expect(await services.keys.verify(plaintext)).toBeNull();
    expect((await services.keys.list(GUILD))[0]?.revokedAt).toEqual(expect.any(Number));
  });

  test("a whitelist's deletion removes its entries with their events and revokes its keys, in one transaction", async () => {
    const services = await replica(await pg.database());
    const wl = await seedWhitelist(services, { guildId: GUILD, name: "survival" });
    await seedEntries(services, wl.id, ["Notch", "jeb_"]);
    const { key } = await seedKey(services, GUILD, wl.id);
    const deleted = await services.deletion.deleteWhitelist(wl.id, "300000000000000009");
    expect({
      removed: deleted.removed.map((entry) => entry.nick),
      revoked: deleted.revoked.map((revoked) => revoked.id),
      left: await services.whitelists.listForGuild(GUILD),
      types: (await services.events.listAfter(0, { guildId: GUILD, whitelistId: null })).map((e) => e.type),
    }).toEqual({
      removed: ["Notch", "jeb_"],
      revoked: [key.id],
      left: [],
      types: ["entry.added", "entry.added", "entry.removed", "entry.removed"],
    });
  });

  test("writes through two replicas at once commit in id order: a reader following the log never skips one", async () => {
    const url = await pg.database();
    const [a, b] = await Promise.all([replica(url), replica(url)]);
    const wl = await seedWhitelist(a, { guildId: GUILD, name: "survival" });
    const scope = { guildId: GUILD, whitelistId: wl.id };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ through: fc.boolean(), remove: fc.boolean() }), {
          minLength: 10,
          maxLength: 30,
        }),
        async (steps) => {
          const start = (await a.events.bounds()).latest;
          const seen: number[] = [];
          let cursor = start;
          let writing = true;
          // A resuming reader: pages of `id > cursor` while the writes go on, and once more after them.
          const reader = (async () => {
            for (;;) {
              const done = !writing;
              const page = await b.events.listAfter(cursor, scope, 1000);
              for (const event of page) seen.push(Number(event.id));
              cursor = Number(page.at(-1)?.id ?? cursor);
              if (done) return;
              await new Promise((resolve) => setTimeout(resolve, 1));
            }
          })();
          await Promise.allSettled(
            steps.map(async (step, i) => {
              const services = step.through ? a : b;
              const nick = `p${start}_${i}`;
              await seedEntries(services, wl.id, [nick]);
              if (step.remove) await services.entries.remove({ whitelistId: wl.id, nick, origin: "api" });
            }),
          );
          writing = false;
          await reader;
          const latest = (await a.events.bounds()).latest;
          expect(seen).toEqual(Array.from({ length: latest - start }, (_, i) => start + i + 1));
        },
      ),
      { numRuns: 8 },
    );
  });
});
