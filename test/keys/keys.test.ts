import { afterEach, describe, expect, test } from "bun:test";
import { generateKey, hashKey, isWellFormedKey, KEY_PREFIX } from "../../src/keys/token.ts";
import {
  forEachStore,
  seedKey,
  seedWhitelist,
  sqliteTestServices,
  type TestServices,
  testServices,
} from "../helpers/services.ts";

const GUILD = "100000000000000001";

/** Replaces one character of the key body with a different one of the same alphabet. */
function typo(key: string, at: number): string {
  const char = key[at] === "a" ? "b" : "a";
  return key.slice(0, at) + char + key.slice(at + 1);
}

describe("key text", () => {
  test("has the wls_ prefix, 160+ bits of base62 and a checksum tail", () => {
    const key = generateKey();
    expect(key).toMatch(/^wls_[0-9A-Za-z]{33}$/);
    expect(isWellFormedKey(key)).toBe(true);
  });

  test("every single-character typo is caught by the checksum", () => {
    const key = generateKey();
    for (let at = KEY_PREFIX.length; at < key.length; at++)
      expect(isWellFormedKey(typo(key, at))).toBe(false);
  });

  test("truncated, extended and foreign texts are not keys", () => {
    const key = generateKey();
    expect(
      [key.slice(0, -1), `${key}x`, key.replace("wls_", "wlx_"), "", "Bearer"].map(isWellFormedKey),
    ).toEqual([false, false, false, false, false]);
  });

  test("two keys never repeat", () => {
    const keys = new Set(Array.from({ length: 1000 }, generateKey));
    expect(keys.size).toBe(1000);
  });
});

forEachStore("key service", () => {
  let services: TestServices;
  afterEach(() => services.close());

  test("verify gives the key's scope; revoke makes it invalid at once", async () => {
    services = await testServices();
    const wl = await seedWhitelist(services, { guildId: GUILD });
    const { key, plaintext } = await seedKey(services, GUILD, wl.id);
    expect(await services.keys.verify(plaintext)).toEqual({
      keyId: key.id,
      keyName: "test",
      guildId: GUILD,
      whitelistId: wl.id,
      mayRemove: true,
    });
    const revoked: string[] = [];
    services.keys.onRevoked((id) => revoked.push(id));
    await services.keys.revoke(GUILD, key.id);
    expect(await services.keys.verify(plaintext)).toBeNull();
    expect(revoked).toEqual([key.id]);
  });

  test("a read-only key verifies as one, is listed as one, and is revoked like any other", async () => {
    services = await testServices();
    const { key, plaintext } = await seedKey(services, GUILD, null, false);
    expect(await services.keys.verify(plaintext)).toEqual({
      keyId: key.id,
      keyName: "test",
      guildId: GUILD,
      whitelistId: null,
      mayRemove: false,
    });
    expect((await services.keys.list(GUILD)).map((listed) => [listed.id, listed.mayRemove])).toEqual([
      [key.id, false],
    ]);
    await services.keys.revoke(GUILD, key.id);
    expect(await services.keys.verify(plaintext)).toBeNull();
  });

  test("a key created without saying may remove", async () => {
    services = await testServices();
    const { key } = await services.keys.create({
      guildId: GUILD,
      name: "plugin",
      whitelistId: null,
      createdBy: "300000000000000009",
    });
    expect(key.mayRemove).toBe(true);
  });

  test("revoking needs a key of the same guild", async () => {
    services = await testServices();
    const { key } = await seedKey(services, GUILD);
    await expect(services.keys.revoke("100000000000000002", key.id)).rejects.toThrow(
      expect.objectContaining({ code: "key-not-found" }),
    );
  });

  test("a new key's name is letters, digits, spaces, - _ or .: anything that would render is refused", async () => {
    services = await testServices();
    const create = (name: string) =>
      services.keys.create({ guildId: GUILD, name, whitelistId: null, createdBy: "300000000000000009" });
    const refused = [
      "",
      "   ",
      "# big",
      "**x**",
      "a\nb",
      "evil\u202Eeman",
      "`code`",
      "> quote",
      "<@&1>",
      "x".repeat(65),
    ];
    const outcomes = await Promise.all(
      refused.map((name) =>
        create(name).then(
          () => null,
          (error: { code?: string; message?: string }) => ({ code: error.code, message: error.message }),
        ),
      ),
    );
    expect(outcomes).toEqual(
      refused.map(() => ({
        code: "invalid-input",
        message:
          "A link name is 1-64 letters, digits, spaces, `-`, `_` or `.`: no formatting, line breaks or control characters.",
      })),
    );
    const accepted = ["survival-server", " Survival Server 1.20 ", "créatif_2", "サーバー", "x".repeat(64)];
    for (const name of accepted) await create(name);
    const names = (await services.keys.list(GUILD)).map((key) => key.name);
    expect(names.sort()).toEqual(accepted.map((name) => name.trim()).sort());
  });

  test("list never shows the key or its hash", async () => {
    services = await testServices();
    const { plaintext } = await seedKey(services, GUILD);
    const listed = JSON.stringify(await services.keys.list(GUILD));
    expect(listed.includes(plaintext)).toBe(false);
    expect(listed.includes(hashKey(plaintext))).toBe(false);
  });
});

// SQLite only: these read the database file's bytes (its WAL and free pages included), spy on bun:sqlite's own
// statements, or read a use recorded in the background at once (synchronous on SQLite; on PostgreSQL it lands a
// moment later). The rules they check are the key service's, the same on either store.
describe("key service, seen through SQLite", () => {
  let services: ReturnType<typeof sqliteTestServices>;
  afterEach(() => services.close());

  test("the database never contains a plaintext key, only its SHA-256", async () => {
    services = sqliteTestServices();
    const wl = await seedWhitelist(services, { guildId: GUILD });
    const created = [await seedKey(services, GUILD), await seedKey(services, GUILD, wl.id)];
    await services.keys.verify(created[0]?.plaintext ?? "");
    services.store.client.run("PRAGMA wal_checkpoint(TRUNCATE)");
    const bytes = new TextDecoder("latin1").decode(
      new Uint8Array(require("node:fs").readFileSync(services.path)),
    );
    for (const { plaintext } of created) {
      expect(bytes.includes(plaintext)).toBe(false);
      expect(bytes.includes(plaintext.slice(KEY_PREFIX.length))).toBe(false);
      expect(bytes.includes(hashKey(plaintext))).toBe(true);
    }
  });

  test("a mistyped key is rejected before any lookup", async () => {
    services = sqliteTestServices();
    const { plaintext } = await seedKey(services, GUILD);
    const queries: string[] = [];
    const client = services.store.client;
    for (const method of ["query", "prepare"] as const) {
      const original = client[method].bind(client);
      client[method] = ((sql: string) => {
        queries.push(sql);
        return original(sql);
      }) as never;
    }
    expect(await services.keys.verify(typo(plaintext, 10))).toBeNull();
    expect(queries).toEqual([]);
    // Control: a well-formed but unknown key does reach the store through the same spies.
    expect(await services.keys.verify(generateKey())).toBeNull();
    expect(queries.length).toBeGreaterThan(0);
  });

  test("lastUsedAt is written at most once a minute", async () => {
    services = sqliteTestServices();
    const { key, plaintext } = await seedKey(services, GUILD);
    const lastUsed = () =>
      services.store.client
        .query<{ at: number | null }, [string]>("SELECT last_used_at AS at FROM link_keys WHERE id = ?")
        .get(key.id)?.at;
    const start = services.clock.now();
    await services.keys.verify(plaintext);
    services.clock.advance(30_000);
    await services.keys.verify(plaintext);
    expect(lastUsed()).toBe(start);
    services.clock.advance(30_000);
    await services.keys.verify(plaintext);
    expect(lastUsed()).toBe(start + 60_000);
  });
});
