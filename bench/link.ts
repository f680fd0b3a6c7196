/**
 * Benchmark: logins per second through the link endpoint (issue 25: a login costs well under 50 ms of service
 * time), RSA and the session look-up included, against the fake Mojang.
 *
 * What it measures: this process runs only the endpoint (`startLinkEndpoint`, real timers, bounds raised so the
 * one loopback address may log in as fast as it can). A child process (bench/link/load.ts) runs the fake Mojang
 * and `--concurrency` loops of the minimal Bun client, each login a whole vanilla exchange: Handshake, Login
 * Start, Encryption Request, `join` at the fake, the RSA-encrypted Encryption Response, the endpoint's
 * `hasJoined` (an HTTP request to the other process), the port's text on an encrypted Login Disconnect.
 * - "logins/s": proven logins the client counted, over the load's wall time;
 * - "service cpu/login": this process's CPU time (user + system) during the load, per login: the service time
 *   a login costs the endpoint, whatever the client and the fake cost;
 * - "baseline": the CPU time of the bare cryptography one login needs, measured here in the same run, before and
 *   after the load (the lower is kept): two RSA-1024 PKCS#1 decryptions, the server id's SHA-1, a CFB8 cipher
 *   made and run over a disconnect's bytes; and the ratio service ÷ baseline;
 * - "memory": RSS and heap of this process before the endpoint starts, once started, and after the load.
 *
 * How to read it: "service cpu/login" against the 50 ms target. The ratio says how much of a login is the
 * cryptography it cannot do without (1×) and how much is sockets, parsing, the HTTP look-up and bookkeeping.
 * On this 2-core machine the client, the fake and the endpoint share the cores: logins/s is a floor.
 *
 * Usage: bun bench/link.ts [--duration 5] [--concurrency 16]
 */
import { constants, publicEncrypt } from "node:crypto";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createCfb8, createLoginKeys, minecraftDigest } from "../src/link/crypto.ts";
import { startLinkEndpoint } from "../src/link/index.ts";
import { silentLogger } from "../src/shared/logger.ts";

const { values } = parseArgs({
  options: { duration: { type: "string", default: "5" }, concurrency: { type: "string", default: "16" } },
});
const durationMs = Number(values.duration) * 1000;
const concurrency = Number(values.concurrency);
const TARGET_MS = 50;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const memory = () => {
  Bun.gc(true);
  const usage = process.memoryUsage();
  return { rss: usage.rss, heap: usage.heapUsed };
};

/** The CPU time of one login's cryptography alone, in microseconds (the median of five rounds of 200). */
function baselineMicros(): number {
  const keys = createLoginKeys();
  const secret = crypto.getRandomValues(new Uint8Array(16));
  const token = crypto.getRandomValues(new Uint8Array(4));
  const encrypt = (message: Uint8Array) =>
    publicEncrypt(
      {
        key: Buffer.from(keys.publicKeyDer),
        format: "der",
        type: "spki",
        padding: constants.RSA_PKCS1_PADDING,
      },
      message,
    );
  const sealedSecret = encrypt(secret);
  const sealedToken = encrypt(token);
  const disconnect = new Uint8Array(120);
  const rounds: number[] = [];
  for (let round = 0; round < 5; round++) {
    const started = process.cpuUsage();
    for (let i = 0; i < 200; i++) {
      const shared = keys.decrypt(sealedSecret) as Uint8Array;
      keys.decrypt(sealedToken);
      minecraftDigest("", shared, keys.publicKeyDer);
      createCfb8(shared, shared, "encrypt").update(disconnect);
    }
    const used = process.cpuUsage(started);
    rounds.push((used.user + used.system) / 200);
  }
  return rounds.sort((a, b) => a - b)[2] as number;
}

const baselineBefore = baselineMicros();
const before = memory();

const load = Bun.spawn(
  [process.execPath, join(import.meta.dir, "link", "load.ts"), `${durationMs},${concurrency}`],
  {
    stdin: "pipe",
    stdout: "pipe",
    stderr: "inherit",
  },
);
const lines = load.stdout.pipeThrough(new TextDecoderStream())[Symbol.asyncIterator]();
let buffered = "";
const nextLine = async (): Promise<string> => {
  while (!buffered.includes("\n")) {
    const chunk = await lines.next();
    if (chunk.done) throw new Error("the load generator stopped early");
    buffered += chunk.value;
  }
  const line = buffered.slice(0, buffered.indexOf("\n"));
  buffered = buffered.slice(buffered.indexOf("\n") + 1);
  return line;
};
const { sessionUrl } = JSON.parse(await nextLine()) as { sessionUrl: string };

let issued = 0;
const link = startLinkEndpoint({
  hostname: "127.0.0.1",
  port: 0,
  sessionUrl,
  logger: silentLogger,
  limits: { maxConnections: 4096, maxConnectionsPerAddress: 4096, loginsPerMinute: 1_000_000 },
  proof: {
    proven: async () => ({ text: `CODE-${++issued}\nType /register code:CODE-${issued} in Discord` }),
  },
});
const started = memory();

const cpuBefore = process.cpuUsage();
load.stdin.write(`${link.port}\n`);
await load.stdin.flush();
const result = JSON.parse(await nextLine()) as { logins: number; failures: number; ms: number };
const cpu = process.cpuUsage(cpuBefore);
await load.exited;
const after = memory();
const baseline = Math.min(baselineBefore, baselineMicros());
const counters = link.counters();
await link.stop();

const serviceMs = (cpu.user + cpu.system) / 1000 / Math.max(1, result.logins);
console.log(
  `link endpoint, ${concurrency} clients for ${durationMs / 1000} s (fake Mojang and clients in another process)`,
);
console.log(
  `logins/s            ${(result.logins / (result.ms / 1000)).toFixed(0)}  (${result.logins} proven, ${result.failures} failed)`,
);
console.log(`service cpu/login   ${serviceMs.toFixed(3)} ms  (target: well under ${TARGET_MS} ms)`);
console.log(
  `baseline crypto     ${(baseline / 1000).toFixed(3)} ms per login (2 RSA decryptions, SHA-1, CFB8)`,
);
console.log(`ratio               ${(serviceMs / (baseline / 1000)).toFixed(1)}× the baseline`);
console.log(
  `memory              rss ${mb(before.rss)} → ${mb(started.rss)} started → ${mb(after.rss)} after` +
    ` (heap ${mb(before.heap)} → ${mb(started.heap)} → ${mb(after.heap)})`,
);
console.log(
  `counters            ${JSON.stringify({ proven: counters.proven, open: counters.open, refused: Object.fromEntries(Object.entries(counters.refused).filter(([, n]) => n > 0)) })}`,
);
if (result.failures > 0 || counters.proven !== result.logins) process.exitCode = 1;
