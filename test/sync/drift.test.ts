import { describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { offlineUuid } from "../../src/nicks/uuid.ts";
import { jsonReporter, type SyncEvent } from "../../src/sync/report.ts";
import { seedEntries } from "../helpers/services.ts";
import { syncFixture } from "./fixture.ts";
import { agentOptions, apiBytes, fileBytes, latestEventId, rconAt, seedSurvival } from "./helpers.ts";

// Drift: what the game server or a person puts in the file the agent keeps. The vanilla server's
// `/whitelist add` rewrites whitelist.json with Gson (two-space indent, in the order players were added, each
// `{"uuid", "name"}`); the agent notices the change, names every entry it did not write, and drops it (the file
// follows the whitelist) or, with --keep-foreign, keeps it.

const fixture = syncFixture("wls-drift-");

async function world() {
  const service = await fixture.service();
  const s = service.services;
  const rcon = fixture.rcon({ password: "pw" });
  return { service, s, rcon, ...(await seedSurvival(s, ["Notch", "jeb_"])) };
}

const agent = fixture.agent;

/** whitelist.json as the vanilla server writes it (Gson, pretty-printed), with `added` put in by `/whitelist add`. */
function serverWrites(path: string, added: string[], removed: string[] = []) {
  const players = (JSON.parse(readFileSync(path, "utf8")) as { uuid: string; name: string }[]).filter(
    (player) => !removed.includes(player.name),
  );
  for (const name of added) players.push({ uuid: offlineUuid(name), name });
  writeFileSync(path, `${JSON.stringify(players, null, 2)}\n`);
}

const names = (path: string) =>
  (JSON.parse(readFileSync(path, "utf8")) as { name: string }[]).map((player) => player.name);

describe("entries someone else put in the file", () => {
  test("an in-game /whitelist add: named, dropped, the server reloads the file; a removal is put back", async () => {
    const { service, wl, key, rcon } = await world();
    const options = agentOptions(service, key, "survival", fixture.dir, { console: rconAt(rcon.port, "pw") });
    const sync = agent(options);
    await sync.waitFor("started");
    await rcon.until(() => rcon.commands.length === 1);

    serverWrites(options.out, ["Steve", "Alex"], ["jeb_"]);
    const drift = await sync.waitFor("drift");
    expect(drift).toEqual({
      type: "drift",
      file: options.out,
      foreign: ["Steve", "Alex"],
      removed: ["jeb_"],
      kept: false,
    });
    await rcon.until(() => rcon.commands.length === 2);
    expect(rcon.commands).toEqual(["whitelist reload", "whitelist reload"]);
    expect(fileBytes(options.out)).toEqual(await apiBytes(service, key, wl.id, "vanilla"));
  });

  test("--keep-foreign: kept, with the UUID the server gave them, through later changes; said once", async () => {
    const { service, s, wl, key, rcon } = await world();
    const options = agentOptions(service, key, "survival", fixture.dir, {
      console: rconAt(rcon.port, "pw"),
      keepForeign: true,
    });
    const sync = agent(options);
    await sync.waitFor("started");
    serverWrites(options.out, ["Steve"]);
    expect(await sync.waitFor("drift")).toMatchObject({ foreign: ["Steve"], removed: [], kept: true });

    await seedEntries(s, wl.id, ["Alex"]);
    await s.entries.remove({ whitelistId: wl.id, nick: "Notch", origin: "api" });
    await sync.synced(await latestEventId(service));
    expect(names(options.out)).toEqual(["Alex", "jeb_", "Steve"]);
    expect(JSON.parse(readFileSync(options.out, "utf8"))).toContainEqual({
      uuid: offlineUuid("Steve"),
      name: "Steve",
    });
    expect(sync.events.filter((e) => e.type === "drift").length).toBe(1);

    // Registered on Discord later: the whitelist's own entry now, no longer someone else's.
    await seedEntries(s, wl.id, ["Steve"]);
    await s.entries.remove({ whitelistId: wl.id, nick: "Steve", origin: "api" });
    await sync.synced(await latestEventId(service));
    expect(names(options.out)).toEqual(["Alex", "jeb_"]);
  });

  test("after a restart: what was added while the agent was away is named; what Discord removed is not", async () => {
    const { service, s, wl, key } = await world();
    const options = agentOptions(service, key, "survival", fixture.dir);
    const first = agent(options);
    await first.waitFor("started");
    await first.stop();

    await s.entries.remove({ whitelistId: wl.id, nick: "jeb_", origin: "api" });
    serverWrites(options.out, ["Steve"]);
    const second = agent(options);
    await second.waitFor("started");
    expect(second.events.filter((e) => e.type === "drift")).toEqual([
      { type: "drift", file: options.out, foreign: ["Steve"], removed: [], kept: false },
    ]);
    expect(names(options.out)).toEqual(["Notch"]);
  });

  test("the file rewritten by someone else with the same list (a save, another style): no drift, no write", async () => {
    const { service, key } = await world();
    const options = agentOptions(service, key, "survival", fixture.dir);
    const sync = agent(options);
    await sync.waitFor("started");
    const players = JSON.parse(readFileSync(options.out, "utf8"));
    writeFileSync(options.out, JSON.stringify(players.reverse()));
    const rewritten = readFileSync(options.out);
    // The agent puts its own bytes back; nobody added or removed anyone.
    await sync.waitFor("synced", () => !readFileSync(options.out).equals(rewritten));
    expect(sync.events.filter((e) => e.type === "drift")).toEqual([]);
  });

  test("--json: one warn line naming the entries, for a log collector", () => {
    const lines: string[] = [];
    const event: SyncEvent = {
      type: "drift",
      file: "/srv/mc/whitelist.json",
      foreign: ["Steve", "Alex"],
      removed: ["jeb_"],
      kept: false,
    };
    jsonReporter((line) => lines.push(line))(event);
    expect(JSON.parse(lines[0] as string)).toEqual({
      time: expect.any(String),
      level: "warn",
      msg: "drift",
      file: "/srv/mc/whitelist.json",
      foreign: "Steve,Alex",
      removed: "jeb_",
      kept: false,
    });
  });
});
