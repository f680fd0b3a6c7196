/**
 * Benchmark: the entries read's own code, without the load generator or the wire. The service (`loadConfig` +
 * `startService`, as src/main.ts starts it) serves a seeded 1,000-entry whitelist; the handler it registers in Bun's
 * router for `GET /api/v1/whitelists/:whitelistId/entries` (taken from the routes it hands `Bun.serve`) is called in
 * a loop on one real request that came over loopback, for each format: the rate limit with the socket's address, the
 * key, the scope and the cached answer, everything a read does before Bun writes it. Beside it, `server.requestIP`
 * alone on the same request (the `getpeername` system call the rate limit makes per request), and the handler given a
 * stand-in server whose `requestIP` answers from memory: what the read costs without that system call, which costs
 * more between the read's other work than called alone in a loop.
 *
 * How to read it: nanoseconds per call, the fastest of 40 batches of 500 calls, the figure least moved by other work
 * on the machine, so usable on a shared one where `bench/entries.ts`'s req/s are not. `--checkout <dir>` measures
 * that checkout's service too (the code before a change), each in its own process, alternated `--rounds` times.
 *
 * Usage: bun bench/entries/handler.ts [--checkout <dir>] [--rounds 3]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { baseEnv, fixed } from "../lib.ts";

const ROUTE = "/api/v1/whitelists/:whitelistId/entries";
const FORMATS = ["", "?format=plain", "?format=easywhitelist", "?format=vanilla"];
const BATCHES = 40;
const BATCH = 500;
const ENTRY_COUNT = 1_000;

/** What one process measured: per format, ns per call of the handler, of requestIP alone, of the handler without it. */
type Figures = { handlerNs: number[]; requestIpNs: number[]; withoutSyscallNs: number[] };

/** The fastest batch of `f`, in ns per call, after a warm-up. */
function fastest(f: () => unknown): number {
  for (let i = 0; i < 2_000; i++) f();
  let best = Number.POSITIVE_INFINITY;
  for (let b = 0; b < BATCHES; b++) {
    const started = Bun.nanoseconds();
    for (let i = 0; i < BATCH; i++) f();
    best = Math.min(best, (Bun.nanoseconds() - started) / BATCH);
  }
  return best;
}

/** In a child: seeds, starts the service of the checkout at `root`, measures, prints one JSON line of Figures. */
async function child(root: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "wls-bench-handler-"));
  try {
    const path = join(dir, "whitelist-sync.db");
    const { openServices } = await import(join(root, "src/services.ts"));
    const { closeDatabase } = await import(join(root, "src/db/client.ts"));
    const { systemClock } = await import(join(root, "src/shared/clock.ts"));
    const { silentLogger } = await import(join(root, "src/shared/logger.ts"));
    const seeding = openServices({ path, clock: systemClock, logger: silentLogger });
    seeding.store.client.run("PRAGMA synchronous = OFF");
    const guildId = "100000000000000001";
    const whitelist = await seeding.whitelists.create({
      guildId,
      name: "survival",
      channelId: "200000000000000001",
      nickType: "java",
      registrationMode: "command",
    });
    for (let i = 0; i < ENTRY_COUNT; i++) {
      const userId = String(300_000_000_000_000_000n + BigInt(i));
      const nick = `Player_${String(i).padStart(4, "0")}`;
      const entry = { whitelistId: whitelist.id, nick, uuid: null, premium: false, userId, addedBy: userId };
      await seeding.entries.add({ ...entry, origin: "discord" });
    }
    const { plaintext } = await seeding.keys.create({
      guildId,
      name: "bench",
      whitelistId: null,
      createdBy: "3",
    });
    closeDatabase(seeding.db);

    // The handler as the service registers it: the first Bun.serve of the start is the API's.
    let routes: Record<string, { GET: (request: Request, server: unknown) => Response }> | undefined;
    const serve = Bun.serve;
    Bun.serve = ((options: { routes?: typeof routes }) => {
      routes ??= options.routes;
      return serve(options as never);
    }) as typeof Bun.serve;
    const { loadConfig } = await import(join(root, "src/config.ts"));
    const { startService } = await import(join(root, "src/server.ts"));
    const config = loadConfig({
      ...baseEnv(),
      DATABASE_PATH: path,
      HOST: "127.0.0.1",
      PORT: "0",
      RATE_LIMIT_PER_MINUTE: "1000000",
      LOG_LEVEL: "error",
    });
    const running = await startService(config, { logger: silentLogger });
    Bun.serve = serve;
    const handler = routes?.[ROUTE]?.GET;
    if (!handler) throw new Error(`the service registered no GET ${ROUTE}`);

    const figures: Figures = { handlerNs: [], requestIpNs: [], withoutSyscallNs: [] };
    // The same address the socket has, without asking the kernel (the rate limit reads nothing else of the server).
    const remembered = { requestIP: () => ({ address: "127.0.0.1", family: "IPv4", port: 1 }) };
    const measuring = serve({
      hostname: "127.0.0.1",
      port: 0,
      routes: {
        [ROUTE]: async (request, server) => {
          // The first read builds the format; every read measured is answered from memory, as a poll is.
          const first = await handler(request, server);
          if (first.status !== 200) throw new Error(`the read answered ${first.status}`);
          figures.handlerNs.push(fastest(() => handler(request, server)));
          figures.requestIpNs.push(fastest(() => server.requestIP(request)));
          figures.withoutSyscallNs.push(fastest(() => handler(request, remembered)));
          return new Response(null, { status: 204 });
        },
      },
    });
    for (const query of FORMATS) {
      const url = `http://127.0.0.1:${measuring.port}/api/v1/whitelists/${whitelist.id}/entries${query}`;
      await fetch(url, { headers: { authorization: `Bearer ${plaintext}` } });
    }
    await measuring.stop(true);
    await running.stop();
    process.stdout.write(`${JSON.stringify(figures)}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs one measuring child for the checkout at `root` and returns its figures. */
async function measure(root: string): Promise<Figures> {
  const spawned = Bun.spawn([process.execPath, import.meta.path, "--child", root], {
    env: baseEnv(),
    stdout: "pipe",
    stderr: "inherit",
  });
  const [code, out] = await Promise.all([spawned.exited, new Response(spawned.stdout).text()]);
  if (code !== 0) throw new Error(`the measuring process for ${root} exited with ${code}`);
  return JSON.parse(out.trim().split("\n").at(-1) ?? "") as Figures;
}

const { values } = parseArgs({
  options: {
    child: { type: "string" },
    checkout: { type: "string" },
    rounds: { type: "string", default: "3" },
  },
});
if (values.child) {
  await child(values.child);
  process.exit(0);
}
const here = resolve(import.meta.dir, "..", "..");
const trees = values.checkout ? [here, resolve(values.checkout)] : [here];
const rounds = Number(values.rounds);
console.log(
  `The entries read's handler on one request (ns per call, fastest of ${BATCHES} batches of ${BATCH}); formats ` +
    `json, plain, easywhitelist, vanilla; load average ${fixed(loadavg()[0] ?? 0, 2)} before starting`,
);
for (let round = 1; round <= rounds; round++) {
  for (const root of trees) {
    const { handlerNs, requestIpNs, withoutSyscallNs } = await measure(root);
    const list = (values: number[]) => values.map((ns) => fixed(ns, 0)).join(", ");
    console.log(
      `round ${round} ${root}: handler ${list(handlerNs)}; requestIP alone ${list(requestIpNs)}; ` +
        `handler without the system call ${list(withoutSyscallNs)}`,
    );
  }
}
console.log(`load average after: ${fixed(loadavg()[0] ?? 0, 2)}`);
