import { afterEach, beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { DomainError } from "../../src/shared/errors.ts";
import { forEachStore, seedWhitelist, type TestServices, testServices } from "../helpers/services.ts";
import { fakeResolver, seedGuild, webhookService } from "./helpers.ts";

let services: TestServices;
beforeEach(async () => {
  services = await testServices();
});
afterEach(() => services.close());

const codeOf = async (promise: Promise<unknown> | (() => unknown)): Promise<string> => {
  try {
    await (typeof promise === "function" ? promise() : promise);
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return "no error";
};

const storedRow = async (keyId: string) => {
  const { linkKeys } = services.store.tables;
  const [row] = await services.db.select().from(linkKeys).where(eq(linkKeys.id, keyId));
  return row;
};

forEachStore("webhook settings", () => {
  test("set stores the normalised URL and a new whsec_ secret, returned once and never in the key list", async () => {
    const guild = await seedGuild(services);
    const { key } = await guild.key();
    const webhooks = webhookService(services);
    const { secret } = await webhooks.set(guild.guildId, key.id, "  HTTP://127.0.0.1:9/Hook?t=1#x ");
    expect(secret).toMatch(/^whsec_/);
    const row = await storedRow(key.id);
    expect({ url: row?.webhookUrl, secret: row?.webhookSecret }).toEqual({
      url: "http://127.0.0.1:9/Hook?t=1",
      secret,
    });
    const listed = (await services.keys.list(guild.guildId))[0] as Record<string, unknown>;
    expect(listed.webhookUrl).toBe("http://127.0.0.1:9/Hook?t=1");
    expect(JSON.stringify(listed)).not.toContain(secret);
    const again = await webhooks.set(guild.guildId, key.id, "http://127.0.0.1:9/Hook?t=1");
    expect(again.secret).not.toBe(secret);
  });

  test("set and clear need an active key of the guild", async () => {
    const guild = await seedGuild(services);
    const other = await seedGuild(services, "100000000000000002");
    const { key } = await guild.key();
    const { key: revoked } = await guild.key();
    await services.keys.revoke(guild.guildId, revoked.id);
    const webhooks = webhookService(services);
    const url = "http://127.0.0.1:9/";
    expect({
      unknown: await codeOf(webhooks.set(guild.guildId, "nope", url)),
      otherGuild: await codeOf(webhooks.set(other.guildId, key.id, url)),
      revoked: await codeOf(webhooks.set(guild.guildId, revoked.id, url)),
      clearUnknown: await codeOf(() => webhooks.clear(guild.guildId, "nope")),
      clearOtherGuild: await codeOf(() => webhooks.clear(other.guildId, key.id)),
    }).toEqual({
      unknown: "key-not-found",
      otherGuild: "key-not-found",
      revoked: "key-not-found",
      clearUnknown: "key-not-found",
      clearOtherGuild: "key-not-found",
    });
  });

  test("a refused URL leaves the key's webhook as it was", async () => {
    const guild = await seedGuild(services);
    const { key } = await guild.key();
    const webhooks = webhookService(services, {
      allowPrivate: false,
      resolve: fakeResolver({ "hooks.example.com": ["93.184.216.34"] }).resolve,
    });
    await webhooks.set(guild.guildId, key.id, "https://hooks.example.com/a");
    expect(await codeOf(webhooks.set(guild.guildId, key.id, "http://10.0.0.1/"))).toBe("invalid-input");
    expect((await storedRow(key.id))?.webhookUrl).toBe("https://hooks.example.com/a");
  });

  test("targets follow scope, and set, clear and revocation take effect at once despite the cache", async () => {
    const guild = await seedGuild(services);
    const otherList = await seedWhitelist(services, { guildId: guild.guildId });
    const { key: guildKey } = await guild.key(null);
    const { key: listKey } = await guild.key(guild.whitelist.id);
    const { key: otherGuildKey } = await (await seedGuild(services, "100000000000000002")).key(null);
    const webhooks = webhookService(services);
    const ids = async (whitelistId: string) =>
      (await webhooks.targetsFor(guild.guildId, whitelistId)).map((target) => target.keyId).sort();
    await webhooks.set(guild.guildId, guildKey.id, "http://127.0.0.1:1/a");
    await webhooks.set(guild.guildId, listKey.id, "http://127.0.0.1:1/b");
    await webhooks.set("100000000000000002", otherGuildKey.id, "http://127.0.0.1:1/c");
    expect({ own: await ids(guild.whitelist.id), other: await ids(otherList.id) }).toEqual({
      own: [guildKey.id, listKey.id].sort(),
      other: [guildKey.id],
    });

    await webhooks.set(guild.guildId, listKey.id, "http://127.0.0.1:1/moved");
    expect(
      (await webhooks.targetsFor(guild.guildId, guild.whitelist.id)).find((t) => t.keyId === listKey.id)?.url,
    ).toBe("http://127.0.0.1:1/moved");
    await webhooks.clear(guild.guildId, listKey.id);
    expect(await ids(guild.whitelist.id)).toEqual([guildKey.id]);
    await services.keys.revoke(guild.guildId, guildKey.id);
    expect(await ids(guild.whitelist.id)).toEqual([]);
  });

  test("outcomes are coalesced per key and written on flush", async () => {
    const guild = await seedGuild(services);
    const { key } = await guild.key();
    const webhooks = webhookService(services);
    await webhooks.set(guild.guildId, key.id, "http://127.0.0.1:1/");
    webhooks.recordOutcome(key.id, { status: 500, durationMs: 12, at: 1000 });
    webhooks.recordOutcome(key.id, { error: "timed out after 5000 ms", durationMs: 5000, at: 2000 });
    await webhooks.flushOutcomes();
    const row = await storedRow(key.id);
    expect({
      status: row?.webhookLastStatus,
      error: row?.webhookLastError,
      durationMs: row?.webhookLastDurationMs,
      at: row?.webhookLastAt,
    }).toEqual({ status: null, error: "timed out after 5000 ms", durationMs: 5000, at: 2000 });
  });
});
