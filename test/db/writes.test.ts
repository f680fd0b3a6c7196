import { afterEach, expect, test } from "bun:test";
import { asc } from "drizzle-orm";
import type { ChangeNotice } from "../../src/entries/bus.ts";
import { DomainError } from "../../src/shared/errors.ts";
import { forEachStore, seedWhitelist, type TestServices, testServices } from "../helpers/services.ts";

// The writer's promises on either store (docs/architecture.md, The writer): writes commit one at a time in the
// order asked; each one's work starts once the one before committed and its `committed` ran, whatever the
// writer overlaps to get there (PostgreSQL's asks for the next lock early); a failing write takes none of the
// others with it; a write resolves once its change is published on this replica's bus.

const GUILD = "100000000000000001";
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
});
