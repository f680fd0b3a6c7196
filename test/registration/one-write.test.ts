import { afterEach, expect, test } from "bun:test";
import { BunSQLPreparedQuery } from "drizzle-orm/bun-sql/session";
import { isOnTheLine } from "../../src/db/pg/line.ts";
import { BY_MEMBER } from "../../src/entries/model.ts";
import type { Member } from "../../src/registration/model.ts";
import { forEachStore } from "../helpers/services.ts";
import { alice, bob, GUILD, MEMBER_ROLE, PLAYER_ROLE, type SeededWorld, seededWorld } from "./helpers.ts";

// A registration awaits one commit and one flush (issue 38): the member's roles, which the entry's groups are read
// from, are noted in the entry's own transaction, not in one of their own before it.

let world: SeededWorld;
afterEach(() => world.close());

forEachStore("a registration's writes", () => {
  test("the member's roles and their entry commit in one transaction", async () => {
    world = await seededWorld({ nickType: "offline" });
    const { services } = world;
    const { memberRoles, entries } = services.store.tables;
    const lock = await services.holdWriteLock();
    const registered = world.registration.submit({ whitelist: world.wl, member: alice, nick: "Steve" });
    while (services.writesWaiting() < 1) await new Promise<void>((resolve) => setImmediate(resolve));
    // A write queued behind it shares its transaction (both groupable): it sees, through it, what that one wrote.
    const seen: string[][] = [];
    const probe = services.write(
      async (tx) => {
        seen.push(
          (await tx.select({ userId: memberRoles.userId }).from(memberRoles)).map((row) => row.userId),
        );
        seen.push((await tx.select({ nick: entries.nick }).from(entries)).map((row) => row.nick));
      },
      undefined,
      { groupable: true },
    );
    await lock.release();
    await Promise.all([registered, probe]);
    expect(seen).toEqual([[alice.userId], ["Steve"]]);
  });
});

forEachStore("a registration's role note", () => {
  test("roles as stored write nothing; new roles are stored with the entry", async () => {
    world = await seededWorld({ nickType: "offline", maxNicksPerUser: 3 });
    const { services } = world;
    const { memberRoles } = services.store.tables;
    const stored = async () =>
      (await services.db.select().from(memberRoles)).map((row) => [row.roleIds, row.updatedAt]);
    await world.registration.submit({ whitelist: world.wl, member: alice, nick: "Steve" });
    const first = services.clock.now();
    expect(await stored()).toEqual([[[MEMBER_ROLE], first]]);
    services.clock.advance(1_000);
    await world.registration.submit({ whitelist: world.wl, member: alice, nick: "Alex" });
    expect(await stored()).toEqual([[[MEMBER_ROLE], first]]);
    services.clock.advance(1_000);
    const promoted = { ...alice, roleIds: [PLAYER_ROLE, MEMBER_ROLE] };
    await world.registration.submit({ whitelist: world.wl, member: promoted, nick: "Sam" });
    expect(await stored()).toEqual([[[MEMBER_ROLE, PLAYER_ROLE], services.clock.now()]]);
  });
});

forEachStore("a registration's reads", () => {
  test("a nick type without a look-up asks the deny list once before the entry's transaction, and once in it", async () => {
    world = await seededWorld({ nickType: "offline" });
    const { denials } = world.services;
    const find = denials.find.bind(denials);
    const asked: string[] = [];
    // The real deny list, counted: nothing was waited for between the checks, so asking again would change nothing.
    denials.find = (...args: Parameters<typeof find>) => {
      asked.push(args[1]);
      return find(...args);
    };
    await world.registration.submit({ whitelist: world.wl, member: alice, nick: "Steve" });
    expect(asked).toEqual(["Steve", "Steve"]);
  });
});

/**
 * Counts the round trips of the work run on PostgreSQL's write line while `run` runs: a statement the work asks
 * after one of its statements was answered starts a new one (statements asked together are pipelined on the
 * connection). drizzle runs every statement through its prepared query's `execute`, observed here.
 */
async function lineRoundTrips(run: () => Promise<unknown>): Promise<{ trips: number; statements: number }> {
  const execute = BunSQLPreparedQuery.prototype.execute;
  let trips = 0;
  let statements = 0;
  let answeredSinceAsked = true;
  BunSQLPreparedQuery.prototype.execute = function (this: unknown, ...args: unknown[]) {
    const result = (execute as (...args: unknown[]) => Promise<unknown>).apply(this, args);
    if (!isOnTheLine()) return result;
    statements++;
    if (answeredSinceAsked) trips++;
    answeredSinceAsked = false;
    const answered = () => {
      answeredSinceAsked = true;
    };
    result.then(answered, answered);
    return result;
  } as typeof execute;
  try {
    await run();
  } finally {
    BunSQLPreparedQuery.prototype.execute = execute;
  }
  return { trips, statements };
}

forEachStore("a registration's round trips", (store) => {
  // Each round trip of a write holds PostgreSQL's write line, where a burst's every other write waits
  // (docs/performance.md, Launch day on PostgreSQL): SQLite's statements make none.
  test.skipIf(store === "sqlite")(
    "a member's registration is written in 3: the checks with the member's roles noted, the entry, its event",
    async () => {
      world = await seededWorld({ nickType: "offline" });
      // Another member first, as on launch day: the whitelist's settings are then read from memory.
      await world.registration.submit({ whitelist: world.wl, member: bob, nick: "Alex" });
      const counted = await lineRoundTrips(() =>
        world.registration.submit({ whitelist: world.wl, member: alice, nick: "Steve" }),
      );
      expect(counted.trips).toBe(3);
    },
  );
});

/** What a statement reads: a member's standing (src/registration/standing.ts), else the first table it names. */
const readOf = (query: string) =>
  query.includes('"held"') ? "standing" : (/ from "(\w+)"/i.exec(query)?.[1] ?? query);

/**
 * What the statements sent through the pool (not the write line) read while `run` runs, in order, until its write
 * begins (its transaction takes the cluster's write lock): what the member's answer waits for besides the write.
 */
async function poolReads(run: () => Promise<unknown>): Promise<string[]> {
  const execute = BunSQLPreparedQuery.prototype.execute;
  const read: string[] = [];
  let writing = false;
  BunSQLPreparedQuery.prototype.execute = function (this: { queryString: string }, ...args: unknown[]) {
    writing ||= this.queryString.includes("pg_advisory_xact_lock");
    if (!isOnTheLine() && !writing) read.push(readOf(this.queryString));
    return (execute as (...args: unknown[]) => Promise<unknown>).apply(this, args);
  } as typeof execute;
  try {
    await run();
  } finally {
    BunSQLPreparedQuery.prototype.execute = execute;
  }
  return read;
}

forEachStore("a registration's reads before its write", (store) => {
  // Each read through the pool costs the service and PostgreSQL CPU before the member's answer, and waits its turn
  // with a burst's every other member (docs/performance.md, Launch day on PostgreSQL): SQLite's make no trip.
  const registering = (who: Member, nick: string) => () =>
    world.registration.register({
      guildId: GUILD,
      whitelist: "survival",
      member: who,
      actor: who,
      nick,
      origin: BY_MEMBER,
    });

  test.skipIf(store === "sqlite")(
    "with the guild's settings kept, a newcomer's registration reads the pool once: their standing",
    async () => {
      world = await seededWorld({ nickType: "offline", name: "survival", grantedRoleIds: [PLAYER_ROLE] });
      // Another member first, as on launch day: the whitelists and the deny list are then kept in memory.
      await registering(bob, "Alex")();
      expect(await poolReads(registering(alice, "Steve"))).toEqual(["standing"]);
    },
  );

  test.skipIf(store === "sqlite")(
    "a member holding the whitelist's role already has their entries read too, and the log the plan waits for",
    async () => {
      world = await seededWorld({ nickType: "offline", name: "survival", grantedRoleIds: [PLAYER_ROLE] });
      await registering(bob, "Alex")();
      const holding = { ...alice, roleIds: [MEMBER_ROLE, PLAYER_ROLE] };
      expect(await poolReads(registering(holding, "Steve"))).toEqual(["standing", "entries", "events"]);
    },
  );
});
