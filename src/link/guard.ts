import { bucketOf, clientIp, networkOf } from "../shared/client-ip.ts";
import type { Clock } from "../shared/clock.ts";
import { createRateLimiter } from "../shared/rate-limiter.ts";

/** The bounds of the endpoint (docs/link.md, Bounds); every one can be lowered by tests and the bench. */
export type LinkLimits = {
  /**
   * Connections open at once: in all (a few kilobytes each, so sized by memory), from one network (IPv4 /24,
   * IPv6 /48) and from one address (IPv4, IPv6 /64).
   */
  maxConnections: number;
  maxConnectionsPerNetwork: number;
  maxConnectionsPerAddress: number;
  /**
   * Whether a full cap makes room for the newcomer (docs/link.md, Who makes room) rather than refusing it. Off
   * only to measure what it buys (bench/link-siege.ts).
   */
  evict: boolean;
  /** Logins (handshakes asking to log in) one address may start per minute. */
  loginsPerMinute: number;
  /**
   * How long a connection has to send its Handshake and Login Start, which a real client sends at once, or to
   * end a status exchange; by default the whole deadline (docs/link.md, What the caps cost).
   */
  handshakeDeadlineMs: number;
  /** How long one connection may last, whatever it does: the whole exchange, Mojang's answer included. */
  deadlineMs: number;
  /** Bytes one connection may send in all; a whole login is under 600. */
  maxBytesPerConnection: number;
};

/**
 * The defaults: room for a community's players joining at once, and nothing a flood can grow; the figures are
 * measured and weighed in docs/link.md, What the caps cost.
 */
export const defaultLimits: LinkLimits = {
  maxConnections: 8192,
  maxConnectionsPerNetwork: 32,
  maxConnectionsPerAddress: 8,
  evict: true,
  loginsPerMinute: 10,
  // As long as the whole: a shorter one made attackers reconnect in waves, and a full cap makes room anyway.
  handshakeDeadlineMs: 20_000,
  deadlineMs: 20_000,
  maxBytesPerConnection: 4096,
};

/** A connection the guard counts, from `admit` until it is released or made to give way. */
export type Admitted = {
  /** The connection sent its Login Start: from now on it makes room for newcomers only as its network's share. */
  settle(): void;
  /** Forgets the connection (once it closed); nothing when it was made to give way already. */
  release(): void;
};

/** Who may connect and log in: connections per address, network and in all, and logins per address per minute. */
export type Guard = {
  /**
   * Counts a new connection from `address`, making room when a cap is full (the connection that gives way is
   * forgotten, then `evict`ed: the caller closes it at once); undefined when there is no room.
   */
  admit(address: string, evict: () => void): Admitted | undefined;
  /** Spends one of the address's logins of this minute; false when none is left. */
  takeLogin(address: string): boolean;
  /** Connections counted now. */
  open(): number;
};

/**
 * One network's connections (an IPv4 /24, an IPv6 /48), in order of arrival, and where it sits among the networks
 * holding as many.
 */
type Network = { key: string; connections: Admission[]; slot: number };
type Scope = "address" | "network" | "total";

/**
 * What the guard keeps of one connection. A small record whose methods are shared: thousands are held at once
 * (docs/link.md, Bounds, counts what each costs).
 */
class Admission implements Admitted {
  settled = false;
  counted = true;

  constructor(
    private readonly counts: Counts,
    readonly network: Network,
    readonly address: string,
    readonly evict: () => void,
  ) {}

  settle(): void {
    this.counts.settle(this);
  }

  release(): void {
    this.counts.forget(this);
  }
}

const UNTRUSTED = { kind: "off" } as const;

/**
 * The connections counted, by network and in all, the networks by how many they hold, and the connections not
 * logging in yet in order of arrival. Arrays, not sets: a network holds a few dozen at most, scanned in a blink,
 * and a JavaScript Set costs about 200 bytes a member where an array slot costs 8.
 */
class Counts {
  private readonly networks = new Map<string, Network>();
  /** `bySize[n]`: the networks holding n connections; none holds more than `largest`. */
  private readonly bySize: Network[][] = [];
  private largest = 0;
  private total = 0;
  /** Connections not logging in yet, oldest first from `head`; settled and released ones are skipped lazily. */
  private waiting: Admission[] = [];
  private head = 0;
  private waitingCount = 0;

  constructor(private readonly limits: LinkLimits) {}

  open(): number {
    return this.total;
  }

  admit(socketAddress: string, evict: () => void): Admission | undefined {
    const ip = clientIp(UNTRUSTED, socketAddress, null);
    const address = bucketOf(ip);
    const key = networkOf(ip);
    const { limits } = this;
    // The narrowest cap first: a newcomer pushes out its own address's connections before anyone else's.
    if (!this.makeRoom("address", key, address, limits.maxConnectionsPerAddress)) return undefined;
    if (!this.makeRoom("network", key, address, limits.maxConnectionsPerNetwork)) return undefined;
    if (!this.makeRoom("total", key, address, limits.maxConnections)) return undefined;
    let network = this.networks.get(key);
    if (network === undefined) {
      network = { key, connections: [], slot: -1 };
      this.networks.set(key, network);
    }
    const admission = new Admission(this, network, address, evict);
    network.connections.push(admission);
    this.resized(network, network.connections.length - 1);
    this.total++;
    this.waiting.push(admission);
    this.waitingCount++;
    // Settled and released connections are dropped from the front as eviction looks; should none be evicted
    // for long, they are dropped here, once they outnumber the ones still waiting.
    if (this.waiting.length - this.head > 2 * this.waitingCount + 64) {
      this.waiting = this.waiting.slice(this.head).filter((each) => each.counted && !each.settled);
      this.head = 0;
    }
    return admission;
  }

  settle(admission: Admission): void {
    if (!admission.counted || admission.settled) return;
    admission.settled = true;
    this.waitingCount--;
  }

  forget(admission: Admission): void {
    if (!admission.counted) return;
    admission.counted = false;
    if (!admission.settled) this.waitingCount--;
    this.total--;
    const { network } = admission;
    network.connections.splice(network.connections.indexOf(admission), 1);
    this.resized(network, network.connections.length + 1);
    if (network.connections.length === 0) this.networks.delete(network.key);
  }

  /** Moves `network`, which held `before` connections, to the networks holding as many as it holds now. */
  private resized(network: Network, before: number): void {
    if (before > 0) {
      const peers = this.bySize[before] as Network[];
      const last = peers.pop() as Network;
      if (last !== network) {
        peers[network.slot] = last;
        last.slot = network.slot;
      }
    }
    const size = network.connections.length;
    if (size === 0) return;
    this.bySize[size] ??= [];
    network.slot = (this.bySize[size] as Network[]).push(network) - 1;
    this.largest = Math.max(this.largest, size);
  }

  /**
   * Whether there is room under `cap` in `scope` for a newcomer from `address` in the network `key`, once one
   * connection gave way if the scope was full (docs/link.md, Who makes room).
   */
  private makeRoom(scope: Scope, key: string, address: string, cap: number): boolean {
    const held = this.networks.get(key)?.connections ?? [];
    const ofAddress = (each: Admission) => each.address === address;
    const count =
      scope === "total" ? this.total : scope === "network" ? held.length : countOf(held, ofAddress);
    if (count < cap) return true;
    if (!this.limits.evict) return false;
    const victim =
      scope === "address"
        ? held.find((each) => ofAddress(each) && !each.settled)
        : scope === "network"
          ? this.fromBiggest(byAddress(held), countOf(held, ofAddress), () =>
              held.find((each) => !each.settled),
            )
          : this.fromBiggest(this.biggestNetwork(), held.length, () => this.oldestWaiting());
    if (victim === undefined) return false;
    this.forget(victim);
    victim.evict();
    return true;
  }

  /**
   * Who gives way in a full scope whose biggest part holds `biggest` and the newcomer's `own`: the biggest part's
   * oldest connection not logging in (else its oldest) when it holds at least two more, so equals never push each
   * other out; else, for a newcomer whose part holds nothing yet, the scope's oldest connection not logging in.
   */
  private fromBiggest(
    biggest: Admission[] | undefined,
    own: number,
    oldestWaiting: () => Admission | undefined,
  ): Admission | undefined {
    if (biggest !== undefined && biggest.length >= own + 2)
      return biggest.find((each) => !each.settled) ?? biggest[0];
    return own === 0 ? oldestWaiting() : undefined;
  }

  /** The connections of a network holding the most. */
  private biggestNetwork(): Admission[] | undefined {
    while (this.largest > 0 && (this.bySize[this.largest]?.length ?? 0) === 0) this.largest--;
    return this.bySize[this.largest]?.[0]?.connections;
  }

  /** The oldest connection not logging in yet, of all. */
  private oldestWaiting(): Admission | undefined {
    while (this.head < this.waiting.length) {
      const next = this.waiting[this.head] as Admission;
      if (next.counted && !next.settled) return next;
      this.head++;
    }
    return undefined;
  }
}

/** How many of `held` match. */
function countOf(held: Admission[], matches: (each: Admission) => boolean): number {
  let count = 0;
  for (const each of held) if (matches(each)) count++;
  return count;
}

/** The connections, in order of arrival, of the address holding the most of `held` (one network's). */
function byAddress(held: Admission[]): Admission[] | undefined {
  const counts = new Map<string, number>();
  let biggest: string | undefined;
  for (const each of held) {
    const count = (counts.get(each.address) ?? 0) + 1;
    counts.set(each.address, count);
    if (count > (counts.get(biggest ?? "") ?? 0)) biggest = each.address;
  }
  return biggest === undefined ? undefined : held.filter((each) => each.address === biggest);
}

/**
 * Creates the guard. A full cap makes room (docs/link.md, Who makes room): at an address's cap its own oldest
 * connection that has not sent its Login Start (a real client sends it at once); at a network's or the total, a
 * connection of the part (an address of the network, a network of all) holding the most, if it holds at least two
 * more than the newcomer's, or, for a newcomer whose part holds nothing yet, the scope's oldest connection not
 * logging in. Equals never push each other out. The login limit is a token bucket on the injected clock.
 */
export function createGuard(limits: LinkLimits, clock: Clock): Guard {
  const counts = new Counts(limits);
  const logins = createRateLimiter({ perMinute: limits.loginsPerMinute, clock });
  return {
    admit: (address, evict) => counts.admit(address, evict),
    takeLogin: (address) => logins.take(bucketOf(clientIp(UNTRUSTED, address, null))).allowed,
    open: () => counts.open(),
  };
}
