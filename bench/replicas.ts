/**
 * Benchmark: a change through replica A reaching the last of N subscribers on replica B (two replicas on one
 * PostgreSQL), beside the same on a single SQLite node; and reading a whitelist's entries from two replicas
 * beside one node.
 *
 * What runs, every process on 127.0.0.1, port 0:
 * - a throwaway PostgreSQL from Debian's package (test/helpers/postgres.ts: its own data directory, fsync off);
 * - replicas A and B: `whitelist-sync serve` (`bun src/main.ts serve`, the code the binary bundles) with
 *   DATABASE_URL; this process joins as a third replica only to seed (a whitelist of 1,000 entries and a
 *   guild-wide key: there is no API to add a nick);
 * - the single node: `whitelist-sync serve` on a SQLite file seeded the same way (synchronous=FULL: every
 *   commit is a disk flush, as on PostgreSQL by default; the throwaway server runs with fsync off, so the
 *   replicas' figures are, if anything, flattered on the disk's side).
 * N WebSocket subscribers (default 1,000) connect to replica B, and as many to the single node.
 *
 * What it measures:
 * - latency: `--events` removals one at a time, each `DELETE /api/v1/whitelists/{id}/entries/{nick}` sent to
 *   replica A (to the node itself for the single node), from just before the request to the moment the last
 *   subscriber has the event. Median and p99 (nearest rank). The cross-replica path adds B's LISTEN wake-up
 *   and its read of the log to the node's commit and fan-out;
 * - reads: `--seconds` of `GET …/entries` with `--connections` concurrent loops, spread over A and B, beside the
 *   same on the single node: requests per second (the load runs in this process, on the same cores).
 *
 * How to read it: "difference" is the cross-replica median minus the single node's (target: within 15 ms);
 * "ratio" for reads is two replicas ÷ one node. On a 2-core machine every process shares the cores: two
 * replicas cannot read faster than one node there; the figure shows what the second replica costs, not what it
 * gains on separate machines. Any subscriber that closes or misses an event aborts the run with exit code 1.
 *
 * Usage: bun bench/replicas.ts [--subscribers 1000] [--events 30] [--seconds 5] [--connections 32]
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
import { fixed, quantile, serveChild, table } from "./lib.ts";

const { values } = parseArgs({
  options: {
    subscribers: { type: "string", default: "1000" },
    events: { type: "string", default: "30" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "32" },
  },
});
const SUBSCRIBERS = Number(values.subscribers);
const EVENTS = Number(values.events);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const ENTRIES = 1_000;
const GUILD = "100000000000000001";

const children: Bun.Subprocess[] = [];
const cleanups: (() => void | Promise<void>)[] = [];
const fail = (message: string): never => {
  console.error(message);
  process.exitCode = 1;
  throw new Error(message);
};

/** `whitelist-sync serve` with `env` (bench/lib.ts, serveChild); resolves with its URL. */
const serve = async (env: Record<string, string>) => (await serveChild(env, children)).url;

/** A whitelist of ENTRIES nicks and a guild-wide key, through `services`. */
async function seed(services: Services) {
  const whitelist = await services.whitelists.create({
    guildId: GUILD,
    name: "survival",
    channelId: "200000000000000001",
    nickType: "offline",
    registrationMode: "command",
  });
  const nicks = Array.from({ length: ENTRIES }, (_, i) => `Player_${i}`);
  await services.entries.addMany(
    nicks.map((nick) => ({
      whitelistId: whitelist.id,
      nick,
      uuid: null,
      premium: false,
      userId: "300000000000000001",
      addedBy: "300000000000000001",
      origin: "staff" as const,
    })),
  );
  const { plaintext } = await services.keys.create({
    guildId: GUILD,
    name: "bench",
    whitelistId: null,
    createdBy: "300000000000000009",
  });
  return { whitelistId: whitelist.id, key: plaintext, nicks };
}

/** N subscribers on `url`; `last(nick)` resolves when every one of them has the event of that nick. */
async function subscribe(url: string, key: string) {
  const waiting = new Map<string, { left: number; resolve: () => void }>();
  const sockets: WebSocket[] = [];
  for (let opened = 0; opened < SUBSCRIBERS; opened += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, SUBSCRIBERS - opened) }, () => {
        const socket = new WebSocket(`${url.replace("http", "ws")}/api/v1/ws`, {
          headers: { authorization: `Bearer ${key}` },
        } as unknown as string[]);
        sockets.push(socket);
        socket.onmessage = (message) => {
          const event = JSON.parse(String(message.data)) as { entry?: { nick: string } };
          const wait = event.entry && waiting.get(event.entry.nick.toLowerCase());
          if (wait && --wait.left === 0) wait.resolve();
        };
        socket.onclose = () => fail("a subscriber was closed");
        return new Promise((resolve) => {
          socket.onopen = resolve;
        });
      }),
    );
  }
  cleanups.push(() => {
    for (const socket of sockets) {
      socket.onclose = null;
      socket.close();
    }
  });
  return {
    last: (nick: string) =>
      new Promise<void>((resolve) => waiting.set(nick.toLowerCase(), { left: SUBSCRIBERS, resolve })),
  };
}

/** EVENTS removals through `writeUrl`, each timed until the last subscriber has it. */
async function latencies(
  writeUrl: string,
  seeded: { whitelistId: string; key: string; nicks: string[] },
  last: (nick: string) => Promise<void>,
) {
  const times: number[] = [];
  for (let i = 0; i < EVENTS + 3; i++) {
    const nick = seeded.nicks.pop() as string;
    const arrived = last(nick);
    const start = performance.now();
    const response = await fetch(`${writeUrl}/api/v1/whitelists/${seeded.whitelistId}/entries/${nick}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${seeded.key}` },
    });
    if (response.status !== 200) fail(`DELETE answered ${response.status}`);
    const timer = setTimeout(() => fail("an event never reached every subscriber"), 10_000);
    await arrived;
    clearTimeout(timer);
    if (i >= 3) times.push(performance.now() - start);
  }
  return { median: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

/** Requests per second of `GET …/entries` over `urls` for SECONDS, CONNECTIONS loops spread over them. */
async function reads(urls: string[], whitelistId: string, key: string): Promise<number> {
  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, i) => {
      const url = `${urls[i % urls.length]}/api/v1/whitelists/${whitelistId}/entries`;
      while (performance.now() < until) {
        const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
        if (response.status !== 200) fail(`GET answered ${response.status}`);
        await response.arrayBuffer();
        done++;
      }
    }),
  );
  return done / SECONDS;
}

try {
  const pg = await startPostgres();
  cleanups.push(() => pg.stop());
  const databaseUrl = await pg.database();
  const seeder = await openStoreServices({
    databaseUrl,
    path: "unused",
    clock: systemClock,
    logger: silentLogger,
  });
  cleanups.push(async () => {
    await seeder.replica?.leave();
    await closeStore(seeder.services.db);
  });
  const replicated = await seed(seeder.services);

  const dir = mkdtempSync(join(tmpdir(), "wls-bench-replicas-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, "single.db");
  const single = openServices({ path, clock: systemClock, logger: silentLogger });
  const alone = await seed(single);
  closeDatabase(single.db);

  const [a, b, node] = await Promise.all([
    serve({ DATABASE_URL: databaseUrl }),
    serve({ DATABASE_URL: databaseUrl }),
    serve({ DATABASE_PATH: path }),
  ]);
  console.log(
    `${SUBSCRIBERS} subscribers, ${EVENTS} events, ${ENTRIES} entries; load ${(await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ")}`,
  );

  const onB = await subscribe(b, replicated.key);
  const onNode = await subscribe(node, alone.key);
  const cross = await latencies(a, replicated, onB.last);
  const local = await latencies(node, alone, onNode.last);
  const twoReplicas = await reads([a, b], replicated.whitelistId, replicated.key);
  const oneNode = await reads([node], alone.whitelistId, alone.key);

  const ms = (value: number) => `${fixed(value)} ms`;
  console.log("");
  console.log(
    table([
      ["change → last subscriber", "median", "p99"],
      [`A → ${SUBSCRIBERS} on B (PostgreSQL)`, ms(cross.median), ms(cross.p99)],
      ["single SQLite node", ms(local.median), ms(local.p99)],
      ["difference (target ≤ 15 ms)", ms(cross.median - local.median)],
    ]),
  );
  console.log("");
  console.log(
    `GET entries: two replicas ${twoReplicas.toFixed(0)} req/s, one node ${oneNode.toFixed(0)} req/s, ratio ${(twoReplicas / oneNode).toFixed(2)}×`,
  );
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
  for (const child of children) child.kill();
}
