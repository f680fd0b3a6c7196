/**
 * The game server's answer to `list` over RCON, read (docs/link.md, First-join proof). What vanilla's
 * ListPlayersCommand sends, and Paper's (the same command: Paper only filters the list for a player who cannot see
 * everyone, never for the console):
 * - `commands.list.players`, "There are %s of a max of %s players online: %s", the players joined by ", "
 *   (ComponentUtils.formatList); nobody online leaves "…online: " with nothing after the space;
 * - `list uuids` (1.13 and later) names each player `commands.list.nameAndId`, "%s (%s)": the profile's name and
 *   its UUID, dashed, as the server knows it (Mojang's on an online-mode server, Floodgate's for a Bedrock player);
 * - plain `list` names each by their display name, which a scoreboard team's prefix or a plugin's nickname may
 *   change: a name is only ever matched exactly, so such a player is simply not recognised.
 * RCON's answer is the text of every message the command sent, joined with nothing between them, so Bukkit's own
 * list of 1.12 and before reads "There are 1/20 players online:" then the names (after a line break); vanilla's of
 * that time the same without one. Both are read, for servers that never took `list uuids`.
 */

/** A player the list names: their name, and their UUID when the list shows it (`list uuids`). */
export type ListedPlayer = { name: string; uuid: string | null };

/**
 * What a list said: how many players it counts online, the players it names, and whether it names them all (RCON
 * sends a long answer in 4096-byte pieces, of which the agent reads the first).
 */
export type PlayerList = { online: number; max: number; players: ListedPlayer[]; complete: boolean };

const MODERN = /^There are (\d+) of a max of (\d+) players online: ?([\s\S]*)$/;
const LEGACY = /^There are (\d+)\/(\d+) players online:\n?([\s\S]*)$/;
/** One `name (uuid)` of `list uuids`, then a separator or the end. */
const WITH_UUID =
  /(.+?) \(([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\)(, |$)/y;

/**
 * Reads an answer to `list` or `list uuids` (`withUuids`: each player must carry their UUID); null when it is not
 * one (an unknown command, a plugin's own list, a server that does not take `uuids`).
 */
export function parsePlayerList(answer: string, withUuids: boolean): PlayerList | null {
  const text = answer.replace(/\r?\n$/, "");
  const match = MODERN.exec(text) ?? LEGACY.exec(text);
  if (!match) return null;
  const online = Number(match[1]);
  const max = Number(match[2]);
  const rest = (match[3] as string).replace(/\s+$/, "");
  const players = rest === "" ? [] : withUuids ? readWithUuids(rest) : readNames(rest);
  if (players === null) return null;
  return { online, max, players, complete: players.length >= online };
}

/**
 * `Notch (069a…), .Steve (0000…)`: null unless the first item is a name and a UUID (a list without UUIDs is not
 * what `list uuids` asked for). An item cut short ends the list: the answer was cut (see PlayerList.complete).
 */
function readWithUuids(text: string): ListedPlayer[] | null {
  const players: ListedPlayer[] = [];
  WITH_UUID.lastIndex = 0;
  while (WITH_UUID.lastIndex < text.length) {
    const at = WITH_UUID.lastIndex;
    const item = WITH_UUID.exec(text);
    if (!item || item.index !== at) return players.length === 0 ? null : players;
    players.push({ name: item[1] as string, uuid: (item[2] as string).toLowerCase() });
    if (item[3] === "") break;
  }
  return players;
}

/** `Notch, .Steve`: the names as the list spells them. */
function readNames(text: string): ListedPlayer[] {
  return text.split(/, |\n/).map((name) => ({ name, uuid: null }));
}
