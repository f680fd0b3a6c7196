import { inEnglish } from "../i18n/english.ts";
import { type Text, text } from "../i18n/messages.ts";
import { DomainError } from "../shared/errors.ts";

// How long an entry may last before it expires by itself (docs/decisions.md, Expiring entries): the one place
// for the accepted range and the `30m` / `12h` / `7d` syntax, used by `/whitelist add expires:`, the
// `entry-lifetime` setting and the registration service alike. Lifetimes are whole seconds.

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The shortest lifetime: shorter would expire before a member has joined. */
export const MIN_LIFETIME_SECONDS = MINUTE;
/** The longest lifetime: a year, leap day included; longer is "for good" in all but name. */
export const MAX_LIFETIME_SECONDS = 366 * DAY;

const UNITS = { m: MINUTE, h: HOUR, d: DAY } as const;
const SYNTAX = /^([0-9]{1,9})\s*([mhd])$/i;

/** The refusal of a lifetime outside the range: `duration` as typed (a Text) or in words. */
function outOfRange(seconds: number, duration: Text): DomainError {
  return new DomainError(
    "invalid-input",
    text(seconds < MIN_LIFETIME_SECONDS ? "error.lifetime.tooShort" : "error.lifetime.tooLong", { duration }),
  );
}

/** A lifetime in seconds that is within the range; throws "invalid-input" otherwise. */
export function requireLifetime(seconds: number): number {
  if (!Number.isInteger(seconds)) {
    throw new DomainError("invalid-input", text("error.lifetime.whole", { seconds }));
  }
  if (seconds < MIN_LIFETIME_SECONDS || seconds > MAX_LIFETIME_SECONDS) {
    throw outOfRange(seconds, durationText(seconds));
  }
  return seconds;
}

/**
 * A typed duration (`30m`, `12h`, `7d`; any letter case, `m` is always minutes) in seconds. Throws
 * "invalid-input" naming the format for anything else, and the range for a duration outside it.
 */
export function parseDuration(typed: string): number {
  const given = typed.trim();
  const match = SYNTAX.exec(given);
  if (!match) {
    throw new DomainError(
      "invalid-input",
      given === ""
        ? text("error.duration.empty", { format: text("error.duration.format") })
        : text("error.duration.invalid", {
            typed: given.slice(0, 20),
            format: text("error.duration.format"),
          }),
    );
  }
  const unit = (match[2] as string).toLowerCase() as keyof typeof UNITS;
  const seconds = Number(match[1]) * UNITS[unit];
  // Digits and a unit letter only (SYNTAX), so it may stand in a code span as typed.
  if (seconds < MIN_LIFETIME_SECONDS || seconds > MAX_LIFETIME_SECONDS)
    throw outOfRange(seconds, text("error.duration.typed", { typed: given }));
  return seconds;
}

/** "7 days", "1 day", "36 hours", "90 minutes": a lifetime in the largest unit that says it exactly. */
export function durationText(seconds: number): Text {
  if (seconds >= DAY && seconds % DAY === 0) return text("time.days", { count: seconds / DAY });
  if (seconds >= HOUR && seconds % HOUR === 0) return text("time.hours", { count: seconds / HOUR });
  if (seconds >= MINUTE && seconds % MINUTE === 0) return text("time.minutes", { count: seconds / MINUTE });
  return text("time.seconds", { count: seconds });
}

/** The same in English (logs, the API's refusals). */
export const describeDuration = (seconds: number): string => inEnglish(durationText(seconds));
/** The shortest window for first-join proof: shorter, a member could not reach the game server in time. */
export const MIN_PROOF_WINDOW_SECONDS = 10 * MINUTE;
/** The longest window for first-join proof: longer, an unproven account would play for a month. */
export const MAX_PROOF_WINDOW_SECONDS = 30 * DAY;
/** The window a whitelist gets when staff choose none: a day to join the game server once. */
export const DEFAULT_PROOF_WINDOW_SECONDS = DAY;

/**
 * How long a member's unproven registration waits for proof at first join (docs/link.md, First-join proof), in
 * whole seconds from 10 minutes to 30 days; throws "invalid-input" otherwise.
 */
export function requireProofWindow(seconds: number): number {
  if (
    !Number.isInteger(seconds) ||
    seconds < MIN_PROOF_WINDOW_SECONDS ||
    seconds > MAX_PROOF_WINDOW_SECONDS
  ) {
    throw new DomainError("invalid-input", text("error.proofWindow", { window: durationText(seconds) }));
  }
  return seconds;
}

/** When an entry stored at `now` (ms) with `lifetimeSeconds` expires (ms), or null when it never does. */
export function expiryOf(now: number, lifetimeSeconds: number | null): number | null {
  return lifetimeSeconds === null ? null : now + lifetimeSeconds * 1000;
}
