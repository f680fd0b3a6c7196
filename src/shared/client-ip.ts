import { type IpAddress, inAny, parseAddress, parseIpv6, type TrustProxy } from "./ip.ts";

/** The client address for rate limiting: the socket address unless it is a trusted proxy, in which case X-Forwarded-For is walked from the right. */
export function clientIp(trust: TrustProxy, socketAddress: string, forwardedFor: string | null): string {
  const untrusting = trust.kind === "off" || forwardedFor === null;
  // The common case runs on every request: nothing upstream is believed and the socket address is plain IPv4
  // or dotted IPv4-mapped (how Bun reports IPv4 clients of a dual-stack socket), so skip the full parse.
  if (untrusting && !socketAddress.includes(":")) return socketAddress;
  if (untrusting && socketAddress.startsWith("::ffff:") && socketAddress.includes("."))
    return socketAddress.slice(7);
  const socket = parseAddress(socketAddress);
  if (socket === undefined) return socketAddress;
  if (untrusting) return socket.text;

  const ranges = trust.kind === "list" ? trust.ranges : undefined;
  const hops = trust.kind === "hops" ? trust.hops : 0;
  const parts = forwardedFor.split(",");
  let current = socket;
  let hop = 0;
  for (let i = parts.length - 1; i >= 0; i--) {
    const trusted = ranges === undefined ? hop < hops : inAny(ranges, current);
    if (!trusted) break;
    const entry = (parts[i] ?? "").trim();
    if (entry === "") continue; // empty list elements are not hops
    const next = parseForwarded(entry);
    if (next === undefined) break; // an unparseable hop is never the client, and nothing left of it can be trusted
    current = next;
    hop++;
  }
  return current.text;
}

/**
 * The bucket a client address is counted in: an IPv4 address on its own, an IPv6 address by its /64 (the
 * smallest block one subscriber is usually given, so stepping through it gains a client nothing). Takes
 * what `clientIp` returns; anything unparseable is its own bucket.
 */
export function bucketOf(address: string): string {
  if (!address.includes(":")) return address;
  const bytes = parseIpv6(address.toLowerCase());
  if (bytes === undefined) return address;
  const groups: string[] = [];
  for (let i = 0; i < 8; i += 2) groups.push((((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0)).toString(16));
  return `${groups.join(":")}::/64`;
}

/**
 * The network a client address belongs to, for caps wider than one client: an IPv4 address's /24 and an IPv6
 * address's /48 (the block a site is usually given, which holds 65,536 /64s). Takes what `clientIp` returns;
 * anything unparseable is its own network.
 */
export function networkOf(address: string): string {
  if (!address.includes(":")) {
    const octets = address.split(".");
    return octets.length === 4 ? `${octets.slice(0, 3).join(".")}.0/24` : address;
  }
  const bytes = parseIpv6(address.toLowerCase());
  if (bytes === undefined) return address;
  const groups: string[] = [];
  for (let i = 0; i < 6; i += 2) groups.push((((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0)).toString(16));
  return `${groups.join(":")}::/48`;
}

/**
 * One X-Forwarded-For element: an address, or one written `ip:port`, `[ipv6]` or `[ipv6]:port` as some
 * proxies do (the port is dropped). A bad port makes the element garbage like any other.
 */
function parseForwarded(entry: string): IpAddress | undefined {
  const colon = entry.indexOf(":");
  if (colon === -1) return parseAddress(entry); // plain IPv4, the common case
  if (entry.startsWith("[")) {
    const close = entry.indexOf("]");
    if (close === -1) return undefined;
    const rest = entry.slice(close + 1);
    if (rest !== "" && !isPortSuffix(rest)) return undefined;
    const inside = entry.slice(1, close);
    return inside.includes(":") ? parseAddress(inside) : undefined; // brackets are for IPv6 only
  }
  // An IPv6 address has at least two colons, so exactly one means IPv4 with a port.
  if (entry.indexOf(":", colon + 1) !== -1) return parseAddress(entry);
  return isPortSuffix(entry.slice(colon)) ? parseAddress(entry.slice(0, colon)) : undefined;
}

/** `:` and a TCP/UDP port number 0-65535. */
function isPortSuffix(text: string): boolean {
  return /^:\d{1,5}$/.test(text) && Number(text.slice(1)) <= 65535;
}
