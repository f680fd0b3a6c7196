import { type APIEmbed, type Client, DiscordAPIError, RateLimitError, type REST, Routes } from "discord.js";
import type { ChangeNotice } from "../entries/bus.ts";
import type { EntryRecord } from "../entries/model.ts";
import type { Words } from "../i18n/words.ts";
import type { Logger } from "../shared/logger.ts";
import type { NickType } from "../whitelists/model.ts";
import type { BotServices } from "./context.ts";
import type { LogBatch, LogFile, LogItem } from "./log-batches.ts";
import { changeEmbed, departureSummary, renameEmbed } from "./log-changes.ts";
import { type LogMessage, roleFailureEmbed } from "./log-channel.ts";
import { createLogFeed, cursorName, type PostFailure } from "./log-feed.ts";
import { groupsChangeEmbed } from "./ranks.ts";
import { retryAfterOf } from "./rate-limits.ts";
import { afterReplies } from "./replies.ts";
import { createGuildWords } from "./words.ts";

/** Posts to a guild's log channel (set with /whitelist log-channel); silently nothing when none is set. */
export type LogChannel = Awaited<ReturnType<typeof startLogChannel>>;

/** Discord's body of a message with files: each `files[n]` part is referred to by its attachment. */
const filesOf = (files: readonly LogFile[] | undefined) =>
  (files ?? []).map((file) => ({ name: file.name, data: Buffer.from(file.data) }));

/**
 * The nonce of the log message that ends at event `through` in a channel: Discord creates no second message for the
 * same nonce within a few minutes (Create Message, `enforce_nonce`), so a message sent again after a crash or a
 * change of leader (src/bot/log-feed.ts, `sendingName`) is not posted twice. Nonces are Discord's per author, and
 * at most 25 characters: the channel and the event, in base 36 (13 and 11 characters at most).
 */
export const postNonce = (channelId: string, through: number) =>
  `${BigInt(channelId).toString(36)}.${through.toString(36)}`;

/** Removals of one member's nicks made together as they left or lost a required role, from `notices[start]`. */
function departureRun(notices: readonly ChangeNotice[], start: number): number {
  const first = notices[start];
  if (first?.event.type !== "entry.removed") return 0;
  if (first.event.origin !== "member-left" && first.event.origin !== "role-lost") return 0;
  let end = start + 1;
  for (; end < notices.length; end++) {
    const next = notices[end] as ChangeNotice;
    if (
      next.event.type !== "entry.removed" ||
      next.event.origin !== first.event.origin ||
      next.entry.userId !== first.entry.userId ||
      next.replacedBy
    ) {
      break;
    }
  }
  return end - start;
}

/**
 * Starts the log channel: its feed of changes (src/bot/log-feed.ts, from the event log, batched, durable), the
 * reports of roles that could not be granted or taken back, and the posts the commands make (a request, a key, a
 * deletion), each sent at once.
 */
export async function startLogChannel({
  rest,
  services,
  logger,
  heldUntil,
  client,
}: {
  rest: REST;
  services: BotServices;
  logger: Logger;
  /** Until when a ban holds every request (src/bot/discord.ts). */
  heldUntil: () => number;
  /** The gateway's client, once connected: it knows each guild's language on Discord. */
  client: () => Client | undefined;
}) {
  const channelOf = async (guildId: string) => (await services.guilds.get(guildId))?.logChannelId ?? null;
  // Staff read the log in the server's language (src/bot/words.ts).
  const words = createGuildWords({ guilds: services.guilds, texts: services.texts, client });

  const post = async (guildId: string, message: LogMessage): Promise<string | null> => {
    const channelId = await channelOf(guildId);
    if (!channelId) return null;
    try {
      const { files, ...body } = message;
      const posted = (await rest.post(Routes.channelMessages(channelId), {
        body,
        files: filesOf(files),
      })) as { id: string };
      return posted.id;
    } catch (error) {
      logger.warn("log channel post failed", {
        guildId,
        channelId,
        error: String((error as Error).message ?? error),
      });
      return null;
    }
  };

  /**
   * The nick type of the whitelist an entry is on, for its account. A whitelist deleted with its entries is gone
   * when their removals are posted: a gamertag then says Bedrock, and anything else reads as Java, which words
   * premium and other nicks alike (an offline nick reads "not premium" rather than "not looked up").
   */
  const nickTypeOf = async (entry: EntryRecord): Promise<NickType> =>
    (await services.whitelists.get(entry.whitelistId))?.nickType ??
    (entry.gamertag === null ? "java" : "bedrock");

  /**
   * What one change shows: its embed (with, for an addition, the roles that could not be granted before it was
   * stored). Entries changed in place (Bedrock nicks respelled when the Floodgate settings change, or given their
   * UUID) show nothing: the manager who changed the settings is told how many, and the events carry each. A
   * premium account renamed at Mojang shows once, as a rename, since nobody on Discord asked for it. A change of an
   * entry's groups shows what it joined and left. Nor do the changes of a bulk operation (`bulk`: an import's
   * additions, a deleted whitelist's removals, a rank mapping's regrouping): it posts one summary of its own.
   */
  const embedsOf = async (said: Words, notice: ChangeNotice): Promise<APIEmbed[]> => {
    // A change of groups shows as one; a mapping edited posts its own summary (its changes are `bulk`).
    if (notice.event.type === "entry.groups") return notice.bulk ? [] : [groupsChangeEmbed(said, notice)];
    const renamed = notice.event.origin === "renamed" ? notice.replaces : undefined;
    if (!renamed && (notice.replaces || notice.replacedBy || notice.bulk)) return [];
    const nickType = await nickTypeOf(notice.entry);
    if (renamed) return [renameEmbed(said, { ...notice, replaces: renamed }, nickType)];
    const failures = notice.grantFailures ?? [];
    return [
      changeEmbed(said, notice, nickType),
      ...(failures.length > 0
        ? [roleFailureEmbed(said, "grant", notice.entry.userId, notice.entry.nick, [...failures])]
        : []),
    ];
  };

  /** The log items of changes, in order: one per change, one per member's nicks removed together. */
  const itemsOf = async (guildId: string, notices: readonly ChangeNotice[]): Promise<LogItem[]> => {
    const items: LogItem[] = [];
    const said = await words.public(guildId);
    for (let index = 0; index < notices.length; index++) {
      const run = departureRun(notices, index);
      if (run >= 2) {
        const summary = departureSummary(said, notices.slice(index, index + run));
        index += run - 1;
        const through = Number((notices[index] as ChangeNotice).event.id);
        items.push({ through, embeds: [summary.embed], ...(summary.file ? { file: summary.file } : {}) });
        continue;
      }
      const notice = notices[index] as ChangeNotice;
      items.push({ through: Number(notice.event.id), embeds: await embedsOf(said, notice) });
    }
    return items;
  };

  const failure = (error: unknown): PostFailure | null => {
    if (error instanceof RateLimitError) return { retryAfterMs: retryAfterOf(error, heldUntil()) };
    if (error instanceof DiscordAPIError && error.status >= 400 && error.status < 500) return "refused";
    return null;
  };

  const { latest } = await services.events.bounds();
  const feed = createLogFeed({
    async read(guildId, afterId, limit, upTo) {
      // Its reads and embeds, its post and its cursor's write wait for the members' replies under way (issue 38).
      await afterReplies();
      const read = await services.events.noticesAfter(afterId, limit, guildId);
      const notices = upTo === undefined ? read : read.filter((notice) => Number(notice.event.id) <= upTo);
      // No log channel: nothing to describe, the cursor just moves past them.
      if ((await channelOf(guildId)) === null) {
        return notices.map((notice) => ({ through: Number(notice.event.id), embeds: [] }));
      }
      return itemsOf(guildId, notices);
    },
    async send(guildId: string, batch: LogBatch, signal: AbortSignal) {
      const channelId = await channelOf(guildId);
      if (!channelId) return;
      await rest.post(Routes.channelMessages(channelId), {
        body: { embeds: batch.embeds, nonce: postNonce(channelId, batch.through), enforce_nonce: true },
        files: filesOf(batch.files),
        signal,
      });
    },
    failure,
    cursors: services.cursors,
    startAt: latest,
    logger,
  });
  // Changes left unposted by the last run (or another replica that led), before anything new.
  for (const guildId of await services.guilds.listIds()) {
    const stored = await services.cursors.get(cursorName(guildId));
    if (stored !== null && stored < latest) feed.catchUp(guildId, latest);
  }

  const stopChanges = services.outbox.subscribe((notice) =>
    feed.heard(notice.event.guildId, Number(notice.event.id)),
  );
  const stopGrants = services.grants.onFailure(async ({ guildId, userId, nick, failed }) => {
    const said = await words.public(guildId);
    await post(guildId, { embeds: [roleFailureEmbed(said, "grant", userId, nick, failed)] });
  });
  const stopReverts = services.reverter.onFailure(async ({ notice, failed }) => {
    const said = await words.public(notice.event.guildId);
    await post(notice.event.guildId, {
      embeds: [roleFailureEmbed(said, "revoke", notice.entry.userId, notice.entry.nick, failed)],
    });
  });

  return {
    /** Posts a message at once; resolves with its id, or null when the guild has no log channel or Discord refused. */
    post,
    /** Edits an earlier post (e.g. an approval request once decided). */
    async edit(guildId: string, messageId: string, message: LogMessage): Promise<void> {
      const channelId = await channelOf(guildId);
      if (!channelId) return;
      const { files: _files, ...body } = message;
      try {
        await rest.patch(Routes.channelMessage(channelId, messageId), { body });
      } catch (error) {
        logger.warn("log channel edit failed", { guildId, error: String((error as Error).message ?? error) });
      }
    },
    /** Changes committed and not posted yet. */
    waiting: () => feed.waiting(),
    /** Resolves once every change heard of is posted (tests). */
    idle: () => feed.idle(),
    /** Stops posting; what was not posted yet stays in the event log for the next start. */
    async stop(): Promise<void> {
      stopChanges();
      stopGrants();
      stopReverts();
      await feed.stop();
    },
  };
}
