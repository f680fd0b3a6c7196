import { afterEach, describe, expect, test } from "bun:test";
import { concat } from "../../src/link/protocol.ts";
import { handshake, login, loginStart, packetsIn } from "../helpers/minecraft-client.ts";
import { connectFrom, type HeldConnection, NOTCH, startWorld } from "./helpers.ts";

// The caps against a siege (issue 36 §2): connections from many loopback addresses (Linux routes all of 127/8 to
// lo), each bound by node:net, hold the endpoint's caps full, and an honest login from 127.0.0.1 must still get
// its code. Connections are opened one after another, so the kernel's accept queue hands them over in that order.

let world: ReturnType<typeof startWorld>;
afterEach(async () => {
  await world.stop();
});

/** A whole login from 127.0.0.1, as a real client makes it; resolves with the text it was shown. */
const honestLogin = async () =>
  (await login({ port: world.link.port, protocol: 767, ...NOTCH, sessionUrl: world.mojang.url })).text;

/** Connections from `addresses`, in order: idle ones, or logins held after the Encryption Request. */
async function hold(addresses: string[], kind: "idle" | "login"): Promise<HeldConnection[]> {
  const held: HeldConnection[] = [];
  for (const address of addresses) {
    held.push(
      kind === "idle"
        ? await connectFrom(world.link.port, address)
        : await connectFrom(world.link.port, address, concat([handshake(767, 2), loginStart("jeb_")]), 1),
    );
  }
  return held;
}

const CODE = /^Your code: K7Q-\d/;

describe("the caps keep room for honest players", () => {
  test("idle connections filling the total make way, oldest first, for an honest login", async () => {
    world = startWorld({ limits: { maxConnections: 4 } });
    const idle = await hold(["127.1.0.1", "127.2.0.1", "127.3.0.1", "127.4.0.1"], "idle");
    expect(await honestLogin()).toMatch(CODE);
    expect(await idle[0]?.closed).toHaveLength(0);
    expect(idle.map((connection) => connection.isClosed())).toEqual([true, false, false, false]);
    expect(world.link.counters().refused).toMatchObject({ evicted: 1, capacity: 0 });
  });

  test("idle connections from one network stay within its cap, and make way for an honest login from it", async () => {
    world = startWorld({ limits: { maxConnectionsPerNetwork: 4 } });
    const idle = await hold(["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5", "127.0.0.6"], "idle");
    expect(await idle[0]?.closed).toHaveLength(0);
    expect(await honestLogin()).toMatch(CODE); // 127.0.0.1: the same /24
    expect(await idle[1]?.closed).toHaveLength(0);
    expect(idle.map((connection) => connection.isClosed())).toEqual([true, true, false, false, false]);
    expect(world.link.counters().refused).toMatchObject({ evicted: 2, capacity: 0 });
  });

  test("logins under way filling the total: the network holding the most makes way, never for one of its own", async () => {
    world = startWorld({ limits: { maxConnections: 4 } });
    const held = await hold(["127.1.0.1", "127.1.0.2", "127.1.0.3", "127.1.0.4"], "login");
    const sameNetwork = await connectFrom(world.link.port, "127.1.0.5");
    expect(await sameNetwork.closed).toHaveLength(0);
    expect(world.link.counters().refused).toMatchObject({ evicted: 0, capacity: 1 });
    expect(await honestLogin()).toMatch(CODE);
    expect(packetsIn(await (held[0] as HeldConnection).closed).map(({ id }) => id)).toEqual([0x01]);
    expect(held.map((connection) => connection.isClosed())).toEqual([true, false, false, false]);
    expect(world.link.counters().refused).toMatchObject({ evicted: 1, capacity: 1 });
  });
});
