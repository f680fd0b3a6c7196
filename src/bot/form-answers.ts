import type { APIEmbed } from "discord.js";
import type { Words } from "../i18n/words.ts";
import type { FormAnswer } from "../whitelists/form.ts";
import type { Whitelist } from "../whitelists/model.ts";
import { answerFields, EMBEDS_TOTAL_LIMIT, embedLength } from "./forms.ts";
import { colours } from "./log-channel.ts";
import { plainName } from "./text.ts";

/**
 * The embed of a member's answers to a whitelist's form (docs/decisions.md, Application forms), in `words`: each
 * question and its answer, escaped, within `budget` characters (of Discord's 6,000 for all a message's embeds),
 * long answers cut visibly (`cut`).
 */
export function answersEmbed(
  words: Words,
  whitelist: Whitelist,
  answers: readonly FormAnswer[],
  options: { description?: string; budget?: number } = {},
): { embed: APIEmbed; cut: boolean } {
  const head = {
    title: words.t("form.answers.title", { whitelist: plainName(whitelist.name) }),
    ...(options.description ? { description: options.description } : {}),
  };
  const { fields, cut } = answerFields(
    words,
    answers,
    (options.budget ?? EMBEDS_TOTAL_LIMIT) - embedLength(head),
  );
  return { embed: { ...head, color: colours.info, fields }, cut };
}
