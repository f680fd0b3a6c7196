import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, watch, writeFileSync } from "node:fs";
import { join } from "node:path";
import { floodgateUuid } from "../../src/nicks/floodgate.ts";
import { seedEntries, seedKey, seedWhitelist } from "../helpers/services.ts";
import { syncFixture } from "./fixture.ts";
import { agentOptions, apiBytes, fileBytes, GUILD, latestEventId, manualSleep } from "./helpers.ts";

// A Bedrock Dedicated Server kept by the agent: allowlist.json as BDS reads it (test/formats/bds.test.ts holds
// its bytes), and `allowlist reload` typed into the server's console, which BDS reads from its standard input:
// through a named pipe (systemd's ListenFIFO=, or `bedrock_server <> fifo` in a container) and through a program
// (`tmux send-keys`). The server is fixtures/fake-bds.ts, a stand-in reading its console and its allowlist as
// Mojang's documentation describes.

const FAKE_BDS = join(import.meta.dir, "fixtures", "fake-bds.ts");
const ALEX = "2535432196048835";
const STEVE = "2535405290019876";

const fixture = syncFixture("wls-bds-");

/** A Bedrock whitelist (Alex Pocket with his XUID, Steve Gamer without one yet), a Java one, a guild key. */
async function world() {
  const service = await fixture.service();
  const s = service.services;
  const pe = await seedWhitelist(s, { guildId: GUILD, name: "pe", nickType: "bedrock" });
  const survival = await seedWhitelist(s, { guildId: GUILD, name: "survival" });
  await seedEntries(s, pe.id, [
    { nick: ".Alex_Pocket", gamertag: "Alex Pocket", xuid: ALEX, uuid: floodgateUuid(ALEX) },
    { nick: ".Steve_Gamer", gamertag: "Steve Gamer" },
  ]);
  await seedEntries(s, survival.id, ["Notch"]);
  const { plaintext: key } = await seedKey(s, GUILD);
  return { service, s, pe, survival, key, out: join(fixture.dir, "allowlist.json") };
}

const agent = fixture.agent;

/** The fake server's console log, parsed. */
const logged = (): Record<string, unknown>[] => {
  const path = join(fixture.dir, "bds-console.log");
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line));
};

/** Resolves once the fake server's console log satisfies `check` (re-read on every change of the directory). */
function untilLogged(
  check: (lines: Record<string, unknown>[]) => boolean,
): Promise<Record<string, unknown>[]> {
  return new Promise((resolve) => {
    const watcher = watch(fixture.dir, () => test());
    const test = () => {
      const lines = logged();
      if (!check(lines)) return;
      watcher.close();
      resolve(lines);
    };
    test();
  });
}

const reloads = (lines: Record<string, unknown>[]) =>
  lines.filter((line) => line.command === "allowlist reload");

/** The fake server reading its console from a named pipe, opened read-write so it never sees end of file. */
function startServerOnFifo(fifo: string) {
  const child = Bun.spawn(["/bin/sh", "-c", 'exec bun "$0" "$1" <> "$2"', FAKE_BDS, fixture.dir, fifo], {
    stdout: "ignore",
    stderr: "inherit",
  });
  fixture.cleanup(() => child.kill());
  return untilLogged((lines) => lines.some((line) => line.ready));
}

describe("a Bedrock Dedicated Server", () => {
  test("through a named pipe: allowlist.json as BDS reads it, `allowlist reload` after each change", async () => {
    const { service, s, pe, key, out } = await world();
    const fifo = join(fixture.dir, "console");
    spawnSync("mkfifo", [fifo]);
    await startServerOnFifo(fifo);
    const options = agentOptions(service, key, ["pe", "survival"], fixture.dir, {
      format: "bds",
      out,
      console: { kind: "fifo", path: fifo },
      reloadCommand: "allowlist reload",
    });
    const sync = agent(options);
    await sync.waitFor("started");
    let lines = await untilLogged((all) => reloads(all).length === 1);
    expect(reloads(lines)[0]?.allowlist).toEqual([
      { ignoresPlayerLimit: false, name: "Alex Pocket", xuid: ALEX },
      { ignoresPlayerLimit: false, name: "Steve Gamer" },
    ]);
    // Notch is a Java nick: left out, and said so once.
    expect(sync.events.filter((e) => e.type === "warning")).toEqual([
      {
        type: "warning",
        message:
          "left out of allowlist.json: Notch (survival): Java nicks: a Bedrock Dedicated Server admits Xbox " +
          "accounts only, listed by gamertag",
      },
    ]);

    // Steve joins: no XUID in the file, so BDS takes the gamertag and writes his XUID in.
    await Bun.write(Bun.file(fifo), `join ${STEVE} steve gamer\n`);
    lines = await untilLogged((all) => all.some((line) => line.join === "steve gamer"));
    expect(lines.at(-1)).toEqual({ join: "steve gamer", admitted: true });

    // A change: the agent's next file keeps the XUID BDS wrote, and BDS reloads it.
    const zed = "2535400000000001";
    await seedEntries(s, pe.id, [{ nick: ".Zed", gamertag: "Zed", xuid: zed, uuid: floodgateUuid(zed) }]);
    await sync.synced(await latestEventId(service));
    lines = await untilLogged((all) => reloads(all).length === 2);
    expect(reloads(lines)[1]?.allowlist).toEqual([
      { ignoresPlayerLimit: false, name: "Alex Pocket", xuid: ALEX },
      { ignoresPlayerLimit: false, name: "Steve Gamer", xuid: STEVE },
      { ignoresPlayerLimit: false, name: "Zed", xuid: zed },
    ]);
    // The file is the API's bytes but for what BDS wrote in.
    const served = JSON.parse(new TextDecoder().decode(await apiBytes(service, key, pe.id, "bds")));
    expect(JSON.parse(readFileSync(out, "utf8"))).toEqual(
      served.map((entry: { name: string }) =>
        entry.name === "Steve Gamer" ? { ...entry, xuid: STEVE } : entry,
      ),
    );

    // BDS writing the XUID in is no drift: nobody added or removed anyone.
    expect(sync.events.filter((e) => e.type === "drift")).toEqual([]);

    // An XUID someone who is not on the list joins with is refused.
    await Bun.write(Bun.file(fifo), "join 2535499999999999 Notch\n");
    lines = await untilLogged((all) => all.some((line) => line.join === "Notch"));
    expect(lines.at(-1)).toEqual({ join: "Notch", admitted: false });
  });

  test("a pipe nothing reads yet: said so, tried again with backoff, and the reload runs once BDS starts", async () => {
    const { service, key, out } = await world();
    const fifo = join(fixture.dir, "console");
    spawnSync("mkfifo", [fifo]);
    const waits = manualSleep();
    const sync = agent(
      agentOptions(service, key, ["pe"], fixture.dir, {
        format: "bds",
        out,
        console: { kind: "fifo", path: fifo },
        reloadCommand: "allowlist reload",
      }),
      { sleep: waits.sleep, random: () => 0 },
    );
    const failed = await sync.waitFor("command-failed");
    expect(failed.error).toBe(`nothing reads the named pipe ${fifo} (is the game server running?)`);
    await startServerOnFifo(fifo);
    await waits.waiting();
    waits.releaseAll();
    await sync.waitFor("console-back");
    const lines = await untilLogged((all) => reloads(all).length === 1);
    expect(reloads(lines).map((line) => (line.allowlist as { name: string }[]).map((e) => e.name))).toEqual([
      ["Alex Pocket", "Steve Gamer"],
    ]);
    expect(fileBytes(out)).toEqual(
      new TextEncoder().encode(
        `[{"ignoresPlayerLimit":false,"name":"Alex Pocket","xuid":"${ALEX}"},` +
          '{"ignoresPlayerLimit":false,"name":"Steve Gamer"}]\n',
      ),
    );
  });

  test("a regular file where the pipe should be is never appended to", async () => {
    const { service, key, out } = await world();
    const notPipe = join(fixture.dir, "console");
    writeFileSync(notPipe, "");
    const waits = manualSleep();
    const sync = agent(
      agentOptions(service, key, ["pe"], fixture.dir, {
        format: "bds",
        out,
        console: { kind: "fifo", path: notPipe },
        reloadCommand: "allowlist reload",
      }),
      { sleep: waits.sleep },
    );
    expect((await sync.waitFor("command-failed")).error).toBe(
      `${notPipe} is not a named pipe: nothing was written`,
    );
    expect(readFileSync(notPipe, "utf8")).toBe("");
  });

  test.skipIf(spawnSync("tmux", ["-V"]).status !== 0)(
    "through tmux send-keys: the command travels in $WLS_COMMAND, never in the shell's text",
    async () => {
      const { service, s, pe, key, out } = await world();
      const socket = `wls-test-${process.pid}-${Date.now()}`;
      const tmux = (...args: string[]) => spawnSync("tmux", ["-L", socket, ...args], { encoding: "utf8" });
      expect(
        tmux("new-session", "-d", "-s", "bds", "-x", "200", `bun ${FAKE_BDS} ${fixture.dir}`).status,
      ).toBe(0);
      const pid = Number(tmux("display-message", "-p", "-t", "bds", "#{pid}").stdout.trim());
      fixture.cleanup(() => process.kill(pid));
      await untilLogged((lines) => lines.some((line) => line.ready));
      const sync = agent(
        agentOptions(service, key, ["pe"], fixture.dir, {
          format: "bds",
          out,
          console: {
            kind: "exec",
            command: `tmux -L ${socket} send-keys -t bds -l "$WLS_COMMAND" \\; send-keys -t bds Enter`,
          },
          reloadCommand: "allowlist reload",
        }),
      );
      await sync.waitFor("started");
      await untilLogged((lines) => reloads(lines).length === 1);
      await s.entries.remove({ whitelistId: pe.id, nick: "Alex Pocket", origin: "api" });
      const lines = await untilLogged((all) => reloads(all).length === 2);
      expect(reloads(lines)[1]?.allowlist).toEqual([{ ignoresPlayerLimit: false, name: "Steve Gamer" }]);
      expect(sync.events.filter((e) => e.type === "command-failed")).toEqual([]);
    },
  );
});
