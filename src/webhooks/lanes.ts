import type { EventLog } from "../entries/event-log.ts";
import { type EntryEvent, eventMessage } from "../entries/events.ts";
import { inScope } from "../keys/scope.ts";
import type { Logger } from "../shared/logger.ts";
import type { DeliveryOutcome, WebhookTarget } from "./service.ts";

/** One delivery to send: the key's target, the event's id and its body (byte for byte the WebSocket message). */
export type LaneDelivery = { target: WebhookTarget; eventId: string; body: string };

/** What the lanes take. */
export type LaneOptions = {
  /** Sends a delivery and reports it; resolves with its outcome, or undefined when it was left unsent. */
  deliver(delivery: LaneDelivery): Promise<DeliveryOutcome | undefined>;
  /** Records a delivery given up without sending it (the lane of a receiver that does not answer is full). */
  drop(target: WebhookTarget, eventId: string, error: string): void;
  /** The key's target now, for owed events of `whitelistId`: undefined once the key was revoked or its webhook cleared. */
  currentTarget(keyId: string, guildId: string, whitelistId: string): Promise<WebhookTarget | undefined>;
  /** The stored events: owed events are read back from here, not kept in memory. */
  events: Pick<EventLog, "listAfter">;
  logger: Logger;
  maxInFlight: number;
  maxQueued: number;
};

/** Owed events of a lane not started yet: the stored events in `(after, through]` in the key's scope. */
type Range = { after: number; through: number };

type Lane = {
  keyId: string;
  /** The target as the last change heard named it. */
  target: WebhookTarget;
  active: number;
  ranges: Range[];
  /** How many events the ranges hold. */
  owed: number;
  /** An event after the last range was not given to this lane: the next owed one starts a range of its own. */
  gap: boolean;
  /** The owed events are being read from the log. */
  reading: boolean;
};

/** A change whose deliveries are not all sent (or given up) yet. */
type Change = { guildId: string; whitelistId: string; left: number; settled(): void };

/**
 * The per-key lanes of the webhook sender (docs/api.md, Lanes and outcomes): each key has at most `maxInFlight`
 * deliveries running; the events it owes beyond them are a cursor into the stored events (ranges of event ids),
 * read back as deliveries end, so a receiver that answers but falls behind (a busy host) loses none and costs
 * no memory per event. Only a receiver that does not answer (its last delivery timed out or found no
 * connection) runs one delivery at a time and has its owed events capped at `maxQueued`, past which they are
 * dropped: a hung receiver delays only itself.
 */
export function createLanes(options: LaneOptions) {
  const { deliver, drop, currentTarget, events, logger, maxInFlight, maxQueued } = options;
  const lanes = new Map<string, Lane>();
  const changes = new Map<number, Change>();
  const inFlight = new Set<Promise<void>>();
  /** Keys revoked with their deleted whitelist: their lanes still deliver what they owe, to the target they had. */
  const retiring = new Set<string>();
  /**
   * Keys whose receiver did not answer the last delivery that ended (timed out, no connection): kept while their
   * lane is empty too, so that a hung receiver's next deliveries are capped from the start.
   */
  const silent = new Set<string>();
  let draining = false;

  /**
   * Deliveries a lane may run at once: one while its receiver is not answering (a probe: each hung request holds
   * a socket and a timer for the whole timeout, and work the healthy lanes' CPU would serve), else maxInFlight.
   */
  const room = (lane: Lane) => (silent.has(lane.keyId) ? 1 : maxInFlight) - lane.active;

  const done = (id: number) => {
    const change = changes.get(id);
    if (!change || --change.left > 0) return;
    changes.delete(id);
    change.settled();
  };

  const end = (lane: Lane) => {
    if (lane.active > 0 || lane.reading || lane.ranges.length > 0) return;
    if (lanes.get(lane.keyId) === lane) lanes.delete(lane.keyId);
    retiring.delete(lane.keyId);
  };

  /** Gives up what a lane owes (its key revoked, its webhook cleared, the log unreadable), reported if `error`. */
  const abandon = (lane: Lane, error?: string) => {
    const owes = (id: number, change: Change) =>
      inScope(lane.target, change.guildId, change.whitelistId) &&
      lane.ranges.some((range) => id > range.after && id <= range.through);
    for (const [id, change] of [...changes]) {
      if (!owes(id, change)) continue;
      if (error) drop(lane.target, String(id), error);
      done(id);
    }
    lane.ranges = [];
    lane.owed = 0;
  };

  const start = (lane: Lane, target: WebhookTarget, id: number, body: string) => {
    lane.active++;
    const running: Promise<void> = deliver({ target, eventId: String(id), body })
      .then((outcome) => {
        if (!outcome) return;
        if (outcome.status === undefined) silent.add(lane.keyId);
        else silent.delete(lane.keyId);
        done(id);
      })
      .finally(() => {
        inFlight.delete(running);
        lane.active--;
        pump(lane);
      });
    inFlight.add(running);
  };

  /** Reads the next owed events of the lane's first range, as many as it may start, and starts them. */
  const readOwed = async (lane: Lane): Promise<void> => {
    const range = lane.ranges[0] as Range;
    const limit = room(lane);
    const scope = { guildId: lane.target.guildId, whitelistId: lane.target.whitelistId };
    let found: EntryEvent[];
    try {
      found = await events.listAfter(range.after, scope, limit, range.through);
    } catch (error) {
      logger.error("webhook events unreadable", { keyId: lane.keyId, error: String(error) });
      abandon(lane, "events unreadable: dropped");
      return;
    }
    if (draining) return;
    // Every event of the range was committed (and heard) before the range held it: fewer than asked is its end.
    if (found.length < limit) lane.ranges.shift();
    else range.after = Number((found[found.length - 1] as EntryEvent).id);
    lane.owed = Math.max(0, lane.owed - found.length);
    const [first] = found;
    if (!first) return;
    const target = retiring.has(lane.keyId)
      ? lane.target
      : await currentTarget(lane.keyId, first.guildId, first.whitelistId).catch((error: unknown) => {
          logger.error("webhook targets unavailable", { eventId: first.id, error: String(error) });
          return undefined;
        });
    if (draining) return;
    if (!target) {
      for (const event of found) done(Number(event.id));
      abandon(lane);
      return;
    }
    for (const event of found) start(lane, target, Number(event.id), eventMessage(event));
  };

  /** Starts the lane's owed deliveries while it has room, reading them from the log; ends an empty lane. */
  function pump(lane: Lane): void {
    if (!draining && !lane.reading && room(lane) > 0 && lane.ranges.length > 0) {
      lane.reading = true;
      void readOwed(lane).finally(() => {
        lane.reading = false;
        pump(lane);
      });
      return;
    }
    end(lane);
  }

  const add = (target: WebhookTarget, id: number, body: string) => {
    let lane = lanes.get(target.keyId);
    if (!lane) {
      lane = { keyId: target.keyId, target, active: 0, ranges: [], owed: 0, gap: false, reading: false };
      lanes.set(target.keyId, lane);
    } else if (lane.target.url !== target.url || lane.target.secret !== target.secret) {
      // Set again since: a new receiver, owed nothing published before.
      lane.target = target;
      lane.gap = true;
      silent.delete(target.keyId);
    }
    if (lane.ranges.length === 0 && !lane.reading && room(lane) > 0) {
      start(lane, target, id, body);
      return;
    }
    if (silent.has(target.keyId) && lane.owed >= maxQueued) {
      drop(target, String(id), "queue full: dropped");
      done(id);
      lane.gap = true;
      return;
    }
    const last = lane.ranges[lane.ranges.length - 1];
    if (last && !lane.gap) last.through = id;
    else lane.ranges.push({ after: id - 1, through: id });
    lane.gap = false;
    lane.owed++;
    pump(lane);
  };

  return {
    /**
     * Gives a committed change to the lane of each of its targets; `settled` is called once every delivery of it
     * was sent or given up (never for one left unsent or dropped at shutdown).
     */
    add(event: EntryEvent, targets: readonly WebhookTarget[], settled: () => void): void {
      const id = Number(event.id);
      changes.set(id, {
        guildId: event.guildId,
        whitelistId: event.whitelistId,
        left: targets.length,
        settled,
      });
      // Serialised once per event: every receiver gets the same bytes, exactly the WebSocket message.
      const body = eventMessage(event);
      for (const target of targets) add(target, id, body);
    },

    /**
     * A key revoked: its lane stops at its next read, unless the key went with its deleted whitelist (`retired`),
     * whose last removals, published before, its lane still delivers to the target it had.
     */
    revoked(keyId: string, retired: boolean): void {
      silent.delete(keyId);
      if (retired) retiring.add(keyId);
    },

    /** Forgets retired keys whose lanes are done. */
    forgetRetired(): void {
      for (const keyId of retiring) if (!lanes.has(keyId)) retiring.delete(keyId);
    },

    /** Starts nothing more and forgets what the lanes owe; resolves with how many, once those in flight ended. */
    async drain(): Promise<number> {
      draining = true;
      let dropped = 0;
      for (const lane of lanes.values()) {
        dropped += lane.owed;
        lane.ranges = [];
        lane.owed = 0;
      }
      while (inFlight.size > 0) await Promise.all([...inFlight]);
      return dropped;
    },

    /** Starts taking changes again after `drain`. */
    resume(): void {
      draining = false;
    },

    /** Whether nothing is owed, being read or in flight. */
    idle: (): boolean => lanes.size === 0 && inFlight.size === 0,
  };
}
