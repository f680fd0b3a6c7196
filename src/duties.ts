import type { Bot } from "./bot/client.ts";
import type { DiscordRest } from "./bot/discord.ts";
import type { Duties, Term } from "./cluster/leader.ts";
import { type Outbox, startOutbox } from "./cluster/outbox.ts";
import type { Config } from "./config.ts";
import { bedrockUpkeep, decisionNotices, renameRefresh } from "./jobs.ts";
import type { Services } from "./services.ts";
import type { Clock } from "./shared/clock.ts";
import { type StopJob, startJob } from "./shared/jobs.ts";
import type { Logger } from "./shared/logger.ts";
import type { WebhookSender } from "./webhooks/sender.ts";

/** The duties of the process that leads, and the bot they started (none without DISCORD_TOKEN, or once stopped). */
export type LeaderDuties = Duties & { readonly bot: Bot | undefined };

/** What taking up the duties needs: `startService`'s own settings and what it built before. */
export type DutiesOptions = {
  config: Config;
  services: Services;
  /** Discord's REST client and ports, when DISCORD_TOKEN is set. */
  discord: DiscordRest | undefined;
  webhookSender: WebhookSender;
  /**
   * Of several replicas, the leader's term and the replica's outbox, which then feeds the side effects (none for
   * one node alone: its bus feeds them).
   */
  cluster: { term: Term; outbox: Outbox } | undefined;
  logger: Logger;
  clock: Clock;
  /** The API's public base URL, shown by the bot in "how to use" lines. */
  apiUrl: string;
  fastIdentify: boolean;
  /** Which start of the sandbox Discord the bot talks to (the demo's), so each gets the commands registered. */
  discordInstance?: string;
  renamePassMs: number;
  /** Where players join the link endpoint (LINK_ADDRESS, or this machine's), shown by the bot; none when off. */
  linkAddress?: string;
  /** Told the bot once it is ready, before the rest of the duties start (health reads its state from then on). */
  botReady?(bot: Bot): void;
};

const noJob: StopJob = async () => {};

/**
 * Takes up what one node does alone, and of several replicas only the leader (docs/architecture.md, Replicas), in
 * this order: webhooks, the Discord gateway, expiry, the Bedrock and rename jobs, and the outbox that feeds them
 * (after a change of leader, what the last one may not have finished first). `stop` undoes it (docs/operations.md,
 * Shutdown): expiry and the jobs first, then the bot, the webhook deliveries in flight, the outbox.
 */
export async function startDuties(options: DutiesOptions): Promise<LeaderDuties> {
  const { config, services, discord, webhookSender, logger } = options;
  webhookSender.start();
  let bot: Bot | undefined;
  if (config.DISCORD_TOKEN && discord) {
    // Loaded only when a bot runs, in steps that leave the API answering meanwhile (src/bot/load.ts).
    const { loadBot } = await import("./bot/load.ts");
    const { startBot } = await loadBot();
    bot = await startBot({
      token: config.DISCORD_TOKEN,
      discordApiUrl: config.DISCORD_API_URL,
      discord,
      services,
      logger,
      clock: options.clock,
      apiUrl: options.apiUrl,
      linkAddress: options.linkAddress,
      fastIdentify: options.fastIdentify,
      discordInstance: options.discordInstance,
      shardCount: config.SHARD_COUNT,
    });
    options.botReady?.(bot);
  }

  // Entries that expired while the service was down go now, once the bot listens, so the log channel posts
  // each and their roles are taken back; then a timer keeps up with the next due time.
  await services.expiry.start();
  const stopUpkeep = startJob(bedrockUpkeep(services.bedrock, logger), logger);
  const stopRenames =
    config.RENAME_CHECK_DAYS === 0
      ? noJob
      : startJob(renameRefresh(services.renames, options.renamePassMs, logger), logger);

  // Of replicas, decisions made in a follower's dashboard are told in Discord by this bot.
  const stopDecisions =
    bot && services.store.kind === "postgres"
      ? startJob(decisionNotices(services, bot.staffLog, logger), logger)
      : noJob;

  // Every subscriber of the outbox listens now: what the last leader may not have finished comes first.
  const { cluster } = options;
  const outbox =
    cluster && services.store.kind === "postgres"
      ? await startOutbox({
          client: services.store.client,
          bus: services.bus,
          outbox: cluster.outbox,
          events: services.events,
          term: cluster.term,
          logger,
        })
      : undefined;

  let stopping: Promise<void> | undefined;
  return {
    get bot() {
      return bot;
    },
    stop() {
      stopping ??= (async () => {
        await services.expiry.stop();
        await stopUpkeep();
        await stopRenames();
        await stopDecisions();
        await bot?.stop();
        bot = undefined;
        // In-flight webhook deliveries finish (bounded by their 5 s timeout) and record their outcomes.
        await webhookSender.stop();
        await outbox?.stop();
      })();
      return stopping;
    },
  };
}
