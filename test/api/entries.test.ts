import { afterEach, beforeEach, expect, test } from "bun:test";
import { bearer, call, expectProblem, paths, summary, type TestApp } from "../helpers/http.ts";
import { forEachStore, seedEntries, seedKey, seedWhitelist, type TestServices } from "../helpers/services.ts";
import { apiWorld } from "./world.ts";

const GUILD = "100000000000000001";
const NOTCH_UUID = "069a79f4-44e9-4726-a5be-fca90e38aaf5";

let services: TestServices;
let app: TestApp;
let key: string;

beforeEach(async () => {
  ({ services, app, key } = await apiWorld(GUILD));
});

afterEach(async () => {
  await services.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  call(app, "GET", path, { ...bearer(key), ...headers });
const del = (whitelistId: string, nick: string) =>
  call(app, "DELETE", paths.entry(whitelistId, nick), bearer(key));
const remove = (path: string) => call(app, "DELETE", path, bearer(key));

forEachStore("GET entries", () => {
  test("answers the JSON array of {nick, uuid, premium}, oldest first", async () => {
    const whitelist = await seedWhitelist(services, { guildId: GUILD });
    await seedEntries(services, whitelist.id, [{ nick: "Notch", uuid: NOTCH_UUID, premium: true }, "alice"]);
    const response = await get(paths.entries(whitelist.id));
    expect({
      ...(await summary(response)),
      disposition: response.headers.get("content-disposition"),
    }).toEqual({
      status: 200,
      contentType: "application/json; charset=utf-8",
      body: [
        { nick: "Notch", uuid: NOTCH_UUID, premium: true, expiresAt: null, verified: false, groups: [] },
        { nick: "alice", uuid: null, premium: false, expiresAt: null, verified: false, groups: [] },
      ],
      disposition: null,
    });
  });

  test("answers an empty array for a whitelist without entries", async () => {
    const whitelist = await seedWhitelist(services, { guildId: GUILD });
    expect(await summary(await get(paths.entries(whitelist.id)))).toEqual({
      status: 200,
      contentType: "application/json; charset=utf-8",
      body: [],
    });
  });

  test.each([
    {
      format: "plain",
      contentType: "text/plain; charset=utf-8",
      disposition: 'attachment; filename="whitelist.txt"',
      body: "alice\nNotch\n",
    },
    {
      format: "vanilla",
      contentType: "application/json; charset=utf-8",
      disposition: 'attachment; filename="whitelist.json"',
      body: `${JSON.stringify(
        [
          // Offline UUID: MD5 name-based (v3) UUID of "OfflinePlayer:alice".
          { uuid: "40f5db53-a47a-33ee-b1f6-db0e20deded4", name: "alice" },
          { uuid: NOTCH_UUID, name: "Notch" },
        ],
        null,
        2,
      )}\n`,
    },
    {
      format: "easywhitelist",
      contentType: "application/yaml; charset=utf-8",
      disposition: 'attachment; filename="config.yml"',
      body: "whitelist: true\nwhitelisted:\n  - alice\n  - notch\n",
    },
  ])(
    "format=$format answers $contentType as an attachment",
    async ({ format, contentType, disposition, body }) => {
      const whitelist = await seedWhitelist(services, { guildId: GUILD });
      await seedEntries(services, whitelist.id, [
        { nick: "Notch", uuid: NOTCH_UUID, premium: true },
        "alice",
      ]);
      const response = await get(`${paths.entries(whitelist.id)}?format=${format}`);
      expect({
        status: response.status,
        contentType: response.headers.get("content-type"),
        disposition: response.headers.get("content-disposition"),
        body: await response.text(),
      }).toEqual({ status: 200, contentType, disposition, body });
    },
  );
});

forEachStore("ETag and If-None-Match", () => {
  test("the ETag is strong and the same on every read", async () => {
    const whitelist = await seedWhitelist(services, { guildId: GUILD });
    await seedEntries(services, whitelist.id, ["Notch"]);
    const first = (await get(paths.entries(whitelist.id))).headers.get("etag");
    const second = (await get(paths.entries(whitelist.id))).headers.get("etag");
    expect(first).toMatch(/^"[^"]+"$/);
    expect(second).toBe(first);
  });

  test("each format has its own ETag", async () => {
    const whitelist = await seedWhitelist(services, { guildId: GUILD });
    await seedEntries(services, whitelist.id, ["Notch"]);
    const etags = await Promise.all(
      ["", "?format=plain", "?format=vanilla", "?format=easywhitelist"].map(
        async (query) => (await get(`${paths.entries(whitelist.id)}${query}`)).headers.get("etag") ?? "",
      ),
    );
    expect(new Set(etags).size).toBe(4);
    for (const etag of etags) expect(etag).toMatch(/^"[^"]+"$/);
  });

  test.each(["", "?format=plain", "?format=vanilla", "?format=easywhitelist"])(
    "If-None-Match with the current ETag answers 304 without a body (%s)",
    async (query) => {
      const whitelist = await seedWhitelist(services, { guildId: GUILD });
      await seedEntries(services, whitelist.id, ["Notch"]);
      const path = `${paths.entries(whitelist.id)}${query}`;
      const etag = (await get(path)).headers.get("etag") ?? "";
      const response = await get(path, { "if-none-match": etag });
      expect({
        status: response.status,
        etag: response.headers.get("etag"),
        body: await response.text(),
      }).toEqual({ status: 304, etag, body: "" });
    },
  );

  test("If-None-Match also matches in a list and in weak form", async () => {
    const whitelist = await seedWhitelist(services, { guildId: GUILD });
    const etag = (await get(paths.entries(whitelist.id))).headers.get("etag") ?? "";
    const listed = await get(paths.entries(whitelist.id), { "if-none-match": `"other", ${etag}` });
    const weak = await get(paths.entries(whitelist.id), { "if-none-match": `W/${etag}` });
    expect([listed.status, weak.status]).toEqual([304, 304]);
  });

  test("the ETag of one format does not give 304 for another", async () => {
    const whitelist = await seedWhitelist(services, { guildId: GUILD });
    await seedEntries(services, whitelist.id, ["Notch"]);
    const jsonEtag = (await get(paths.entries(whitelist.id))).headers.get("etag") ?? "";
    const response = await get(`${paths.entries(whitelist.id)}?format=plain`, { "if-none-match": jsonEtag });
    expect(response.status).toBe(200);
  });

  test("adding an entry changes the ETag and the old one no longer gives 304", async () => {
    const whitelist = await seedWhitelist(services, { guildId: GUILD });
    await seedEntries(services, whitelist.id, ["Notch"]);
    const before = (await get(paths.entries(whitelist.id))).headers.get("etag") ?? "";

    await seedEntries(services, whitelist.id, ["alice"]);
    const response = await get(paths.entries(whitelist.id), { "if-none-match": before });
    expect({
      status: response.status,
      changed: response.headers.get("etag") !== before,
      body: await response.json(),
    }).toEqual({
      status: 200,
      changed: true,
      body: [
        { nick: "Notch", uuid: null, premium: false, expiresAt: null, verified: false, groups: [] },
        { nick: "alice", uuid: null, premium: false, expiresAt: null, verified: false, groups: [] },
      ],
    });
  });

  test("a change to another whitelist leaves the ETag alone", async () => {
    const whitelist = await seedWhitelist(services, { guildId: GUILD });
    const other = await seedWhitelist(services, { guildId: GUILD });
    await seedEntries(services, whitelist.id, ["Notch"]);
    const etag = (await get(paths.entries(whitelist.id))).headers.get("etag") ?? "";
    await seedEntries(services, other.id, ["alice"]);
    expect((await get(paths.entries(whitelist.id), { "if-none-match": etag })).status).toBe(304);
  });
});

forEachStore("DELETE entries", () => {
  test("matches the nick case-insensitively and answers the stored spelling", async () => {
    const whitelist = await seedWhitelist(services, { guildId: GUILD });
    await seedEntries(services, whitelist.id, ["NotCh_42"]);
    expect(await summary(await del(whitelist.id, "notch_42"))).toEqual({
      status: 200,
      contentType: expect.stringMatching(/^application\/json/),
      body: { removed: true, nick: "NotCh_42" },
    });
  });

  test("deleting the same nick twice gives 404 entry-not-found the second time", async () => {
    const whitelist = await seedWhitelist(services, { guildId: GUILD });
    await seedEntries(services, whitelist.id, ["Notch"]);
    expect((await del(whitelist.id, "Notch")).status).toBe(200);
    const second = await del(whitelist.id, "NOTCH");
    await expectProblem(second, "entry-not-found");
  });

  test("percent-decodes a Bedrock nick with a space and the Floodgate dot", async () => {
    const whitelist = await seedWhitelist(services, { guildId: GUILD, nickType: "bedrock" });
    await seedEntries(services, whitelist.id, [".Steve Gamer"]);
    const response = await remove(`${paths.entries(whitelist.id)}/.steve%20gamer`);
    expect(await response.json()).toEqual({ removed: true, nick: ".Steve Gamer" });
    expect(await services.entries.list(whitelist.id)).toEqual([]);
  });

  test.each([
    ["the in-game name", ".Steve_Gamer"],
    ["the in-game name in another case", ".sTEVE_gAMER"],
    ["the gamertag with a space", "Steve%20Gamer"],
    ["the gamertag without the prefix, spaces as _", "steve_gamer"],
    ["the prefix with a space", ".Steve%20Gamer"],
  ])("a Bedrock nick is removed by %s", async (_how, typed) => {
    const whitelist = await seedWhitelist(services, { guildId: GUILD, nickType: "bedrock" });
    await seedEntries(services, whitelist.id, [
      { nick: ".Steve_Gamer", gamertag: "Steve Gamer", xuid: "2535444444444444" },
      { nick: ".Steve", gamertag: "Steve", xuid: "2535444444444445" },
    ]);
    const response = await remove(`${paths.entries(whitelist.id)}/${typed}`);
    expect(await response.json()).toEqual({ removed: true, nick: ".Steve_Gamer" });
    expect((await services.entries.list(whitelist.id)).map((entry) => entry.nick)).toEqual([".Steve"]);
  });

  test("removes a non-ASCII nick sent in another letter case and Unicode normalisation", async () => {
    const whitelist = await seedWhitelist(services, { guildId: GUILD, nickType: "bedrock" });
    await seedEntries(services, whitelist.id, [".Ünïcode Ålf"]);
    // Decomposed (NFD) and lower-cased: U+0308 combining diaeresis after "u".
    const response = await del(whitelist.id, ".u\u0308nïcode ålf");
    expect(await response.json()).toEqual({ removed: true, nick: ".Ünïcode Ålf" });
  });

  test("a compatibility character never matches an ASCII nick: %E2%84%AA (KELVIN SIGN) is not K", async () => {
    const whitelist = await seedWhitelist(services, { guildId: GUILD });
    await Promise.all(await seedEntries(services, whitelist.id, ["Kevin"]));
    const response = await remove(`${paths.entries(whitelist.id)}/%E2%84%AAevin`);
    await expectProblem(response, "entry-not-found");
    expect((await services.entries.list(whitelist.id)).map((entry) => entry.nick)).toEqual(["Kevin"]);
  });

  test("percent-decodes reserved characters in the nick (%2F, %25)", async () => {
    const whitelist = await seedWhitelist(services, { guildId: GUILD, nickType: "offline" });
    await seedEntries(services, whitelist.id, ["a/b", "50%"]);
    const bodies = [
      await (await remove(`${paths.entries(whitelist.id)}/a%2Fb`)).json(),
      await (await remove(`${paths.entries(whitelist.id)}/50%25`)).json(),
    ];
    expect(bodies).toEqual([
      { removed: true, nick: "a/b" },
      { removed: true, nick: "50%" },
    ]);
  });

  test("after a DELETE the entries no longer list the nick and the ETag changed", async () => {
    const whitelist = await seedWhitelist(services, { guildId: GUILD });
    await seedEntries(services, whitelist.id, ["Notch", "alice"]);
    const before = await get(paths.entries(whitelist.id));
    const etag = before.headers.get("etag") ?? "";
    expect((await del(whitelist.id, "notch")).status).toBe(200);

    const after = await get(paths.entries(whitelist.id), { "if-none-match": etag });
    expect({
      status: after.status,
      changed: after.headers.get("etag") !== etag,
      body: await after.json(),
    }).toEqual({
      status: 200,
      changed: true,
      body: [{ nick: "alice", uuid: null, premium: false, expiresAt: null, verified: false, groups: [] }],
    });
  });

  test("a DELETE records an entry.removed event with origin api", async () => {
    const whitelist = await seedWhitelist(services, { guildId: GUILD, name: "survival" });
    await seedEntries(services, whitelist.id, [{ nick: "Notch", uuid: NOTCH_UUID, premium: true }]);
    services.clock.advance(5_000);
    expect((await del(whitelist.id, "NOTCH")).status).toBe(200);

    const events = await services.events.listAfter(0, { guildId: GUILD, whitelistId: null });
    expect(events.map((event) => event.type)).toEqual(["entry.added", "entry.removed"]);
    expect(events[1]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      type: "entry.removed",
      guildId: GUILD,
      whitelistId: whitelist.id,
      whitelistName: "survival",
      entry: { nick: "Notch", uuid: NOTCH_UUID, premium: true, expiresAt: null, verified: false, groups: [] },
      userId: "300000000000000001",
      origin: "api",
      timestamp: new Date(services.clock.now()).toISOString(),
    });
  });

  test("?reason= travels with the removal's event; without it the event has none, and a bad one is a 400", async () => {
    const whitelist = await seedWhitelist(services, { guildId: GUILD });
    await seedEntries(services, whitelist.id, ["Notch", "jeb_", "Dinnerbone"]);
    const reason = "banned on the game server: griefing (by Server)";
    const withReason = (nick: string, text: string) =>
      remove(`${paths.entry(whitelist.id, nick)}?reason=${encodeURIComponent(text)}`);
    expect((await withReason("Notch", reason)).status).toBe(200);
    expect((await del(whitelist.id, "jeb_")).status).toBe(200);
    for (const bad of ["", "x".repeat(201), "two\nlines"]) {
      const response = await withReason("Dinnerbone", bad);
      expect([response.status, ((await response.json()) as { type: string }).type]).toEqual([
        400,
        "urn:whitelist-sync:problem:invalid-request",
      ]);
    }
    const events = await services.events.listAfter(0, { guildId: GUILD, whitelistId: null });
    expect(events.filter((e) => e.type === "entry.removed").map((e) => [e.entry.nick, e.reason])).toEqual([
      ["Notch", reason],
      ["jeb_", undefined],
    ]);
  });

  test("a refused DELETE records no event", async () => {
    const whitelist = await seedWhitelist(services, { guildId: GUILD });
    await seedEntries(services, whitelist.id, ["Notch"]);
    await del(whitelist.id, "Herobrine");
    const events = await services.events.listAfter(0, { guildId: GUILD, whitelistId: null });
    expect(events.map((event) => event.type)).toEqual(["entry.added"]);
  });

  test("a key scoped to the whitelist may delete from it", async () => {
    const whitelist = await seedWhitelist(services, { guildId: GUILD });
    await seedEntries(services, whitelist.id, ["Notch"]);
    const scoped = (await seedKey(services, GUILD, whitelist.id)).plaintext;
    const response = await call(app, "DELETE", paths.entry(whitelist.id, "notch"), bearer(scoped));
    expect(await response.json()).toEqual({ removed: true, nick: "Notch" });
  });
});
