import { type Text, text } from "../i18n/messages.ts";
import { DomainError } from "../shared/errors.ts";
import { clip } from "../shared/text.ts";
import { type FloodgateSettings, gamertagOf } from "./floodgate.ts";

const JAVA_NICK = /^[A-Za-z0-9_]{3,16}$/;
/**
 * Xbox gamertag rules: ASCII letters and digits in words separated by single spaces, starting with a letter.
 * ASCII only, so no look-alike (a Cyrillic `е` in `.Stеve`) can pass for another member's gamertag.
 */
const GAMERTAG = /^[A-Za-z][A-Za-z0-9]*(?: [A-Za-z0-9]+)*$/;
const GAMERTAG_MAX = 16;

const JAVA_RULE = text("error.nick.javaRule");
const BEDROCK_RULE = text("error.nick.bedrockRule");

/**
 * Checks a Java-style nick (`java`, `premium`, `offline`) typed by a member and returns it as typed, surrounding
 * whitespace dropped. Throws DomainError "nick-invalid" saying what is allowed.
 */
export function normaliseNick(raw: string): string {
  const text = raw.trim();
  if (!JAVA_NICK.test(text)) throw invalid(text, JAVA_RULE);
  return text;
}

/**
 * Checks a Bedrock gamertag typed by a member, bare (`Alex Pocket`) or as the game shows it (`.Alex_Pocket`),
 * and returns the bare gamertag. Throws DomainError "nick-invalid" saying what is allowed.
 */
export function parseGamertag(settings: FloodgateSettings, raw: string): string {
  const text = raw.trim();
  const gamertag = gamertagOf(settings, text);
  if (gamertag.length > GAMERTAG_MAX || !GAMERTAG.test(gamertag)) throw invalid(text, BEDROCK_RULE);
  return gamertag;
}

/** The error for `text`, echoing the member's input bounded so that a pasted essay does not flood the reply. */
function invalid(typed: string, rule: Text): DomainError {
  if (typed.length === 0) return new DomainError("nick-invalid", text("error.nick.empty", { rule }));
  return new DomainError("nick-invalid", text("error.nick.invalid", { nick: clip(typed), rule }));
}
