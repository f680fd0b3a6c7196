import type { Timers } from "../../src/link/connection.ts";
import { type LinkEndpoint, type LinkEndpointOptions, startLinkEndpoint } from "../../src/link/index.ts";
import type { ProvenAccount } from "../../src/link/model.ts";
import { type FakeMojang, startFakeMojang } from "../../src/sandbox/mojang.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { recordingLogger } from "../helpers/log.ts";
import { connectRaw, statusExchange } from "../helpers/minecraft-client.ts";

/** Timers that run only when a test fires them: the endpoint's deadlines pass without waiting. */
export function manualTimers() {
  let next = 1;
  const pending = new Map<number, { run: () => void; ms: number }>();
  const timers: Timers = {
    setTimeout(run, ms) {
      const id = next++;
      pending.set(id, { run, ms });
      return id;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  return {
    timers,
    /** Runs every timer armed now for `ms` or more (all of them by default). */
    fire(atLeastMs = 0) {
      for (const [id, timer] of [...pending]) {
        if (timer.ms < atLeastMs || !pending.has(id)) continue;
        pending.delete(id);
        timer.run();
      }
    },
    pending: () => pending.size,
  };
}

export const NOTCH = { name: "Notch", uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5" };
export const JEB = { name: "jeb_", uuid: "853c80ef-3c37-49fd-aa49-938b674adae6" };

/** An endpoint on port 0 with a fake Mojang that knows Notch and jeb_, a port that hands out known codes. */
export function startWorld(options: Partial<LinkEndpointOptions> = {}) {
  const mojang: FakeMojang = startFakeMojang({ profiles: [NOTCH, JEB] });
  const log = recordingLogger();
  const clock = manualClock();
  const time = manualTimers();
  const proofs: { account: ProvenAccount; address: string }[] = [];
  const link: LinkEndpoint = startLinkEndpoint({
    hostname: "127.0.0.1",
    port: 0,
    sessionUrl: mojang.url,
    community: "Test SMP",
    logger: log.logger,
    clock,
    timers: time.timers,
    proof: {
      async proven(account, from) {
        proofs.push({ account, address: from.address });
        return {
          text: `Your code: K7Q-${proofs.length}\nType /register code:K7Q-${proofs.length} in Discord`,
        };
      },
    },
    ...options,
  });
  return {
    mojang,
    link,
    log,
    clock,
    time,
    proofs,
    async stop() {
      await link.stop();
      await mojang.stop();
    },
  };
}

/**
 * Resolves once every connection opened before the call has been accepted by the endpoint (its deadline armed):
 * a status exchange on a new connection, which the kernel's accept queue hands over after the earlier ones.
 */
export async function acceptedSoFar(port: number): Promise<void> {
  const barrier = await connectRaw(port);
  barrier.write(statusExchange(767, 0n));
  await barrier.closed;
}
