import {
  type AttachmentPayload,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type InteractionEditReplyOptions,
  MessageFlags,
  type ModalSubmitInteraction,
} from "discord.js";
import type { Words } from "../../i18n/words.ts";
import { type Clock, systemClock } from "../../shared/clock.ts";
import type { BotContext } from "../context.ts";
import { lateRefusal, noteRefusal, refusedAsLate } from "../late-answers.ts";
import { replies } from "../replies.ts";
import { fitContent } from "../text.ts";

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
 * How long after an interaction's handler starts its work may run before the bot acknowledges: Discord refuses
 * an acknowledgement after 3 s from when it sent the interaction, and the gateway's delivery and the callback's
 * own trip take some of that.
 */
export const DIRECT_ANSWER_MS = 1_500;

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
 * How long ago a work finished may still say how long the next one takes: within a burst, or one member after
 * another at a busy time; the wait of a work that finished earlier than this says nothing about now.
 */
export const RECENT_WORK_MS = 2_000;

/** The last work run for a direct reply to finish: when, and how long it took from its receipt. */
let lastWork: { finishedAt: number; tookMs: number } | undefined;

/**
 * How long work received at `now` can be expected to take before its reply goes: as long as the oldest work still
 * running towards its reply has waited (work queues behind it: the writer commits in order, the CPU serves in
 * turn), or as the last one to finish took, if it finished within RECENT_WORK_MS (a slow disk's flushes, a CPU the
 * process hardly gets), whichever is longer; nothing when neither is known.
 */
function expectedWorkMs(now: number): number {
  const oldest = replies.oldest();
  const waited = oldest === undefined ? 0 : now - oldest;
  const recent = lastWork !== undefined && now - lastWork.finishedAt <= RECENT_WORK_MS ? lastWork.tookMs : 0;
  return Math.max(0, waited, recent);
}

/**
 * Whether work received at `now` would miss its direct reply's time: DIRECT_ANSWER_MS from when Discord created
 * the interaction (deferAfterMs), judged from the time already gone and the work expected ahead of it
 * (expectedWorkMs). Such work is deferred at once: the process is behind, and a deferral planned for later would
 * wait for the same busy event loop.
 */
const wouldMissReply = (createdAt: number | undefined, now: number): boolean =>
  expectedWorkMs(now) >= deferAfterMs(createdAt, now);

/**
 * Runs an interaction's work so that it is acknowledged in time with as few calls as the work allows: work that
 * may be slow (`slow`: a look-up Mojang must answer) is deferred first (`defer`: a callback), and the answer then
 * edits it (two calls); so is work that would miss its direct reply's time, judged at receipt from the
 * interaction's age (`createdAt`) and the work ahead of it (wouldMissReply): a deferral planned for later would wait
 * for the same busy event loop. Otherwise, in a burst too, the work is answered by the reply itself (one call): a
 * registration costs a few milliseconds, so hundreds at once are answered within the window, and deferring them
 * all doubled the calls and put every answer behind every deferral (issue 38). Work still running
 * DIRECT_ANSWER_MS after the interaction's creation (deferAfterMs) is deferred then, the answer coming as an edit
 * once it is done. Resolves (or rejects) with the work's outcome once a deferral it started has been acknowledged,
 * so the answer knows which call to make. docs/decisions.md, What the bot does with Discord's limits.
 */
export async function inTime<T>(
  work: () => Promise<T>,
  options: { slow: boolean; defer: () => Promise<unknown>; createdAt?: number },
  clock: Clock = systemClock,
): Promise<T> {
  const now = clock.now();
  if (options.slow) {
    await options.defer();
    return work();
  }
  if (wouldMissReply(options.createdAt, now)) {
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
  const receipt = replies.start(now);
  let deferral: Promise<unknown> | undefined;
  const timer = setTimeout(
    () => {
      replies.done(receipt);
      // A failed deferral shows when the answer is sent (the interaction is gone); nothing to do here.
      deferral = options.defer().catch(() => {});
    },
    deferAfterMs(options.createdAt, now),
  );
  try {
    return await work();
  } finally {
    clearTimeout(timer);
    replies.done(receipt);
    const finishedAt = clock.now();
    lastWork = { finishedAt, tookMs: finishedAt - now };
    if (deferral) await deferral;
  }
}
