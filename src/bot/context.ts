import type {
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  Client,
  ClientEvents,
  GatewayIntentBits,
  Interaction,
  Message,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from "discord.js";
import type { Services } from "../services.ts";
import type { Clock } from "../shared/clock.ts";
import type { LogFields, Logger } from "../shared/logger.ts";
import type { GrantedIntents } from "./intents.ts";
import type { LogChannel } from "./log-poster.ts";
import type { TimerLateness } from "./timer-lateness.ts";
import type { GuildWords } from "./words.ts";

/**
 * The services as the bot reaches them: every domain service, never the store or its writer, so a command or a
 * listener changes nothing but through a service (which holds the rules and writes the change's event).
 */
export type BotServices = Omit<Services, "db" | "write">;

/** What every command and event handler of the bot receives: the services, never the database. */
export type BotContext = {
  services: BotServices;
  log: LogChannel;
  logger: Logger;
  clock: Clock;
  /**
   * How late this bot's event loop ran its timers lately, on `clock`: whether an interaction is deferred at receipt
   * (src/bot/interaction/answer.ts, inTime). One per bot, so another bot in the process (a test's) never counts.
   */
  lateness: TimerLateness;
  /** The public base URL of the API, for the "how to use" lines (PUBLIC_URL, else the local address). */
  apiUrl: string;
  /** Where players join the link endpoint to prove an account (docs/link.md); none when LINK_PORT is unset. */
  linkAddress?: string;
  /** The privileged intents Discord grants the bot: without Message Content, message-mode whitelists pause. */
  intents: Readonly<GrantedIntents>;
  /** Whose language each text is in: a member's own answers, or what everyone in a guild reads (src/bot/words.ts). */
  words: GuildWords;
  /** Reconnects with the Message Content intent when a whitelist was just switched to `message` mode. */
  ensureIntents(): Promise<void>;
};

/** A slash command: its definition and what it does (one per file, listed by import in commands/index.ts). */
export type Command = {
  data: RESTPostAPIChatInputApplicationCommandsJSONBody;
  execute(interaction: ChatInputCommandInteraction, context: BotContext): Promise<void>;
  autocomplete?(interaction: AutocompleteInteraction, context: BotContext): Promise<void>;
};

/** What a listener receives besides the event's arguments: the bot's context and the connection it listens on. */
export type ListenerContext = BotContext & {
  /** The client the event came on (a reconnect with other intents makes a new one). */
  client: Client;
  /** Routes an interaction to its command, autocomplete or button (src/bot/interactions.ts). */
  handleInteraction(interaction: Interaction): Promise<void>;
  /** A message in a `message`-mode channel registers its nick (src/bot/events/message-create.ts). */
  handleMessage(message: Message): Promise<void>;
  /** Registers the slash commands in a guild where they changed (src/bot/register-commands.ts). */
  syncCommands(guildId: string): Promise<unknown>;
  /**
   * Work the bot waits for before it is ready or stopped (its `settled()`, which tests wait for too); when it
   * fails, `failure` is logged (a warning unless `level` says otherwise) with `fields` and the error.
   */
  track(work: Promise<unknown>, failure: string, fields?: LogFields, level?: "warn" | "error"): void;
};

/**
 * A gateway event the bot listens to, one per file in src/bot/events/, listed by import in its index.ts (the
 * shape of the discord.js guide's event handlers and Sapphire's `Listener`); `listen` (src/bot/listen.ts) wires
 * them on each connection.
 */
export type Listener<E extends keyof ClientEvents> = {
  event: E;
  /** Listens only on a connection holding this intent: without it Discord sends no such event, or it is useless. */
  intent?: GatewayIntentBits;
  /** What the log says (a warning, with the event's guild) when the work `run` returned fails. */
  failure?: string;
  /**
   * Handles the event. A promise it returns is tracked (see `ListenerContext.track`); work the bot does not wait
   * for (a command answering a member in its own time) is started and not returned.
   */
  run(...args: [...ClientEvents[E], ListenerContext]): unknown;
};

/** Any of the listeners, whatever its event (the list in src/bot/events/index.ts). */
export type AnyListener = { [E in keyof ClientEvents]: Listener<E> }[keyof ClientEvents];
