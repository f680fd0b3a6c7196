import { createHash } from "node:crypto";
import type { StoredAnswer, StoredQuestion } from "../db/schema.ts";
import { text } from "../i18n/messages.ts";
import { DomainError } from "../shared/errors.ts";

// A whitelist's application form (docs/decisions.md, Application forms): the questions staff set, and the answers
// a member may give. Its limits are Discord's for a modal and its text inputs, so every form staff can set is one
// Discord shows, and every answer it takes is one Discord's client lets a member type.

/** How a question is answered: one line, or a paragraph (Discord's text input styles). */
export const questionStyles = ["short", "paragraph"] as const;
/** One of the question styles. */
export type QuestionStyle = (typeof questionStyles)[number];

/** A question of a form: its label, style, whether it must be answered, the answer's length, a placeholder. */
export type FormQuestion = StoredQuestion;
/** A member's answer, with the question as it was asked (a later change of the form does not change it). */
export type FormAnswer = StoredAnswer;

/**
 * Discord's limits (Receiving and Responding, Modal: at most 5 components; Component reference, Label: label 45;
 * Text Input: placeholder 100, min_length 0-4000, max_length 1-4000).
 */
export const FORM_LIMITS = { questions: 5, label: 45, placeholder: 100, length: 4000 } as const;

/** How long an answer may be when staff say nothing: a line, or a paragraph that reads well in an embed. */
export const DEFAULT_MAX_LENGTH: Record<QuestionStyle, number> = { short: 100, paragraph: 1000 };

/** Characters as Discord counts them: code points. */
export const characters = (text: string): number => [...text].length;

/** Line breaks and other control characters. */
const CONTROLS = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/** Refuses a form Discord would not show: more than 5 questions, a label or placeholder too long, bad lengths. */
export function checkForm(form: readonly FormQuestion[]): void {
  if (form.length > FORM_LIMITS.questions) {
    throw new DomainError("invalid-input", text("error.form.tooMany", { max: FORM_LIMITS.questions }));
  }
  for (const [index, question] of form.entries()) {
    const number = index + 1;
    const label = question.label;
    if (label.trim() === "" || characters(label) > FORM_LIMITS.label || CONTROLS.test(label)) {
      throw new DomainError("invalid-input", text("error.form.label", { number, max: FORM_LIMITS.label }));
    }
    if (!questionStyles.includes(question.style)) {
      throw new DomainError("invalid-input", text("error.form.style", { number }));
    }
    const placeholder = question.placeholder;
    if (
      placeholder !== null &&
      (characters(placeholder) > FORM_LIMITS.placeholder || CONTROLS.test(placeholder))
    ) {
      throw new DomainError(
        "invalid-input",
        text("error.form.hint", { number, max: FORM_LIMITS.placeholder }),
      );
    }
    const { minLength, maxLength } = question;
    if (!Number.isInteger(minLength) || minLength < 0 || minLength > FORM_LIMITS.length) {
      throw new DomainError(
        "invalid-input",
        text("error.form.minLength", { number, max: FORM_LIMITS.length }),
      );
    }
    if (!Number.isInteger(maxLength) || maxLength < 1 || maxLength > FORM_LIMITS.length) {
      throw new DomainError(
        "invalid-input",
        text("error.form.maxLength", { number, max: FORM_LIMITS.length }),
      );
    }
    if (minLength > maxLength) {
      throw new DomainError(
        "invalid-input",
        text("error.form.minOverMax", { number, min: minLength, max: maxLength }),
      );
    }
  }
}

/**
 * The form with question `number` (1-5) set: replaced where there is one, else added after the last (so numbers
 * never leave a gap). Checked as a whole (`checkForm`).
 */
export function withQuestion(
  form: readonly FormQuestion[],
  number: number,
  question: FormQuestion,
): FormQuestion[] {
  if (!Number.isInteger(number) || number < 1 || number > FORM_LIMITS.questions) {
    throw new DomainError("invalid-input", text("error.form.numbered", { max: FORM_LIMITS.questions }));
  }
  const next = [...form];
  if (number <= form.length) next[number - 1] = question;
  else next.push(question);
  checkForm(next);
  return next;
}

/** The form without question `number`; the questions after it move up. */
export function withoutQuestion(form: readonly FormQuestion[], number: number): FormQuestion[] {
  if (!Number.isInteger(number) || number < 1 || number > form.length) {
    throw new DomainError(
      "invalid-input",
      form.length === 0 ? text("error.form.none") : text("error.form.numberedNow", { max: form.length }),
    );
  }
  return form.filter((_, index) => index !== number - 1);
}

/**
 * A short fingerprint of a form's questions: a form opened before staff changed it is told apart from the form
 * now, so answers are never filed under questions the member was not asked.
 */
export function formVersion(form: readonly FormQuestion[]): string {
  return createHash("sha256").update(JSON.stringify(form)).digest("base64url").slice(0, 8);
}

/**
 * A member's answers, one per question in order, as the form takes them: line breaks normalised (a short answer
 * on one line), a required question answered, each within its length (an optional one may stay empty). Refuses
 * with "invalid-input" naming the question; Discord's client checks the same, so only a forged submission meets it.
 */
export function readAnswers(form: readonly FormQuestion[], values: readonly string[]): FormAnswer[] {
  if (values.length !== form.length) {
    throw new DomainError("invalid-input", text("error.form.mismatch"));
  }
  return form.map((question, index) => {
    const raw = (values[index] ?? "").replace(/\r\n?/g, "\n");
    const answer = (question.style === "short" ? raw.replace(/\n/g, " ") : raw).trim();
    const length = characters(answer);
    if (question.required && length === 0) {
      throw new DomainError("invalid-input", text("error.form.unanswered", { question: question.label }));
    }
    if (length > 0 && (length < question.minLength || length > question.maxLength)) {
      throw new DomainError(
        "invalid-input",
        text("error.form.length", {
          question: question.label,
          min: question.minLength,
          max: question.maxLength,
        }),
      );
    }
    return { question: question.label, answer };
  });
}
