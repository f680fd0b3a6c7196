/**
 * IP addresses and CIDR ranges as 16 bytes (IPv4 stored IPv4-mapped, so one comparison serves both), and the
 * TRUST_PROXY setting built on them: parsed once, by the configuration, into ranges ready to match.
 */

/** A parsed address as 16 bytes (IPv4 stored IPv4-mapped); `text` is the form reported, IPv4 in dotted quad. */
export type IpAddress = { bytes: Uint8Array; text: string };
/** A CIDR range over the same 16-byte space; a single address has prefix 128. */
export type IpRange = { bytes: Uint8Array; prefix: number };

/** Which peers may tell us the client address through X-Forwarded-For (like Express's `trust proxy`). */
export type TrustProxy =
  | { kind: "off" }
  | { kind: "hops"; hops: number }
  | { kind: "list"; ranges: IpRange[] };

const EXPECTED =
  'TRUST_PROXY must be empty, "off", "false", "true", a hop count (an integer >= 1) or a comma-separated list ' +
  'of IP addresses or CIDR ranges (e.g. "10.0.0.0/8, ::1, 127.0.0.1")';

/**
 * Parses TRUST_PROXY: off, a hop count ("true" = 1) or a list of addresses and CIDR ranges; throws a message
 * saying what it expects on anything else.
 */
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
  if (entries.length === 0) throw new Error(`${EXPECTED}; got "${value}"`);
  const ranges = entries.map((entry) => {
    const range = parseRange(entry);
    if (range === undefined) throw new Error(`${EXPECTED}; "${entry}" is not an IP address or CIDR range`);
    return range;
  });
  return { kind: "list", ranges };
}

/** Whether an address is in any of the ranges. */
export function inAny(ranges: IpRange[], address: IpAddress): boolean {
  for (const range of ranges) if (inRange(range, address.bytes)) return true;
  return false;
}

function inRange(range: IpRange, bytes: Uint8Array): boolean {
  const whole = range.prefix >> 3;
  for (let i = 0; i < whole; i++) if (range.bytes[i] !== bytes[i]) return false;
  const bits = range.prefix & 7;
  if (bits === 0) return true;
  const mask = (0xff << (8 - bits)) & 0xff;
  return ((range.bytes[whole] ?? 0) & mask) === ((bytes[whole] ?? 0) & mask);
}

/** An address or CIDR range; IPv4 ones become their IPv4-mapped IPv6 range, so one comparison serves both. */
function parseRange(text: string): IpRange | undefined {
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
export function parseAddress(raw: string): IpAddress | undefined {
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

/** Sixteen bytes of an IPv6 address in any valid spelling (lower case, no zone id), or undefined. */
export function parseIpv6(text: string): Uint8Array | undefined {
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

/**
 * Whether `host` can name an address to listen on: an IPv4 or IPv6 address, or a host name in the letters,
 * digits and hyphens of RFC 1123 whose last label is not all digits (so a mistyped address such as 999.1.1.1
 * is refused here rather than looked up as a name).
 */
export function isListenHost(host: string): boolean {
  if (parseAddress(host)) return true;
  if (host.length > 253) return false;
  const labels = host.replace(/\.$/, "").split(".");
  const label = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;
  return labels.every((part) => label.test(part)) && !/^\d+$/.test(labels.at(-1) ?? "");
}
