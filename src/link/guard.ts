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
   * end a status exchange.
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
  handshakeDeadlineMs: 10_000,
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

/** One network's connections (an IPv4 /24, an IPv6 /48), in order of arrival. */
type Network = { key: string; connections: Admission[] };

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
 * The connections counted, by network and in all, and those not logging in yet in order of arrival. Arrays, not
 * sets: a network holds a few dozen at most, scanned in a blink, and a JavaScript Set costs about 200 bytes a
 * member where an array slot costs 8.
 */
class Counts {
  private readonly networks = new Map<string, Network>();
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
    const networkKey = networkOf(ip);
    const { limits } = this;
    // The narrowest cap first: a newcomer pushes out its own address's connections before anyone else's.
    if (!this.makeRoom(this.networks.get(networkKey), address, "address", limits.maxConnectionsPerAddress))
      return undefined;
    if (!this.makeRoom(this.networks.get(networkKey), address, "network", limits.maxConnectionsPerNetwork))
      return undefined;
    if (!this.makeRoom(this.networks.get(networkKey), address, "total", limits.maxConnections))
      return undefined;
    let network = this.networks.get(networkKey);
    if (network === undefined) {
      network = { key: networkKey, connections: [] };
      this.networks.set(networkKey, network);
    }
    const admission = new Admission(this, network, address, evict);
    network.connections.push(admission);
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
    const { connections } = admission.network;
    connections.splice(connections.indexOf(admission), 1);
    if (connections.length === 0) this.networks.delete(admission.network.key);
  }

  /**
   * Whether there is room under `cap` in the scope of a newcomer from `address` in `network` (undefined: the
   * network holds nothing yet), once one connection made way if the scope was full.
   */
  private makeRoom(
    network: Network | undefined,
    address: string,
    scope: "address" | "network" | "total",
    cap: number,
  ): boolean {
    const held = network?.connections ?? [];
    const count =
      scope === "total"
        ? this.total
        : scope === "network"
          ? held.length
          : held.filter((each) => each.address === address).length;
    if (count < cap) return true;
    if (!this.limits.evict) return false;
    const victim =
      scope === "total"
        ? (this.oldestWaiting() ?? this.biggestNetwork(held.length)?.connections[0])
        : (held.find((each) => !each.settled && (scope === "network" || each.address === address)) ??
          (scope === "network" ? this.biggestAddress(held, address) : undefined));
    if (victim === undefined) return false;
    this.forget(victim);
    victim.evict();
    return true;
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

  /** The network holding the most connections, if at least two more than the newcomer's holds now. */
  private biggestNetwork(own: number): Network | undefined {
    let biggest: Network | undefined;
    for (const network of this.networks.values())
      if (network.connections.length > (biggest?.connections.length ?? 0)) biggest = network;
    return biggest && biggest.connections.length >= own + 2 ? biggest : undefined;
  }

  /** The oldest connection of the address holding the most in `held`, if at least two more than `own` holds. */
  private biggestAddress(held: Admission[], own: string): Admission | undefined {
    const counts = new Map<string, number>();
    for (const each of held) counts.set(each.address, (counts.get(each.address) ?? 0) + 1);
    let biggest: string | undefined;
    for (const [address, count] of counts) if (count > (counts.get(biggest ?? "") ?? 0)) biggest = address;
    if (biggest === undefined || (counts.get(biggest) ?? 0) < (counts.get(own) ?? 0) + 2) return undefined;
    return held.find((each) => each.address === biggest);
  }
}

/**
 * Creates the guard. A full cap makes room (docs/link.md, Who makes room): the oldest connection in its scope
 * that has not sent its Login Start gives way, a real client sending it at once; when every one has, the oldest
 * of the part (a network of all, an address of a network) holding the most, if it holds at least two more than
 * the newcomer's, so nobody is pushed out by an equal. The login limit is a token bucket on the injected clock.
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
