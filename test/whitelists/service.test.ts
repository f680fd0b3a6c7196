import { afterEach, expect, test } from "bun:test";
import { forEachStore, seedWhitelist, type TestServices, testServices } from "../helpers/services.ts";

const GUILD = "100000000000000001";
let services: TestServices;
afterEach(() => services.close());

forEachStore("whitelist service", () => {
  test("creates a whitelist with the design's defaults", async () => {
    services = await testServices();
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
      floodgatePrefix: ".",
      replaceSpaces: true,
      onRoleLoss: "remove",
      roleLimits: {},
      entryLifetimeSeconds: null,
      proof: "off",
      proofWindowSeconds: 86_400,
      form: [],
      nicknameTemplate: null,
    });
    expect((await services.guilds.get(GUILD))?.id).toBe(GUILD);
  });

  test("names are unique per guild whatever the letter case", async () => {
    services = await testServices();
    await seedWhitelist(services, { guildId: GUILD, name: "Survival" });
    await expect(seedWhitelist(services, { guildId: GUILD, name: "survival" })).rejects.toThrow(
      expect.objectContaining({ code: "name-taken" }),
    );
    expect((await seedWhitelist(services, { guildId: "100000000000000002", name: "survival" })).name).toBe(
      "survival",
    );
  });

  test("finds a whitelist by id or by name, only in its own guild", async () => {
    services = await testServices();
    const wl = await seedWhitelist(services, { guildId: GUILD, name: "Creative" });
    expect([
      (await services.whitelists.find(GUILD, wl.id))?.id,
      (await services.whitelists.find(GUILD, "creative"))?.id,
      await services.whitelists.find("100000000000000002", wl.id),
    ]).toEqual([wl.id, wl.id, undefined]);
  });

  test("a guild's nickname templates are those of its whitelists that have one, by whitelist", async () => {
    services = await testServices();
    const plain = await seedWhitelist(services, { guildId: GUILD, name: "plain" });
    const named = await seedWhitelist(services, { guildId: GUILD, name: "named" });
    const elsewhere = await seedWhitelist(services, { guildId: "100000000000000002", name: "named" });
    await services.whitelists.update(named.id, { nicknameTemplate: "{mc}" });
    await services.whitelists.update(elsewhere.id, { nicknameTemplate: "{discord} ({mc})" });
    expect(await services.whitelists.nicknameTemplates(GUILD)).toEqual(new Map([[named.id, "{mc}"]]));
    await services.whitelists.update(named.id, { nicknameTemplate: null });
    expect(await services.whitelists.nicknameTemplates(GUILD)).toEqual(new Map());
    expect(plain.nicknameTemplate).toBeNull();
  });

  test("refuses bad names and limits", async () => {
    services = await testServices();
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
    services = await testServices();
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

  test("proof may be required on java and premium whitelists only, at create and at edit", async () => {
    services = await testServices();
    const java = await seedWhitelist(services, { guildId: GUILD, nickType: "java", proof: "required" });
    const premium = await seedWhitelist(services, { guildId: GUILD, nickType: "premium" });
    const offline = await seedWhitelist(services, { guildId: GUILD, nickType: "offline" });
    const refused = {
      code: "invalid-input",
      message: expect.stringMatching(
        /^Proof of ownership before registering is for java and premium whitelists/,
      ),
    };
    expect({
      java: java.proof,
      premium: (await services.whitelists.update(premium.id, { proof: "required" })).proof,
      offline: await services.whitelists.update(offline.id, { proof: "required" }).catch((e) => e),
      bedrock: await seedWhitelist(services, {
        guildId: GUILD,
        nickType: "bedrock",
        proof: "required",
      }).catch((e) => e),
      off: (await services.whitelists.update(java.id, { proof: "off" })).proof,
    }).toEqual({
      java: "required",
      premium: "required",
      offline: expect.objectContaining(refused),
      bedrock: expect.objectContaining(refused),
      off: "off",
    });
  });

  test("proof at first join is for java, premium and bedrock whitelists, with a window of 10 minutes to 30 days", async () => {
    services = await testServices();
    const bedrock = await seedWhitelist(services, {
      guildId: GUILD,
      nickType: "bedrock",
      proof: "first-join",
    });
    const offline = await seedWhitelist(services, { guildId: GUILD, nickType: "offline" });
    const java = await seedWhitelist(services, { guildId: GUILD, nickType: "java" });
    const window = (seconds: number) =>
      services.whitelists.update(java.id, { proof: "first-join", proofWindowSeconds: seconds }).then(
        (wl) => wl.proofWindowSeconds,
        (error: Error) => error.message,
      );
    expect({
      bedrock: [bedrock.proof, bedrock.proofWindowSeconds],
      offline: await services.whitelists
        .update(offline.id, { proof: "first-join" })
        .catch((error: Error) => error.message),
      twoHours: await window(7200),
      tooShort: await window(60),
      tooLong: await window(31 * 86_400),
    }).toEqual({
      bedrock: ["first-join", 86_400],
      offline:
        "Proof at first join is for java, premium and bedrock whitelists: offline nicks have no account to prove.",
      twoHours: 7200,
      tooShort: "A proof window is from 10 minutes to 30 days (10m to 30d); got 1 minute.",
      tooLong: "A proof window is from 10 minutes to 30 days (10m to 30d); got 31 days.",
    });
  });
});

forEachStore("names that look alike", () => {
  test("a look-alike of a guild's whitelist name is refused, naming the one it would be mistaken for", async () => {
    services = await testServices();
    await seedWhitelist(services, { guildId: GUILD, name: "survival" });
    const refused = async (name: string) =>
      ((await seedWhitelist(services, { guildId: GUILD, name }).catch((error: Error) => error)) as Error)
        .message;
    expect({
      cyrillic: await refused("\u0455urvival"),
      greek: await refused("survi\u03bdal"),
      fullwidth: await refused("\uff53urvival"),
      lettercase: await refused("SURVIVAL"),
      found: (await services.whitelists.find(GUILD, "\u0455urvival"))?.name,
    }).toEqual({
      cyrillic: "A whitelist named “\u0455urvival” would be mistaken for “survival”, which already exists.",
      greek: "A whitelist named “survi\u03bdal” would be mistaken for “survival”, which already exists.",
      fullwidth: "A whitelist named “\uff53urvival” would be mistaken for “survival”, which already exists.",
      lettercase: "A whitelist named “SURVIVAL” already exists.",
      found: "survival",
    });
  });

  test("a whitelist named before look-alikes were folded still blocks its twin", async () => {
    services = await testServices();
    const old = await seedWhitelist(services, { guildId: GUILD, name: "creative" });
    // As it was stored then: the key only lower-cased, with a Cyrillic е in the name.
    const twin = "cr\u0435ative";
    await services.sql`UPDATE whitelists SET name = ${twin}, name_key = ${twin} WHERE id = ${old.id}`;
    await expect(seedWhitelist(services, { guildId: GUILD, name: "creative" })).rejects.toThrow(
      expect.objectContaining({ code: "name-taken" }),
    );
  });
});

forEachStore("message-mode channels", () => {
  const CHANNEL = "200000000000000001";
  const OTHER_CHANNEL = "200000000000000002";

  test("one message-mode whitelist per channel, at create and at edit; other modes may share it", async () => {
    services = await testServices();
    const first = await seedWhitelist(services, {
      guildId: GUILD,
      name: "a",
      channelId: CHANNEL,
      registrationMode: "message",
    });
    const byCommand = await seedWhitelist(services, { guildId: GUILD, name: "b", channelId: CHANNEL });
    const elsewhere = await seedWhitelist(services, {
      guildId: GUILD,
      name: "c",
      channelId: OTHER_CHANNEL,
      registrationMode: "message",
    });
    const refusal = expect.objectContaining({
      code: "invalid-input",
      message:
        "That channel already takes message-mode registrations for a, and a message can only register on one " +
        "whitelist: pick another channel, or another mode.",
    });
    await expect(
      seedWhitelist(services, { guildId: GUILD, name: "d", channelId: CHANNEL, registrationMode: "message" }),
    ).rejects.toEqual(refusal);
    await expect(services.whitelists.update(byCommand.id, { registrationMode: "message" })).rejects.toEqual(
      refusal,
    );
    await expect(services.whitelists.update(elsewhere.id, { channelId: CHANNEL })).rejects.toEqual(refusal);
    expect((await services.whitelists.update(first.id, { name: "a2", maxNicksPerUser: 2 })).name).toBe("a2");
    expect(
      (
        await seedWhitelist(services, {
          guildId: "100000000000000002",
          name: "a",
          channelId: CHANNEL,
          registrationMode: "message",
        })
      ).name,
    ).toBe("a");
  });
});
