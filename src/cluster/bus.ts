import { type ChangeListener, type ChangeNotice, callListener, type EventBus } from "../entries/bus.ts";
import type { EventLog } from "../entries/event-log.ts";
import type { Logger } from "../shared/logger.ts";

/** Events read from the log per round of a catch-up. */
const PAGE = 500;

/** The bus of a replica on PostgreSQL, with what the replica's wiring needs besides the EventBus. */
export type ClusterBus = EventBus & {
  /**
   * Reads the log after the last event published here and publishes what it finds, in id order. Called when
   * another replica notifies a commit, after this replica's own commits, after a lost LISTEN connection, and every
   * second whatever happens (a LISTEN connection may die silently: src/cluster/listener.ts).
   */
  catchUp(): Promise<void>;
  /**
   * Resolves once every change committed before the call is published here: a read of the log, unless nothing can
   * be missing (the role grants wait so for a removal made on another replica).
   */
  settle(): Promise<void>;
  /**
   * Resolves once every change this replica's writes handed to `publish` is published here (read-your-writes: a
   * write waits for this after its commit). At once when they all went out directly (see `publish`), else with
   * the round of the log that publishes them.
   */
  settleOwn(): Promise<void>;
  /**
   * Another commit's NOTIFY (its event id): the log is read, unless the id is published here already or is one
   * of this replica's own, whose writer publishes it (a round then reads it if it must). Resolves once the
   * round it started, if any, is done.
   */
  heard(id: number): Promise<void>;
  /**
   * How long ago the bus last read the log to its end (ms): every change committed before then is published here.
   * A replica reads the log every second (src/cluster/listener.ts), so this stays under about a second unless
   * PostgreSQL does not answer.
   */
  lagMs(): number;
  /**
   * Tells the bus that a write of this replica appended event `id` in its transaction (src/entries/event-log.ts):
   * should a round read it before the writer publishes it, it is still published as this replica's own.
   */
  appendedHere(id: number): void;
};

/**
 * The event bus of a replica when several share a PostgreSQL store (docs/architecture.md, Replicas). The event
 * log stays the truth: every change, this replica's own included, is published here from the log, in event id
 * order, after its commit. Writes commit one at a time in the cluster (src/db/pg/store.ts), so once an id is
 * visible every lower one is visible or never will be: reading `id > last` skips none. A change made here is
 * published with the notice its writer built (same content as the stored detail); one made elsewhere is rebuilt
 * from the log and marked `remote`. A round may read a change made here after its commit but before its writer
 * publishes it (a round another replica's commit started): the ids appended here tell it apart, and it goes out
 * rebuilt from the log but not `remote`. A change made here whose id is the one right after the cursor goes out
 * as its writer publishes it, without reading the log: no other change can come between (ids are visible in
 * order), so a replica whose writes are the cluster's only ones reads the log only on its timer (issue 26: a
 * read per write was a third of a write's round trips). A failing listener is logged and never stops the others.
 */
export function createClusterBus({
  events,
  logger,
  start,
}: {
  events: Pick<EventLog, "noticesAfter">;
  logger: Logger;
  /** The last event id stored when the replica started: those before it are history, read by resumes. */
  start: number;
}): ClusterBus {
  const listeners = new Set<ChangeListener>();
  /** This replica's own changes, by event id, waiting for their turn in the log. */
  const own = new Map<number, ChangeNotice>();
  /** The event ids this replica's writes appended and no round read yet (a rolled back one never turns up). */
  const here = new Set<number>();
  let cursor = start;
  let published = 0;
  let running: Promise<void> | null = null;
  let again = false;
  /** When (performance.now()) the last round that read the log to its end began. */
  let currentAt = performance.now();
  /** Whether a failed read was logged since the last round that worked (one line per outage). */
  let failing = false;

  const deliver = (notice: ChangeNotice) => {
    published++;
    cursor = Number(notice.event.id);
    for (const listener of listeners) callListener(listener, notice, logger);
  };

  const round = async () => {
    const startedAt = performance.now();
    for (;;) {
      const found = await events.noticesAfter(cursor, PAGE);
      for (const notice of found) {
        const id = Number(notice.event.id);
        // Published meanwhile, by its writer, while this read was on its way.
        if (id <= cursor) continue;
        const mine = own.get(id);
        own.delete(id);
        if (mine) deliver(mine);
        else if (here.has(id)) deliver({ ...notice, remote: undefined });
        else deliver(notice);
      }
      if (found.length < PAGE) break;
    }
    // Ids become visible in order: one at or below the cursor not read by now was rolled back.
    for (const id of here) if (id <= cursor) here.delete(id);
    currentAt = startedAt;
    if (failing) logger.info("reading new events from the database again");
    failing = false;
  };

  const catchUp = (): Promise<void> => {
    if (running) {
      // One round at a time; a commit noticed during a round gets a round of its own after it.
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await round();
        } while (again);
      } catch (error) {
        if (!failing) {
          logger.warn("could not read new events from the database (retried every second)", {
            error: String(error),
          });
        }
        failing = true;
      } finally {
        running = null;
      }
    })();
    return running;
  };

  return {
    publish(notice) {
      const id = Number(notice.event.id);
      // A round read it already (right after its commit).
      if (id <= cursor) return;
      if (id === cursor + 1) {
        // Nothing can come between the cursor and the next id: out now, no read of the log needed.
        here.delete(id);
        deliver(notice);
        return;
      }
      // Another replica's changes, or an id a rolled back write took, may lie between: out with the round it starts.
      own.set(id, notice);
      void catchUp();
    },
    appendedHere(id) {
      if (id > cursor) here.add(id);
    },
    heard(id) {
      // Its own writer publishes a change of this replica (a NOTIFY of one's own commits is an echo).
      if (Number.isSafeInteger(id) && (id <= cursor || here.has(id) || own.has(id))) return Promise.resolve();
      return catchUp();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    through: async () => cursor,
    published: () => published,
    catchUp,
    // A round under way when the commit was published does one more round before it resolves (`again`).
    settle: catchUp,
    // Nothing waits when every change of this replica went out directly. Else a round under way publishes them
    // (`publish` asked it for one more), or one is started for ids appended here and not published (a write that
    // publishes none, a rolled back one); a failed round leaves them to the timer.
    settleOwn: () => (own.size === 0 && here.size === 0 ? Promise.resolve() : (running ?? catchUp())),
    lagMs: () => Math.max(0, Math.round(performance.now() - currentAt)),
  };
}
