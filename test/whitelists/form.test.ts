import { describe, expect, test } from "bun:test";
import {
  checkForm,
  type FormQuestion,
  formVersion,
  readAnswers,
  withoutQuestion,
  withQuestion,
} from "../../src/whitelists/form.ts";

const question = (label: string, more: Partial<FormQuestion> = {}): FormQuestion => ({
  label,
  style: "short",
  required: true,
  minLength: 0,
  maxLength: 100,
  placeholder: null,
  ...more,
});

const invalid = (message: string) =>
  expect.objectContaining({ code: "invalid-input", message: expect.stringContaining(message) });

describe("a whitelist's form", () => {
  test("takes Discord's limits: 5 questions, labels of 1-45 characters, hints of 100, lengths 0-4000", () => {
    const five = Array.from({ length: 5 }, (_, i) => question(`Question ${i + 1}`));
    expect(() => checkForm(five)).not.toThrow();
    expect(() => checkForm([...five, question("Six")])).toThrow(invalid("at most 5 questions"));
    // 45 characters as Discord counts them (code points): an emoji is one.
    expect(() => checkForm([question("🧱".repeat(45))])).not.toThrow();
    expect(() => checkForm([question("x".repeat(46))])).toThrow(
      invalid("Question 1 needs a question of 1-45"),
    );
    expect(() => checkForm([question("  ")])).toThrow(invalid("Question 1 needs a question"));
    expect(() => checkForm([question("Two\nlines")])).toThrow(invalid("on one line"));
    expect(() => checkForm([question("Hint", { placeholder: "p".repeat(101) })])).toThrow(invalid("hint"));
    expect(() => checkForm([question("Min", { minLength: 4001, maxLength: 4000 })])).toThrow(
      invalid("The minimum length of question 1 must be 0 to 4,000 characters."),
    );
    expect(() => checkForm([question("Max", { maxLength: 0 })])).toThrow(
      invalid("The maximum length of question 1 must be 1 to 4,000 characters."),
    );
    expect(() => checkForm([question("Max", { maxLength: 4001 })])).toThrow(
      invalid("The maximum length of question 1 must be 1 to 4,000 characters."),
    );
    expect(() => checkForm([question("Both", { minLength: 50, maxLength: 10 })])).toThrow(
      invalid("at least 50 characters but takes at most 10"),
    );
  });

  test("questions are set by number (past the last: added at the end) and removed with the rest moving up", () => {
    const one = withQuestion([], 1, question("Age"));
    const two = withQuestion(one, 5, question("Why"));
    expect(two.map((q) => q.label)).toEqual(["Age", "Why"]);
    expect(withQuestion(two, 1, question("How old")).map((q) => q.label)).toEqual(["How old", "Why"]);
    expect(withoutQuestion(two, 1).map((q) => q.label)).toEqual(["Why"]);
    expect(() => withQuestion(two, 6, question("Six"))).toThrow(invalid("numbered 1 to 5"));
    expect(() => withoutQuestion(two, 3)).toThrow(invalid("questions 1 to 2"));
    expect(() => withoutQuestion([], 1)).toThrow(invalid("no form"));
    expect(() => withQuestion(two, 1, question("x".repeat(46)))).toThrow(invalid("Question 1"));
  });

  test("its version changes with any change of its questions, and only then", () => {
    const form = [question("Age"), question("Why", { style: "paragraph" })];
    expect(formVersion(form)).toBe(formVersion(structuredClone(form)));
    expect(formVersion(form)).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(formVersion([question("Age"), question("Why")])).not.toBe(formVersion(form));
    expect(formVersion([])).not.toBe(formVersion(form));
  });

  test("answers: required ones given, each within its lengths, a short one on one line, kept with its question", () => {
    const form = [
      question("Age", { maxLength: 3 }),
      question("Why", { style: "paragraph", minLength: 10, maxLength: 200 }),
      question("Discord friends", { required: false, minLength: 3 }),
    ];
    expect(readAnswers(form, ["17", "I build\r\nbig castles ", ""])).toEqual([
      { question: "Age", answer: "17" },
      { question: "Why", answer: "I build\nbig castles" },
      { question: "Discord friends", answer: "" },
    ]);
    expect(readAnswers([question("One line")], ["a\nb"])).toEqual([{ question: "One line", answer: "a b" }]);
    expect(() => readAnswers(form, [" ", "long enough answer", ""])).toThrow(
      invalid("“Age” needs an answer"),
    );
    expect(() => readAnswers(form, ["17", "too short", ""])).toThrow(
      invalid("“Why” takes 10-200 characters"),
    );
    expect(() => readAnswers(form, ["1234", "long enough answer", ""])).toThrow(invalid("“Age” takes 0-3"));
    expect(() => readAnswers(form, ["17", "long enough answer", "ab"])).toThrow(invalid("takes 3-100"));
    expect(() => readAnswers(form, ["17"])).toThrow(invalid("do not match the form's questions"));
  });
});
