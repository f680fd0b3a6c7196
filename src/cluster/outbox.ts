import type { SQL } from "bun";
import {
  type ChangeListener,
  type ChangeNotice,
  callListener,
  type Effect,
  type EventBus,
} from "../entries/bus.ts";
import type { EventLog } from "../entries/event-log.ts";
import type { Logger } from "../shared/logger.ts";
import type { Duties, Term } from "./leader.ts";

/** The outbox of a replica: a bus whose side effects say when each change is done with (src/entries/bus.ts). */
export type Outbox = EventBus & {
  /**
   * Hands a change to every subscriber but the side effects in `done` (done by an earlier leader); returns the
   * work of each side effect that is still under way, by name (one that finished at once is not in it).
   */
  hand(notice: ChangeNotice, done: ReadonlySet<Effect>): Map<Effect, Promise<unknown>>;
};

/** Creates the outbox of a replica (fed by the leader only: startOutbox). */
export function createOutbox(logger: Logger): Outbox {
  const listeners = new Map<ChangeListener, Effect | undefined>();
  let published = 0;
  const hand: Outbox["hand"] = (notice, done) => {
    published++;
    const running = new Map<Effect, Promise<unknown>>();
    for (const [listener, effect] of listeners) {
      if (effect && done.has(effect)) continue;
      const work = callListener(listener, notice, logger);
      if (effect && work) {
        const other = running.get(effect);
        running.set(effect, other ? Promise.all([other, work]) : work);
      }
    }
    return running;
  };
  return {
    hand,
    publish: (notice) => void hand(notice, new Set()),
    subscribe(listener, effect) {
      listeners.set(listener, effect);
      return () => listeners.delete(listener);
    },
    through: async () => 0,
    published: () => published,
  };
}

/** Events read from the log per round of a replay. */
const PAGE = 500;
/** How often progress that could not be recorded (PostgreSQL away) is tried again. */
const RETRY_MS = 1_000;
const NONE: ReadonlySet<Effect> = new Set();

/** The term ended under the outbox: another replica leads now. */
class Fenced extends Error {
  override readonly name = "Fenced";
}

/**
 * The leader's outbox (docs/architecture.md, Replicas): hands the bus's changes to the outbox's subscribers, whose
 * side effects happen once in the cluster (webhooks, role reverts, the log channel; expiry timers too). Progress is
 * recorded per change and side effect as each finishes: `outbox_cursor` is the last event all of whose side
 * effects are done, `outbox_done` the side effects done for events past it. A new leader starts from there: it
 * hands the changes after the cursor again, each to the side effects not done yet, so a failover repeats only
 * what was in flight, once. Progress is written on the leader's lock connection (`Term.onLockConnection`), which a
 * successor ends before it claims the lease, and each write first checks that the lease's epoch is still this
 * term's (`FOR SHARE`: a claim waits for the write, then reads it): a leader replaced meanwhile records nothing,
 * and one whose term ran out records nothing it finished after.
 */
export async function startOutbox({
  client,
  bus,
  outbox,
  events,
  term,
  logger,
}: {
  /** The pool of the PostgreSQL store. */
  client: SQL;
  bus: EventBus;
  outbox: Outbox;
  events: Pick<EventLog, "noticesAfter">;
  term: Pick<Term, "epoch" | "mayAct" | "lost" | "onLockConnection">;
  logger: Logger;
}): Promise<Duties> {
  const [stored] = await client`SELECT event_id FROM outbox_cursor WHERE name = 'leader'`;
  /** The last event handed on; events after it come from the bus. */
  let handed = stored ? Number(stored.event_id) : await bus.through();
  const doneBefore = new Map<number, Set<Effect>>();
  for (const row of await client`SELECT event_id, effect FROM outbox_done WHERE event_id > ${handed}`) {
    const id = Number(row.event_id);
    doneBefore.set(id, (doneBefore.get(id) ?? new Set()).add(row.effect as Effect));
  }
  // The first leader of a cluster records where it starts (below): a successor then knows where to take over.
  let recorded = stored ? handed : -1;
  /** Events handed on with side effects still under way, and how many, in id order. */
  const open = new Map<number, number>();
  /** Side effects finished and not recorded yet. */
  const marks: { event_id: number; effect: Effect }[] = [];
  const waiting: ChangeNotice[] = [];
  let live = false;
  let stopped = false;

  /** The last event all of whose side effects are done: every event before the first still open. */
  const cursor = () => {
    const first = open.keys().next();
    return first.done ? handed : first.value - 1;
  };

  const writeProgress = async () => {
    const through = cursor();
    const batch = marks.splice(0).filter((mark) => mark.event_id > through);
    if (through <= recorded && batch.length === 0) return;
    try {
      // One statement, one round trip (its own transaction): each write is made only if the lease's epoch is still
      // this term's, read `FOR SHARE` (a claim of the lease waits for the statement, then sees what it wrote).
      const advance = through > recorded;
      const [row] = await term.onLockConnection(
        (connection) => connection`
          WITH mine AS (
            SELECT epoch FROM leader_lease WHERE name = 'leader' AND epoch = ${term.epoch} FOR SHARE
          ), moved AS (
            INSERT INTO outbox_cursor (name, event_id) SELECT 'leader', ${through}::bigint FROM mine WHERE ${advance}::boolean
            ON CONFLICT (name) DO UPDATE SET event_id = excluded.event_id RETURNING 1
          ), cleared AS (
            DELETE FROM outbox_done
            WHERE ${advance}::boolean AND event_id <= ${through}::bigint AND EXISTS (SELECT FROM mine) RETURNING 1
          ), marked AS (
            INSERT INTO outbox_done (event_id, effect)
            SELECT done.event_id, done.effect
            FROM json_to_recordset(${JSON.stringify(batch)}::text::json) AS done(event_id bigint, effect text)
            WHERE EXISTS (SELECT FROM mine)
            ON CONFLICT DO NOTHING RETURNING 1
          )
          SELECT count(*)::int AS mine FROM mine`,
      );
      if (!row || Number(row.mine) === 0) throw new Fenced();
      recorded = Math.max(recorded, through);
    } catch (error) {
      if (error instanceof Fenced) {
        term.lost("another replica leads: the lease's epoch moved on");
        return;
      }
      marks.unshift(...batch);
      throw error;
    }
  };
  let writing: Promise<void> | undefined;
  let writeAgain = false;
  /** Records progress now, or right after the write under way (writes batch what finished meanwhile). */
  const record = (): Promise<void> => {
    if (writing) {
      writeAgain = true;
      return writing;
    }
    writing = (async () => {
      try {
        do {
          writeAgain = false;
          await writeProgress();
        } while (writeAgain);
      } catch (error) {
        logger.warn("could not record the outbox's progress (tried again every second)", {
          error: String(error),
        });
      } finally {
        writing = undefined;
      }
    })();
    return writing;
  };

  const finished = (id: number, effect: Effect) => {
    // A term that ran out records nothing more: what it did after may have been fenced, and is done again.
    if (stopped || !term.mayAct()) return;
    marks.push({ event_id: id, effect });
    const left = (open.get(id) ?? 1) - 1;
    if (left > 0) open.set(id, left);
    else open.delete(id);
    void record();
  };

  const forward = (notice: ChangeNotice) => {
    const id = Number(notice.event.id);
    if (id <= handed || stopped || !term.mayAct()) return;
    handed = id;
    const running = outbox.hand(notice, doneBefore.get(id) ?? NONE);
    doneBefore.delete(id);
    if (running.size > 0) open.set(id, running.size);
    for (const [effect, work] of running) void work.then(() => finished(id, effect));
    if (running.size === 0 && open.size === 0) void record();
  };
  const unsubscribe = bus.subscribe((notice) => {
    if (live) forward(notice);
    else waiting.push(notice);
  });
  // What the previous leader may not have finished, from the log, then what the bus brought meanwhile.
  const upTo = await bus.through();
  let replayed = 0;
  while (handed < upTo) {
    const page = await events.noticesAfter(handed, PAGE);
    const due = page.filter((notice) => Number(notice.event.id) <= upTo);
    for (const notice of due) forward(notice);
    replayed += due.length;
    if (due.length < PAGE) break;
  }
  for (const notice of waiting.splice(0)) forward(notice);
  live = true;
  if (replayed > 0) logger.info("outbox caught up after a change of leader", { replayed, through: handed });
  if (!stored) await record();
  const retry = setInterval(() => void record(), RETRY_MS);
  retry.unref();
  return {
    async stop() {
      unsubscribe();
      clearInterval(retry);
      await record();
      stopped = true;
    },
  };
}
