import type {
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from "discord.js";
import type { Services } from "../services.ts";
import type { Clock } from "../shared/clock.ts";
import type { Logger } from "../shared/logger.ts";
import type { GrantedIntents } from "./intents.ts";
import type { LogChannel } from "./log-channel.ts";

/** What every command and event handler of the bot receives: the services, never the database. */
export type BotContext = {
  services: Services;
  log: LogChannel;
  logger: Logger;
  clock: Clock;
  /** The public base URL of the API, for the "how to use" lines (PUBLIC_URL, else the local address). */
  apiUrl: string;
  /** The privileged intents Discord grants the bot: without Message Content, message-mode whitelists pause. */
  intents: Readonly<GrantedIntents>;
  /** Reconnects with the Message Content intent when a whitelist was just switched to `message` mode. */
  ensureIntents(): Promise<void>;
};

/** A slash command: its definition and what it does (one per file, listed by import in commands/index.ts). */
export type Command = {
  data: RESTPostAPIChatInputApplicationCommandsJSONBody;
  execute(interaction: ChatInputCommandInteraction, context: BotContext): Promise<void>;
  autocomplete?(interaction: AutocompleteInteraction, context: BotContext): Promise<void>;
};
