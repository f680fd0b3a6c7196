/**
 * A game server's console as vanilla's command dispatcher answers over RCON, for the commands the agent types:
 * `list`, `list uuids`, `kick` and `whitelist reload`; anything else is an unknown command. Written from vanilla's
 * sources and its language file (en_us.json), with the texts each answer is made of:
 * - ListPlayersCommand: `commands.list.players` "There are %s of a max of %s players online: %s", the players
 *   joined by ", " (ComponentUtils.formatList): their display names, or with `uuids` `commands.list.nameAndId`
 *   "%s (%s)", the name and the UUID;
 * - KickCommand: `kick <targets> [<reason>]`, the target a name (at most 16 characters, matched in any letter case)
 *   or a UUID (EntitySelectorParser.parseNameOrUUID), the reason the rest of the line (MessageArgument); each player
 *   kicked answers `commands.kick.success` "Kicked %s: %s" (the default reason `multiplayer.disconnect.kicked`,
 *   "Kicked by an operator"); nobody matching answers `argument.entity.notfound.player` "No player was found";
 * - `whitelist reload`: `commands.whitelist.reloaded` "Reloaded the whitelist";
 * - a failure of parsing (Commands.performCommand): the error, then its context: up to 10 characters before the
 *   cursor ("..." before them when there are more), the rest of the input, and `command.context.here` "<--[HERE]".
 *   RCON joins the messages of a command with nothing between them (RconConsoleSource.sendSystemMessage).
 * Paper runs the same commands for the console (its only change to `list` filters what a player may see).
 */

import type { GameServer } from "./game-server.ts";

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** Brigadier's StringReader.isAllowedInUnquotedString. */
const UNQUOTED = /^[0-9A-Za-z_.+-]*/;

/** The context a parse failure is shown with. */
function context(input: string, cursor: number): string {
  return `${cursor > 10 ? "..." : ""}${input.slice(Math.max(0, cursor - 10), cursor)}${input.slice(cursor)}<--[HERE]`;
}

/** A failure to parse `input` at `cursor`, as RCON carries it. */
const failure = (message: string, input: string, cursor: number) => `${message}${context(input, cursor)}`;

/** Answers console commands as a vanilla server does, over the stand-in's players. */
export function vanillaConsole(
  game: Pick<GameServer, "players" | "kick" | "reloadWhitelist" | "maxPlayers">,
) {
  return async (input: string): Promise<string> => {
    if (input === "list" || input === "list uuids") {
      const players = await game.players();
      const names = players.map(({ name, uuid }) => (input === "list" ? name : `${name} (${uuid})`));
      return `There are ${players.length} of a max of ${game.maxPlayers} players online: ${names.join(", ")}`;
    }
    if (input === "whitelist reload") {
      await game.reloadWhitelist();
      return "Reloaded the whitelist";
    }
    if (input.startsWith("kick ")) return kick(input);
    return failure("Unknown or incomplete command, see below for error", input, 0);
  };

  async function kick(input: string): Promise<string> {
    const start = "kick ".length;
    const target = (UNQUOTED.exec(input.slice(start)) as RegExpExecArray)[0];
    const after = start + target.length;
    if (!UUID.test(target) && (target.length === 0 || target.length > 16)) {
      return failure("Invalid name or UUID", input, start);
    }
    if (after < input.length && input[after] !== " ") {
      return failure("Incorrect argument for command", input, after);
    }
    const reason = after < input.length ? input.slice(after + 1) : "Kicked by an operator";
    const kicked = await game.kick(
      UUID.test(target) ? { uuid: target.toLowerCase() } : { name: target },
      reason,
    );
    return kicked === null ? "No player was found" : `Kicked ${kicked}: ${reason}`;
  }
}
