/**
 * Every UUID the service writes: 32 lower-case hex digits dashed 8-4-4-4-12, of any version. Floodgate's UUIDs
 * (`00000000-0000-0000-` and a XUID) are version 0, which RFC 9562 validators (zod's `z.uuid()`, which
 * `format: uuid` becomes in generated clients) refuse, so the API documents UUIDs by this pattern instead.
 */
export const UUID_PATTERN = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

/** Inserts the dashes into 32 lowercase hex digits. */
function dashHex(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The UUID an offline-mode Minecraft server gives `nick`: Java's `UUID.nameUUIDFromBytes("OfflinePlayer:" + nick)`. */
export function offlineUuid(nick: string): string {
  // Hashed into one buffer kept for it, not through a hasher object and a digest per call: a first build of a
  // large whitelist's whitelist.json computes one per offline nick, each left native memory to the collector,
  // some 500 bytes a nick (docs/performance.md, Large whitelists).
  Bun.MD5.hash(`OfflinePlayer:${nick}`, md5);
  // nameUUIDFromBytes stamps version 3 and the IETF variant over the raw MD5.
  md5[6] = ((md5[6] ?? 0) & 0x0f) | 0x30;
  md5[8] = ((md5[8] ?? 0) & 0x3f) | 0x80;
  // Written dashed into a buffer kept for it, then read as one string: the hex text, its five slices and their
  // join made seven strings a nick, 100,000 nicks' worth of garbage in a first build (docs/performance.md).
  let at = 0;
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) dashed[at++] = 0x2d;
    const byte = md5[i] as number;
    dashed[at++] = HEX[byte >> 4] as number;
    dashed[at++] = HEX[byte & 0x0f] as number;
  }
  return dashed.toString("latin1");
}

/** The MD5 `offlineUuid` hashes into, and the dashed UUID it writes (used synchronously only). */
const md5 = Buffer.alloc(16);
const dashed = Buffer.alloc(36);
const HEX = Buffer.from("0123456789abcdef", "latin1");

/** Turns Mojang's undashed 32-hex UUID into dashed lowercase form; throws a TypeError on anything else. */
export function dashUuid(hex32: string): string {
  if (!/^[0-9a-fA-F]{32}$/.test(hex32)) throw new TypeError(`not an undashed UUID: ${JSON.stringify(hex32)}`);
  return dashHex(hex32.toLowerCase());
}
