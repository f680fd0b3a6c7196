import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { DomainError } from "../shared/errors.ts";
import { clip } from "../shared/text.ts";

/** Resolves a host name to every address it has (IPv4 and IPv6). Injected so tests can lie, as DNS can. */
export type Resolver = (hostname: string) => Promise<string[]>;

/** The system resolver: `getaddrinfo` through `dns.promises.lookup`, every address, in the order it gives. */
export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true })).map((record) => record.address);

/** What the SSRF guard takes. */
export type UrlGuardOptions = {
  /** `WEBHOOK_ALLOW_PRIVATE`: accept loopback, private and other non-public targets. */
  allowPrivate: boolean;
  resolve?: Resolver;
};

/** A URL that passed the guard, and the addresses its host had when it was checked: connect to one of these. */
export type CheckedUrl = { url: URL; addresses: string[] };

/** Longer URLs are refused: no receiver needs them and they would end up in the database and the logs. */
const MAX_URL_LENGTH = 2048;

/**
 * Checks that a webhook URL is http(s), carries no credentials and that its host is (or resolves only to)
 * public addresses, and returns the addresses to connect to. Throws `invalid-input` naming the reason.
 *
 * The WHATWG URL parser has already folded the numeric host spellings (`127.1`, `2130706433`, `0x7f000001`,
 * `017700000001`, `%31%32%37.0.0.1`) into dotted quads and IPv6 into its canonical form, so only those two
 * forms reach the address check; literals are classified, never resolved.
 */
export async function assertPublicUrl(
  input: string,
  { allowPrivate, resolve = systemResolver }: UrlGuardOptions,
): Promise<CheckedUrl> {
  const url = parseWebhookUrl(input);
  const hostname = unbracket(url.hostname);
  if (isIP(hostname) !== 0) {
    if (!allowPrivate) refuseAddress(hostname, null);
    return { url, addresses: [hostname] };
  }
  if (!allowPrivate && isLocalhostName(hostname)) {
    throw refused(`${clip(hostname)} is a loopback name`);
  }
  let addresses: string[];
  try {
    addresses = await resolve(hostname);
  } catch {
    throw refused(`the host ${clip(hostname)} could not be resolved`);
  }
  if (addresses.length === 0) throw refused(`the host ${clip(hostname)} has no address`);
  // Every address is checked, not just the first: the connecting side could pick any of them.
  if (!allowPrivate) for (const address of addresses) refuseAddress(address, hostname);
  return { url, addresses };
}

/** Parses a webhook URL: http or https, no credentials, a sane length. The fragment is dropped. */
export function parseWebhookUrl(input: string): URL {
  if (input.length > MAX_URL_LENGTH) throw refused(`the URL is longer than ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw refused("it is not a valid absolute URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw refused("only http and https are allowed");
  if (url.username !== "" || url.password !== "")
    throw refused("it must not contain a user name or password");
  url.hash = "";
  return url;
}

/**
 * Why `address` (an IPv4 dotted quad or IPv6 text, optionally with a `%zone`) is not a public unicast
 * address, e.g. "a loopback address"; null when it is public. Unparsable text counts as not public.
 */
export function nonPublicReason(address: string): string | null {
  const text = address.split("%")[0] ?? "";
  const v4 = parseIPv4(text);
  if (v4 !== null) return ipv4Reason(v4);
  const v6 = parseIPv6(text);
  if (v6 === null) return "not a recognisable IP address";
  return ipv6Reason(v6);
}

/** Throws when `address` is not public; `hostname` is the name it was resolved from, null for a literal. */
function refuseAddress(address: string, hostname: string | null): void {
  const reason = nonPublicReason(address);
  if (reason === null) return;
  const what =
    hostname === null ? `${address} is ${reason}` : `${clip(hostname)} resolves to ${address}, ${reason}`;
  throw refused(`${what}; the operator can allow such targets with WEBHOOK_ALLOW_PRIVATE=true`);
}

function refused(why: string): DomainError {
  return new DomainError("invalid-input", `Webhook URL refused: ${why}.`);
}

function unbracket(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

/** `localhost` and `*.localhost` are loopback by definition (RFC 6761), whatever DNS says. */
function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}

type Range = [base: number, prefix: number, reason: string];

const ipv4 = (text: string): number => parseIPv4(text) ?? Number.NaN;

/** Non-public IPv4 ranges (IANA special-purpose registry), most specific first. */
const IPV4_RANGES: Range[] = [
  [ipv4("255.255.255.255"), 32, "the broadcast address"],
  [ipv4("0.0.0.0"), 8, "an unspecified address"],
  [ipv4("10.0.0.0"), 8, "a private address"],
  [ipv4("100.64.0.0"), 10, "a shared (carrier-grade NAT) address"],
  [ipv4("127.0.0.0"), 8, "a loopback address"],
  [ipv4("169.254.0.0"), 16, "a link-local address"],
  [ipv4("172.16.0.0"), 12, "a private address"],
  [ipv4("192.0.0.0"), 24, "a reserved (IETF protocol) address"],
  [ipv4("192.0.2.0"), 24, "a documentation address"],
  [ipv4("192.168.0.0"), 16, "a private address"],
  [ipv4("198.18.0.0"), 15, "a reserved (benchmarking) address"],
  [ipv4("198.51.100.0"), 24, "a documentation address"],
  [ipv4("203.0.113.0"), 24, "a documentation address"],
  [ipv4("224.0.0.0"), 4, "a multicast address"],
  [ipv4("240.0.0.0"), 4, "a reserved address"],
];

function ipv4Reason(address: number): string | null {
  for (const [base, prefix, reason] of IPV4_RANGES) {
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    if ((address & mask) >>> 0 === base) return reason;
  }
  return null;
}

/** A strict dotted quad (what the URL parser and the resolver produce) as an unsigned 32-bit number. */
function parseIPv4(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

/** IPv6 text (`::` compression and a trailing dotted quad allowed) as eight 16-bit groups. */
function parseIPv6(text: string): number[] | null {
  if (!text.includes(":")) return null;
  let body = text;
  const lastColon = body.lastIndexOf(":");
  const last = body.slice(lastColon + 1);
  if (last.includes(".")) {
    // A trailing dotted quad ("::ffff:1.2.3.4") stands for the last two groups.
    const v4 = parseIPv4(last);
    if (v4 === null) return null;
    body = `${body.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = body.split("::");
  if (halves.length > 2) return null;
  const parse = (half: string | undefined): number[] | null => {
    if (half === undefined || half === "") return [];
    const groups: number[] = [];
    for (const group of half.split(":")) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null;
      groups.push(Number.parseInt(group, 16));
    }
    return groups;
  };
  const head = parse(halves[0]);
  const rest = parse(halves[1]);
  if (head === null || rest === null) return null;
  const explicit = head.length + rest.length;
  if (halves.length === 1) return explicit === 8 ? head : null;
  if (explicit > 7) return null;
  return [...head, ...new Array<number>(8 - explicit).fill(0), ...rest];
}

const embedded = (high: number, low: number): number => ((high << 16) >>> 0) + low;

function ipv6Reason(g: number[]): string | null {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroTo = (n: number) => g.slice(0, n).every((group) => group === 0);
  const inner = (reason: string | null, form: string) => (reason === null ? null : `${form} of ${reason}`);
  if (zeroTo(8)) return "an unspecified address";
  if (zeroTo(7) && g7 === 1) return "a loopback address";
  // IPv4-mapped (::ffff:a.b.c.d) and the deprecated IPv4-compatible (::a.b.c.d) forms reach the IPv4 host.
  if (zeroTo(5) && g5 === 0xffff) return inner(ipv4Reason(embedded(g6, g7)), "an IPv4-mapped form");
  if (zeroTo(6)) return inner(ipv4Reason(embedded(g6, g7)), "an IPv4-compatible form");
  // NAT64 (64:ff9b::/96) reaches the embedded IPv4 host through the operator's translator.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return inner(ipv4Reason(embedded(g6, g7)), "a NAT64 form");
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return "a local-use NAT64 address";
  if ((g0 & 0xff00) === 0xff00) return "a multicast address";
  if ((g0 & 0xffc0) === 0xfe80) return "a link-local address";
  if ((g0 & 0xffc0) === 0xfec0) return "a site-local (private) address";
  if ((g0 & 0xfe00) === 0xfc00) return "a private (unique local) address";
  // 6to4 (2002::/16) embeds an IPv4 host in bits 16-47.
  if (g0 === 0x2002) return inner(ipv4Reason(embedded(g1, g2)), "a 6to4 form");
  if (g0 === 0x2001 && g1 === 0) return "a Teredo tunnel address";
  if (g0 === 0x2001 && g1 === 0xdb8) return "a documentation address";
  // Everything routable on the public IPv6 internet is inside 2000::/3.
  if ((g0 & 0xe000) !== 0x2000) return "not a global unicast address";
  return null;
}

/** The host of a webhook URL: all that staff and logs see of it (its path and query may carry a token). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "an invalid URL";
  }
}
