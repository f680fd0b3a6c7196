/** Which peers may tell us the client address through X-Forwarded-For (like Express's `trust proxy`). */
export type TrustProxy =
  | { kind: "off" }
  | { kind: "hops"; hops: number }
  | { kind: "list"; entries: string[] };

/** A parsed address as 16 bytes (IPv4 stored IPv4-mapped); `text` is the form reported, IPv4 in dotted quad. */
type Address = { bytes: Uint8Array; text: string };
/** A CIDR range over the same 16-byte space; a single address has prefix 128. */
type Range = { bytes: Uint8Array; prefix: number };

const EXPECTED =
  'TRUST_PROXY must be empty, "off", "false", "true", a hop count (an integer >= 1) or a comma-separated list ' +
  'of IP addresses or CIDR ranges (e.g. "10.0.0.0/8, ::1, 127.0.0.1")';

/** Parses TRUST_PROXY: off, a hop count ("true" = 1) or a list of addresses and CIDR ranges; throws on anything else. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? "").trim();
  const lower = value.toLowerCase();
  if (lower === "" || lower === "false" || lower === "off") return { kind: "off" };
  if (lower === "true") return { kind: "hops", hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1 && Number.isSafeInteger(hops)) return { kind: "hops", hops };
    throw new Error(`${EXPECTED}; got "${value}"`);
  }
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  for (const entry of entries) {
    if (parseRange(entry) === undefined) {
      throw new Error(`${EXPECTED}; "${entry}" is not an IP address or CIDR range`);
    }
  }
  if (entries.length === 0) throw new Error(`${EXPECTED}; got "${value}"`);
  return { kind: "list", entries };
}

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

  const ranges = trust.kind === "list" ? compiledRanges(trust.entries) : undefined;
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

const compiled = new WeakMap<string[], Range[]>();

/** Parses a trust list once per array, since `clientIp` runs on every request. */
function compiledRanges(entries: string[]): Range[] {
  let ranges = compiled.get(entries);
  if (ranges === undefined) {
    ranges = entries.map((entry) => {
      const range = parseRange(entry.trim());
      if (range === undefined) throw new Error(`${EXPECTED}; "${entry}" is not an IP address or CIDR range`);
      return range;
    });
    compiled.set(entries, ranges);
  }
  return ranges;
}

function inAny(ranges: Range[], address: Address): boolean {
  for (const range of ranges) if (inRange(range, address.bytes)) return true;
  return false;
}

function inRange(range: Range, bytes: Uint8Array): boolean {
  const whole = range.prefix >> 3;
  for (let i = 0; i < whole; i++) if (range.bytes[i] !== bytes[i]) return false;
  const bits = range.prefix & 7;
  if (bits === 0) return true;
  const mask = (0xff << (8 - bits)) & 0xff;
  return ((range.bytes[whole] ?? 0) & mask) === ((bytes[whole] ?? 0) & mask);
}

/** An address or CIDR range; IPv4 ones become their IPv4-mapped IPv6 range, so one comparison serves both. */
function parseRange(text: string): Range | undefined {
  const slash = text.indexOf("/");
  const addressText = slash === -1 ? text : text.slice(0, slash);
  const address = parseAddress(addressText);
  if (address === undefined) return undefined;
  if (slash === -1) return { bytes: address.bytes, prefix: 128 };
  const prefixText = text.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText)) return undefined;
  const ipv4 = !addressText.includes(":");
  const prefix = Number(prefixText) + (ipv4 ? 96 : 0);
  if (prefix > 128) return undefined;
  return { bytes: address.bytes, prefix };
}

/** Parses an IPv4 or IPv6 address (zone id dropped) into 16 bytes, IPv4 as IPv4-mapped; `text` shows IPv4 dotted. */
function parseAddress(raw: string): Address | undefined {
  const text = raw.trim();
  if (!text.includes(":")) {
    const v4 = parseIpv4(text);
    if (v4 === undefined) return undefined;
    const bytes = new Uint8Array(16);
    bytes[10] = 0xff;
    bytes[11] = 0xff;
    bytes.set(v4, 12);
    return { bytes, text };
  }
  const percent = text.indexOf("%");
  const bare = (percent === -1 ? text : text.slice(0, percent)).toLowerCase();
  const bytes = parseIpv6(bare);
  if (bytes === undefined) return undefined;
  return { bytes, text: isIpv4Mapped(bytes) ? bytes.subarray(12).join(".") : bare };
}

/**
 * One X-Forwarded-For element: an address, or one written `ip:port`, `[ipv6]` or `[ipv6]:port` as some
 * proxies do (the port is dropped). A bad port makes the element garbage like any other.
 */
function parseForwarded(entry: string): Address | undefined {
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

/** Strict dotted quad: four decimal octets, no leading zeros (which some parsers read as octal). */
function parseIpv4(text: string): Uint8Array | undefined {
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  const bytes = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const part = parts[i] ?? "";
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return undefined;
    const value = Number(part);
    if (value > 255) return undefined;
    bytes[i] = value;
  }
  return bytes;
}

function parseIpv6(text: string): Uint8Array | undefined {
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const head = groups(halves[0] ?? "", halves.length === 1);
  const tail = halves.length === 2 ? groups(halves[1] ?? "", true) : [];
  if (head === undefined || tail === undefined) return undefined;
  const count = head.length + tail.length;
  if (halves.length === 1 ? count !== 8 : count > 7) return undefined;
  const words = [...head, ...new Array<number>(8 - count).fill(0), ...tail];
  const bytes = new Uint8Array(16);
  words.forEach((word, i) => {
    bytes[i * 2] = word >> 8;
    bytes[i * 2 + 1] = word & 0xff;
  });
  return bytes;
}

/** The 16-bit groups of one side of "::"; an IPv4 tail is allowed only where the address ends. */
function groups(text: string, last: boolean): number[] | undefined {
  if (text === "") return [];
  const parts = text.split(":");
  const words: number[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? "";
    if (last && i === parts.length - 1 && part.includes(".")) {
      const v4 = parseIpv4(part);
      if (v4 === undefined) return undefined;
      words.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
    } else if (/^[0-9a-f]{1,4}$/.test(part)) {
      words.push(Number.parseInt(part, 16));
    } else {
      return undefined;
    }
  }
  return words;
}

function isIpv4Mapped(bytes: Uint8Array): boolean {
  for (let i = 0; i < 10; i++) if (bytes[i] !== 0) return false;
  return bytes[10] === 0xff && bytes[11] === 0xff;
}
