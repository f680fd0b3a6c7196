/** Inserts the dashes into 32 lowercase hex digits. */
function dashHex(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The UUID an offline-mode Minecraft server gives `nick`: Java's `UUID.nameUUIDFromBytes("OfflinePlayer:" + nick)`. */
export function offlineUuid(nick: string): string {
  const bytes = new Bun.CryptoHasher("md5").update(`OfflinePlayer:${nick}`).digest();
  // nameUUIDFromBytes stamps version 3 and the IETF variant over the raw MD5.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x30;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  return dashHex(bytes.toString("hex"));
}

/** Turns Mojang's undashed 32-hex UUID into dashed lowercase form; throws a TypeError on anything else. */
export function dashUuid(hex32: string): string {
  if (!/^[0-9a-fA-F]{32}$/.test(hex32)) throw new TypeError(`not an undashed UUID: ${JSON.stringify(hex32)}`);
  return dashHex(hex32.toLowerCase());
}
