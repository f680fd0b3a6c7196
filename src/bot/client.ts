import {
  Client,
  Events,
  GatewayCloseCodes,
  type GatewayIntentBits,
  IntentsBitField,
  Routes,
  Status,
} from "discord.js";
import type { GatewayState } from "../health/status.ts";
import { inviteUrl, usedFeatures } from "../setup/permissions.ts";
import type { Clock } from "../shared/clock.ts";
import type { Logger } from "../shared/logger.ts";
import { watchBudgets } from "./budgets.ts";
import { buttons } from "./buttons/index.ts";
import { commands } from "./commands/index.ts";
import type { BotContext, BotServices, ListenerContext } from "./context.ts";
import type { DiscordRest } from "./discord.ts";
import { listeners } from "./events/index.ts";
import { createMessageHandler } from "./events/message-create.ts";
import {
  ALL_GRANTED,
  type GrantedIntents,
  grantedByFlags,
  missingIntents,
  missingIntentsEmbeds,
  missingIntentWarning,
  PRIVILEGED,
  type PrivilegedIntent,
  wantedIntents,
} from "./intents.ts";
import { createInteractionHandler } from "./interactions.ts";
import { listen } from "./listen.ts";
import { startLogChannel } from "./log-poster.ts";
import { BotLoginError, DISCORD_API, describeLoginFailure } from "./login.ts";
import { modals } from "./modals/index.ts";
import { createReactionTurns } from "./reactions.ts";
import { syncGuildCommands } from "./register-commands.ts";
import { createStaffLog, type StaffLog } from "./staff-log.ts";
import { createTimerLateness } from "./timer-lateness.ts";
import { createGuildWords } from "./words.ts";

/** What starting the bot takes. */
export type BotOptions = {
  token: string;
  /** Discord's REST base without /v10 (the sandbox's in tests and `demo`); Discord itself when absent. */
  discordApiUrl?: string;
  /** Which start of the sandbox Discord the bot talks to (the demo's): commands are registered anew in each. */
  discordInstance?: string;
  /** The REST client the services' Discord ports were built on (createDiscordRest). */
  discord: DiscordRest;
  services: BotServices;
  logger: Logger;
  clock: Clock;
  /** The API's public base URL, shown in "how to use" lines. */
  apiUrl: string;
  /** Where players join the link endpoint to prove an account; none when it is off. */
  linkAddress?: string;
  /**
   * Tests and the sandbox only: skip discord.js's 5 s spacing between identifies, and wait 100 ms (not 15 s) for
   * a guild that is unavailable at READY before being ready without it.
   */
  fastIdentify?: boolean;
  /**
   * SHARD_COUNT: how many gateway shards to open, all in this process (discord.js's internal sharding); unset:
   * as many as Discord recommends (`GET /gateway/bot`), so one bot serves any number of servers.
   */
  shardCount?: number;
};

/** A running bot. */
export type Bot = {
  client: Client;
  /** The privileged intents Discord grants the bot (the developer portal's switches, as last learned). */
  readonly intents: Readonly<GrantedIntents>;
  /**
   * Reconnects with the intents the whitelists now need (Message Content once one uses `message` mode), as far
   * as the developer portal grants them; what it withholds is reported instead of failing.
   */
  ensureIntents(): Promise<void>;
  /** The gateway connection now: `offline` once Discord closed it for good or the bot stopped. */
  gatewayState(): Exclude<GatewayState, "disabled">;
  /** Resolves once the work gateway events have started is done: command registration, departure and role checks. */
  settled(): Promise<void>;
  /** Changes committed and not yet posted to the log channel. */
  logWaiting(): number;
  /** Resolves once every change heard of is posted to the log channels (tests). */
  logIdle(): Promise<void>;
  /** Resolves once every member message heard of (message mode) is answered (tests). */
  messagesAnswered(): Promise<void>;
  /** What staff did in the dashboard, told in Discord as the commands tell it (src/bot/staff-log.ts). */
  staffLog: StaffLog;
  stop(): Promise<void>;
};

/**
 * Starts the Discord bot over the services it is given (it builds none): commands, message registration,
 * approvals and the log channel. Role changes and request posts go through the services' Discord ports.
 *
 * It identifies with the privileged intents the developer portal grants (read from the application's flags,
 * corrected by a 4014 close) and runs without the others, saying which switch to turn on and what is off.
 * A refused token, an unreachable Discord and any other login failure reject with a BotLoginError naming it.
 */
export async function startBot(options: BotOptions): Promise<Bot> {
  const { services, logger, clock } = options;
  const { rest } = options.discord;
  const discordApi = options.discordApiUrl ?? DISCORD_API;
  const log = await startLogChannel({
    rest,
    services,
    logger,
    heldUntil: options.discord.heldUntil,
    client: options.discord.client,
  });
  const granted: GrantedIntents = { ...ALL_GRANTED };
  let reported: PrivilegedIntent[] = [];
  let stopped = false;
  // Set when Discord closed the gateway for good, or a reconnect failed: the bot stays offline until restarted.
  let offline = false;
  let invitePrinted = false;

  // Work started by gateway events (a guild coming up, a resume), so `ready` and tests can wait for it.
  const work = new Set<Promise<unknown>>();
  const track: ListenerContext["track"] = (started, failure, fields, level = "warn") => {
    const promise = started.catch((error: unknown) =>
      logger[level](failure, { ...fields, error: String(error) }),
    );
    work.add(promise);
    promise.finally(() => work.delete(promise));
  };
  const settled = async () => {
    while (work.size > 0) await Promise.allSettled([...work]);
  };

  // Connecting, reconnecting and stopping run one at a time.
  let lifecycle: Promise<unknown> = Promise.resolve();
  const serially = <T>(step: () => Promise<T>): Promise<T> => {
    const run = lifecycle.then(step, step);
    lifecycle = run.catch(() => {});
    return run;
  };

  let bot: Bot;
  const words = createGuildWords({
    guilds: services.guilds,
    texts: services.texts,
    client: options.discord.client,
  });
  options.discord.speak(words);
  const context: BotContext = {
    words,
    services,
    log,
    logger,
    clock,
    lateness: createTimerLateness({ clock }),
    apiUrl: options.apiUrl,
    linkAddress: options.linkAddress,
    intents: granted,
    ensureIntents: () => bot.ensureIntents(),
  };
  const handleInteraction = createInteractionHandler(commands, { buttons, modals }, context);
  // Reactions in a channel take turns, chosen when Discord's bucket for them has room (src/bot/reactions.ts).
  const reactionRoom = watchBudgets(
    rest,
    (path) => /^\/channels\/(\d+)\/messages\/\d+\/reactions\//.exec(path)?.[1],
  );
  const handleMessage = createMessageHandler(
    context,
    undefined,
    createReactionTurns({ clock, room: reactionRoom }),
  );

  /**
   * The portal's switches, from the application's flags. At start a refused token or an unreachable Discord
   * stops here (`strict`); later, and for any other failure, every switch is assumed on and a 4014 corrects it.
   */
  const readPortal = async (strict = false): Promise<GrantedIntents> => {
    try {
      const application = (await rest.get(Routes.currentApplication())) as { flags?: unknown };
      if (typeof application.flags === "number") return grantedByFlags(application.flags);
    } catch (error) {
      const failure = describeLoginFailure(error, null, discordApi);
      if (strict && failure.reason !== "login-failed") throw failure;
      logger.warn("could not read the application's flags", { error: failure.message });
    }
    return { ...ALL_GRANTED };
  };

  /** Says the bot is connected; once per start, the link that adds it to a server (with what it needs). */
  const announce = async (connected: Client<true>) => {
    logger.info("bot connected", { user: connected.user.tag, guilds: connected.guilds.cache.size });
    // Once per start: a reconnect with other intents makes a new client, and a new READY.
    if (!invitePrinted) {
      invitePrinted = true;
      // The opt-in features in use ask for their own permissions (Manage Nicknames, View Audit Log).
      const invite = inviteUrl(connected.application.id, await usedFeatures(services));
      logger.info("invite link", { url: invite });
      if (connected.guilds.cache.size === 0) {
        logger.warn("the bot is in no server yet: open the invite link to add it to yours", { url: invite });
      }
    }
    for (const guild of connected.guilds.cache.values()) {
      if (!guild.available) {
        logger.warn("a guild is unavailable (a Discord outage): it is set up once it comes back", {
          guildId: guild.id,
        });
      }
    }
  };

  /** One login with these intents; rejects with a BotLoginError. */
  const connect = async (intents: GatewayIntentBits[]): Promise<Client> => {
    const client = new Client({
      intents,
      ...(options.shardCount === undefined
        ? { shards: "auto" as const }
        : {
            shards: Array.from({ length: options.shardCount }, (_, i) => i),
            shardCount: options.shardCount,
          }),
      allowedMentions: { parse: [] },
      ...(options.fastIdentify
        ? {
            ws: { buildIdentifyThrottler: async () => ({ waitForIdentify: async () => {} }) },
            waitGuildTimeout: 100,
          }
        : {}),
    });
    // One REST manager for the whole bot: the services' ports and this client share its queues and its budget.
    options.discord.use(client);
    let established = false;
    let closeCode: number | null = null;
    // discord.js emits this only for the close codes it will not reconnect after (4004, 4010-4014).
    client.on(Events.ShardDisconnect, (event) => {
      closeCode = event.code;
      if (established) onLost(client, event.code);
    });
    // Ready means: connected, and the work of every guild that came up with the session done.
    const ready = new Promise<void>((resolve) =>
      client.once(Events.ClientReady, async (connected) => {
        await announce(connected).catch((error: unknown) =>
          logger.warn("could not announce the connection", { error: String(error) }),
        );
        await settled();
        resolve();
      }),
    );
    listen(client, listeners, {
      ...context,
      client,
      handleInteraction,
      handleMessage,
      syncCommands: (guildId) =>
        syncGuildCommands({
          rest,
          apiBase: options.discordApiUrl ?? "discord",
          instance: options.discordInstance,
          applicationId: client.application?.id ?? "",
          guildId,
          commands,
          guilds: services.guilds,
          logger,
        }),
      track,
    });
    try {
      await client.login(options.token);
    } catch (error) {
      await client.destroy();
      throw describeLoginFailure(error, closeCode, discordApi);
    }
    await ready;
    established = true;
    return client;
  };

  /**
   * Connects with what the portal grants. A 4014 the flags did not foresee drops privileged intents until
   * Discord accepts (Message Content first, then Server Members, then both); never more than four logins.
   */
  const connectGranted = async (portal: GrantedIntents): Promise<Client> => {
    const candidates: GrantedIntents[] = [
      portal,
      { ...portal, messageContent: false },
      { ...portal, serverMembers: false },
      { serverMembers: false, messageContent: false },
    ];
    const tried = new Set<number>();
    let refused: unknown;
    for (const candidate of candidates) {
      const intents = await wantedIntents(services, candidate);
      const bits = new IntentsBitField(intents).bitfield;
      if (tried.has(bits)) continue;
      tried.add(bits);
      try {
        const connected = await connect(intents);
        Object.assign(granted, candidate);
        return connected;
      } catch (error) {
        if (!(error instanceof BotLoginError) || error.reason !== "intents-disallowed") throw error;
        logger.warn("Discord refused the bot's intents (4014 Disallowed intent(s)); trying with fewer", {
          intents: bits,
        });
        refused = error;
      }
    }
    throw refused;
  };

  /** Tells the log, and the log channel of every guild concerned, about intents newly missing (or back). */
  const report = async () => {
    const missing = await missingIntents(services, granted);
    const added = missing.filter((intent) => !reported.includes(intent));
    for (const intent of reported) {
      if (!missing.includes(intent)) logger.info(`the ${PRIVILEGED[intent].switch} is granted again`);
    }
    reported = missing;
    for (const intent of added)
      logger.warn(missingIntentWarning(intent), { intent: PRIVILEGED[intent].switch });
    if (added.length === 0) return;
    for (const guildId of client.guilds.cache.keys()) {
      const messageWhitelists = (await services.whitelists.listForGuild(guildId))
        .filter((wl) => wl.registrationMode === "message")
        .map((wl) => wl.name);
      const concerned = added.filter((intent) => intent !== "messageContent" || messageWhitelists.length > 0);
      if (concerned.length > 0) {
        const said = await words.public(guildId);
        await log.post(guildId, { embeds: missingIntentsEmbeds(said, concerned, messageWhitelists) });
      }
    }
  };

  /** The gateway closed for good after the bot was connected. */
  const onLost = (lost: Client, code: number) => {
    if (stopped || lost !== client) return;
    if (code !== GatewayCloseCodes.DisallowedIntents) {
      const failure = describeLoginFailure(new Error(`gateway closed with ${code}`), code, discordApi);
      offline = true;
      logger.error("Discord closed the bot's gateway for good; the bot is offline until restarted", {
        code,
        reason: failure.message,
      });
      return;
    }
    // A switch was turned off in the portal while the bot ran: Discord refused the next IDENTIFY.
    logger.warn("Discord closed the gateway with 4014 Disallowed intent(s); reconnecting without them");
    serially(async () => {
      if (stopped || lost !== client) return;
      await client.destroy();
      client = await connectGranted(await readPortal());
      await report();
    }).catch((error) => {
      offline = true;
      logger.error("the bot could not reconnect to Discord and is offline until restarted", {
        error: error instanceof Error ? error.message : String(error),
      });
    });
  };

  let client: Client;
  try {
    client = await serially(async () => connectGranted(await readPortal(true)));
  } catch (error) {
    // Nothing of this bot may outlive a start that failed: its log channel stops listening too.
    await log.stop();
    throw error;
  }
  await report();
  bot = {
    get client() {
      return client;
    },
    get intents() {
      return granted;
    },
    ensureIntents: () =>
      serially(async () => {
        if (stopped) return;
        const portal = await readPortal();
        const wanted = await wantedIntents(services, portal);
        const has = (intent: GatewayIntentBits) => client.options.intents.has(intent);
        if (wanted.every(has)) {
          // Nothing to reconnect for: the session keeps what it has, and lacks what the portal withholds.
          for (const intent of Object.keys(PRIVILEGED) as PrivilegedIntent[]) {
            granted[intent] = has(PRIVILEGED[intent].intent) || portal[intent];
          }
        } else {
          logger.info("reconnecting to Discord with the intents the whitelists now need", {
            intents: new IntentsBitField(wanted).bitfield,
          });
          await client.destroy();
          client = await connectGranted(portal);
        }
        await report();
      }),
    gatewayState() {
      if (stopped || offline) return "offline";
      const shards = [...client.ws.shards.values()];
      return shards.length > 0 && shards.every((shard) => shard.status === Status.Ready)
        ? "connected"
        : "reconnecting";
    },
    settled,
    logWaiting: () => log.waiting(),
    logIdle: () => log.idle(),
    messagesAnswered: () => handleMessage.answered(),
    staffLog: createStaffLog({ log, services, client: () => client, logger }),
    async stop() {
      stopped = true;
      await log.stop();
      await lifecycle;
      await services.reverter.settled();
      await settled();
      await client.destroy();
    },
  };
  return bot;
}
