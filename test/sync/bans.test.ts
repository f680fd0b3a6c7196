import { describe, expect, test } from "bun:test";
import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { floodgateUuid } from "../../src/nicks/floodgate.ts";
import { offlineUuid } from "../../src/nicks/uuid.ts";
import { activeBans, banDate, removalReason } from "../../src/sync/bans.ts";
import { parseSyncOptions, SyncOptionsError } from "../../src/sync/options.ts";
import type { WatchFile } from "../../src/sync/watch.ts";
import { seedEntries, seedKey, seedWhitelist } from "../helpers/services.ts";
import { syncFixture } from "./fixture.ts";
import { agentOptions, GUILD, latestEventId } from "./helpers.ts";

// `--ban-sync`: a ban on the game server removes the player's nick through the API's DELETE, with the ban's
// reason (shown in the log post and carried by the event). banned-players.json as the vanilla server (and Paper)
// writes it: Gson, pretty-printed, `created` and `expires` as `yyyy-MM-dd HH:mm:ss Z`, `expires` "forever".

const ALEX = "2535432196048835";

const fixture = syncFixture("wls-bans-");

async function world() {
  const service = await fixture.service();
  const s = service.services;
  const survival = await seedWhitelist(s, { guildId: GUILD, name: "survival" });
  const creative = await seedWhitelist(s, { guildId: GUILD, name: "creative" });
  await seedEntries(s, survival.id, [
    "Notch",
    "jeb_",
    { nick: ".Alex_Pocket", gamertag: "Alex Pocket", xuid: ALEX, uuid: floodgateUuid(ALEX) },
  ]);
  await seedEntries(s, creative.id, ["Notch"]);
  const { plaintext: key } = await seedKey(s, GUILD);
  return { service, s, survival, creative, key, banned: join(fixture.dir, "banned-players.json") };
}

/** A ban as the vanilla server records one (`/ban <name> [reason]` from the console: source "Server"). */
const ban = (name: string, uuid: string, more: Record<string, string> = {}) => ({
  uuid,
  name,
  created: "2026-11-22 11:59:00 +0000",
  source: "Server",
  expires: "forever",
  reason: "Banned by an operator.",
  ...more,
});

const serverBans = (path: string, bans: object[]) =>
  writeFileSync(path, `${JSON.stringify(bans, null, 2)}\n`);

/** Requests the agent sends, as `METHOD path`. */
function recordingFetch(requests: string[]): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    if ((init?.method ?? "GET") === "DELETE")
      requests.push(`DELETE ${decodeURIComponent(url.pathname + url.search)}`);
    return fetch(input, init);
  }) as typeof fetch;
}

const agent = fixture.agent;

describe("bans on the game server reach the whitelists", () => {
  test("a ban removes the nick from every whitelist holding it, with its reason; others are left alone", async () => {
    const { service, s, survival, creative, key, banned } = await world();
    const requests: string[] = [];
    const options = agentOptions(service, key, ["survival", "creative"], fixture.dir, {
      bannedPlayers: banned,
    });
    const sync = agent(options, { fetch: recordingFetch(requests) });
    await sync.waitFor("started");

    serverBans(banned, [
      ban("Notch", offlineUuid("Notch"), { reason: "griefing\nthe spawn" }),
      // By Floodgate's UUID, as Floodgate bans a Bedrock player.
      ban(".Alex_Pocket", floodgateUuid(ALEX), { reason: "" }),
      // Not on any whitelist: no request.
      ban("Stranger", offlineUuid("Stranger")),
      // Expired: no request.
      ban("jeb_", offlineUuid("jeb_"), { expires: "2026-11-01 00:00:00 +0000" }),
    ]);
    await sync.waitFor("banned", (e) => e.nick === ".Alex_Pocket");
    await sync.synced(await latestEventId(service));
    expect(sync.events.filter((e) => e.type === "banned")).toEqual([
      {
        type: "banned",
        nick: "Notch",
        whitelist: "survival",
        reason: "banned on the game server: griefing the spawn (by Server)",
      },
      {
        type: "banned",
        nick: "Notch",
        whitelist: "creative",
        reason: "banned on the game server: griefing the spawn (by Server)",
      },
      {
        type: "banned",
        nick: ".Alex_Pocket",
        whitelist: "survival",
        reason: "banned on the game server (by Server)",
      },
    ]);
    expect(requests).toEqual([
      `DELETE /api/v1/whitelists/${survival.id}/entries/Notch?reason=banned on the game server: griefing the spawn (by Server)`,
      `DELETE /api/v1/whitelists/${creative.id}/entries/Notch?reason=banned on the game server: griefing the spawn (by Server)`,
      `DELETE /api/v1/whitelists/${survival.id}/entries/.Alex_Pocket?reason=banned on the game server (by Server)`,
    ]);
    expect((await s.entries.list(survival.id)).map((e) => e.nick)).toEqual(["jeb_"]);
    // The event says why: the log channel shows it (test/bot/modes.test.ts).
    const events = await s.events.listAfter(0, { guildId: GUILD, whitelistId: null });
    expect(
      events.filter((e) => e.type === "entry.removed").map((e) => [e.entry.nick, e.origin, e.reason]),
    ).toEqual([
      ["Notch", "api", "banned on the game server: griefing the spawn (by Server)"],
      ["Notch", "api", "banned on the game server: griefing the spawn (by Server)"],
      [".Alex_Pocket", "api", "banned on the game server (by Server)"],
    ]);
  });

  test("a ban whose UUID is another player's is not the nick's, even under the same name", async () => {
    const { service, s, survival, key, banned } = await world();
    const requests: string[] = [];
    const options = agentOptions(service, key, "survival", fixture.dir, { bannedPlayers: banned });
    const sync = agent(options, { fetch: recordingFetch(requests) });
    await sync.waitFor("started");
    // An offline-mode server: the entry jeb_ is the offline UUID's; a premium account named jeb_ was banned.
    serverBans(banned, [
      ban("jeb_", "853c80ef-3c37-49fd-aa49-938b674adae6"),
      ban("Notch", offlineUuid("Notch")),
    ]);
    await sync.waitFor("banned", (e) => e.nick === "Notch");
    expect(sync.events.filter((e) => e.type === "banned").map((e) => e.type === "banned" && e.nick)).toEqual([
      "Notch",
    ]);
    expect(requests).toEqual([
      `DELETE /api/v1/whitelists/${survival.id}/entries/Notch?reason=banned on the game server: Banned by an operator. (by Server)`,
    ]);
    expect((await s.entries.list(survival.id)).map((e) => e.nick)).toEqual(["jeb_", ".Alex_Pocket"]);
  });

  test("each ban acts once, across restarts: a nick staff register again stays", async () => {
    const { service, s, survival, key, banned } = await world();
    const options = agentOptions(service, key, "survival", fixture.dir, { bannedPlayers: banned });
    serverBans(banned, [ban("Notch", offlineUuid("Notch"))]);
    const first = agent(options);
    await first.waitFor("banned");
    await first.stop();

    // Staff decide otherwise on Discord; the server is restarted with the ban still listed.
    await seedEntries(s, survival.id, ["Notch"]);
    const requests: string[] = [];
    const second = agent(options, { fetch: recordingFetch(requests) });
    await second.waitFor("started");
    serverBans(banned, [ban("Notch", offlineUuid("Notch")), ban("jeb_", offlineUuid("jeb_"))]);
    await second.waitFor("banned", (e) => e.nick === "jeb_");
    expect(requests).toEqual([
      `DELETE /api/v1/whitelists/${survival.id}/entries/jeb_?reason=banned on the game server: Banned by an operator. (by Server)`,
    ]);
    expect((await s.entries.list(survival.id)).map((e) => e.nick)).toEqual([".Alex_Pocket", "Notch"]);
  });

  test("a read-only key cannot remove: the agent warns that the key is read-only, the nick stays", async () => {
    const { service, s, survival, banned } = await world();
    const { plaintext: readOnly } = await seedKey(s, GUILD, null, false);
    const sync = agent(agentOptions(service, readOnly, "survival", fixture.dir, { bannedPlayers: banned }));
    await sync.waitFor("started");
    serverBans(banned, [ban("Notch", offlineUuid("Notch"))]);
    const warning = await sync.waitFor("warning");
    expect({
      warning,
      nicks: (await s.entries.list(survival.id)).map((e) => e.nick),
    }).toEqual({
      warning: {
        type: "warning",
        message: expect.stringContaining(
          'removing Notch from "survival": refused for this key (403: This key is read-only (created with may-remove:False)',
        ),
      },
      nicks: ["Notch", "jeb_", ".Alex_Pocket"],
    });
  });

  test("a file the server is still writing is read again until whole: no warning, the ban acts", async () => {
    const { service, s, survival, key, banned } = await world();
    // The vanilla server saves in place (StoredUserList.save: Files.newBufferedWriter, which empties the file,
    // then the text through an 8 KiB buffer): a reader in between sees a cut file. The agent is told of the first
    // piece; the rest is written while it waits for the file to settle.
    const text = `${JSON.stringify([ban("Notch", offlineUuid("Notch"))], null, 2)}\n`;
    let rest: (() => void) | null = null;
    const settle = async () => {
      const finish = rest;
      rest = null;
      finish?.();
    };
    let changed: (() => void) | undefined;
    const watching = Promise.withResolvers<void>();
    const watch: WatchFile = (path, onChange) => {
      if (path === banned) {
        changed = onChange;
        watching.resolve();
      }
      return () => {};
    };
    const sync = agent(agentOptions(service, key, "survival", fixture.dir, { bannedPlayers: banned }), {
      settle,
      watch,
    });
    await watching.promise;

    writeFileSync(banned, text.slice(0, text.length / 2));
    rest = () => appendFileSync(banned, text.slice(text.length / 2));
    changed?.();
    const first = await Promise.race([sync.waitFor("banned"), sync.waitFor("warning")]);
    expect(first).toEqual({
      type: "banned",
      nick: "Notch",
      whitelist: "survival",
      reason: "banned on the game server: Banned by an operator. (by Server)",
    });
    expect((await s.entries.list(survival.id)).map((e) => e.nick)).toEqual(["jeb_", ".Alex_Pocket"]);
  });

  test("the file as the server writes it: dates, expiry, and reasons as one line of at most 200", () => {
    expect(banDate("2026-11-22 12:00:00 +0100")).toBe(Date.UTC(2026, 10, 22, 11));
    expect(Number.isNaN(banDate("forever"))).toBe(true);
    const now = Date.UTC(2026, 10, 22, 12);
    const bytes = new TextEncoder().encode(
      JSON.stringify([
        ban("a", "1"),
        ban("b", "2", { expires: "2026-11-22 12:00:01 +0000" }),
        ban("c", "3", { expires: "2026-11-22 11:59:59 +0000" }),
        { created: "x" },
      ]),
    );
    expect(activeBans(bytes, now)?.map((b) => b.name)).toEqual(["a", "b"]);
    expect(activeBans(new TextEncoder().encode("{"), now)).toBeNull();
    const long = removalReason({ reason: "x".repeat(300), source: "Steve" });
    expect([long.length, long.endsWith("…")]).toEqual([200, true]);
  });

  test("options: a Bedrock Dedicated Server keeps no bans; --once does not follow them", () => {
    const env = { WLS_URL: "http://h", WLS_KEY: "k", WLS_WHITELIST: "s", WLS_OUT: "/srv/mc/whitelist.json" };
    const refusal = (argv: string[]) => {
      try {
        parseSyncOptions(argv, env);
      } catch (error) {
        if (error instanceof SyncOptionsError) return error.message;
        throw error;
      }
      return null;
    };
    expect(parseSyncOptions(["--ban-sync"], env).bannedPlayers).toBe("/srv/mc/banned-players.json");
    expect(refusal(["--ban-sync", "--format", "bds"])).toBe(
      "--ban-sync (WLS_BAN_SYNC) reads banned-players.json, and a Bedrock Dedicated Server keeps no list of bans",
    );
    expect(refusal(["--ban-sync", "--once"])).toBe(
      "--ban-sync (WLS_BAN_SYNC) follows the bans as they come: not with --once (WLS_ONCE)",
    );
    expect(refusal(["--format", "bds", "--console-fifo", "/run/bds/console", "--kick-removed"])).toBe(
      "--kick-removed (WLS_KICK_REMOVED) kicks by Java name, which a Bedrock Dedicated Server does not know: use " +
        "--on-remove (WLS_ON_REMOVE) 'kick {name}' (the gamertag, quoted as BDS's console reads it)",
    );
    expect(refusal(["--banned-players", "/x"])).toBe(
      "--banned-players (WLS_BANNED_PLAYERS) needs --ban-sync (WLS_BAN_SYNC)",
    );
  });
});
