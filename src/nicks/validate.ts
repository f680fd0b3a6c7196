import { DomainError } from "../shared/errors.ts";
import { clip } from "../shared/text.ts";
import type { NickType } from "../whitelists/model.ts";

/** The prefix Floodgate gives Bedrock players so their names never clash with Java ones. */
export const FLOODGATE_PREFIX = ".";

const JAVA_NICK = /^[A-Za-z0-9_]{3,16}$/;
/**
 * Xbox gamertag rules: ASCII letters and digits in words separated by single spaces, starting with a letter.
 * ASCII only, so no look-alike (a Cyrillic `е` in `.Stеve`) can pass for another member's gamertag.
 */
const GAMERTAG = /^[A-Za-z][A-Za-z0-9]*(?: [A-Za-z0-9]+)*$/;
const GAMERTAG_MAX = 16;

const JAVA_RULE =
  "A Minecraft Java nick is 3-16 characters: letters A-Z, digits 0-9 and `_`, without spaces. " +
  "Check the spelling and try again.";
const BEDROCK_RULE =
  "A Bedrock (Xbox) gamertag is 1-16 letters A-Z, digits and single spaces, and does not start with a digit; " +
  "the `.` prefix is added for you. Check the spelling and try again.";

/**
 * Checks a nick typed by a member against the whitelist's nick type and returns the spelling to store:
 * Java-style nicks as typed (surrounding whitespace dropped), Bedrock gamertags with the Floodgate `.` prefix.
 * Throws DomainError "nick-invalid" saying what is allowed.
 */
export function normaliseNick(nickType: NickType, raw: string): string {
  const text = raw.trim();
  if (nickType !== "bedrock") {
    if (!JAVA_NICK.test(text)) throw invalid(text, JAVA_RULE);
    return text;
  }
  // Accept the prefix if the member typed it, never double it; inner spaces are kept exactly as typed.
  const gamertag = text.startsWith(FLOODGATE_PREFIX) ? text.slice(FLOODGATE_PREFIX.length) : text;
  if (gamertag.length > GAMERTAG_MAX || !GAMERTAG.test(gamertag)) throw invalid(text, BEDROCK_RULE);
  return `${FLOODGATE_PREFIX}${gamertag}`;
}

/** The error for `text`, echoing the member's input bounded so that a pasted essay does not flood the reply. */
function invalid(text: string, rule: string): DomainError {
  if (text.length === 0) return new DomainError("nick-invalid", `The nick is empty. ${rule}`);
  return new DomainError("nick-invalid", `“${clip(text)}” is not a valid nick. ${rule}`);
}
