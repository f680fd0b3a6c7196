/**
 * Bench helper: the sandbox Discord (seeded like the demo's server) and the fake Mojang API in a process of
 * their own, for `bench/soak.ts --sandbox-apart`. The service then runs `serve` against them, so that its RSS
 * holds none of the sandbox's state (the sandbox keeps every message it was sent). Prints one JSON line, a
 * `SandboxHello`; `stop`, SIGTERM or the end of stdin stops it (so it never outlives the coordinator). Not
 * meant to be run by hand.
 *
 * Usage: bun bench/soak/sandbox.ts
 */
import { randomBytes } from "node:crypto";
import { demo, demoProfiles, demoSeed } from "../../src/demo/seed.ts";
import { startSandboxDiscord } from "../../src/sandbox/discord/index.ts";
import { startFakeMojang } from "../../src/sandbox/mojang.ts";
import { readLines } from "../fanout/protocol.ts";

/** What the helper prints once both servers listen. */
export type SandboxHello = {
  type: "hello";
  /** The control API, `http://127.0.0.1:PORT/_sandbox`. */
  sandboxUrl: string;
  /** Discord's REST base for the service (`DISCORD_API_URL`). */
  discordApiUrl: string;
  /** The fake Mojang API for the service (`MOJANG_API_URL`). */
  mojangUrl: string;
  /** The bot token the sandbox accepts (`DISCORD_TOKEN`). */
  token: string;
};

/** Everything the helper prints. */
export type SandboxMessage = SandboxHello | { type: "error"; message: string };

if (import.meta.main) {
  // Shaped as Discord's: its first part is the bot's id in base64, as `serve` checks (src/setup/permissions.ts).
  const token = `${Buffer.from(demo.botId).toString("base64url")}.${randomBytes(24).toString("hex")}`;
  const mojang = startFakeMojang({ profiles: demoProfiles });
  // Limits off, as in the soak's `demo` (SANDBOX_RATE_LIMITS=off): the soak measures the service alone.
  const sandbox = await startSandboxDiscord({
    port: 0,
    hostname: "127.0.0.1",
    seed: demoSeed,
    token,
    rateLimits: false,
  });
  const hello: SandboxHello = {
    type: "hello",
    sandboxUrl: `${sandbox.url}/_sandbox`,
    discordApiUrl: sandbox.apiUrl,
    mojangUrl: mojang.url,
    token,
  };
  process.stdout.write(`${JSON.stringify(hello)}\n`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    Promise.all([sandbox.stop(), mojang.stop()]).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  void readLines(Bun.stdin.stream(), (command) => command === "stop" && stop(), stop);
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
