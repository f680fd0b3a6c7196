import { floodgateUuid, xuidOfFloodgateUuid } from "../nicks/floodgate.ts";
import { byNick } from "./order.ts";
import { erasedKeys, type FormatSpec, type Player } from "./spec.ts";

/**
 * Bedrock Dedicated Server's `allowlist.json` (Mojang's bedrock_server_how_to.html, Allowlist): a JSON array of
 * `{"ignoresPlayerLimit", "name", "xuid"}`, where `name` is the Xbox gamertag (spaces kept), `xuid` a string
 * (optional: without it, BDS takes the first player whose gamertag matches and writes the XUID in) and
 * `ignoresPlayerLimit` a boolean. Written the way BDS itself writes the file (compact, keys in that order, one
 * final `\n`), sorted by gamertag: only Bedrock entries, since BDS admits Xbox accounts alone; the XUID is the
 * one in Floodgate's UUID, left out while GeyserMC has not given it.
 */
export const bds = {
  contentType: "application/json; charset=utf-8",
  render: (players: readonly Player[]) => {
    const listed = players
      .filter((player) => player.gamertag != null)
      .sort((a, b) => byNick(a.gamertag as string, b.gamertag as string));
    return `[${listed.map(allowlistEntry).join(",")}]\n`;
  },
  pieces: erasedKeys({
    include: (entry) => entry.gamertag != null,
    key: (entry) => entry.gamertag as string,
    compare: byNick,
    sortKey: (entry) => (entry.gamertag as string).toLowerCase(),
    piece: allowlistEntry,
    separator: ",",
    prefix: "[",
    suffix: "]\n",
    empty: "[]\n",
  }),
  file: {
    name: "allowlist.json",
    reloadCommand: "allowlist reload",
    lists: {
      player: (player) => player.gamertag != null,
      others: "Java nicks: a Bedrock Dedicated Server admits Xbox accounts only, listed by gamertag",
    },
    nameOf: (player) => player.gamertag ?? player.nick,
    count: (bytes) => allowlistOf(bytes)?.length ?? 0,
    players: (bytes) =>
      allowlistOf(bytes)?.flatMap((entry) =>
        typeof entry?.name === "string" && entry.name !== ""
          ? [
              {
                nick: entry.name,
                gamertag: entry.name,
                uuid:
                  typeof entry.xuid === "string" && /^[0-9]+$/.test(entry.xuid)
                    ? floodgateUuid(entry.xuid)
                    : null,
                premium: false,
              },
            ]
          : [],
      ) ?? null,
    update: (current, rendered) => keepServerSettings(current, rendered),
  },
} satisfies FormatSpec;

/** One player's entry, as BDS writes it: `{"ignoresPlayerLimit":false,"name":…,"xuid":…}`. */
function allowlistEntry(player: Player): string {
  const xuid = player.uuid === null ? null : xuidOfFloodgateUuid(player.uuid);
  return JSON.stringify({
    ignoresPlayerLimit: false,
    name: player.gamertag,
    ...(xuid === null ? {} : { xuid }),
  });
}

/** An allowlist.json entry as read back. */
type AllowlistEntry = { ignoresPlayerLimit?: unknown; name?: unknown; xuid?: unknown };

/** The entries of an allowlist.json, or null when the bytes are not a JSON array. */
function allowlistOf(bytes: Uint8Array): AllowlistEntry[] | null {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return Array.isArray(parsed) ? (parsed as AllowlistEntry[]) : null;
  } catch {
    return null;
  }
}

/**
 * The rendered list with what the server's file already says of a player (by XUID, else by gamertag in any
 * letter case) kept: an `ignoresPlayerLimit: true` (an owner's setting, never the service's), and the XUID BDS
 * wrote in for an entry listed without one (it took the player whose gamertag matched). Null when the file
 * already holds those bytes.
 */
function keepServerSettings(current: Uint8Array | null, rendered: Uint8Array): Uint8Array | null {
  const unlimited = new Set<string>();
  const xuids = new Map<string, string>();
  for (const entry of (current === null ? null : allowlistOf(current)) ?? []) {
    if (typeof entry !== "object" || entry === null || typeof entry.name !== "string") continue;
    const name = `n:${entry.name.toLowerCase()}`;
    const xuid = typeof entry.xuid === "string" && /^[0-9]+$/.test(entry.xuid) ? entry.xuid : null;
    if (xuid !== null) xuids.set(name, xuid);
    if (entry.ignoresPlayerLimit === true) {
      unlimited.add(name);
      if (xuid !== null) unlimited.add(`x:${xuid}`);
    }
  }
  let bytes = rendered;
  if (unlimited.size > 0 || xuids.size > 0) {
    const entries = allowlistOf(rendered) as { ignoresPlayerLimit: boolean; name: string; xuid?: string }[];
    const kept = entries.map(({ name, xuid }) => {
      const key = `n:${name.toLowerCase()}`;
      const known = xuid ?? xuids.get(key);
      const ignoresPlayerLimit = unlimited.has(key) || (known !== undefined && unlimited.has(`x:${known}`));
      return JSON.stringify({ ignoresPlayerLimit, name, ...(known === undefined ? {} : { xuid: known }) });
    });
    bytes = new TextEncoder().encode(`[${kept.join(",")}]\n`);
  }
  return current !== null && Buffer.from(current).equals(bytes) ? null : bytes;
}
