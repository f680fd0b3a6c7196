import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { manualClock } from "../../src/shared/clock.ts";
import { ExitCode, runSyncCommand, SyncStopError } from "../../src/sync/index.ts";
import { lockPath } from "../../src/sync/lock.ts";
import { seedEntries, seedKey, seedWhitelist } from "../helpers/services.ts";
import { syncFixture } from "./fixture.ts";
import {
  agentOptions,
  apiBytes,
  fileBytes,
  GUILD,
  latestEventId,
  type runAgent,
  type TestAgent,
} from "./helpers.ts";

// Two agents writing one file for different whitelists made it flip between their lists with no warning. One
// agent per file: `<out>.lock` holds the first one's pid and host; the second is refused, saying who holds it.

const fixture = syncFixture("wls-lock-");

async function world() {
  const service = await fixture.service();
  const s = service.services;
  const survival = await seedWhitelist(s, { guildId: GUILD, name: "survival" });
  const creative = await seedWhitelist(s, { guildId: GUILD, name: "creative" });
  await seedEntries(s, survival.id, ["Notch"]);
  await seedEntries(s, creative.id, ["jeb_"]);
  const { plaintext: key } = await seedKey(s, GUILD);
  return { service, s, survival, creative, key };
}

/** The agents' clock: 2026-11-22 12:00 UTC, where the lock's `since` and a lock's age are read. */
const NOW = Date.UTC(2026, 10, 22, 12);

function agent(options: Parameters<typeof runAgent>[0], deps: Parameters<typeof runAgent>[1] = {}) {
  return fixture.agent(options, { clock: manualClock(NOW), ...deps });
}

/** The reason an agent stopped. */
async function stopped(running: TestAgent): Promise<SyncStopError> {
  const error = await running.done.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SyncStopError);
  return error as SyncStopError;
}

describe("one agent per file", () => {
  test("a second agent on the same file is refused (78), naming the first; the first keeps the file", async () => {
    const { service, s, survival, key } = await world();
    const first = agent(agentOptions(service, key, "survival", fixture.dir));
    await first.waitFor("started");
    const out = join(fixture.dir, "whitelist.json");
    const second = agent(agentOptions(service, key, "creative", fixture.dir));
    const refusal = await stopped(second);
    expect([refusal.exitCode, refusal.message]).toEqual([
      ExitCode.config,
      `another whitelist-sync agent keeps ${out} current (pid ${process.pid} on ${JSON.parse(readFileSync(lockPath(out), "utf8")).host}, ` +
        `since 2026-11-22T12:00:00.000Z; ${lockPath(out)}): two agents on one file overwrite each other's lists. ` +
        "Run one agent per file, giving it every whitelist the file holds (--whitelist survival,bedrock); if no " +
        `agent runs there any more, delete ${lockPath(out)}`,
    ]);
    // The second never wrote: the file is still the first's whitelist, and follows it.
    await seedEntries(s, survival.id, ["Alex"]);
    await first.synced(await latestEventId(service));
    expect(fileBytes(out)).toEqual(await apiBytes(service, key, survival.id, "vanilla"));
  });

  test("--once beside a running agent: exit 78 and one line saying so", async () => {
    const { service, key } = await world();
    const first = agent(agentOptions(service, key, "survival", fixture.dir));
    await first.waitFor("started");
    const err: string[] = [];
    const code = await runSyncCommand(
      [
        "--url",
        service.url,
        "--whitelist",
        "creative",
        "--out",
        join(fixture.dir, "whitelist.json"),
        "--once",
      ],
      { env: { WLS_KEY: key }, stdout: () => {}, stderr: (line) => err.push(line) },
    );
    expect(code).toBe(ExitCode.config);
    expect(err).toEqual([expect.stringMatching(/^whitelist-sync sync: another whitelist-sync agent keeps /)]);
  });

  test("a lock left by an agent that is gone (this host) is taken over, said with whose it was; released at stop", async () => {
    const { service, key } = await world();
    const out = join(fixture.dir, "whitelist.json");
    writeFileSync(
      lockPath(out),
      `${JSON.stringify({ pid: 4242, host: "mc1", since: "2026-11-01T00:00:00.000Z" })}\n`,
    );
    const touched = Date.UTC(2026, 10, 21, 8, 30) / 1000;
    utimesSync(lockPath(out), touched, touched);
    const sync = agent(agentOptions(service, key, "survival", fixture.dir), {
      lock: { host: "mc1", pid: 5151, isAlive: (pid) => pid !== 4242 },
    });
    await sync.waitFor("started");
    expect(JSON.parse(readFileSync(lockPath(out), "utf8"))).toMatchObject({ pid: 5151, host: "mc1" });
    expect(sync.events.filter((e) => e.type === "warning")).toEqual([
      {
        type: "warning",
        message:
          `took over ${lockPath(out)} from pid 4242 on mc1 (started 2026-11-01T00:00:00.000Z, last touched ` +
          "2026-11-21T08:30:00.000Z): no process 4242 runs on this host any more",
      },
    ]);
    await sync.stop();
    expect(existsSync(lockPath(out))).toBe(false);
  });

  test("a container restarted as pid 1 takes its own old lock; a live one of this host is not", async () => {
    const { service, key } = await world();
    const out = join(fixture.dir, "whitelist.json");
    const held = { pid: 1, host: "a1b2c3", since: "2026-11-01T00:00:00.000Z" };
    writeFileSync(lockPath(out), JSON.stringify(held));
    const restarted = agent(agentOptions(service, key, "survival", fixture.dir), {
      lock: { host: "a1b2c3", pid: 1, isAlive: () => true },
    });
    await restarted.waitFor("started");
    expect(restarted.events.find((e) => e.type === "warning")).toEqual({
      type: "warning",
      message: expect.stringMatching(
        /from pid 1 on a1b2c3 \(started 2026-11-01T00:00:00\.000Z, last touched .*\): its pid is this process's, an earlier run's \(a container restarted\)$/,
      ),
    });
    await restarted.stop();

    writeFileSync(lockPath(out), JSON.stringify(held));
    const other = agent(agentOptions(service, key, "survival", fixture.dir), {
      lock: { host: "a1b2c3", pid: 7, isAlive: () => true },
    });
    expect((await stopped(other)).message).toContain("(pid 1 on a1b2c3, since 2026-11-01T00:00:00.000Z;");
    expect(other.events.some((e) => e.type === "warning")).toBe(false);
  });

  test("another host's lock (a shared disk): refused while touched, taken once untouched for 5 minutes", async () => {
    const { service, key } = await world();
    const out = join(fixture.dir, "whitelist.json");
    const now = NOW / 1000;
    writeFileSync(lockPath(out), JSON.stringify({ pid: 99, host: "mc2", since: "2026-11-22T11:00:00.000Z" }));
    utimesSync(lockPath(out), now - 60, now - 60);
    const refused = agent(agentOptions(service, key, "survival", fixture.dir), { lock: { host: "mc1" } });
    expect((await stopped(refused)).message).toContain("(pid 99 on mc2, since 2026-11-22T11:00:00.000Z;");

    utimesSync(lockPath(out), now - 301, now - 301);
    const taking = agent(agentOptions(service, key, "survival", fixture.dir), { lock: { host: "mc1" } });
    await taking.waitFor("started");
    expect(JSON.parse(readFileSync(lockPath(out), "utf8")).host).toBe("mc1");
    expect(taking.events.filter((e) => e.type === "warning")).toEqual([
      {
        type: "warning",
        message:
          `took over ${lockPath(out)} from pid 99 on mc2 (started 2026-11-22T11:00:00.000Z, last touched ` +
          "2026-11-22T11:54:59.000Z): untouched for 5 min, where a running agent touches it every minute",
      },
    ]);
  });
});
