import { afterEach, expect, test } from "bun:test";
import { asc, type SQL, sql } from "drizzle-orm";
import { MOST_PER_TRANSACTION } from "../../src/db/pg/writer.ts";
import type { Tx } from "../../src/db/store.ts";
import type { ChangeNotice } from "../../src/entries/bus.ts";
import { DomainError } from "../../src/shared/errors.ts";
import { forEachStore, seedWhitelist, type TestServices, testServices } from "../helpers/services.ts";

// The writer's promises on either store (docs/architecture.md, The writer): writes commit one at a time in the
// order asked; each one's work starts once the one before committed and its `committed` ran, whatever the
// writer overlaps to get there (PostgreSQL's asks for the next lock early); a failing write takes none of the
// others with it; a write resolves once its change is published on this replica's bus. Groupable writes
// (WriteOptions) keep every promise but one on PostgreSQL: queued together, they share a transaction (group commit),
// so a later one sees an earlier one through its transaction only, and every `committed` of them runs after it.

const GUILD = "100000000000000001";

/** The id of the PostgreSQL transaction `tx` is (the services' type of it is SQLite's, which has no `execute`). */
async function txid(tx: Tx): Promise<string> {
  const pg = tx as unknown as { execute(query: SQL): Promise<{ txid: string }[]> };
  const [row] = await pg.execute(sql`SELECT txid_current()::text AS txid`);
  return String(row?.txid);
}
let services: TestServices;
afterEach(() => services.close());

forEachStore("the writer", (store) => {
  test("writes asked at once commit in order; each one's work sees the one before committed and its `committed` run", async () => {
    services = await testServices();
    const { guilds } = services.store.tables;
    const log: string[] = [];
    const ids = async (q: typeof services.db) =>
      (await q.select({ id: guilds.id }).from(guilds).orderBy(asc(guilds.id))).map((row) => row.id).join(",");
    const insert = (id: string) =>
      services.write(
        async (tx) => {
          // Outside the transaction too: a service reads its caches and the store there.
          log.push(`work ${id}: in it ${await ids(tx)}; outside ${await ids(services.db)}`);
          await tx.insert(guilds).values({ id, createdAt: 0 });
          return id;
        },
        () => log.push(`committed ${id}`),
      );
    expect(await Promise.all([insert("g1"), insert("g2"), insert("g3")])).toEqual(["g1", "g2", "g3"]);
    expect(log).toEqual([
      "work g1: in it ; outside ",
      "committed g1",
      "work g2: in it g1; outside g1",
      "committed g2",
      "work g3: in it g1,g2; outside g1,g2",
      "committed g3",
    ]);
  });

  test("a write whose work fails writes nothing and takes none of the writes around it with it", async () => {
    services = await testServices();
    const { guilds } = services.store.tables;
    const insert = (id: string, fail = false) =>
      services.write(async (tx) => {
        await tx.insert(guilds).values({ id, createdAt: 0 });
        if (fail) throw new DomainError("whitelist-not-found", "No such whitelist.");
        return id;
      });
    const outcomes = await Promise.allSettled([insert("g1"), insert("g2", true), insert("g3")]);
    expect(
      outcomes.map((outcome) => (outcome.status === "fulfilled" ? outcome.value : outcome.status)),
    ).toEqual(["g1", "rejected", "g3"]);
    const stored = await services.db.select({ id: guilds.id }).from(guilds).orderBy(asc(guilds.id));
    expect(stored.map((row) => row.id)).toEqual(["g1", "g3"]);
  });

  test("a write resolves once its change is published on this replica's bus, several at once alike", async () => {
    services = await testServices();
    const wl = await seedWhitelist(services, { guildId: GUILD, name: "survival" });
    const heard: string[] = [];
    services.bus.subscribe((notice: ChangeNotice) => heard.push(notice.entry.nick));
    const added = ["Alpha", "Bravo", "Charlie", "Delta"].map((nick) =>
      services.entries
        .add({
          whitelistId: wl.id,
          nick,
          uuid: null,
          premium: false,
          userId: "300000000000000001",
          addedBy: "300000000000000001",
          origin: "discord",
        })
        .then((entry) => ({ nick: entry.nick, heard: heard.includes(entry.nick) })),
    );
    expect(await Promise.all(added)).toEqual(
      ["Alpha", "Bravo", "Charlie", "Delta"].map((nick) => ({ nick, heard: true })),
    );
    expect(heard).toEqual(["Alpha", "Bravo", "Charlie", "Delta"]);
  });

  // PostgreSQL's own: the next write waits for the cluster's lock in the server while this one works; SQLite's
  // writer retries from timers against another process's lock instead (test/db/writer.test.ts).
  test.skipIf(store === "sqlite")(
    "while another replica holds the lock, one write waits for it in the server and the rest in the writer, in order",
    async () => {
      services = await testServices();
      const { guilds } = services.store.tables;
      const lock = await services.holdWriteLock();
      const insert = (id: string) =>
        services.write(async (tx) => {
          await tx.insert(guilds).values({ id, createdAt: 0 });
          return id;
        });
      const writes = [insert("g1"), insert("g2"), insert("g3")];
      const waitingInServer = async () =>
        Number(
          (
            await services.sql`SELECT count(*) AS n FROM pg_locks
              WHERE locktype = 'advisory' AND objid = 7715002 AND NOT granted`
          )[0]?.n,
        );
      for (let turn = 0; turn < 1000 && (await waitingInServer()) === 0; turn++) await Bun.sleep(2);
      // The others do not pile up on the server's lock queue, each holding a connection of the pool.
      for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect({ inServer: await waitingInServer(), inWriter: services.writesWaiting() }).toEqual({
        inServer: 1,
        inWriter: 3,
      });
      await lock.release();
      expect(await Promise.all(writes)).toEqual(["g1", "g2", "g3"]);
      const stored = await services.sql`SELECT id FROM guilds ORDER BY created_at, id`;
      expect(stored.map((row) => row.id)).toEqual(["g1", "g2", "g3"]);
    },
  );

  test("a groupable write that fails is undone alone, whether its own rule or the database refused it", async () => {
    services = await testServices();
    const { guilds } = services.store.tables;
    // Queued behind another program's lock, so that on PostgreSQL they share one transaction.
    const lock = await services.holdWriteLock();
    const insert = (id: string, fail?: "rule" | "database") =>
      services.write(
        async (tx) => {
          await tx.insert(guilds).values({ id, createdAt: 0 });
          if (fail === "rule") throw new DomainError("whitelist-not-found", "No such whitelist.");
          // A second row with the same id: a unique violation, which aborts a PostgreSQL transaction.
          if (fail === "database") await tx.insert(guilds).values({ id, createdAt: 0 });
          return id;
        },
        undefined,
        { groupable: true },
      );
    const settled = Promise.allSettled([
      insert("g1"),
      insert("g2", "rule"),
      insert("g3"),
      insert("g4", "database"),
      insert("g5"),
    ]);
    await lock.release();
    const outcomes = await settled;
    expect(
      outcomes.map((outcome) =>
        outcome.status === "fulfilled"
          ? outcome.value
          : outcome.reason instanceof DomainError
            ? outcome.reason.code
            : "database refused",
      ),
    ).toEqual(["g1", "whitelist-not-found", "g3", "database refused", "g5"]);
    const stored = await services.db.select({ id: guilds.id }).from(guilds).orderBy(asc(guilds.id));
    expect(stored.map((row) => row.id)).toEqual(["g1", "g3", "g5"]);
  });

  // PostgreSQL's own (docs/architecture.md, PostgreSQL's round trips): SQLite runs every write alone.
  test.skipIf(store === "sqlite")(
    "groupable writes queued together share one transaction: each sees the ones before it, and all commit before any `committed`",
    async () => {
      services = await testServices();
      const { guilds } = services.store.tables;
      const log: string[] = [];
      const ids = async (q: typeof services.db) =>
        (await q.select({ id: guilds.id }).from(guilds).orderBy(asc(guilds.id)))
          .map((row) => row.id)
          .join(",");
      const transactions: string[] = [];
      const insert = (id: string, groupable: boolean) =>
        services.write(
          async (tx) => {
            transactions.push(await txid(tx));
            log.push(`work ${id}: in it ${await ids(tx)}; outside ${await ids(services.db)}`);
            await tx.insert(guilds).values({ id, createdAt: 0 });
            return id;
          },
          () => log.push(`committed ${id}`),
          { groupable },
        );
      // A quiet replica: a groupable write asked alone commits at once, in a transaction of its own.
      expect(await insert("g0", true)).toBe("g0");
      // Asked while a transaction waits for the lock: the groupable ones join it; one that is not starts its own, and
      // a groupable one after it the next.
      const lock = await services.holdWriteLock();
      const writes = [insert("g1", true), insert("g2", true), insert("g3", false), insert("g4", true)];
      await lock.release();
      expect(await Promise.all(writes)).toEqual(["g1", "g2", "g3", "g4"]);
      expect(log).toEqual([
        "work g0: in it ; outside ",
        "committed g0",
        "work g1: in it g0; outside g0",
        "work g2: in it g0,g1; outside g0",
        "committed g1",
        "committed g2",
        "work g3: in it g0,g1,g2; outside g0,g1,g2",
        "committed g3",
        "work g4: in it g0,g1,g2,g3; outside g0,g1,g2,g3",
        "committed g4",
      ]);
      const [g0, g1, g2, g3, g4] = transactions;
      expect({ g1: g1 === g2, g0: g0 !== g1, g3: g3 !== g2 && g3 !== g4 }).toEqual({
        g1: true,
        g0: true,
        g3: true,
      });
    },
  );

  test.skipIf(store === "sqlite")(
    `one transaction takes at most ${MOST_PER_TRANSACTION} writes, and more queued together take the next`,
    async () => {
      services = await testServices();
      const { guilds } = services.store.tables;
      const transactions = new Map<string, number>();
      const lock = await services.holdWriteLock();
      const writes = Array.from({ length: MOST_PER_TRANSACTION + 8 }, (_, index) =>
        services.write(
          async (tx) => {
            const id = await txid(tx);
            transactions.set(id, (transactions.get(id) ?? 0) + 1);
            await tx.insert(guilds).values({ id: `g${index}`, createdAt: 0 });
          },
          undefined,
          { groupable: true },
        ),
      );
      await lock.release();
      await Promise.all(writes);
      expect([...transactions.values()]).toEqual([MOST_PER_TRANSACTION, 8]);
      expect(await services.sql`SELECT count(*)::int AS n FROM guilds`).toEqual([
        { n: MOST_PER_TRANSACTION + 8 },
      ]);
    },
  );
  test("a member's roles noted while others register share their transaction (a burst's role notes are groupable)", async () => {
    services = await testServices();
    const { memberRoles } = services.store.tables;
    const noted = async (q: typeof services.db) =>
      (await q.select({ userId: memberRoles.userId }).from(memberRoles)).map((row) => row.userId);
    // A registration's write: what it sees of the note through its transaction, and from outside.
    const seen: string[][] = [];
    const register = () =>
      services.write(
        async (tx) => {
          seen.push(await noted(tx), await noted(services.db));
        },
        undefined,
        { groupable: true },
      );
    // Both are queued behind the held lock before their transaction begins, the note first: a group forms of what
    // waits when it begins, and on SQLite the writer takes the one after its head at once but any later one only
    // within a 20 ms slice (src/db/writer.ts), which a starved CPU outlasts while the note works. So the note heads
    // the group, and what is checked is only whether it lets a registration share its transaction (it must be
    // groupable), not how fast it works.
    const lock = await services.holdWriteLock();
    const note = services.entries.groups.memberRoles({
      guildId: GUILD,
      userId: "200000000000000001",
      roleIds: ["300000000000000001"],
      registering: true,
    });
    // The note reads what is stored before it asks to write.
    while (services.writesWaiting() < 1) await new Promise<void>((resolve) => setImmediate(resolve));
    const registered = register();
    await lock.release();
    await Promise.all([note, registered]);
    // In the same transaction as the note, which is not committed yet: seen through it, not from outside.
    expect(seen).toEqual([["200000000000000001"], []]);
  });
});
