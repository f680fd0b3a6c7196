import { connect } from "node:net";
import type { Timers } from "../../src/link/connection.ts";
import { type LinkEndpoint, type LinkEndpointOptions, startLinkEndpoint } from "../../src/link/index.ts";
import type { ProvenAccount } from "../../src/link/model.ts";
import { concat } from "../../src/link/protocol.ts";
import { type FakeMojang, startFakeMojang } from "../../src/sandbox/mojang.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { recordingLogger } from "../helpers/log.ts";
import { connectRaw, packetsIn, statusExchange } from "../helpers/minecraft-client.ts";

/**
 * Timers that run only when a test fires them or moves their time on: the endpoint's deadlines pass without
 * waiting.
 */
export function manualTimers() {
  let next = 1;
  let now = 0;
  const pending = new Map<number, { run: () => void; ms: number; at: number }>();
  const timers: Timers = {
    setTimeout(run, ms) {
      const id = next++;
      pending.set(id, { run, ms, at: now + ms });
      return id;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  return {
    timers,
    /** Runs every timer armed now for `ms` or more (all of them by default), whenever it is due. */
    fire(atLeastMs = 0) {
      for (const [id, timer] of [...pending]) {
        if (timer.ms < atLeastMs || !pending.has(id)) continue;
        pending.delete(id);
        timer.run();
      }
    },
    /** Moves time on by `ms`: runs, in the order they fall due, the timers due by then, those they arm included. */
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        let due: [number, { run: () => void; at: number }] | undefined;
        for (const entry of pending)
          if (entry[1].at <= until && (!due || entry[1].at < due[1].at)) due = entry;
        if (!due) break;
        pending.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = until;
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

/** A connection from one source address, as an attacker holds it: what it received, and when it was closed. */
export type HeldConnection = {
  received(): Uint8Array;
  /** Resolves with what was received when the endpoint closes it (or the test does). */
  closed: Promise<Uint8Array>;
  /** Whether it was closed by now. */
  isClosed(): boolean;
  close(): void;
};

/**
 * Opens a connection from `localAddress` (Linux routes all of 127/8 to loopback, so each is a client of its own:
 * node:net binds it, a documented option Bun.connect lacks), writes `bytes`, and resolves once the endpoint answered
 * with `packets` whole packets (0: once connected).
 */
export function connectFrom(
  port: number,
  localAddress: string,
  bytes?: Uint8Array,
  packets = 0,
): Promise<HeldConnection> {
  const chunks: Uint8Array[] = [];
  let isClosed = false;
  const socket = connect({ host: "127.0.0.1", port, localAddress });
  const closed = new Promise<Uint8Array>((resolve) => {
    socket.on("close", () => {
      isClosed = true;
      resolve(concat(chunks));
    });
  });
  socket.on("error", () => {}); // a reset after a terminate is a close like any other
  const held: HeldConnection = {
    received: () => concat(chunks),
    closed,
    isClosed: () => isClosed,
    close: () => socket.destroy(),
  };
  return new Promise((resolve, reject) => {
    const check = () => {
      if (packetsIn(concat(chunks)).length >= packets) resolve(held);
      else if (isClosed) reject(new Error(`${localAddress} was closed before ${packets} packets`));
    };
    socket.on("connect", () => {
      if (bytes) socket.write(bytes);
      check();
    });
    socket.on("data", (data: Buffer) => {
      chunks.push(new Uint8Array(data));
      check();
    });
    void closed.then(check);
  });
}
