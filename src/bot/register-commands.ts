import { type REST, Routes } from "discord.js";
import type { GuildService } from "../guilds/service.ts";
import type { Logger } from "../shared/logger.ts";
import type { Command } from "./context.ts";

/** Where a command set is registered: the application, the REST base, and which start of a sandbox. */
export type CommandTarget = { applicationId: string; apiBase: string; instance?: string };

/**
 * A stable hash of the command definitions and where they are registered: commands are re-registered only when
 * it changes, and a new application or a fresh sandbox (a new `instance`, even on the same port) never inherits
 * the hash of another.
 */
export function commandSetHash(commands: Command[], target: CommandTarget): string {
  return new Bun.CryptoHasher("sha256")
    .update(JSON.stringify({ target, commands: commands.map((command) => command.data) }))
    .digest("hex");
}

/**
 * Registers the command set in a guild when its definitions changed since the last registration there
 * (docs/architecture.md, Slash commands: the hash is stored per guild). Returns whether it registered.
 */
export async function syncGuildCommands(options: {
  rest: REST;
  /** The Discord REST base the bot talks to (Discord itself or a sandbox). */
  apiBase: string;
  /** Which start of a sandbox it is (src/sandbox/discord, `instanceId`); none for Discord itself. */
  instance?: string;
  applicationId: string;
  guildId: string;
  commands: Command[];
  guilds: GuildService;
  logger: Logger;
}): Promise<boolean> {
  const { rest, apiBase, instance, applicationId, guildId, commands, guilds, logger } = options;
  const target: CommandTarget =
    instance === undefined ? { applicationId, apiBase } : { applicationId, apiBase, instance };
  const hash = commandSetHash(commands, target);
  if ((await guilds.get(guildId))?.commandHash === hash) return false;
  await rest.put(Routes.applicationGuildCommands(applicationId, guildId), {
    body: commands.map((command) => command.data),
  });
  await guilds.setCommandHash(guildId, hash);
  logger.info("registered slash commands", { guildId, commands: commands.length });
  return true;
}
