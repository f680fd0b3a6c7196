import {
  type APIEmbedField,
  type APIModalInteractionResponseCallbackData,
  ComponentType,
  type ModalSubmitInteraction,
  TextInputStyle,
} from "discord.js";
import type { Words } from "../i18n/words.ts";
import { characters, type FormAnswer, formVersion } from "../whitelists/form.ts";
import type { Whitelist } from "../whitelists/model.ts";
import { plainName } from "./text.ts";

// A whitelist's form as Discord shows it (docs/decisions.md, Application forms): the modal `/register` opens, the
// custom id that carries what the member typed in the command to the submission, and the answers as embed fields
// within Discord's embed limits.

/**
 * The custom-id prefix of a form's modal: `form:<whitelistId>:<version>:n:<nick>`, `…:c:<code>`, or `…:p:` for
 * staff's preview.
 */
export const FORM_PREFIX = "form";

/** What the member gave `/register` besides the form (a nick, or a proof code), or staff previewing it. */
export type FormTarget = { nick: string } | { code: string } | { preview: true };

/** The modal's custom id: the whitelist, the version of its questions and what the command was given. */
export function formCustomId(whitelist: Whitelist, target: FormTarget): string {
  const [kind, value] =
    "nick" in target ? ["n", target.nick] : "code" in target ? ["c", target.code] : ["p", ""];
  return `${FORM_PREFIX}:${whitelist.id}:${formVersion(whitelist.form)}:${kind}:${value}`;
}

/** A submitted form's custom id read back; null when it is not one of ours. */
export function parseFormCustomId(
  customId: string,
): { whitelistId: string; version: string; target: FormTarget } | null {
  const match = /^form:([^:]+):([^:]+):([ncp]):(.*)$/s.exec(customId);
  if (!match) return null;
  const [, whitelistId, version, kind, value] = match as unknown as [string, string, string, string, string];
  const target: FormTarget =
    kind === "n" ? { nick: value } : kind === "c" ? { code: value } : { preview: true };
  return { whitelistId, version, target };
}

/** The custom id of question `index` (0-based) of a form's modal. */
const questionId = (index: number) => `q${index + 1}`;

/** Discord's limit on a modal's title (Interaction Response, Modal: title). */
export const MODAL_TITLE_LIMIT = 45;

/**
 * The modal's title in the member's words: plain text (a title shows no markdown), the whitelist's name shortened
 * with an ellipsis where a language's wording and a long name would pass Discord's 45 characters (code points, as
 * Discord counts them).
 */
export function formTitle(words: Words, name: string): string {
  const whole = words.t("form.title", { whitelist: name });
  const over = characters(whole) - MODAL_TITLE_LIMIT;
  if (over <= 0) return whole;
  const letters = [...name];
  const kept = letters.slice(0, Math.max(0, letters.length - over - 1)).join("");
  return [...words.t("form.title", { whitelist: `${kept}…` })].slice(0, MODAL_TITLE_LIMIT).join("");
}

/**
 * The modal of a whitelist's form, in the member's `words`: one Label with a text input per question, in order,
 * each as staff wrote it (Discord's limits hold: the form's own rules are theirs, src/whitelists/form.ts; the title,
 * formTitle).
 */
export function formModal(
  words: Words,
  whitelist: Whitelist,
  target: FormTarget,
): APIModalInteractionResponseCallbackData {
  return {
    custom_id: formCustomId(whitelist, target),
    title: formTitle(words, whitelist.name),
    components: whitelist.form.map((question, index) => ({
      type: ComponentType.Label,
      label: question.label,
      component: {
        type: ComponentType.TextInput,
        custom_id: questionId(index),
        style: question.style === "short" ? TextInputStyle.Short : TextInputStyle.Paragraph,
        required: question.required,
        ...(question.minLength > 0 ? { min_length: question.minLength } : {}),
        max_length: question.maxLength,
        ...(question.placeholder ? { placeholder: question.placeholder } : {}),
      },
    })),
  };
}

/** The values of a submitted form, in question order (as many as the modal the member saw had). */
export function formValues(interaction: ModalSubmitInteraction): string[] {
  const values: string[] = [];
  for (let index = 0; interaction.fields.fields.has(questionId(index)); index++) {
    values.push(interaction.fields.getTextInputValue(questionId(index)));
  }
  return values;
}

/** A member's answer as plain text in an embed: each line escaped (markdown, mentions), the lines kept. */
export function answerText(answer: string): string {
  return answer === "" ? "—" : answer.split("\n").map(plainName).join("\n");
}

/** Discord's limits on an embed field's value and on all the text of one message's embeds. */
export const FIELD_VALUE_LIMIT = 1024;
export const EMBEDS_TOTAL_LIMIT = 6000;

/**
 * `answer` escaped and cut to `budget` characters, saying (in `words`) how much was left out; whether it was cut.
 */
export function fitAnswer(words: Words, answer: string, budget: number): { text: string; cut: boolean } {
  const whole = answerText(answer);
  if (whole.length <= budget) return { text: whole, cut: false };
  // Escaping lengthens some text more than other (`*` doubles): search the longest head that fits escaped.
  const cutAt = (keep: number) => {
    let head = answer.slice(0, keep);
    // Never end on half of a surrogate pair.
    if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
    return `${head === "" ? "" : answerText(head)}${words.t("form.answer.more", { count: answer.length - head.length })}`;
  };
  let low = 0;
  let high = answer.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (cutAt(middle).length <= budget) low = middle;
    else high = middle - 1;
  }
  return { text: cutAt(low).slice(0, budget), cut: true };
}

/**
 * The answers as embed fields (question, answer), within `budget` characters in all (what the message's other
 * embed text leaves of Discord's 6,000) and 1,024 per answer: short answers whole, the budget left shared by the
 * long ones, each cut visibly (in `words`). `cut`: some answer was.
 */
export function answerFields(
  words: Words,
  answers: readonly FormAnswer[],
  budget: number,
): { fields: APIEmbedField[]; cut: boolean } {
  const names = answers.map((answer) => plainName(answer.question) || "—");
  let left = budget - names.reduce((sum, name) => sum + name.length, 0);
  const values: string[] = new Array(answers.length);
  let cut = false;
  // Shortest first: each takes at most an equal share of what the ones before it left.
  const order = answers.map((_, index) => index).sort((a, b) => lengthOf(answers, a) - lengthOf(answers, b));
  for (const [position, index] of order.entries()) {
    const share = Math.min(FIELD_VALUE_LIMIT, Math.floor(left / (order.length - position)));
    const fitted = fitAnswer(words, (answers[index] as FormAnswer).answer, Math.max(1, share));
    values[index] = fitted.text;
    cut ||= fitted.cut;
    left -= fitted.text.length;
  }
  return {
    fields: answers.map((_, index) => ({
      name: names[index] as string,
      value: values[index] as string,
      inline: false,
    })),
    cut,
  };
}

const lengthOf = (answers: readonly FormAnswer[], index: number) =>
  answerText((answers[index] as FormAnswer).answer).length;

/** The characters of an embed that count toward Discord's 6,000 per message. */
export function embedLength(embed: {
  title?: string;
  description?: string;
  footer?: { text: string };
  author?: { name: string };
  fields?: { name: string; value: string }[];
}): number {
  return (
    (embed.title?.length ?? 0) +
    (embed.description?.length ?? 0) +
    (embed.footer?.text.length ?? 0) +
    (embed.author?.name.length ?? 0) +
    (embed.fields ?? []).reduce((sum, field) => sum + field.name.length + field.value.length, 0)
  );
}
