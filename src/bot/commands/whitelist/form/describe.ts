import type { FormQuestion } from "../../../../whitelists/form.ts";
import type { Whitelist } from "../../../../whitelists/model.ts";
import { plainName } from "../../../text.ts";

// How `/whitelist form` and `/whitelist show` word a whitelist's form (docs/decisions.md, Application forms).

/** One question as staff read it: its text, style, whether required, the answer's length, the hint. */
export function questionLine(question: FormQuestion, number: number): string {
  const length =
    question.minLength > 0
      ? `${question.minLength}-${question.maxLength} characters`
      : `up to ${question.maxLength} characters`;
  const how = [question.style, question.required ? "required" : "optional", length].join(", ");
  const hint = question.placeholder ? `, hint “${plainName(question.placeholder)}”` : "";
  return `${number}. ${plainName(question.label)} (${how}${hint})`;
}

/** Where members meet a whitelist's form, by its registration mode. */
function whereAsked(whitelist: Whitelist): string {
  switch (whitelist.registrationMode) {
    case "approval":
      return "`/register` opens it as a form, and the answers go to staff with the request.";
    case "command":
      return "`/register` opens it as a form; the answers are kept with the nick for staff to see.";
    case "message":
      return (
        "A message cannot show a form: a nick posted in the channel is answered with a pointer to `/register`, " +
        "which opens it."
      );
  }
}

/** A whitelist's form as staff read it: its questions in order and where members answer them (or none). */
export function describeForm(whitelist: Whitelist): string[] {
  if (whitelist.form.length === 0) {
    return [`**${whitelist.name}** has no form: members register without answering questions.`];
  }
  return [
    `**${whitelist.name}** asks ${whitelist.form.length} question(s) when members register:`,
    ...whitelist.form.map((question, index) => questionLine(question, index + 1)),
    whereAsked(whitelist),
  ];
}
