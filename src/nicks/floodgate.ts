/**
 * How Floodgate names a Bedrock player on a Java server (docs/decisions.md, Bedrock players), the same rules
 * as Floodgate's own handshake: its `username-prefix` in front of the gamertag, the whole cut to the 16
 * characters a Java name may have, and (with `replace-spaces`, the default) spaces turned into `_`.
 */

/** A whitelist's copy of the game server's Floodgate settings. */
export type FloodgateSettings = { floodgatePrefix: string; replaceSpaces: boolean };

/** The longest name a Java server accepts, which Floodgate cuts the prefixed gamertag to. */
const JAVA_NAME_MAX = 16;

/**
 * What a prefix may be: up to 15 printable ASCII characters without spaces. Floodgate replaces a prefix of 16
 * or more, which would leave no room for the gamertag, with `.` without a word (FloodgateConfig.postInitialize:
 * `if (usernamePrefix.length() >= 16) usernamePrefix = "."`), so such a server names its players with `.`. Empty is allowed, as in Floodgate, though a Bedrock
 * name may then clash with a Java one.
 */
export const FLOODGATE_PREFIX_PATTERN = /^[!-~]{0,15}$/;

/** The name Floodgate gives the player with `gamertag` under `settings`. */
export function floodgateName(settings: FloodgateSettings, gamertag: string): string {
  const prefix = settings.floodgatePrefix;
  const room = Math.max(0, JAVA_NAME_MAX - prefix.length);
  const name = prefix + gamertag.slice(0, room);
  return settings.replaceSpaces ? name.replaceAll(" ", "_") : name;
}

/**
 * The gamertag someone meant by `typed`: the gamertag itself, or the in-game name (with the prefix, spaces
 * as `_`). Gamertags never hold `_`, so every `_` stands for a space.
 */
export function gamertagOf(settings: FloodgateSettings, typed: string): string {
  const text = typed.trim();
  const prefix = settings.floodgatePrefix;
  const bare = prefix.length > 0 && text.startsWith(prefix) ? text.slice(prefix.length) : text;
  return bare.replaceAll("_", " ");
}

/** The stored names `typed` may stand for on a Bedrock whitelist: as typed, and as Floodgate spells it. */
export function namesMeant(settings: FloodgateSettings, typed: string): string[] {
  const text = typed.trim();
  return [...new Set([text, floodgateName(settings, gamertagOf(settings, text))])];
}

/** Floodgate's Java UUID of a Bedrock player: `new UUID(0, xuid)`, the XUID in the last 16 hex digits. */
export function floodgateUuid(xuid: string): string {
  const hex = BigInt.asUintN(64, BigInt(xuid)).toString(16).padStart(16, "0");
  return `00000000-0000-0000-${hex.slice(0, 4)}-${hex.slice(4)}`;
}

/** The XUID (decimal, as Xbox and a Bedrock server write it) in a Floodgate UUID; null for any other UUID. */
export function xuidOfFloodgateUuid(uuid: string): string | null {
  const match = /^00000000-0000-0000-([0-9a-f]{4})-([0-9a-f]{12})$/i.exec(uuid);
  return match ? BigInt(`0x${match[1]}${match[2]}`).toString() : null;
}
