import type { ReservedSQL, SQL } from "bun";
import { eq, sql } from "drizzle-orm";
import { LOCKS } from "../db/pg/store.ts";
import type { Store } from "../db/store.ts";
import type { ChangeNotice, EventBus } from "../entries/bus.ts";
import type { EventLog } from "../entries/event-log.ts";
import type { Logger } from "../shared/logger.ts";

/** What only the leader does; `stop` undoes it (the leader steps down or the process stops). */
export type Duties = { stop(): Promise<void> };

/** How often a follower tries to become the leader, and the leader checks it still is. */
const ELECTION_MS = 2_000;
/** How often the leader records how far its outbox consumers got. */
const CURSOR_MS = 1_000;
const CURSOR_NAME = "leader";

/**
 * Elects one leader among the replicas sharing a PostgreSQL store (docs/architecture.md, Replicas): the replica
 * holding the session-level advisory lock LOCKS.lead, on a connection reserved for it. The lock goes with that
 * connection: when the leader's process dies its connection closes and a follower, trying every ELECTION_MS,
 * takes over within seconds. The leader checks its connection as often; once it is lost it stops its duties
 * (another replica may lead already) and tries again like any follower.
 */
export function electLeader({
  client,
  logger,
  lead,
}: {
  client: SQL;
  logger: Logger;
  /** Takes up the leader's duties: the Discord gateway and the outbox consumers. */
  lead: () => Promise<Duties>;
}): {
  isLeader(): boolean;
  /** Settles once this replica's first try for the lead is over (its duties started, when it won). */
  firstTry: Promise<void>;
  stop(): Promise<void>;
} {
  let connection: ReservedSQL | undefined;
  let duties: Duties | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let turn: Promise<void> = Promise.resolve();

  const stepDown = async (why: string) => {
    logger.warn("this replica no longer leads", { why });
    const held = connection;
    connection = undefined;
    await duties
      ?.stop()
      .catch((error: unknown) =>
        logger.error("stopping the leader's duties failed", { error: String(error) }),
      );
    duties = undefined;
    // A connection that may still hold the lock is closed, never handed back to the pool.
    held?.close().catch(() => {});
  };

  const attempt = async () => {
    if (stopped) return;
    if (connection) {
      try {
        await connection`SELECT 1`;
      } catch (error) {
        await stepDown(String(error));
      }
      return;
    }
    let reserved: ReservedSQL | undefined;
    try {
      reserved = await client.reserve();
      const [row] = await reserved`SELECT pg_try_advisory_lock(${LOCKS.lead}) AS won`;
      if (!row?.won) {
        reserved.release();
        return;
      }
    } catch (error) {
      reserved?.close().catch(() => {});
      logger.warn("could not take part in the leader election", { error: String(error) });
      return;
    }
    connection = reserved;
    logger.info("this replica leads: it holds the Discord gateway and runs the outbox");
    try {
      duties = await lead();
    } catch (error) {
      logger.error("taking up the leader's duties failed", { error: String(error) });
      await stepDown("its duties could not start");
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      turn = turn.then(attempt).finally(schedule);
    }, ELECTION_MS);
    timer.unref();
  };
  const firstTry = attempt();
  turn = firstTry.finally(schedule);

  return {
    isLeader: () => connection !== undefined,
    firstTry,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await turn;
      await duties?.stop();
      duties = undefined;
      if (connection) {
        await connection`SELECT pg_advisory_unlock(${LOCKS.lead})`.catch(() => {});
        connection.release();
        connection = undefined;
      }
    },
  };
}

/**
 * The leader's outbox (docs/architecture.md, Replicas): forwards the bus's changes to `outbox`, whose
 * subscribers act once in the cluster (role reverts, the log channel, webhooks, expiry timers). It starts where
 * the previous leader stopped (a cursor stored in the database), re-reading from the log what that leader may
 * not have finished, then follows the bus. The cursor is recorded only while nothing is waiting to be sent
 * (`idle`), so after a failover a change may be handled twice, never skipped.
 */
export async function startOutbox({
  store: {
    db,
    tables: { outboxCursor },
  },
  bus,
  outbox,
  events,
  idle,
  logger,
}: {
  store: Store;
  bus: EventBus;
  outbox: EventBus;
  events: Pick<EventLog, "noticesAfter">;
  /** Whether everything forwarded so far is done (no webhook delivery queued or in flight). */
  idle: () => boolean;
  logger: Logger;
}): Promise<Duties> {
  const [stored] = await db.select().from(outboxCursor).where(eq(outboxCursor.name, CURSOR_NAME));
  let forwarded = stored?.eventId ?? (await bus.through());
  const startedAt = forwarded;
  let recorded = forwarded;
  const waiting: ChangeNotice[] = [];
  let live = false;

  const forward = (notice: ChangeNotice) => {
    const id = Number(notice.event.id);
    if (id <= forwarded) return;
    forwarded = id;
    outbox.publish(notice);
  };
  const unsubscribe = bus.subscribe((notice) => {
    if (live) forward(notice);
    else waiting.push(notice);
  });
  // What the previous leader may not have finished, from the log, then what the bus brought meanwhile.
  const upTo = await bus.through();
  let replayed = 0;
  while (forwarded < upTo) {
    const page = await events.noticesAfter(forwarded, 500);
    const due = page.filter((notice) => Number(notice.event.id) <= upTo);
    for (const notice of due) forward(notice);
    replayed += due.length;
    if (due.length < 500) break;
  }
  for (const notice of waiting.splice(0)) forward(notice);
  live = true;
  if (replayed > 0)
    logger.info("outbox caught up after a change of leader", { replayed, through: forwarded });

  const record = async (first = false) => {
    if (!first && (forwarded === recorded || !idle())) return;
    const through = first && !idle() ? startedAt : forwarded;
    await db
      .insert(outboxCursor)
      .values({ name: CURSOR_NAME, eventId: through })
      .onConflictDoUpdate({ target: outboxCursor.name, set: { eventId: sql`excluded.event_id` } });
    recorded = through;
  };
  const timer = setInterval(() => {
    record().catch((error: unknown) =>
      logger.warn("could not record the outbox cursor", { error: String(error) }),
    );
  }, CURSOR_MS);
  timer.unref();
  // The first leader of a cluster records where it starts: a successor then knows where to take over.
  await record(stored === undefined);
  return {
    async stop() {
      unsubscribe();
      clearInterval(timer);
      await record().catch(() => {});
    },
  };
}
