/**
 * bench/link.ts's load generator, its own process so its CPU is not counted as the endpoint's: the fake Mojang
 * (the session server's `join` and `hasJoined`) and the minimal Bun login client of
 * test/helpers/minecraft-client.ts (minecraft-protocol under Node spends about a second loading per process and
 * would be the bottleneck, not the endpoint). Prints `{"sessionUrl"}` once started, reads the endpoint's port on
 * stdin, runs `concurrency` login loops for `durationMs`, and prints `{"logins","failures","ms"}`.
 */
import { startFakeMojang } from "../../src/sandbox/mojang.ts";
import { login } from "../../test/helpers/minecraft-client.ts";

const [durationMs = 5000, concurrency = 16] = (process.argv[2] ?? "").split(",").map(Number);
const accounts = Array.from({ length: concurrency }, (_, i) => ({
  name: `bench_${i}`,
  uuid: `${i.toString(16).padStart(8, "0")}000040008000000000000000`.slice(0, 32),
}));
const mojang = startFakeMojang({ profiles: accounts });
process.stdout.write(`${JSON.stringify({ sessionUrl: mojang.url })}\n`);

const reader = process.stdin[Symbol.asyncIterator]();
const port = Number(String((await reader.next()).value).trim());

let logins = 0;
let failures = 0;
const started = performance.now();
const loop = async (account: (typeof accounts)[number]) => {
  while (performance.now() - started < durationMs) {
    const outcome = await login({ port, protocol: 767, ...account, sessionUrl: mojang.url }).catch(
      () => undefined,
    );
    if (outcome?.encrypted && outcome.text.startsWith("CODE")) logins++;
    else failures++;
  }
};
await Promise.all(accounts.map(loop));
const ms = performance.now() - started;
process.stdout.write(`${JSON.stringify({ logins, failures, ms })}\n`);
await mojang.stop();
process.exit(0);
