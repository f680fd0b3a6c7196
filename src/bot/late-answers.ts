// Interactions Discord refused to acknowledge as too late (docs/decisions.md, What the bot does with Discord's
// limits): one place that remembers them, for the answer (src/bot/interaction/answer.ts) and the failure's
// explanation (src/bot/errors.ts).

/** Discord's "Unknown interaction": an acknowledgement after its 3 s, or a token that expired. */
const UNKNOWN_INTERACTION = 10062;

/** Why nothing was sent for an interaction Discord refused as too late: an internal error, for the log. */
export const lateRefusal = (): Error =>
  new Error("Discord refused this interaction's acknowledgement as too late: no answer can reach the member");

/**
 * Interactions whose acknowledgement Discord refused as too late. Another callback for one (the reply after a
 * refused deferral, the failure's explanation) would be refused too, and counts as an invalid request; the member
 * already reads "This interaction failed".
 */
const refused = new WeakSet<object>();

/** Remembers a refusal as too late (the interaction is gone), and rethrows. */
export function noteRefusal(interaction: object, error: unknown): never {
  if ((error as { code?: unknown } | null)?.code === UNKNOWN_INTERACTION) refused.add(interaction);
  throw error;
}

/** Whether Discord refused acknowledging this interaction as too late: nothing sent for it can reach the member. */
export const refusedAsLate = (interaction: object): boolean => refused.has(interaction);
