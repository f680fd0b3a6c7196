import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileFormats } from "../../src/formats/index.ts";
import { floodgateName, floodgateUuid } from "../../src/nicks/floodgate.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { runSyncCommand, SyncStopError } from "../../src/sync/index.ts";
import { statePath } from "../../src/sync/state.ts";
import { seedEntries, seedKey, seedWhitelist } from "../helpers/services.ts";
import { syncFixture } from "./fixture.ts";
import {
  agentOptions,
  apiBytes,
  fileBytes,
  GUILD,
  immediateSleep,
  latestEventId,
  manualSleep,
  mergedApiBytes,
  rconAt,
  type TestAgent,
} from "./helpers.ts";

/**
 * One file from several whitelists: a Geyser + Floodgate server lets in Java and Bedrock players, who are on
 * two whitelists on Discord (one nick type each) but must all be in the one whitelist.json.
 */

const NOTCH = "069a79f4-44e9-4726-a5be-fca90e38aaf5";
const ACTOR = "300000000000000009";

/** The Floodgate settings a new whitelist takes (Floodgate's own defaults), which the Bedrock entries are spelled under. */
const FLOODGATE = { floodgatePrefix: ".", replaceSpaces: true };

/** A Bedrock entry as the registration stores it: Floodgate's name, the gamertag, the XUID, Floodgate's UUID. */
const bedrockPlayer = (gamertag: string, xuid: string) => ({
  nick: floodgateName(FLOODGATE, gamertag),
  gamertag,
  xuid,
  uuid: floodgateUuid(xuid),
  premium: false,
});

const fixture = syncFixture("wls-several-");

const agent = fixture.agent;

/**
 * A guild with a Java whitelist "survival" (Notch, premium, and jeb_), a Bedrock whitelist "bedrock" (two
 * players registered through GeyserMC) and a third, "creative", that no agent lists; a guild-wide key.
 */
async function world() {
  const service = await fixture.service({}, manualClock(Date.UTC(2026, 10, 22, 12)));
  const s = service.services;
  const survival = await seedWhitelist(s, { guildId: GUILD, name: "survival", nickType: "java" });
  await seedEntries(s, survival.id, [{ nick: "Notch", uuid: NOTCH, premium: true }, "jeb_"]);
  const bedrock = await seedWhitelist(s, { guildId: GUILD, name: "bedrock", nickType: "bedrock" });
  await seedEntries(s, bedrock.id, [
    bedrockPlayer("Alex Pocket", "2535428591294519"),
    bedrockPlayer("Steve", "2535411234567890"),
  ]);
  const creative = await seedWhitelist(s, { guildId: GUILD, name: "creative" });
  const key = (await seedKey(s, GUILD)).plaintext;
  const out = join(fixture.dir, "whitelist.json");
  return { service, s, survival, bedrock, creative, key, out, ids: [survival.id, bedrock.id] };
}

const changes = (sync: TestAgent, from = 0) =>
  sync.events
    .slice(from)
    .flatMap((e) =>
      e.type === "added" || e.type === "removed" ? [`${e.type} ${e.nick} (${e.whitelist})`] : [],
    );

describe("a Java and a Bedrock whitelist in one file", () => {
  test("vanilla: Bedrock players under Floodgate's name and UUID beside Java players", async () => {
    const { service, survival, bedrock, key, out } = await world();
    const sync = agent(agentOptions(service, key, ["survival", "bedrock"], fixture.dir));
    expect(await sync.waitFor("started")).toEqual({
      type: "started",
      whitelists: [
        { id: survival.id, name: "survival" },
        { id: bedrock.id, name: "bedrock" },
      ],
      entries: 4,
      file: out,
      format: "vanilla",
      written: true,
      once: false,
    });
    expect(JSON.parse(readFileSync(out, "utf8"))).toEqual([
      { uuid: "00000000-0000-0000-0009-01f578899837", name: ".Alex_Pocket" },
      { uuid: "00000000-0000-0000-0009-01f16dfef6d2", name: ".Steve" },
      { uuid: "a762f560-4fce-3236-812a-b80efff0b62b", name: "jeb_" },
      { uuid: NOTCH, name: "Notch" },
    ]);
  });

  test.each(fileFormats)(
    "%s: the bytes ?format= serves for the same list, at start and after each change",
    async (format) => {
      const { service, s, survival, bedrock, creative, key, out, ids } = await world();
      // The merged list held by one whitelist, so the service itself renders what the file must hold.
      await seedEntries(s, creative.id, [
        { nick: "Notch", uuid: NOTCH, premium: true },
        "jeb_",
        bedrockPlayer("Alex Pocket", "2535428591294519"),
        bedrockPlayer("Steve", "2535411234567890"),
      ]);
      const sync = agent(agentOptions(service, key, `survival,${bedrock.id}`, fixture.dir, { format }));
      await sync.waitFor("started");
      expect(fileBytes(out)).toEqual(await apiBytes(service, key, creative.id, format));

      const steps: [string, () => Promise<unknown>][] = [
        [
          "added .Pocket_Gamer (bedrock)",
          () => seedEntries(s, bedrock.id, [bedrockPlayer("Pocket Gamer", "2535400000000001")]),
        ],
        [
          "removed Notch (survival)",
          () => s.entries.remove({ whitelistId: survival.id, nick: "notch", origin: "api" }),
        ],
        ["added Alex (survival)", () => seedEntries(s, survival.id, ["Alex"])],
        [
          "removed .Steve (bedrock)",
          () => s.entries.remove({ whitelistId: bedrock.id, nick: "Steve", origin: "staff" }),
        ],
      ];
      for (const [, change] of steps) {
        await change();
        await sync.synced(await latestEventId(service));
        expect(fileBytes(out)).toEqual(await mergedApiBytes(service, key, ids, format));
      }
      expect(changes(sync)).toEqual(steps.map(([line]) => line));
    },
  );

  test("a change landing between the two lists' downloads is neither lost nor doubled", async () => {
    const { service, s, survival, bedrock, key, out, ids } = await world();
    const racing = (async (input: string | URL | Request, init?: RequestInit) => {
      const response = await fetch(input, init);
      if (String(input).endsWith(`/whitelists/${survival.id}/entries`)) {
        await seedEntries(s, survival.id, ["AfterItsList"]);
        await seedEntries(s, bedrock.id, [bedrockPlayer("Before Its List", "2535400000000002")]);
      }
      return response;
    }) as typeof fetch;
    const sync = agent(agentOptions(service, key, ["survival", "bedrock"], fixture.dir), { fetch: racing });
    expect((await sync.waitFor("started")).entries).toBe(5);
    await sync.synced(await latestEventId(service));
    expect(fileBytes(out)).toEqual(await mergedApiBytes(service, key, ids, "vanilla"));
    expect(changes(sync)).toEqual(["added AfterItsList (survival)"]);
  });
});

describe("a nick on two listed whitelists", () => {
  /** "staff" (offline nicks) also lists Notch, in its own spelling and with no UUID, and jeb_. */
  async function withStaff() {
    const built = await world();
    const staff = await seedWhitelist(built.s, { guildId: GUILD, name: "staff", nickType: "offline" });
    await seedEntries(built.s, staff.id, ["notch", "jeb_"]);
    return { ...built, staff };
  }

  test.each([
    ["survival,staff", { uuid: NOTCH, name: "Notch" }],
    ["staff,survival", { uuid: "42653081-a90e-3475-b3d6-3550cdb43f8e", name: "notch" }],
  ])("appears once, as the first whitelist given holds it (%s)", async (whitelists, notch) => {
    const { service, key, out } = await withStaff();
    const sync = agent(agentOptions(service, key, whitelists, fixture.dir, { once: true }));
    await sync.done;
    expect(await sync.events.find((e) => e.type === "started")).toMatchObject({ entries: 2, written: true });
    expect(JSON.parse(readFileSync(out, "utf8"))).toEqual([
      { uuid: "a762f560-4fce-3236-812a-b80efff0b62b", name: "jeb_" },
      notch,
    ]);
  });

  test("removed from one whitelist, it stays in the file while the other lists it, and is not kicked", async () => {
    const { service, s, survival, staff, key, out } = await withStaff();
    const rcon = fixture.rcon({ password: "pw" });
    const options = agentOptions(service, key, ["survival", "staff"], fixture.dir, {
      console: rconAt(rcon.port, "pw"),
      kickRemoved: true,
    });
    const sync = agent(options);
    await sync.waitFor("started");
    await rcon.until(() => rcon.commands.length === 1);
    const before = fileBytes(out);

    await s.entries.remove({ whitelistId: survival.id, nick: "jeb_", origin: "api" });
    expect((await sync.synced(await latestEventId(service))).written).toBe(false);
    expect(fileBytes(out)).toEqual(before);
    // Listed by staff too, in another spelling: the file now holds that entry; nobody is kicked.
    await s.entries.remove({ whitelistId: survival.id, nick: "Notch", origin: "api" });
    await sync.synced(await latestEventId(service));
    await rcon.until(() => rcon.commands.length === 2);
    // Gone from both: removed, and kicked.
    await s.entries.remove({ whitelistId: staff.id, nick: "JEB_", origin: "api" });
    await sync.synced(await latestEventId(service));
    await rcon.until(() => rcon.commands.length === 4);
    expect(rcon.commands).toEqual(["whitelist reload", "whitelist reload", "whitelist reload", "kick jeb_"]);
    expect(changes(sync)).toEqual(["added notch (staff)", "removed jeb_ (staff)"]);
    expect(fileBytes(out)).toEqual(await mergedApiBytes(service, key, [survival.id, staff.id], "vanilla"));
  });
});

describe("which whitelists the key may list", () => {
  /** Runs `whitelist-sync sync --once` in-process. */
  async function once(argv: string[], key: string) {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const code = await runSyncCommand([...argv, "--once"], {
      env: { WLS_KEY: key },
      stdout: (line) => stdout.push(line),
      stderr: (line) => stderr.push(line),
      deps: { sleep: immediateSleep },
    });
    return { code, stdout, stderr };
  }

  test("a key limited to one whitelist, asked for two: 78, naming the one it cannot see", async () => {
    const { service, s, survival, out } = await world();
    const limited = (await seedKey(s, GUILD, survival.id)).plaintext;
    const result = await once(
      ["--url", service.url, "--whitelist", "survival,bedrock", "--out", out],
      limited,
    );
    expect(result).toEqual({
      code: 78,
      stdout: [],
      stderr: [
        `whitelist-sync sync: no whitelist "bedrock" is visible to this key (visible: survival (${survival.id})); ` +
          "this key is limited to one whitelist: a guild-wide key (/server-link create name, without a " +
          "whitelist) sees every whitelist of the Discord server",
      ],
    });
    expect(existsSync(out)).toBe(false);
  });

  test("a name no whitelist has, among several: 78", async () => {
    const { service, key, out } = await world();
    const result = await once(["--url", service.url, "--whitelist", "survival, nether", "--out", out], key);
    expect(result.code).toBe(78);
    expect(result.stderr).toEqual([
      expect.stringMatching(
        /^whitelist-sync sync: no whitelist "nether" is visible to this key \(visible: .*\)$/,
      ),
    ]);
  });
});

describe("a listed whitelist deleted on Discord", () => {
  test("its nicks leave the file, the others are still served; the last one gone empties it, exit 77", async () => {
    const { service, s, survival, bedrock, key, out } = await world();
    const sync = agent(agentOptions(service, key, ["survival", "bedrock"], fixture.dir));
    await sync.waitFor("started");

    await s.deletion.deleteWhitelist(bedrock.id, ACTOR);
    const warning = await sync.waitFor("warning");
    expect(warning.message).toBe(
      `the whitelist "bedrock" was deleted on Discord: its nicks leave ${out}, which keeps following "survival"`,
    );
    expect(changes(sync)).toEqual(["removed .Alex_Pocket (bedrock)", "removed .Steve (bedrock)"]);
    expect(fileBytes(out)).toEqual(await apiBytes(service, key, survival.id, "vanilla"));

    await seedEntries(s, survival.id, ["StillHere"]);
    await sync.synced(await latestEventId(service));
    expect(fileBytes(out)).toEqual(await apiBytes(service, key, survival.id, "vanilla"));

    await s.deletion.deleteWhitelist(survival.id, ACTOR);
    const error = await sync.done.catch((e: unknown) => e);
    expect({
      exitCode: (error as SyncStopError).exitCode,
      message: (error as Error).message,
      file: readFileSync(out, "utf8"),
    }).toEqual({
      exitCode: 77,
      message: `the whitelist survival was deleted on Discord: ${out} is now empty; point this agent at another whitelist`,
      file: "[]\n",
    });
    expect(error).toBeInstanceOf(SyncStopError);
  });

  test("emptied by hand, a listed whitelist is still followed", async () => {
    const { service, s, bedrock, key, out, ids } = await world();
    const sync = agent(agentOptions(service, key, ["survival", "bedrock"], fixture.dir));
    await sync.waitFor("started");
    await s.entries.remove({ whitelistId: bedrock.id, nick: ".Alex_Pocket", origin: "staff" });
    await s.entries.remove({ whitelistId: bedrock.id, nick: ".Steve", origin: "staff" });
    await sync.synced(await latestEventId(service));
    await seedEntries(s, bedrock.id, [bedrockPlayer("Back Again", "2535400000000003")]);
    await sync.synced(await latestEventId(service));
    expect(fileBytes(out)).toEqual(await mergedApiBytes(service, key, ids, "vanilla"));
    expect(sync.events.filter((e) => e.type === "warning")).toEqual([]);
  });
});

describe("resuming with several whitelists", () => {
  test("--once: one conditional request per whitelist; a change on one downloads the other in full", async () => {
    const { service, s, survival, bedrock, key, out, ids } = await world();
    const names = new Map([
      [survival.id, "survival"],
      [bedrock.id, "bedrock"],
    ]);
    let requests: string[] = [];
    const recording = (async (input: string | URL | Request, init?: RequestInit) => {
      const response = await fetch(input, init);
      const path = new URL(String(input)).pathname.replace(
        /\/whitelists\/([^/]+)/,
        (_, id) => `/${names.get(id)}`,
      );
      const conditional = new Headers(init?.headers).has("if-none-match") ? " (if-none-match)" : "";
      requests.push(`${path.replace("/api/v1", "")} ${response.status}${conditional}`);
      return response;
    }) as typeof fetch;
    const once = async () => {
      const stdout: string[] = [];
      requests = [];
      const code = await runSyncCommand(
        ["--url", service.url, "--whitelist", "survival,bedrock", "--out", out, "--once"],
        {
          env: { WLS_KEY: key },
          stdout: (line) => stdout.push(line),
          stderr: (line) => stdout.push(line),
          deps: { fetch: recording },
        },
      );
      return { code, stdout, requests };
    };
    const status = (verb: string, count: number) =>
      `${verb} whitelists "survival" (${survival.id}) and "bedrock" (${bedrock.id}): ${count} entries → ${out} (vanilla)`;

    expect(await once()).toEqual({
      code: 0,
      stdout: [status("Wrote", 4)],
      requests: ["/whitelists 200", "/survival/entries 200", "/bedrock/entries 200"],
    });
    expect(fileBytes(out)).toEqual(await mergedApiBytes(service, key, ids, "vanilla"));
    expect(await once()).toEqual({
      code: 0,
      stdout: [status("Unchanged:", 4)],
      requests: [
        "/whitelists 200",
        "/survival/entries 304 (if-none-match)",
        "/bedrock/entries 304 (if-none-match)",
      ],
    });

    await seedEntries(s, bedrock.id, [bedrockPlayer("Pocket Gamer", "2535400000000001")]);
    expect(await once()).toEqual({
      code: 0,
      stdout: [status("Wrote", 5)],
      requests: [
        "/whitelists 200",
        "/survival/entries 304 (if-none-match)",
        "/bedrock/entries 200 (if-none-match)",
        "/survival/entries 200",
      ],
    });
    expect(fileBytes(out)).toEqual(await mergedApiBytes(service, key, ids, "vanilla"));

    // Edited by hand: the ETags no longer vouch for the file, so it is downloaded and repaired, and said.
    writeFileSync(out, "[]\n");
    expect(await once()).toEqual({
      code: 0,
      stdout: [
        `${out} was changed by someone else (an in-game command or a hand edit): Notch, jeb_, .Alex_Pocket, ` +
          ".Steve, .Pocket_Gamer removed there but still on the whitelist: put back",
        status("Wrote", 5),
      ],
      requests: ["/whitelists 200", "/survival/entries 200", "/bedrock/entries 200"],
    });
    expect(fileBytes(out)).toEqual(await mergedApiBytes(service, key, ids, "vanilla"));
  });

  test("after the agent restarts: it resumes from <out>.cursor, with changes to both made meanwhile", async () => {
    const { service, s, survival, bedrock, creative, key, out, ids } = await world();
    const options = agentOptions(service, key, ["survival", "bedrock"], fixture.dir);
    const first = agent(options);
    await first.waitFor("started");
    await seedEntries(s, bedrock.id, [bedrockPlayer("Early Bird", "2535400000000004")]);
    const cursor = await latestEventId(service);
    await first.synced(cursor);
    await first.stop();
    expect(JSON.parse(readFileSync(statePath(out), "utf8"))).toMatchObject({
      version: 3,
      whitelistIds: ids,
      after: String(cursor),
    });

    await s.entries.remove({ whitelistId: survival.id, nick: "Notch", origin: "api" });
    await seedEntries(s, bedrock.id, [bedrockPlayer("Late Comer", "2535400000000005")]);
    await seedEntries(s, creative.id, ["Elsewhere"]);
    const second = agent(options);
    const started = await second.waitFor("started");
    await second.synced(await latestEventId(service));
    expect(await second.events.find((e) => e.type === "connected")).toEqual({
      type: "connected",
      after: String(cursor),
    });
    expect([started.entries, started.written]).toEqual([5, true]);
    expect(fileBytes(out)).toEqual(await mergedApiBytes(service, key, ids, "vanilla"));
    expect(JSON.parse(readFileSync(statePath(out), "utf8")).after).toBe(String(await latestEventId(service)));
  });

  test("after the socket is closed server-side: resumes with after=, every event of both applied once, no download", async () => {
    const { service, s, survival, bedrock, creative, key, out, ids } = await world();
    const downloads: string[] = [];
    const recording = (async (input: string | URL | Request, init?: RequestInit) => {
      downloads.push(new URL(String(input)).pathname);
      return fetch(input, init);
    }) as typeof fetch;
    const sleep = manualSleep();
    const sync = agent(agentOptions(service, key, ["survival", "bedrock"], fixture.dir), {
      sleep: sleep.sleep,
      fetch: recording,
    });
    await sync.waitFor("started");
    await seedEntries(s, survival.id, ["First"]);
    const cursor = await latestEventId(service);
    await sync.synced(cursor);

    service.hub.closeAll(1001, "going away");
    await sleep.waiting();
    await seedEntries(s, survival.id, ["Alex"]);
    await s.entries.remove({ whitelistId: bedrock.id, nick: "alex pocket", origin: "api" });
    await seedEntries(s, creative.id, ["Elsewhere"]);
    await seedEntries(s, bedrock.id, [bedrockPlayer("Night Owl", "2535400000000006")]);
    const from = sync.events.length;
    const fetched = downloads.length;
    sleep.releaseAll();
    await sync.synced(await latestEventId(service), from);
    expect(sync.events.slice(from).find((e) => e.type === "connected")).toEqual({
      type: "connected",
      after: String(cursor),
    });
    expect(downloads.slice(fetched)).toEqual([]);
    // Replayed events may come in one batch, whose additions are told before its removals.
    expect(changes(sync, from).sort()).toEqual([
      "added .Night_Owl (bedrock)",
      "added Alex (survival)",
      "removed .Alex_Pocket (bedrock)",
    ]);
    expect(fileBytes(out)).toEqual(await mergedApiBytes(service, key, ids, "vanilla"));
  });
});
