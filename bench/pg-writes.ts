/**
 * Benchmark: write throughput of one replica on PostgreSQL beside a single node on SQLite (issue 26 §3: DELETE
 * throughput on PostgreSQL at least 0.8× SQLite's on the same machine).
 *
 * What runs, every process on 127.0.0.1, port 0:
 * - a throwaway PostgreSQL from Debian's package (test/helpers/postgres.ts: its own data directory) as users run
 *   it: `fsync` and `synchronous_commit` on, so each commit waits for its WAL flush as SQLite's does
 *   (`--fsync-off`: the test helper's fsync=off, which flattered PostgreSQL: issue 38);
 * - one replica, `whitelist-sync serve` (`bun src/main.ts serve`) with DATABASE_URL, and one node with
 *   DATABASE_PATH on a SQLite file (synchronous=FULL: every commit is a disk flush, as on PostgreSQL);
 * - each seeded by this process through the services with one whitelist of enough entries (each nick a different
 *   member's, as on a busy server) and a guild-wide key.
 *
 * What it measures, per round and store: `--deletes` `DELETE /api/v1/whitelists/{id}/entries/{nick}`, each of a
 * different nick, from `--concurrency` loops at once, after `--warmup` unmeasured ones: DELETEs per second (all
 * of them over the time they took) and each one's latency, p50 and p99 (nearest rank). The stores take turns in
 * four segments per round (SQLite, PostgreSQL, PostgreSQL, SQLite, …), so that a change in the machine's load
 * falls on both alike. Every DELETE must answer 200.
 *
 * "CPU ms/DELETE" is the CPU time spent per DELETE (user + system, from /proc) by the service process and, on
 * PostgreSQL, by the server's processes (its backends run the statements SQLite runs inside the service).
 *
 * How to read it: "ratio" is PostgreSQL ÷ SQLite of the same round (target for DELETE/s: at least 0.8). On a
 * shared 2-core machine the load, the service, PostgreSQL and the loops share the cores, so DELETE/s follows
 * the CPU each DELETE costs as much as its round trips: the load average is printed first.
 *
 * Usage: bun bench/pg-writes.ts [--deletes 2000] [--concurrency 16] [--warmup 200] [--rounds 2] [--fsync-off]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { closeDatabase } from "../src/db/client.ts";
import { closeStore } from "../src/db/driver.ts";
import { openServices, openStoreServices, type Services } from "../src/services.ts";
import { systemClock } from "../src/shared/clock.ts";
import { silentLogger } from "../src/shared/logger.ts";
import { startPostgres } from "../test/helpers/postgres.ts";
import { cpuMs, fixed, grouped, postmaster, quantile, serveChild, table, withChildren } from "./lib.ts";

const { values } = parseArgs({
  options: {
    deletes: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "16" },
    warmup: { type: "string", default: "200" },
    rounds: { type: "string", default: "2" },
    "fsync-off": { type: "boolean", default: false },
  },
});
const DELETES = Number(values.deletes);
const CONCURRENCY = Number(values.concurrency);
const WARMUP = Number(values.warmup);
const ROUNDS = Number(values.rounds);
const SEGMENTS = 4;
const GUILD = "100000000000000001";

const children: Bun.Subprocess[] = [];
const cleanups: (() => void | Promise<void>)[] = [];

/** `whitelist-sync serve` with `env` (bench/lib.ts, serveChild). */
const serve = (env: Record<string, string>) => serveChild(env, children);

/** A whitelist of `count` nicks and a guild-wide key, through `services`. */
async function seed(services: Services, count: number) {
  const whitelist = await services.whitelists.create({
    guildId: GUILD,
    name: "survival",
    channelId: "200000000000000001",
    nickType: "offline",
    registrationMode: "command",
    maxNicksPerUser: 1_000_000,
  });
  const nicks = Array.from({ length: count }, (_, i) => `Player_${i}`);
  for (let at = 0; at < count; at += 5000) {
    await services.entries.addMany(
      nicks.slice(at, at + 5000).map((nick, index) => ({
        whitelistId: whitelist.id,
        nick,
        uuid: null,
        premium: false,
        // A member each, as on a busy server: what follows a member's changes (their nickname) has one each.
        userId: String(300_000_000_000_000_001n + BigInt(at + index)),
        addedBy: "300000000000000001",
        origin: "staff" as const,
      })),
    );
  }
  const { plaintext } = await services.keys.create({
    guildId: GUILD,
    name: "bench",
    whitelistId: null,
    createdBy: "300000000000000009",
  });
  return { url: "", pid: 0, serverPids: [] as number[], whitelistId: whitelist.id, key: plaintext, nicks };
}

type Target = Awaited<ReturnType<typeof seed>>;

/** `count` DELETEs of the next nicks of `target`, CONCURRENCY at a time: how long they took, and each one's. */
async function deletes(target: Target, count: number) {
  const latencies: number[] = [];
  const cpuBefore = [cpuMs([target.pid]), cpuMs(target.serverPids)];
  const batch = target.nicks.splice(0, count);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let nick = batch.shift(); nick !== undefined; nick = batch.shift()) {
        const sent = performance.now();
        const response = await fetch(
          `${target.url}/api/v1/whitelists/${target.whitelistId}/entries/${nick}`,
          {
            method: "DELETE",
            headers: { authorization: `Bearer ${target.key}` },
          },
        );
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`DELETE ${nick} answered ${response.status}`);
        latencies.push(performance.now() - sent);
      }
    }),
  );
  return {
    ms: performance.now() - started,
    latencies,
    cpu: cpuMs([target.pid]) - (cpuBefore[0] as number),
    serverCpu: cpuMs(target.serverPids) - (cpuBefore[1] as number),
  };
}

try {
  const perStore = ROUNDS * (WARMUP + DELETES);
  // Durable as users run it (both are PostgreSQL's defaults; the test helper turns fsync off), unless asked.
  const pg = await startPostgres(
    values["fsync-off"] ? {} : { fsync: "on", synchronous_commit: "on", full_page_writes: "on" },
  );
  cleanups.push(() => pg.stop());
  const databaseUrl = await pg.database();
  const seeder = await openStoreServices({
    databaseUrl,
    path: "unused",
    clock: systemClock,
    logger: silentLogger,
  });
  const onPostgres = await seed(seeder.services, perStore);
  await seeder.replica?.leave();
  await closeStore(seeder.services.db);

  const dir = mkdtempSync(join(tmpdir(), "wls-bench-pg-writes-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, "single.db");
  const single = openServices({ path, clock: systemClock, logger: silentLogger });
  const onSqlite = await seed(single, perStore);
  closeDatabase(single.db);

  const [replica, node] = await Promise.all([
    serve({ DATABASE_URL: databaseUrl }),
    serve({ DATABASE_PATH: path }),
  ]);
  onPostgres.url = replica.url;
  onSqlite.url = node.url;
  // CPU time: the service's own; on PostgreSQL, the server's processes too (its backends do the statements).
  onSqlite.pid = node.pid;
  onPostgres.pid = replica.pid;
  onPostgres.serverPids = withChildren(postmaster(new URL(databaseUrl).port));
  const load = (await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ");
  console.log(
    `${grouped(DELETES)} DELETEs per round and store, ${CONCURRENCY} at a time, after ${WARMUP} unmeasured; ${ROUNDS} rounds; load ${load}; ` +
      `PostgreSQL with ${values["fsync-off"] ? "fsync off (--fsync-off)" : "fsync and synchronous_commit on"}`,
  );
  const rows: string[][] = [
    ["round", "store", "DELETE/s", "p50 ms", "p99 ms", "CPU ms/DELETE: service", "PostgreSQL server"],
  ];
  const ratios: string[][] = [["round", "DELETE/s PostgreSQL ÷ SQLite", "p50 PostgreSQL ÷ SQLite"]];
  for (let round = 1; round <= ROUNDS; round++) {
    const results = {
      SQLite: { ms: 0, count: 0, cpu: 0, serverCpu: 0, latencies: [] as number[] },
      PostgreSQL: { ms: 0, count: 0, cpu: 0, serverCpu: 0, latencies: [] as number[] },
    };
    for (const store of ["SQLite", "PostgreSQL"] as const)
      await deletes(store === "SQLite" ? onSqlite : onPostgres, WARMUP);
    // The stores take turns in short segments (ABBA…), so a change in the machine's load falls on both alike.
    for (let segment = 0; segment < SEGMENTS; segment++) {
      const order =
        segment % 2 === 0 ? (["SQLite", "PostgreSQL"] as const) : (["PostgreSQL", "SQLite"] as const);
      for (const store of order) {
        const count = Math.round(DELETES / SEGMENTS);
        const { ms, latencies, cpu, serverCpu } = await deletes(
          store === "SQLite" ? onSqlite : onPostgres,
          count,
        );
        results[store].ms += ms;
        results[store].cpu += cpu;
        results[store].serverCpu += serverCpu;
        results[store].count += count;
        results[store].latencies.push(...latencies);
      }
    }
    const perSecond = (store: keyof typeof results) => (results[store].count / results[store].ms) * 1000;
    for (const store of ["SQLite", "PostgreSQL"] as const) {
      const { latencies, cpu, serverCpu, count } = results[store];
      rows.push([
        String(round),
        store,
        grouped(perSecond(store)),
        fixed(quantile(latencies, 0.5)),
        fixed(quantile(latencies, 0.99)),
        fixed(cpu / count, 2),
        store === "SQLite" ? "" : fixed(serverCpu / count, 2),
      ]);
    }
    const p50 = (store: keyof typeof results) => quantile(results[store].latencies, 0.5);
    ratios.push([
      String(round),
      `${fixed(perSecond("PostgreSQL") / perSecond("SQLite"), 2)}×`,
      `${fixed(p50("PostgreSQL") / p50("SQLite"), 2)}×`,
    ]);
  }
  console.log("");
  console.log(table(rows));
  console.log("");
  console.log(table(ratios));
  console.log("\ntarget: DELETE/s on PostgreSQL at least 0.8× SQLite's");
} finally {
  // The services first: a replica whose database went away first would log its reconnections.
  for (const child of children) child.kill();
  await Promise.all(children.map((child) => child.exited));
  for (const cleanup of cleanups.reverse()) await cleanup();
}
