import { bucketOf, clientIp } from "../shared/client-ip.ts";
import type { Clock } from "../shared/clock.ts";
import { createRateLimiter } from "../shared/rate-limiter.ts";

/** The bounds of the endpoint (docs/link.md, Bounds); every one can be lowered by tests and the bench. */
export type LinkLimits = {
  /** Connections open at once, in total and from one address (IPv6: one /64). */
  maxConnections: number;
  maxConnectionsPerAddress: number;
  /** Logins (handshakes asking to log in) one address may start per minute. */
  loginsPerMinute: number;
  /** How long one connection may last, whatever it does: the whole exchange, Mojang's answer included. */
  deadlineMs: number;
  /** Bytes one connection may send in all; a whole login is under 600. */
  maxBytesPerConnection: number;
};

/** The defaults: room for a community's players joining at once, and nothing a flood can grow. */
export const defaultLimits: LinkLimits = {
  maxConnections: 256,
  maxConnectionsPerAddress: 8,
  loginsPerMinute: 10,
  deadlineMs: 20_000,
  maxBytesPerConnection: 4096,
};

/** Who may connect and log in: counts of open connections per address, and the logins per address per minute. */
export type Guard = {
  /** Admits a new connection from `address` (counting it), or answers false when a cap is reached. */
  admit(address: string): boolean;
  /** Forgets a connection `admit` counted. */
  release(address: string): void;
  /** Spends one of the address's logins of this minute; false when none is left. */
  takeLogin(address: string): boolean;
  /** Connections counted now. */
  open(): number;
};

/** The address a player is counted under: IPv4 as itself, IPv4-mapped IPv6 as IPv4, IPv6 by its /64. */
export function addressKey(socketAddress: string): string {
  return bucketOf(clientIp({ kind: "off" }, socketAddress, null));
}

/** Creates the guard; the login limit is a token bucket (the API's limiter) on the injected clock. */
export function createGuard(limits: LinkLimits, clock: Clock): Guard {
  const perAddress = new Map<string, number>();
  let total = 0;
  const logins = createRateLimiter({ perMinute: limits.loginsPerMinute, clock });
  return {
    admit(address) {
      const key = addressKey(address);
      const current = perAddress.get(key) ?? 0;
      if (total >= limits.maxConnections || current >= limits.maxConnectionsPerAddress) return false;
      perAddress.set(key, current + 1);
      total++;
      return true;
    },
    release(address) {
      const key = addressKey(address);
      const current = perAddress.get(key) ?? 0;
      if (current <= 1) perAddress.delete(key);
      else perAddress.set(key, current - 1);
      total = Math.max(0, total - 1);
    },
    takeLogin: (address) => logins.take(addressKey(address)).allowed,
    open: () => total,
  };
}
