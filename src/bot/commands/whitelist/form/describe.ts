import type { Words } from "../../../../i18n/words.ts";
import type { FormQuestion } from "../../../../whitelists/form.ts";
import type { Whitelist } from "../../../../whitelists/model.ts";
import { plainName } from "../../../text.ts";

// How `/whitelist form` and `/whitelist show` word a whitelist's form (docs/decisions.md, Application forms), in
// the words of whoever asked.

/** One question as staff read it: its text, style, whether required, the answer's length, the hint. */
export function questionLine(words: Words, question: FormQuestion, number: number): string {
  const length =
    question.minLength > 0
      ? words.t("form.length.between", { min: question.minLength, count: question.maxLength })
      : words.t("form.length.upTo", { count: question.maxLength });
  return words.t("form.question", {
    number,
    label: plainName(question.label),
    style: words.t(question.style === "short" ? "form.style.short" : "form.style.paragraph"),
    required: words.t(question.required ? "form.required" : "form.optional"),
    length,
    hint: question.placeholder ? words.t("form.hint", { hint: plainName(question.placeholder) }) : "",
  });
}

/** Where members meet a whitelist's form, by its registration mode. */
function whereAsked(words: Words, whitelist: Whitelist): string {
  switch (whitelist.registrationMode) {
    case "approval":
      return words.t("form.where.approval");
    case "command":
      return words.t("form.where.command");
    case "message":
      return words.t("form.where.message");
  }
}

/** A whitelist's form as staff read it: its questions in order and where members answer them (or none). */
export function describeForm(words: Words, whitelist: Whitelist): string[] {
  const name = plainName(whitelist.name);
  if (whitelist.form.length === 0) return [words.t("form.none", { whitelist: name })];
  return [
    words.t("form.header", { whitelist: name, count: whitelist.form.length }),
    ...whitelist.form.map((question, index) => questionLine(words, question, index + 1)),
    whereAsked(words, whitelist),
  ];
}
