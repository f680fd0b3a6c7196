import { describe, expect, test } from "bun:test";
import { type Admitted, createGuard, defaultLimits, type LinkLimits } from "../../src/link/guard.ts";
import { manualClock } from "../../src/shared/clock.ts";

/** A guard under `limits` whose connections are named by their address and a number, and what gave way. */
function guarded(limits: Partial<LinkLimits>) {
  const guard = createGuard({ ...defaultLimits, ...limits }, manualClock());
  const evicted: string[] = [];
  let opened = 0;
  const admit = (address: string): Admitted | undefined => {
    const name = `${address}#${++opened}`;
    return guard.admit(address, () => evicted.push(name));
  };
  return { guard, evicted, admit };
}

describe("who makes room at a full cap", () => {
  test("an address's oldest connection not logging in; an IPv6 address counts by its /64", () => {
    const { admit, evicted, guard } = guarded({ maxConnectionsPerAddress: 2 });
    admit("2001:db8:1:2::a");
    admit("2001:db8:1:2::b")?.settle();
    admit("2001:db8:1:2:ffff::c");
    admit("2001:db8:1:3::a");
    expect(evicted).toEqual(["2001:db8:1:2::a#1"]);
    expect(guard.open()).toBe(3);
  });

  test("a network's (IPv4 /24, IPv6 /48, an IPv4-mapped address as IPv4) oldest connection not logging in", () => {
    const { admit, evicted } = guarded({ maxConnectionsPerNetwork: 2 });
    for (const address of ["203.0.113.1", "203.0.113.2", "203.0.114.1", "::ffff:203.0.113.3"]) admit(address);
    for (const address of ["2001:db8:1:2::a", "2001:db8:1:3::a", "2001:db8:2::a", "2001:db8:1:4::a"])
      admit(address);
    expect(evicted).toEqual(["203.0.113.1#1", "2001:db8:1:2::a#5"]);
  });

  test("the total: the biggest network's oldest connection not logging in, never for a network holding as many", () => {
    const { admit, evicted } = guarded({ maxConnections: 3 });
    admit("198.51.100.1")?.settle();
    admit("198.51.100.2");
    admit("198.51.100.3");
    admit("203.0.113.1"); // 3 against nothing
    expect(admit("203.0.113.2")).toBeUndefined(); // 2 against 1
    admit("192.0.2.1"); // 2 against nothing
    expect(evicted).toEqual(["198.51.100.2#2", "198.51.100.3#3"]);
  });

  test("the total, every network holding one: a network holding nothing yet takes the oldest waiting place", () => {
    const { admit, evicted } = guarded({ maxConnections: 3 });
    for (const address of ["198.51.100.1", "203.0.113.1", "192.0.2.1", "198.18.0.1", "198.51.100.2"])
      admit(address);
    expect(evicted).toEqual(["198.51.100.1#1", "203.0.113.1#2"]);
  });

  test("when every connection is logging in: the oldest of the network holding at least two more than the newcomer's", () => {
    const { admit, evicted, guard } = guarded({ maxConnections: 4 });
    for (const address of ["198.51.100.1", "198.51.100.2", "198.51.100.3", "203.0.113.1"])
      admit(address)?.settle();
    // 198.51.100.0/24 holds 3, 203.0.113.0/24 would hold 2: the first makes way.
    admit("203.0.113.2")?.settle();
    // 2 and 2, and a network of its own: one of the biggest makes way (the first seen).
    admit("192.0.2.1")?.settle();
    // 1, 2 and 1: a newcomer from any of them would be no fairer, and is refused.
    expect([admit("198.51.100.4"), admit("203.0.113.3"), admit("192.0.2.2")]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(evicted).toEqual(["198.51.100.1#1", "198.51.100.2#2"]);
    expect(guard.open()).toBe(4);
  });

  test("an address full of logins under way refuses its newcomer; within a network the biggest address makes way", () => {
    const { admit, evicted } = guarded({ maxConnectionsPerAddress: 2, maxConnectionsPerNetwork: 3 });
    admit("203.0.113.1")?.settle();
    admit("203.0.113.1")?.settle();
    expect(admit("203.0.113.1")).toBeUndefined();
    admit("203.0.113.2")?.settle();
    admit("203.0.113.3");
    expect(evicted).toEqual(["203.0.113.1#1"]);
  });

  test("what made room or was released is counted no more; without eviction a full cap refuses", () => {
    const { admit, evicted, guard } = guarded({ maxConnections: 1 });
    const first = admit("198.51.100.1");
    const second = admit("203.0.113.1");
    first?.release();
    expect([evicted, guard.open()]).toEqual([["198.51.100.1#1"], 1]);
    second?.release();
    second?.release();
    expect(guard.open()).toBe(0);

    const refusing = guarded({ maxConnections: 1, evict: false });
    refusing.admit("198.51.100.1");
    expect(refusing.admit("203.0.113.1")).toBeUndefined();
    expect(refusing.evicted).toEqual([]);
  });
});
