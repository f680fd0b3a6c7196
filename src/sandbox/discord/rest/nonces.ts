import type { Clock } from "../../../shared/clock.ts";
import { DiscordErrors, formError } from "../http.ts";

/**
 * A message's `nonce`, as Discord takes it on Create Message (docs.discord.com, Messages, Create Message: "integer
 * or string", "up to 25 characters"; discord/discord-api-docs pull request 1572 documents the limit).
 */
export const NONCE_MAX = 25;

/**
 * How long a nonce sent with `enforce_nonce` is remembered. Discord says "checked for uniqueness in the past few
 * minutes" (Create Message, `enforce_nonce`; discord/discord-api-docs pull request 6647, "deduped on the nonce
 * parameter in a short duration") and publishes no figure, so the sandbox takes the shortest reading of "a few":
 * a bot that relied on a longer window would post twice on Discord, never here only.
 */
export const NONCE_WINDOW_MS = 2 * 60_000;

/** Remembered nonces beyond this many are swept of those past the window. */
const SWEEP_AT = 1_000;

/** The nonce of a Create Message body: undefined without one, a Response when Discord would refuse it. */
export function nonceOf(json: Record<string, unknown>): string | undefined | Response {
  const nonce = json.nonce;
  if (nonce === undefined || nonce === null) return undefined;
  if (typeof nonce === "number" && Number.isInteger(nonce)) return String(nonce);
  if (typeof nonce !== "string") {
    return DiscordErrors.invalidFormBody(formError(["nonce"], "BASE_TYPE_STRING", "Must be a string."));
  }
  if (nonce.length > NONCE_MAX) {
    return DiscordErrors.invalidFormBody(
      formError(["nonce"], "BASE_TYPE_MAX_LENGTH", `Must be ${NONCE_MAX} or fewer in length.`),
    );
  }
  return nonce;
}

/**
 * Create Message's `enforce_nonce`: "If another message was created by the same author with the same nonce, that
 * message will be returned and no new message will be created" (Create Message), and a message created so and
 * deleted since is not created again: Discord answers Unknown Message (discord/discord-api-docs pull request 6647,
 * "intentional ... to allow for a safe retry"). Nonces are remembered per author, for NONCE_WINDOW_MS.
 */
export function createNonceMemory(clock: Clock) {
  const seen = new Map<string, { messageId: string; at: number }>();
  const key = (authorId: string, nonce: string) => `${authorId} ${nonce}`;
  return {
    /** The message an earlier Create Message with this nonce made, while Discord would still remember it. */
    earlier(authorId: string, nonce: string): string | undefined {
      const found = seen.get(key(authorId, nonce));
      return found && clock.now() - found.at < NONCE_WINDOW_MS ? found.messageId : undefined;
    },
    /** Notes the message a Create Message with `enforce_nonce` made. */
    remember(authorId: string, nonce: string, messageId: string): void {
      const now = clock.now();
      if (seen.size >= SWEEP_AT) {
        for (const [name, entry] of seen) if (now - entry.at >= NONCE_WINDOW_MS) seen.delete(name);
      }
      seen.set(key(authorId, nonce), { messageId, at: now });
    },
  };
}

/** The nonces a sandbox remembers (see createNonceMemory). */
export type NonceMemory = ReturnType<typeof createNonceMemory>;
