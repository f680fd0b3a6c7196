import type { Logger } from "../shared/logger.ts";
import type { EntryEvent } from "./events.ts";
import type { EntryRecord, RoleFailure } from "./model.ts";

/** A committed change: the public event, plus what in-process subscribers need (owner, granted roles). */
export type ChangeNotice = {
  event: EntryEvent;
  /** The entry as it was stored (for a removal: just before it was deleted). */
  entry: EntryRecord;
  /** The Discord user who made the change, or null (API key, member leaving). */
  actorId: string | null;
  /** For API removals: the link key that removed it, and its name (for the log channel). */
  keyId?: string | null;
  keyName?: string | null;
  /** For additions: the roles the bot could not grant (the entry stands; staff are told). */
  grantFailures?: readonly RoleFailure[];
  /**
   * An entry changed in place is published as a removal and an addition (see EntryService.change): the
   * removal names the entry it became, the addition the entry it was. Its roles stay; staff see one change.
   */
  replacedBy?: EntryRecord;
  replaces?: EntryRecord;
  /**
   * A removal because this member proved they own the account (one owner per account per guild): the log channel
   * says so (docs/decisions.md, Proof of ownership).
   */
  provenBy?: string;
  /**
   * One of many changes made at once (the additions of an import, EntryService.addMany; the removals of a
   * whitelist deleted): the log channel leaves them to the one summary the operation posts, instead of an embed
   * each. Every other subscriber treats them as any change.
   */
  bulk?: true;
  /**
   * Made on another replica (PostgreSQL) and read here from the log: every subscriber acts on it as on any
   * change, except what happens once per change where it was made (its log line).
   */
  remote?: true;
};

/** What a change's subscribers need beyond its public event; stored with the event (events.detail). */
export type ChangeDetail = Omit<ChangeNotice, "event" | "remote">;

/**
 * Listener of committed changes. A side effect (a subscriber named by an `Effect`) returns the promise of its work
 * on the change, so that the outbox of replicas records when it is done (src/cluster/outbox.ts).
 */
export type ChangeListener = (notice: ChangeNotice) => unknown;

/**
 * What must happen once in the cluster for a change, by the outbox's subscribers: a webhook delivery to each key in
 * scope, the roles of a removal taken back. Replicas record each as done per change, so a new leader repeats only
 * those in flight when the last one stopped (docs/architecture.md, Replicas). The log channel keeps a position of
 * its own per guild, moved on after each message (src/bot/log-feed.ts), and so needs none.
 */
export const effects = ["webhooks", "roles"] as const;
/** One of the side effects. */
export type Effect = (typeof effects)[number];

/**
 * Fans committed changes out to in-process subscribers: the entries cache, the WebSocket hub, the webhook
 * sender and the bot (role revert, log channel). Behind this interface so a multi-replica deployment can
 * swap in PostgreSQL LISTEN/NOTIFY (docs/architecture.md, The event bus; docs/decisions.md, One process).
 */
export type EventBus = {
  publish(notice: ChangeNotice): void;
  /** Adds a listener; `effect` names a side effect's (only the outbox of replicas tells them apart). */
  subscribe(listener: ChangeListener, effect?: Effect): () => void;
  /**
   * The event id through which every stored change has been published here: a reader of the log up to it (a
   * WebSocket resume) can go live next without missing or repeating one, if nothing is published meanwhile.
   */
  through(): Promise<number>;
  /** How many changes were published so far: a reader compares it before and after to know nothing came. */
  published(): number;
};

/**
 * The in-process bus. A failing listener is logged and never stops the others. `through`: the last event id
 * published; on one SQLite store, the last one stored (each commit is published right after, in the same turn).
 */
export function createEventBus(logger: Logger, through: () => Promise<number> = async () => 0): EventBus {
  const listeners = new Set<ChangeListener>();
  let published = 0;
  return {
    publish(notice) {
      published++;
      for (const listener of listeners) callListener(listener, notice, logger);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    through,
    published: () => published,
  };
}

/** Calls a listener; its failure, thrown or rejected, is logged and stops nothing else. */
export function callListener(
  listener: ChangeListener,
  notice: ChangeNotice,
  logger: Logger,
): Promise<unknown> | undefined {
  const failed = (error: unknown) =>
    logger.error("event listener failed", { eventId: notice.event.id, error: String(error) });
  try {
    const result = listener(notice);
    if (result instanceof Promise) return result.catch(failed);
  } catch (error) {
    failed(error);
  }
  return undefined;
}
