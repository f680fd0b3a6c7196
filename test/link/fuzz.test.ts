import { afterEach, expect, test } from "bun:test";
import fc from "fast-check";
import { defaultLimits } from "../../src/link/guard.ts";
import { concat, packet } from "../../src/link/protocol.ts";
import { connectRaw, handshake, login, loginStart, statusExchange } from "../helpers/minecraft-client.ts";
import { acceptedSoFar, NOTCH, startWorld } from "./helpers.ts";

let world: ReturnType<typeof startWorld>;
afterEach(async () => {
  await world.stop();
});

/** Valid openings of each phase, to be cut short, followed by junk, or sent as they are. */
const openings = [
  handshake(767, 1),
  statusExchange(767, 5n),
  concat([handshake(767, 2), loginStart("Notch")]),
  concat([handshake(765, 2), loginStart("jeb_"), packet(0x01, { byteArray: new Uint8Array(128) })]),
  Uint8Array.of(0xfe, 0x01, 0xfa),
];

const input = fc.oneof(
  fc.uint8Array({ minLength: 1, maxLength: 600 }),
  fc
    .tuple(fc.constantFrom(...openings), fc.nat(), fc.uint8Array({ maxLength: 64 }))
    .map(([bytes, cut, junk]) => concat([bytes.subarray(0, 1 + (cut % bytes.length)), junk])),
);

test("random and truncated packets, some held half-open: the endpoint stays up, serves a real login, and cleans up", async () => {
  // Every connection of the run comes from 127.0.0.1: the caps of its address and network are lifted so the fuzz
  // reaches the protocol, and the deadlines (their time moved on by hand) close what the junk left waiting.
  world = startWorld({
    limits: { maxConnectionsPerAddress: 1000, maxConnectionsPerNetwork: 1000, loginsPerMinute: 1000 },
  });
  let held = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(input, { minLength: 1, maxLength: 4 }),
      fc.boolean(),
      async (chunks, holdOpen) => {
        const client = await connectRaw(world.link.port);
        for (const chunk of chunks) client.write(chunk);
        if (holdOpen) {
          held++;
          return; // left for the deadline
        }
        client.socket.shutdown(); // the client's FIN after its bytes
        await client.closed;
      },
    ),
    { numRuns: 150 },
  );
  expect(held).toBeGreaterThan(0);
  await acceptedSoFar(world.link.port);
  world.time.advance(defaultLimits.deadlineMs);
  await world.link.idle();
  const counters = world.link.counters();
  expect(counters.open).toBe(0);
  expect(world.log.at("error")).toEqual([]);

  const outcome = await login({
    port: world.link.port,
    protocol: 767,
    ...NOTCH,
    sessionUrl: world.mojang.url,
  });
  expect(outcome.text).toStartWith("Your code: K7Q-");
  await world.link.idle();
  expect(world.link.counters().open).toBe(0);
  expect(world.time.pending()).toBe(0);
});
