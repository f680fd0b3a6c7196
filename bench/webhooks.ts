/**
 * Benchmark: webhook fan-out of one change to 1,000 receivers, 10% of which never answer.
 *
 * What it measures: receivers are real `Bun.serve` listeners on 127.0.0.1, port 0, spread over child processes
 * (this file run with `--receivers`); hung ones read the request and never answer. The parent runs the real
 * services over a temp SQLite file and the real webhook sender (node:http transport, 5 s timeout, per-key
 * lanes), with two guilds: "baseline" has 900 guild-wide keys pointing at the healthy receivers, "mixed" has
 * 1,000 keys: the same 900 plus 100 hung receivers. For each change (an `entries.add`, so the event goes
 * through the outbox and the bus as in production) the figure is the time from the call until every healthy
 * receiver has the event; each child reports when all its healthy receivers have it. Each round runs the
 * baseline events, then the mixed ones, back to back, so the hung deliveries pile up (4 in flight per hung key,
 * the rest owed) as they would under a burst of changes; then the hung receivers are let go (they answer what
 * they hold, and anything after) and the sender drains before the next round, whose baseline thus has no hung
 * request. Rounds alternate the two, so a machine whose load drifts (a shared one) weighs on both alike.
 *
 * How to read it: the median of the mixed events is compared with the 300 ms target; "ratio" is the time of
 * mixed ÷ baseline, how much the hung receivers slow the healthy ones down (1.0 = not at all, below 1 is
 * noise). "publisher" is how long `entries.add` took: the fan-out must not run inside it. `--neighbours cpu`
 * runs `stress-ng --cpu 2` beside it all (a game server's CPU, bench/neighbours.ts). `--transport fetch` runs the
 * same with a `fetch` transport, to show what Bun's 256-request fetch pool does once hung requests fill it.
 *
 * Usage: bun bench/webhooks.ts [--receivers-per-child 500] [--children 2] [--events 9] [--warmup 2]
 *                              [--rounds 3] [--neighbours cpu] [--transport node|fetch]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Subprocess } from "bun";
import { closeDatabase } from "../src/db/client.ts";
import type { EntryEvent } from "../src/entries/events.ts";
import { openServices } from "../src/services.ts";
import { systemClock } from "../src/shared/clock.ts";
import { silentLogger } from "../src/shared/logger.ts";
import { createWebhookSender } from "../src/webhooks/sender.ts";
import { createWebhookService } from "../src/webhooks/service.ts";
import { generateWebhookSecret } from "../src/webhooks/signature.ts";
import type { Transport } from "../src/webhooks/transport.ts";
import { median } from "./lib.ts";
import { parseNeighbours, startNeighbours } from "./neighbours.ts";

const TARGET_MS = 300;
const HUNG_SHARE = 0.1;

type Manifest = { healthy: number[]; hung: number[] };

/**
 * Child: `healthy` answering listeners and `hung` silent ones; prints the ports, then `done <id>` per event. A
 * line `release` on stdin makes the hung ones answer what they hold and anything after; `hang`, hang again.
 */
async function runReceivers(healthy: number, hung: number): Promise<void> {
  const held: (() => void)[] = [];
  let hanging = true;
  void (async () => {
    for await (const line of console) {
      if (line === "hang") hanging = true;
      if (line === "release") {
        hanging = false;
        for (const answer of held.splice(0)) answer();
      }
    }
  })();
  const received = new Map<string, number>();
  const manifest: Manifest = { healthy: [], hung: [] };
  for (let i = 0; i < healthy; i++) {
    const server = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      async fetch(request) {
        await request.arrayBuffer();
        const id = request.headers.get("webhook-id") ?? "";
        const count = (received.get(id) ?? 0) + 1;
        received.set(id, count);
        if (count === healthy) process.stdout.write(`done ${id}\n`);
        return new Response(null, { status: 204 });
      },
    });
    manifest.healthy.push(server.port as number);
  }
  for (let i = 0; i < hung; i++) {
    const server = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      idleTimeout: 0,
      async fetch(request) {
        await request.arrayBuffer();
        if (!hanging) return new Response(null, { status: 204 });
        return new Promise<Response>((answer) =>
          held.push(() => answer(new Response(null, { status: 204 }))),
        );
      },
    });
    manifest.hung.push(server.port as number);
  }
  process.stdout.write(`ports ${JSON.stringify(manifest)}\n`);
  await new Promise(() => {});
}

type Child = Subprocess<"pipe", "pipe", "inherit">;

/** Reads a child's stdout line by line. */
async function readLines(child: Child, onLine: (line: string) => void) {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of child.stdout) {
    buffer += decoder.decode(chunk, { stream: true });
    for (let newline = buffer.indexOf("\n"); newline >= 0; newline = buffer.indexOf("\n")) {
      onLine(buffer.slice(0, newline));
      buffer = buffer.slice(newline + 1);
    }
  }
}

/** A `fetch` transport, for comparison only: it connects to the checked address like the real one. */
const fetchTransport: Transport = async ({ url, address, headers, body, signal }) => {
  const target = new URL(url);
  target.hostname = address.includes(":") ? `[${address}]` : address;
  const response = await fetch(target, {
    method: "POST",
    headers: { ...headers, host: url.host },
    body,
    redirect: "manual",
    signal,
    proxy: false,
  } as RequestInit);
  await response.body?.cancel();
  return response.status;
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      "receivers-per-child": { type: "string", default: "500" },
      children: { type: "string", default: "2" },
      events: { type: "string", default: "9" },
      warmup: { type: "string", default: "2" },
      transport: { type: "string", default: "node" },
      rounds: { type: "string", default: "3" },
      neighbours: { type: "string", default: "none" },
    },
  });
  const rounds = Number(values.rounds);
  const neighbourKinds = parseNeighbours(values.neighbours);
  const perChild = Number(values["receivers-per-child"]);
  const childCount = Number(values.children);
  const eventCount = Number(values.events);
  const warmup = Number(values.warmup);
  const hungPerChild = Math.round(perChild * HUNG_SHARE);
  const healthyPerChild = perChild - hungPerChild;

  const children: Child[] = [];
  const manifests: Manifest[] = [];
  const finished = new Map<string, { children: number; resolve: () => void }>();
  const waitFor = (id: string) =>
    new Promise<void>((resolve) => {
      const seen = finished.get(id);
      if (seen && seen.children >= childCount) resolve();
      else finished.set(id, { children: seen?.children ?? 0, resolve });
    });
  await Promise.all(
    Array.from({ length: childCount }, async () => {
      const child = Bun.spawn(
        [process.execPath, import.meta.path, "--receivers", String(healthyPerChild), String(hungPerChild)],
        { stdin: "pipe", stdout: "pipe", stderr: "inherit" },
      );
      children.push(child);
      await new Promise<void>((ready) => {
        void readLines(child, (line) => {
          if (line.startsWith("ports ")) {
            manifests.push(JSON.parse(line.slice(6)));
            ready();
          } else if (line.startsWith("done ")) {
            const id = line.slice(5);
            const entry = finished.get(id) ?? { children: 0, resolve: () => {} };
            entry.children++;
            finished.set(id, entry);
            if (entry.children >= childCount) entry.resolve();
          }
        });
      });
    }),
  );
  const healthyPorts = manifests.flatMap((manifest) => manifest.healthy);
  const hungPorts = manifests.flatMap((manifest) => manifest.hung);

  const dir = mkdtempSync(join(tmpdir(), "wls-bench-webhooks-"));
  const services = openServices({ path: join(dir, "bench.db"), clock: systemClock, logger: silentLogger });
  const webhooks = createWebhookService({
    store: services.store,
    write: services.write,
    keys: services.keys,
    allowPrivate: true,
  });
  const seedGuild = async (guildId: string, ports: number[]) => {
    const whitelist = await services.whitelists.create({
      guildId,
      name: "bench",
      channelId: "200000000000000001",
      nickType: "offline",
      registrationMode: "command",
    });
    // The setup is not measured: skip the per-key disk flush (this connection only), restored below.
    services.store.client.run("PRAGMA synchronous = OFF");
    for (const port of ports) {
      const { key } = await services.keys.create({
        guildId,
        name: "bench",
        whitelistId: null,
        createdBy: "1",
      });
      services.store.client.run("UPDATE link_keys SET webhook_url = ?, webhook_secret = ? WHERE id = ?", [
        `http://127.0.0.1:${port}/hook?token=t`,
        generateWebhookSecret(),
        key.id,
      ]);
    }
    services.store.client.run("PRAGMA synchronous = FULL");
    return whitelist.id;
  };
  const baselineList = await seedGuild("100000000000000001", healthyPorts);
  const mixedList = await seedGuild("100000000000000002", [...healthyPorts, ...hungPorts]);

  let failures = 0;
  let measuring = true;
  const sender = createWebhookSender({
    webhooks,
    events: services.events,
    bus: services.bus,
    keys: services.keys,
    clock: systemClock,
    logger: silentLogger,
    version: "bench",
    allowPrivate: true,
    transport: values.transport === "fetch" ? fetchTransport : undefined,
  });
  sender.onDelivery(({ outcome }) => {
    if (measuring && outcome.status !== 204 && !outcome.error?.startsWith("timed out")) failures++;
  });
  sender.start();
  let lastEvent: EntryEvent | undefined;
  services.bus.subscribe((notice) => {
    lastEvent = notice.event;
  });

  let nick = 0;
  const measure = async (whitelistId: string) => {
    const started = performance.now();
    await services.entries.add({
      whitelistId,
      nick: `bench_${nick++}`,
      uuid: null,
      premium: false,
      userId: "1",
      addedBy: "1",
      origin: "discord",
    });
    const publisherMs = performance.now() - started;
    await waitFor((lastEvent as EntryEvent).id);
    return { totalMs: performance.now() - started, publisherMs };
  };
  const run = async (whitelistId: string) => {
    for (let i = 0; i < warmup; i++) await measure(whitelistId);
    const results = [];
    for (let i = 0; i < eventCount; i++) results.push(await measure(whitelistId));
    return results;
  };

  const tell = async (line: string) => {
    for (const child of children) {
      child.stdin.write(`${line}\n`);
      await child.stdin.flush();
    }
  };
  const neighbours = startNeighbours(neighbourKinds, dir, 30 * 60_000);
  const baseline: { totalMs: number; publisherMs: number }[] = [];
  const mixed: typeof baseline = [];
  const perRound: string[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const roundBaseline = await run(baselineList);
      const roundMixed = await run(mixedList);
      baseline.push(...roundBaseline);
      mixed.push(...roundMixed);
      const ratio = median(roundMixed.map((r) => r.totalMs)) / median(roundBaseline.map((r) => r.totalMs));
      perRound.push(ratio.toFixed(2));
      // The hung receivers answer; the next baseline starts with nothing in flight.
      measuring = false;
      await tell("release");
      while (!sender.idle()) await Bun.sleep(10);
      await tell("hang");
      measuring = true;
    }
  } finally {
    await neighbours.stop();
  }
  measuring = false;

  for (const child of children) child.kill();
  await Promise.all(children.map((child) => child.exited));
  await sender.stop();
  closeDatabase(services.db);
  rmSync(dir, { recursive: true, force: true });

  const baselineMs = median(baseline.map((result) => result.totalMs));
  const mixedMs = median(mixed.map((result) => result.totalMs));
  const publisherMs = median([...baseline, ...mixed].map((result) => result.publisherMs));
  const format = (ms: number) => `${ms.toFixed(1)} ms`;
  console.log(
    `webhook fan-out, transport ${values.transport}: one change → every healthy receiver` +
      (neighbourKinds.length > 0 ? `, beside ${neighbourKinds.join(" and ")} neighbours` : ""),
  );
  console.log(
    `  ${childCount} receiver processes × ${perChild} listeners, median of ${eventCount} events × ${rounds} rounds`,
  );
  console.log(`  baseline  (${healthyPorts.length} healthy, none hung):        ${format(baselineMs)}`);
  console.log(
    `  mixed     (${healthyPorts.length} healthy + ${hungPorts.length} hung):       ${format(mixedMs)}` +
      `   target < ${TARGET_MS} ms: ${mixedMs < TARGET_MS ? "met" : "MISSED"}`,
  );
  console.log(
    `  ratio mixed / baseline (time): ${(mixedMs / baselineMs).toFixed(2)}; per round ${perRound.join(", ")}`,
  );
  const each = (results: { totalMs: number }[]) =>
    results.map((result) => result.totalMs.toFixed(0)).join(", ");
  console.log(`  each baseline event: ${each(baseline)} ms`);
  console.log(`  each mixed event:    ${each(mixed)} ms (the median hides stalls: look for outliers here)`);
  console.log(`  publisher (entries.add incl. commit), median: ${format(publisherMs)}`);
  if (failures > 0) {
    console.log(`  unexpected delivery failures: ${failures}`);
    process.exit(1);
  }
}

if (process.argv[2] === "--receivers") {
  await runReceivers(Number(process.argv[3]), Number(process.argv[4]));
} else {
  await main();
}
