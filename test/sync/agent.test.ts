import { describe, expect, test } from "bun:test";
import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { closeDatabase } from "../../src/db/client.ts";
import { fileFormats } from "../../src/formats/index.ts";
import { openServices } from "../../src/services.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { SyncStopError } from "../../src/sync/index.ts";
import { statePath } from "../../src/sync/state.ts";
import { seedEntries, seedKey, seedWhitelist } from "../helpers/services.ts";
import { syncFixture } from "./fixture.ts";
import {
  agentOptions,
  apiBytes,
  fileBytes,
  GUILD,
  latestEventId,
  manualSleep,
  manualTimers,
  seedSurvival,
} from "./helpers.ts";

const fixture = syncFixture("wls-sync-");

/** The service on the test's database (a second call opens it again, as a restart would). */
const start = (env: Record<string, string> = {}, clock = manualClock(Date.UTC(2026, 10, 22, 12))) =>
  fixture.service(env, clock);

const agent = fixture.agent;

/** A service with a whitelist "survival" holding a few nicks, and a key limited to it. */
async function world(env: Record<string, string> = {}) {
  const service = await start(env);
  const s = service.services;
  const seeded = await seedSurvival(s, [
    "Notch",
    "jeb_",
    { nick: "Dinnerbone", uuid: "61699b2e-d327-4a01-9f1e-0ea8c3f06bc6", premium: true },
  ]);
  return { service, s, ...seeded };
}

describe("the file equals the API's ?format= bytes", () => {
  test.each(fileFormats)("%s: after start and after each addition and removal", async (format) => {
    const { service, s, wl, key } = await world();
    const options = agentOptions(service, key, "survival", fixture.dir, { format });
    const sync = agent(options);
    const started = await sync.waitFor("started");
    expect(started).toEqual({
      type: "started",
      whitelists: [{ id: wl.id, name: "survival" }],
      entries: 3,
      file: options.out,
      format,
      written: true,
      once: false,
    });
    expect(fileBytes(options.out)).toEqual(await apiBytes(service, key, wl.id, format));

    const steps: [string, () => Promise<unknown>][] = [
      ["+ Alex", () => seedEntries(s, wl.id, ["Alex"])],
      ["- Notch", () => s.entries.remove({ whitelistId: wl.id, nick: "NOTCH", origin: "api" })],
      ["+ .Steve Gamer", () => seedEntries(s, wl.id, [".Steve Gamer"])],
      ["+ yes", () => seedEntries(s, wl.id, ["yes"])],
      ["- jeb_", () => s.entries.remove({ whitelistId: wl.id, nick: "jeb_", origin: "staff" })],
    ];
    for (const [, change] of steps) {
      await change();
      await sync.synced(await latestEventId(service));
      expect(fileBytes(options.out)).toEqual(await apiBytes(service, key, wl.id, format));
    }
    const changes = sync.events
      .filter((e) => e.type === "added" || e.type === "removed")
      .map((e) => `${e.type === "added" ? "+" : "-"} ${"nick" in e ? e.nick : ""}`);
    expect(changes).toEqual(steps.map(([line]) => line));
  });

  test("a guild key: other whitelists' events move the cursor but never the file", async () => {
    const { service, s, wl } = await world();
    const other = await seedWhitelist(s, { guildId: GUILD, name: "creative" });
    const guildKey = (await seedKey(s, GUILD)).plaintext;
    const options = agentOptions(service, guildKey, "SURVIVAL", fixture.dir);
    const sync = agent(options);
    await sync.waitFor("started");
    const before = statSync(options.out).mtimeMs;
    await seedEntries(s, other.id, ["Elsewhere"]);
    const synced = await sync.synced(await latestEventId(service));
    expect(synced.written).toBe(false);
    expect(statSync(options.out).mtimeMs).toBe(before);
    expect(JSON.parse(readFileSync(statePath(options.out), "utf8")).after).toBe(
      String(await latestEventId(service)),
    );
    await seedEntries(s, wl.id, ["Here"]);
    await sync.synced(await latestEventId(service));
    expect(fileBytes(options.out)).toEqual(await apiBytes(service, guildKey, wl.id, "vanilla"));
  });

  test("after the server restarts, with changes made while it was down (resume with after=)", async () => {
    const { service, s, wl, key } = await world();
    const sleep = manualSleep();
    const options = agentOptions(service, key, wl.id, fixture.dir);
    const sync = agent(options, { sleep: sleep.sleep });
    await sync.waitFor("started");
    await seedEntries(s, wl.id, ["BeforeDrop"]);
    await sync.synced(await latestEventId(service));

    // The server goes down: the agent sees 1001 and waits to reconnect.
    await service.stop();
    await sleep.waiting();
    expect(await sync.events.find((e) => e.type === "disconnected")).toMatchObject({ code: 1001 });

    // Changes happen while it is down, through services opened on the same database.
    const offline = openServices({ path: join(fixture.dir, "wls.db"), clock: s.clock, logger: silentLogger });
    await seedEntries(offline, wl.id, ["WhileDown"]);
    await offline.entries.remove({ whitelistId: wl.id, nick: "jeb_", origin: "api" });
    const last = (await offline.events.bounds()).latest;
    closeDatabase(offline.db);

    // It comes back on the same port; the agent resumes after its cursor and catches up without a re-fetch.
    const again = await start({ PORT: String(service.port) });
    const from = sync.events.length;
    sleep.releaseAll();
    await sync.synced(last);
    expect(fileBytes(options.out)).toEqual(await apiBytes(again, key, wl.id, "vanilla"));
    expect(sync.events.slice(from).filter((e) => e.type === "connected" || e.type === "resync")).toEqual([
      { type: "connected", after: String(last - 2) },
    ]);
    expect(sync.events.slice(from).filter((e) => e.type === "added" || e.type === "removed")).toEqual([
      { type: "added", nick: "WhileDown", whitelist: "survival" },
      { type: "removed", nick: "jeb_", whitelist: "survival" },
    ]);
  });

  test("after the socket is closed server-side while the service stays up", async () => {
    const { service, s, wl, key } = await world();
    const sleep = manualSleep();
    const options = agentOptions(service, key, wl.id, fixture.dir);
    const sync = agent(options, { sleep: sleep.sleep });
    await sync.waitFor("started");
    await seedEntries(s, wl.id, ["First"]);
    await sync.synced(await latestEventId(service));

    service.hub.closeAll(1001, "going away");
    await sleep.waiting();
    await seedEntries(s, wl.id, ["Missed"]);
    await s.entries.remove({ whitelistId: wl.id, nick: "First", origin: "api" });
    sleep.releaseAll();
    await sync.synced(await latestEventId(service));
    expect(fileBytes(options.out)).toEqual(await apiBytes(service, key, wl.id, "vanilla"));
  });

  test("after the socket went silent: the watchdog drops it and the agent resumes", async () => {
    const { service, s, wl, key } = await world();
    const timers = manualTimers();
    const options = agentOptions(service, key, wl.id, fixture.dir);
    const sync = agent(options, { setTimer: timers.setTimer });
    await sync.waitFor("started");
    await seedEntries(s, wl.id, ["Seen"]);
    const cursor = await latestEventId(service);
    await sync.synced(cursor);
    expect(timers.armed).toBe(1);

    timers.fireAll();
    const dropped = await sync.waitFor("disconnected");
    expect([dropped.code, dropped.reason]).toEqual([1006, "silent for 180 s"]);
    await sync.waitFor("connected", (e) => e.after === String(cursor));
    const from = sync.events.length;
    await seedEntries(s, wl.id, ["AfterSilence"]);
    await sync.synced(await latestEventId(service), from);
    expect(fileBytes(options.out)).toEqual(await apiBytes(service, key, wl.id, "vanilla"));
  });

  test("after the agent restarts: it resumes from <out>.cursor", async () => {
    const { service, s, wl, key } = await world();
    const options = agentOptions(service, key, wl.id, fixture.dir);
    const first = agent(options);
    await first.waitFor("started");
    await seedEntries(s, wl.id, ["Early"]);
    const cursor = await latestEventId(service);
    await first.synced(cursor);
    await first.stop();
    expect(JSON.parse(readFileSync(statePath(options.out), "utf8")).after).toBe(String(cursor));

    await seedEntries(s, wl.id, ["Late"]);
    const second = agent(options);
    const started = await second.waitFor("started");
    await second.synced(await latestEventId(service));
    expect(await second.events.find((e) => e.type === "connected")).toEqual({
      type: "connected",
      after: String(cursor),
    });
    expect(started.written).toBe(true);
    expect(fileBytes(options.out)).toEqual(await apiBytes(service, key, wl.id, "vanilla"));
  });

  test.each([
    ["before the list is served", "list"],
    ["after the list, before the events are applied", "after"],
  ])("a change landing %s is neither lost nor doubled", async (_label, moment) => {
    const { service, s, wl, key } = await world();
    const change = () => seedEntries(s, wl.id, ["DuringFetch"]);
    const racing = (async (input: string | URL | Request, init?: RequestInit) => {
      const isList = String(input).endsWith("/entries");
      if (isList && moment === "list") change();
      const response = await fetch(input, init);
      if (isList && moment === "after") change();
      return response;
    }) as typeof fetch;
    const options = agentOptions(service, key, wl.id, fixture.dir);
    const sync = agent(options, { fetch: racing });
    await sync.waitFor("started");
    await sync.synced(await latestEventId(service));
    expect(fileBytes(options.out)).toEqual(await apiBytes(service, key, wl.id, "vanilla"));
    const announced = sync.events.filter((e) => e.type === "added" || e.type === "removed");
    expect(announced).toEqual(
      moment === "list" ? [] : [{ type: "added", nick: "DuringFetch", whitelist: "survival" }],
    );
  });

  test("an unusable stored cursor gets resync (4002): the agent re-fetches and carries on live", async () => {
    const { service, s, wl, key } = await world();
    const options = agentOptions(service, key, wl.id, fixture.dir);
    // A cursor from another life of the database: beyond anything this server assigned.
    writeFileSync(
      statePath(options.out),
      JSON.stringify({
        version: 1,
        api: options.apiUrl,
        whitelistId: wl.id,
        format: "vanilla",
        after: "999",
        etag: null,
        sha256: null,
      }),
    );
    const sync = agent(options);
    await sync.waitFor("resync");
    await sync.waitFor("connected", (e) => e.after === null);
    const from = sync.events.length;
    await seedEntries(s, wl.id, ["AfterResync"]);
    await sync.synced(await latestEventId(service), from);
    expect(fileBytes(options.out)).toEqual(await apiBytes(service, key, wl.id, "vanilla"));
    expect(sync.events.filter((e) => e.type === "disconnected" || e.type === "retrying")).toEqual([]);
  });

  test("the existing file's mode is kept, and no temp file is left behind", async () => {
    const { service, s, wl, key } = await world();
    const options = agentOptions(service, key, wl.id, fixture.dir);
    writeFileSync(options.out, "old");
    chmodSync(options.out, 0o640);
    const sync = agent(options);
    await sync.waitFor("started");
    await seedEntries(s, wl.id, ["Another"]);
    await sync.synced(await latestEventId(service));
    expect(statSync(options.out).mode & 0o777).toBe(0o640);
    // The running agent's lock beside its file (src/sync/lock.ts); no temp file.
    expect(readdirSync(fixture.dir).sort()).toEqual(
      [
        "whitelist.json",
        "whitelist.json.cursor",
        "whitelist.json.lock",
        "wls.db",
        "wls.db-shm",
        "wls.db-wal",
      ].sort(),
    );
    await sync.stop();
    expect(readdirSync(fixture.dir)).not.toContain("whitelist.json.lock");
  });
});

describe("stopping", () => {
  test("a key revoked before start: 401, exit code 77 and a clear message", async () => {
    const { service, s, keyId, key } = await world();
    await s.keys.revoke(GUILD, keyId);
    const sync = agent(agentOptions(service, key, "survival", fixture.dir));
    const error = await sync.done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SyncStopError);
    expect((error as SyncStopError).exitCode).toBe(77);
    expect((error as Error).message).toContain("refused the key (401");
    expect((error as Error).message).not.toContain(key);
  });

  test("a key revoked while running: close 4001 stops the agent at once, without a retry", async () => {
    const { service, s, keyId, key } = await world();
    const sync = agent(agentOptions(service, key, "survival", fixture.dir));
    await sync.waitFor("started");
    await s.keys.revoke(GUILD, keyId);
    const error = await sync.done.catch((e: unknown) => e);
    expect([(error as SyncStopError).exitCode, (error as Error).message]).toEqual([
      77,
      "the key was revoked (the socket closed with 4001): create a new one on Discord with /server-link create",
    ]);
    expect(sync.events.filter((e) => e.type === "retrying" || e.type === "disconnected")).toEqual([]);
  });

  test("its whitelist deleted on Discord: every nick leaves the file, which ends empty, then exit 77", async () => {
    const { service, s, wl, key } = await world();
    const options = agentOptions(service, key, "survival", fixture.dir);
    const sync = agent(options);
    await sync.waitFor("started");
    await s.deletion.deleteWhitelist(wl.id, "300000000000000009");
    const error = await sync.done.catch((e: unknown) => e);
    expect({
      exitCode: (error as SyncStopError).exitCode,
      message: (error as Error).message,
      removed: sync.events.filter((e) => e.type === "removed").map((e) => (e as { nick: string }).nick),
      file: readFileSync(options.out, "utf8"),
    }).toEqual({
      exitCode: 77,
      message:
        `the whitelist survival was deleted on Discord (the socket closed with 4001): ${options.out} is now ` +
        "empty; point this agent at another whitelist, with a key created for it",
      removed: ["Notch", "jeb_", "Dinnerbone"],
      file: "[]\n",
    });
  });

  test("a key revoked while the agent waits to reconnect: the handshake's 401 stops it", async () => {
    const { service, s, keyId, key } = await world();
    const sleep = manualSleep();
    const sync = agent(agentOptions(service, key, "survival", fixture.dir), { sleep: sleep.sleep });
    await sync.waitFor("started");
    service.hub.closeAll(1001, "going away");
    await sleep.waiting();
    await s.keys.revoke(GUILD, keyId);
    sleep.releaseAll();
    const error = await sync.done.catch((e: unknown) => e);
    expect((error as SyncStopError).exitCode).toBe(77);
    expect((error as Error).message).toContain("401");
  });

  test("an unknown whitelist: exit code 78, naming what the key can see", async () => {
    const { service, key } = await world();
    const sync = agent(agentOptions(service, key, "creative", fixture.dir));
    const error = await sync.done.catch((e: unknown) => e);
    expect((error as SyncStopError).exitCode).toBe(78);
    expect((error as Error).message).toMatch(
      /^no whitelist "creative" is visible to this key \(visible: survival \(/,
    );
  });

  test("stop() ends a running agent cleanly", async () => {
    const { service, key } = await world();
    const sync = agent(agentOptions(service, key, "survival", fixture.dir));
    await sync.waitFor("started");
    await sync.stop();
    await sync.done;
    expect(sync.events.at(-1)).toEqual({ type: "stopped" });
  });
});

describe("retries", () => {
  test("429 honours Retry-After, then the agent carries on", async () => {
    const clock = manualClock(Date.UTC(2026, 10, 22, 12));
    // Two requests fit: GET /whitelists and the socket handshake; GET entries gets 429.
    const service = await start({ RATE_LIMIT_PER_MINUTE: "2" }, clock);
    const s = service.services;
    const { key } = await seedSurvival(s, ["Notch"]);
    const sleep = manualSleep();
    const sync = agent(agentOptions(service, key, "survival", fixture.dir), { sleep: sleep.sleep });
    expect(await sleep.waiting()).toBe(30_000);
    expect(await sync.events.find((e) => e.type === "retrying")).toEqual({
      type: "retrying",
      error:
        'whitelist "survival": the service answered 429: Rate limit of 2 requests per minute exceeded; retry in 30 s.',
      retryInMs: 30_000,
    });
    clock.advance(60_000);
    sleep.releaseAll();
    await sync.waitFor("started");
  });
});
