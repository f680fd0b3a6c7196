import { afterEach, describe, expect, test } from "bun:test";
import { seedWhitelist, type TestServices, testServices } from "../helpers/services.ts";

const GUILD = "100000000000000001";
let services: TestServices;
afterEach(() => services.close());

describe("whitelist service", () => {
  test("creates a whitelist with the design's defaults", async () => {
    services = testServices();
    const wl = await services.whitelists.create({
      guildId: GUILD,
      name: "survival",
      channelId: "200000000000000001",
      nickType: "java",
      registrationMode: "command",
    });
    expect(wl).toEqual({
      id: expect.stringMatching(/^[0-9a-z]{10}$/),
      guildId: GUILD,
      name: "survival",
      channelId: "200000000000000001",
      nickType: "java",
      registrationMode: "command",
      maxNicksPerUser: 1,
      enabled: true,
      removeOnLeave: true,
      requiredRoleIds: [],
      grantedRoleIds: [],
      managerRoleIds: [],
    });
    expect(services.guilds.get(GUILD)?.id).toBe(GUILD);
  });

  test("names are unique per guild whatever the letter case", async () => {
    services = testServices();
    await seedWhitelist(services, { guildId: GUILD, name: "Survival" });
    await expect(seedWhitelist(services, { guildId: GUILD, name: "survival" })).rejects.toThrow(
      expect.objectContaining({ code: "name-taken" }),
    );
    expect((await seedWhitelist(services, { guildId: "100000000000000002", name: "survival" })).name).toBe(
      "survival",
    );
  });

  test("finds a whitelist by id or by name, only in its own guild", async () => {
    services = testServices();
    const wl = await seedWhitelist(services, { guildId: GUILD, name: "Creative" });
    expect([
      services.whitelists.find(GUILD, wl.id)?.id,
      services.whitelists.find(GUILD, "creative")?.id,
      services.whitelists.find("100000000000000002", wl.id),
    ]).toEqual([wl.id, wl.id, undefined]);
  });

  test("refuses bad names and limits", async () => {
    services = testServices();
    for (const bad of [
      { name: "" },
      { name: "has space" },
      { name: "x".repeat(33) },
      { maxNicksPerUser: 0 },
    ]) {
      await expect(seedWhitelist(services, { guildId: GUILD, ...bad })).rejects.toThrow(
        expect.objectContaining({ code: "invalid-input" }),
      );
    }
  });

  test("updates settings and keeps names unique", async () => {
    services = testServices();
    const a = await seedWhitelist(services, { guildId: GUILD, name: "a" });
    await seedWhitelist(services, { guildId: GUILD, name: "b" });
    expect(
      await services.whitelists.update(a.id, { enabled: false, maxNicksPerUser: 3, name: "A" }),
    ).toMatchObject({
      enabled: false,
      maxNicksPerUser: 3,
      name: "A",
    });
    await expect(services.whitelists.update(a.id, { name: "B" })).rejects.toThrow(
      expect.objectContaining({ code: "name-taken" }),
    );
  });
});
