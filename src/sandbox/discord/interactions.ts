import type { APIApplicationCommandOptionChoice, InteractionType } from "discord-api-types/v10";
import { randomString } from "../../shared/ids.ts";
import type { SandboxModal } from "./rest/modals.ts";

/** How the bot answered an interaction, as far as the control API cares. */
export type InteractionAnswer =
  | { kind: "message"; messageId: string; deferred: boolean }
  | { kind: "choices"; choices: APIApplicationCommandOptionChoice[] }
  | { kind: "modal"; modal: Record<string, unknown>; interactionId: string };

/** The bot acknowledged too late: Discord refused its callback (10062) and the member saw it fail. */
export type InteractionExpiry = { kind: "expired"; lateByMs: number };

/** An interaction the sandbox sent to the bot, and where its answer stands. */
export type TrackedInteraction = {
  id: string;
  token: string;
  type: InteractionType;
  channelId: string;
  userId: string;
  /** The command name, or the clicked component's custom id. */
  name: string;
  /** For components: the message that carries the clicked component. */
  sourceMessageId: string | null;
  /** For a modal's submission: the interaction the modal answered. */
  triggeredBy: {
    id: string;
    type: InteractionType;
    name: string;
    userId: string;
    sourceMessageId: string | null;
  } | null;
  acknowledged: boolean;
  deferred: boolean;
  /** The message `@original` refers to once acknowledged. */
  originalMessageId: string | null;
  followUpIds: string[];
  /** The modal the bot answered with (a member may submit it once, through the control API). */
  modal: SandboxModal | null;
  /** Whether the member submitted that modal. */
  modalSubmitted: boolean;
  /** Resolves with the bot's first complete answer, or with its refusal when the bot was too late. */
  answer: Promise<InteractionAnswer | InteractionExpiry>;
  answered: boolean;
  settle(answer: InteractionAnswer | InteractionExpiry): void;
};

/** The interactions in flight, by id and by token. */
export type InteractionTracker = {
  open(input: {
    id: string;
    type: InteractionType;
    channelId: string;
    userId: string;
    name: string;
    sourceMessageId?: string;
    triggeredBy?: TrackedInteraction["triggeredBy"];
  }): TrackedInteraction;
  byId(id: string): TrackedInteraction | undefined;
  byToken(token: string): TrackedInteraction | undefined;
  /** The interactions remembered, oldest first. */
  list(): TrackedInteraction[];
};

/**
 * Interactions remembered for follow-ups; older ones are forgotten (Discord's tokens expire after 15 minutes, so
 * only a bound on memory: more than any test or bench sends in that time, a launch-day burst of thousands
 * included, whose early tokens Discord still honours).
 */
const KEEP = 20_000;

/** Creates an empty tracker. */
export function createInteractionTracker(): InteractionTracker {
  const byId = new Map<string, TrackedInteraction>();
  const byToken = new Map<string, TrackedInteraction>();
  return {
    open(input) {
      let settle: (answer: InteractionAnswer | InteractionExpiry) => void = () => {};
      const answer = new Promise<InteractionAnswer | InteractionExpiry>((resolve) => {
        settle = resolve;
      });
      const tracked: TrackedInteraction = {
        ...input,
        sourceMessageId: input.sourceMessageId ?? null,
        triggeredBy: input.triggeredBy ?? null,
        token: `aW50ZXJhY3Rpb246${randomString(80)}`,
        acknowledged: false,
        deferred: false,
        originalMessageId: null,
        followUpIds: [],
        modal: null,
        modalSubmitted: false,
        answer,
        answered: false,
        settle(result) {
          if (tracked.answered) return;
          tracked.answered = true;
          settle(result);
        },
      };
      byId.set(tracked.id, tracked);
      byToken.set(tracked.token, tracked);
      for (const [id, old] of byId) {
        if (byId.size <= KEEP) break;
        byId.delete(id);
        byToken.delete(old.token);
      }
      return tracked;
    },
    byId: (id) => byId.get(id),
    byToken: (token) => byToken.get(token),
    list: () => [...byId.values()],
  };
}
