import { afterEach, expect, test } from "bun:test";
import { forEachStore } from "../helpers/services.ts";
import { alice, type SeededWorld, seededWorld } from "./helpers.ts";

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
