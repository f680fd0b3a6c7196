import {
  type AttachmentPayload,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type InteractionEditReplyOptions,
  MessageFlags,
  type ModalSubmitInteraction,
} from "discord.js";
import type { Words } from "../../i18n/words.ts";
import type { Clock } from "../../shared/clock.ts";
import type { BotContext } from "../context.ts";
import { lateRefusal, noteRefusal, refusedAsLate } from "../late-answers.ts";
import { replies } from "../replies.ts";
import { fitContent } from "../text.ts";
import type { TimerLateness } from "../timer-lateness.ts";

/** What a command answers with: text, and optionally embeds and files. */
export type Answer = Pick<InteractionEditReplyOptions, "embeds"> & {
  content: string;
  files?: AttachmentPayload[];
};

/**
 * Answers the member who ran a command: always ephemeral, never pinging anyone, never longer than Discord takes;
 * edits the reply when it was deferred. Every command answers through here so no reply can leak into the channel.
 */
export async function answer(
  interaction: ChatInputCommandInteraction | ButtonInteraction | ModalSubmitInteraction,
  message: Answer | string,
): Promise<void> {
  const given = typeof message === "string" ? { content: message } : message;
  const body = { ...given, content: fitContent(given.content) };
  if (interaction.deferred || interaction.replied) {
    await interaction.editReply({ ...body, allowedMentions: { parse: [] } });
    return;
  }
  if (refusedAsLate(interaction)) throw lateRefusal();
  await interaction
    .reply({ ...body, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } })
    .catch((error: unknown) => noteRefusal(interaction, error));
}

/** The words of the member who acted: their Discord language, with the guild's own wordings (src/bot/words.ts). */
export const memberWords = (
  interaction: Pick<ChatInputCommandInteraction, "guildId" | "locale">,
  context: BotContext,
): Promise<Words> => context.words.member(interaction.guildId, interaction.locale);

/** The words of what everyone in the interaction's guild reads (a post in a channel, the log). */
export const publicWords = (
  interaction: Pick<ChatInputCommandInteraction, "guildId" | "guildLocale">,
  context: BotContext,
): Promise<Words> => context.words.public(interaction.guildId ?? "", interaction.guildLocale);

/** Defers the reply (ephemeral) before work that may take a while: Mojang look-ups, role changes, DNS. */
export async function deferAnswer(
  interaction: ChatInputCommandInteraction | ModalSubmitInteraction,
): Promise<void> {
  if (!interaction.deferred && !interaction.replied) {
    if (refusedAsLate(interaction)) throw lateRefusal();
    await interaction
      .deferReply({ flags: MessageFlags.Ephemeral })
      .catch((error: unknown) => noteRefusal(interaction, error));
  }
}

/**
 * How long after Discord created an interaction its work may run before the bot acknowledges: Discord refuses an
 * acknowledgement after 3 s from then, and the deferral's own trip and the timer's lateness take some of the rest
 * (at most 0.5 s together in launch-day bursts on a starved host, docs/performance.md; a loop running its timers
 * late defers at receipt instead, LATE_TIMERS_MS). At 1.5 s, members of a burst beside a busy CPU and disk whose
 * work ended 1.5-2 s in were deferred and edited, a second call each (issue 38).
 */
export const DIRECT_ANSWER_MS = 2_000;

/** Discord refuses an acknowledgement this long after it created the interaction. */
const ACKNOWLEDGE_WITHIN_MS = 3_000;

/**
 * How long from now work may run before the bot defers: DIRECT_ANSWER_MS from when Discord created the interaction
 * (`createdAt`, its snowflake's time), so a delivery the gateway or a busy process held up leaves the work less
 * time, none once half the window is gone. A creation time this process's clock cannot place (not within the last
 * 3 s: another clock, a test's) counts as now.
 */
export function deferAfterMs(createdAt: number | undefined, now = Date.now()): number {
  const age = createdAt === undefined ? -1 : now - createdAt;
  if (age < 0 || age >= ACKNOWLEDGE_WITHIN_MS) return DIRECT_ANSWER_MS;
  return Math.max(0, DIRECT_ANSWER_MS - age);
}

/**
 * Deferrals sent at receipt and not answered yet, by the order they were sent: the work of a member deferred so
 * waits until every deferral sent before its own has Discord's answer (never for those sent after, so
 * a steady stream cannot hold it back), and so acknowledgements go out before the work (its queries, its answer,
 * the role grants and log posts that follow), which would otherwise take the CPU the acknowledgements need.
 */
const deferring = new Set<number>();
let deferrals = 0;
let waitingForDeferrals: { after: number; go: () => void }[] = [];

/** Lets go, in the order their deferrals were sent, the work no unanswered deferral sent before its own holds. */
function releaseWork(): void {
  const oldest = Math.min(...deferring);
  const waiting = waitingForDeferrals;
  waitingForDeferrals = waiting.filter((work) => work.after >= oldest);
  for (const work of waiting.filter((work) => work.after < oldest).sort((a, b) => a.after - b.after))
    work.go();
}

/**
 * Runs `work` once the deferral numbered `sent` was answered (or refused) and every one sent before it too: at
 * once when none of those is left (then the work waiting behind it goes, after it), else in its turn.
 */
async function whenDeferred<T>(sent: number, work: () => Promise<T>): Promise<T> {
  deferring.delete(sent);
  if (Math.min(...deferring) > sent) {
    // Started first (up to its first await: its write is queued), so members' work keeps the order they asked in.
    const result = work();
    releaseWork();
    return result;
  }
  await new Promise<void>((go) => waitingForDeferrals.push({ after: sent, go }));
  return work();
}

/**
 * How late the timers may run before a deferral planned on one is not trusted: the deferral then goes at
 * DIRECT_ANSWER_MS plus that lateness, and what is left of Discord's ACKNOWLEDGE_WITHIN_MS must carry its trip and the
 * lateness growing further (a loop falling behind falls further, as SQLite's queries on a starved CPU did: deferrals
 * planned for 1.5 s refused as after 3 s, issue 38).
 */
export const LATE_TIMERS_MS = 250;

/**
 * Whether work received at `now` must be deferred at once rather than by its timer: when no time is left before its
 * deferral (deferAfterMs), or when the timers run so late lately (LATE_TIMERS_MS, timer-lateness.ts) that a deferral
 * planned for later would come too late. Not for how long the work is expected to take: a deferral at receipt always
 * costs a call (then an edit), the timer only when the work really runs late; work that waits on I/O or on other
 * processes (PostgreSQL's round trips on a starved host) leaves the timers on time (issue 38: judged by the wait of
 * the oldest work still running, 174 of a 300-burst on PostgreSQL beside a busy CPU and disk were deferred at
 * receipt while the timers ran at most 33 ms late).
 */
const deferAtReceipt = (createdAt: number | undefined, now: number, lateness: TimerLateness): boolean =>
  deferAfterMs(createdAt, now) === 0 || lateness.recentMs(now) >= LATE_TIMERS_MS;

/**
 * Runs an interaction's work so that it is acknowledged in time with as few calls as the work allows: work that
 * may be slow (`slow`: a look-up Mojang must answer) is deferred first (`defer`: a callback), and the answer then
 * edits it (two calls); so is work received with no time left before its deferral, or while the event loop runs its
 * timers too late to trust the deferral's (deferAtReceipt, from `lateness`). Otherwise, in a burst too, the work is
 * answered by the reply itself (one call): a registration costs a few milliseconds, so hundreds at once are
 * answered within the window, and deferring them all doubled the calls and put every answer behind every deferral
 * (issue 38). Work still running DIRECT_ANSWER_MS after the interaction's creation (deferAfterMs) is deferred then,
 * by a timer, the answer coming as an edit once it is done. Resolves (or rejects) with the work's outcome once a
 * deferral it started has been acknowledged, so the answer knows which call to make. docs/decisions.md, What the
 * bot does with Discord's limits.
 */
export async function inTime<T>(
  work: () => Promise<T>,
  options: { slow: boolean; defer: () => Promise<unknown>; createdAt?: number },
  clock: Clock,
  lateness: TimerLateness,
): Promise<T> {
  const now = clock.now();
  if (options.slow) {
    await options.defer();
    return work();
  }
  if (deferAtReceipt(options.createdAt, now, lateness)) {
    const sent = ++deferrals;
    deferring.add(sent);
    try {
      await options.defer();
    } catch {
      // The member asked for the work: it is done even if Discord refuses the deferral as too late, as when a
      // deferral on the timer below fails.
    }
    return whenDeferred(sent, work);
  }
  const receipt = replies.start();
  lateness.probeWhile(() => replies.underWay() > 0);
  let deferral: Promise<unknown> | undefined;
  const deferAfter = deferAfterMs(options.createdAt, now);
  const timer = setTimeout(() => {
    lateness.note(now + deferAfter, clock.now());
    replies.done(receipt);
    // A failed deferral shows when the answer is sent (the interaction is gone); nothing to do here.
    deferral = options.defer().catch(() => {});
  }, deferAfter);
  try {
    return await work();
  } finally {
    clearTimeout(timer);
    replies.done(receipt);
    if (deferral) await deferral;
  }
}
