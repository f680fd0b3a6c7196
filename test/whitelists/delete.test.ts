import { afterEach, describe, expect, test } from "bun:test";
import { seedEntries, seedWhitelist, type TestServices, testServices } from "../helpers/services.ts";

const GUILD = "100000000000000001";
let services: TestServices;
afterEach(() => services.close());

describe("deleting a whitelist", () => {
  test("removes the whitelist and what it still holds, and answers with it", () => {
    services = testServices();
    const wl = seedWhitelist(services, { guildId: GUILD, name: "survival" });
    const other = seedWhitelist(services, { guildId: GUILD, name: "creative" });
    seedEntries(services, wl.id, ["Notch"]);
    seedEntries(services, other.id, ["jeb_"]);

    expect(services.whitelists.delete(wl.id)).toEqual(wl);
    expect({
      byId: services.whitelists.get(wl.id),
      byName: services.whitelists.find(GUILD, "survival"),
      left: services.whitelists.listForGuild(GUILD).map((w) => w.name),
      entries: services.entries.list(wl.id),
      otherEntries: services.entries.list(other.id).map((e) => e.nick),
    }).toEqual({
      byId: undefined,
      byName: undefined,
      left: ["creative"],
      entries: [],
      otherEntries: ["jeb_"],
    });
  });

  test("frees the name and refuses an unknown id", () => {
    services = testServices();
    const wl = seedWhitelist(services, { guildId: GUILD, name: "survival" });
    services.whitelists.delete(wl.id);
    expect(seedWhitelist(services, { guildId: GUILD, name: "Survival" }).name).toBe("Survival");
    expect(() => services.whitelists.delete(wl.id)).toThrow(
      expect.objectContaining({ code: "whitelist-not-found" }),
    );
  });
});
