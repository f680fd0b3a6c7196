import { Client, Events, GatewayIntentBits, type Guild } from "discord.js";
import type { Services } from "../services.ts";
import type { Clock } from "../shared/clock.ts";
import type { Logger } from "../shared/logger.ts";
import { buttons, commands } from "./commands/index.ts";
import type { BotContext } from "./context.ts";
import type { DiscordRest } from "./discord.ts";
import { onMemberRemove } from "./events/member-remove.ts";
import { createMessageHandler } from "./events/message-create.ts";
import { reconcileMembers } from "./events/reconcile.ts";
import { createInteractionHandler } from "./interactions.ts";
import { createLogChannel } from "./log-channel.ts";
import { syncGuildCommands } from "./register-commands.ts";

/** What starting the bot takes. */
export type BotOptions = {
  token: string;
  /** Discord's REST base without /v10 (the sandbox's in tests and `demo`); Discord itself when absent. */
  discordApiUrl?: string;
  /** The REST client the services' Discord ports were built on (createDiscordRest). */
  discord: DiscordRest;
  services: Services;
  logger: Logger;
  clock: Clock;
  /** The API's public base URL, shown in "how to use" lines. */
  apiUrl: string;
  /** Skip discord.js's 5 s spacing between identifies (tests and the sandbox only). */
  fastIdentify?: boolean;
};

/** A running bot. */
export type Bot = {
  client: Client;
  /** Reconnects with the Message Content intent if a whitelist now uses `message` mode and it is missing. */
  ensureIntents(): Promise<void>;
  stop(): Promise<void>;
};

/** The intents the bot needs; Message Content only while some whitelist registers by message. */
export function intentsFor(services: Services): GatewayIntentBits[] {
  const intents = [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers, GatewayIntentBits.GuildMessages];
  if (services.whitelists.anyInMode("message")) intents.push(GatewayIntentBits.MessageContent);
  return intents;
}

/**
 * Starts the Discord bot over the services it is given (it builds none): commands, message registration,
 * approvals and the log channel. Role changes and request posts go through the services' Discord ports.
 */
export async function startBot(options: BotOptions): Promise<Bot> {
  const { services, logger, clock } = options;
  const { rest } = options.discord;
  const log = createLogChannel({ rest, services, logger });

  let bot: Bot;
  const context: BotContext = {
    services,
    log,
    logger,
    clock,
    apiUrl: options.apiUrl,
    ensureIntents: () => bot.ensureIntents(),
  };
  const handleInteraction = createInteractionHandler(commands, buttons, context);
  const handleMessage = createMessageHandler(context);

  const connect = async (intents: GatewayIntentBits[]): Promise<Client> => {
    const client = new Client({
      intents,
      rest: options.discordApiUrl ? { api: options.discordApiUrl } : {},
      allowedMentions: { parse: [] },
      ...(options.fastIdentify
        ? { ws: { buildIdentifyThrottler: async () => ({ waitForIdentify: async () => {} }) } }
        : {}),
    });
    const sync = (guildId: string) =>
      syncGuildCommands({
        rest,
        apiBase: options.discordApiUrl ?? "discord",
        applicationId: client.application?.id ?? "",
        guildId,
        commands,
        guilds: services.guilds,
        logger,
      }).catch((error) =>
        logger.error("could not register slash commands", { guildId, error: String(error) }),
      );
    const reconcile = (guild: Guild) =>
      reconcileMembers(guild, context).catch((error) =>
        logger.warn("could not check who left", { guildId: guild.id, error: String(error) }),
      );
    // Ready means: connected, commands registered where they changed, and departed members' entries gone.
    const ready = new Promise<void>((resolve) =>
      client.once(Events.ClientReady, async (connected) => {
        logger.info("bot connected", { user: connected.user.tag, guilds: connected.guilds.cache.size });
        await Promise.all(connected.guilds.cache.map((guild) => sync(guild.id)));
        await Promise.all(connected.guilds.cache.map(reconcile));
        resolve();
      }),
    );
    client.on(Events.ShardResume, () => void Promise.all(client.guilds.cache.map(reconcile)));
    client.on(Events.GuildCreate, (guild) => void sync(guild.id));
    client.on(Events.InteractionCreate, (interaction) => void handleInteraction(interaction));
    client.on(Events.MessageCreate, (message) => void handleMessage(message));
    client.on(Events.GuildMemberRemove, (member) => void onMemberRemove(member, context));
    client.on(Events.GuildMemberAdd, (member) =>
      services.registration.memberJoined({ guildId: member.guild.id, userId: member.id }),
    );
    client.on(Events.Error, (error) => logger.error("discord client error", { error: String(error) }));
    try {
      await client.login(options.token);
    } catch (error) {
      await client.destroy();
      throw new Error(`Discord refused the bot's login (${(error as Error).message}); check DISCORD_TOKEN.`);
    }
    await ready;
    return client;
  };

  let client = await connect(intentsFor(services));
  bot = {
    get client() {
      return client;
    },
    async ensureIntents() {
      const wanted = intentsFor(services);
      if (wanted.every((intent) => client.options.intents.has(intent))) return;
      logger.info(
        "reconnecting to Discord with the Message Content intent (a whitelist now uses message mode)",
      );
      await client.destroy();
      client = await connect(wanted);
    },
    async stop() {
      log.stop();
      await services.reverter.settled();
      await client.destroy();
    },
  };
  return bot;
}
