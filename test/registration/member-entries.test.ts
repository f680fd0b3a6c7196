import { afterEach, expect, test } from "bun:test";
import {
  failInserts,
  forEachStore,
  seedEntries,
  seedWhitelist,
  type TestServices,
  testServices,
} from "../helpers/services.ts";

// The entry-service queries the registration rules rely on (src/entries/service.ts).
const GUILD = "100000000000000001";
const ALICE = "300000000000000001";
const BOB = "300000000000000002";
let services: TestServices;
afterEach(() => services.close());

forEachStore("a member's entries", () => {
  test("are counted per whitelist and listed per guild, oldest first", async () => {
    services = await testServices();
    const a = await seedWhitelist(services, { guildId: GUILD });
    const b = await seedWhitelist(services, { guildId: GUILD });
    const other = await seedWhitelist(services, { guildId: "100000000000000002" });
    await seedEntries(services, a.id, [
      { nick: "A1", userId: ALICE },
      { nick: "B1", userId: BOB },
    ]);
    await seedEntries(services, b.id, [{ nick: "A2", userId: ALICE }]);
    await seedEntries(services, other.id, [{ nick: "A3", userId: ALICE }]);
    await seedEntries(services, a.id, [{ nick: "A4", userId: ALICE }]);
    expect([
      await services.entries.countForUser(a.id, ALICE),
      await services.entries.countForUser(b.id, BOB),
    ]).toEqual([2, 0]);
    expect((await services.entries.listForUserInGuild(GUILD, ALICE)).map((e) => e.nick)).toEqual([
      "A1",
      "A2",
      "A4",
    ]);
  });

  test("are removed together, each with its event, or not at all", async () => {
    services = await testServices();
    const a = await seedWhitelist(services, { guildId: GUILD });
    const b = await seedWhitelist(services, { guildId: GUILD });
    await seedEntries(services, a.id, [
      { nick: "A1", userId: ALICE },
      { nick: "B1", userId: BOB },
    ]);
    await seedEntries(services, b.id, [{ nick: "A2", userId: ALICE }]);
    const repair = await failInserts(services, "events", 4);
    const removeAll = () =>
      services.entries.removeAllForUser({ userId: ALICE, whitelistIds: [a.id, b.id], origin: "member-left" });
    expect(removeAll).toThrow();
    expect((await services.entries.listForUserInGuild(GUILD, ALICE)).map((e) => e.nick)).toEqual([
      "A1",
      "A2",
    ]);
    await repair();
    expect((await removeAll()).map((e) => e.nick)).toEqual(["A1", "A2"]);
    const events = await services.events.listAfter(3, { guildId: GUILD, whitelistId: null });
    expect(events.map((e) => [e.type, e.origin, e.entry.nick])).toEqual([
      ["entry.removed", "member-left", "A1"],
      ["entry.removed", "member-left", "A2"],
    ]);
    expect((await services.entries.list(a.id)).map((e) => e.nick)).toEqual(["B1"]);
  });
});
