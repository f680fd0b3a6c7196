import type { ReservedSQL, SQL } from "bun";
import type { Logger } from "../shared/logger.ts";
import { LEASE_MS, leaseStatements as lease, RENEW_MS } from "./lease.ts";

/** What only the leader does; `stop` undoes it (the leader steps down or the process stops). */
export type Duties = { stop(): Promise<void> };

/**
 * One term of this replica as the leader. `mayAct` holds from the lease's claim until this replica's own view of
 * it runs out, and once false it stays false for the term: whatever was fenced by it is never recorded as done.
 */
export type Term = {
  epoch: number;
  /** Whether this replica may act for the cluster now (send a webhook, call Discord, hand a change on). */
  mayAct(): boolean;
  /** Ends the term at once (the outbox found another epoch in the database). */
  lost(why: string): void;
  /**
   * Runs `work` on the connection holding the lock, one at a time with the lease's renewals: a successor that
   * fences this leader ends that session, and with it any statement of it still running (a process frozen in the
   * middle of one would otherwise keep its row locks). Each statement is its own transaction. Rejects once the
   * term is over.
   */
  onLockConnection<T>(work: (connection: ReservedSQL) => Promise<T>): Promise<T>;
};

/** How often a follower reads the lease, to take over once it runs out. */
export const FOLLOW_MS = 1_000;
/**
 * How much sooner than the database this replica considers its own lease run out: a renewal is timed from when it
 * was sent, before the database stamped it, and this margin covers an effect started just before the end.
 */
const MARGIN_MS = 1_000;

/** What the election tells the wiring (/health, /metrics, tests). */
export type Election = {
  isLeader(): boolean;
  /** Whether this replica may act for the cluster now (always false on a follower). */
  mayAct(): boolean;
  /** The epoch of this replica's term, while it leads. */
  epoch(): number | undefined;
  /** Settles once this replica's first try for the lead is over (its duties started, when it won). */
  firstTry: Promise<void>;
  stop(): Promise<void>;
};

/**
 * Elects one leader among the replicas sharing a PostgreSQL store (docs/architecture.md, Replicas) with a lease
 * the leader renews every RENEW_MS, valid LEASE_MS by the database's clock (src/cluster/lease.ts), and the
 * advisory lock LOCKS.lead held on a reserved connection. A follower reads the lease every FOLLOW_MS; once it ran
 * out, the follower takes the lock (ending first the lock session of a leader that stopped renewing but still
 * holds it: a frozen process), claims the lease in a new epoch, then takes up the duties. A leader steps down, its
 * duties stopped, when a renewal fails or finds another epoch, and as soon as its own view of the lease runs out
 * (MARGIN_MS before the database's): a leader frozen for longer than its lease acts on nothing once it runs again.
 */
export function electLeader({
  client,
  holder,
  logger,
  lead,
}: {
  client: SQL;
  /** This replica's id in the cluster. */
  holder: string;
  logger: Logger;
  /** Takes up the leader's duties for a term: the Discord gateway and the outbox consumers. */
  lead: (term: Term) => Promise<Duties>;
}): Election {
  let connection: ReservedSQL | undefined;
  let term: { epoch: number; validUntil: number; over: boolean } | undefined;
  let duties: Duties | undefined;
  /** The duties of the term being taken up, while they start. */
  let starting: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lapse: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let turn: Promise<void> = Promise.resolve();
  /** What runs on the lock connection, one statement or transaction after another. */
  let lane: Promise<unknown> = Promise.resolve();
  const onLockConnection = <T>(held: ReservedSQL, work: (connection: ReservedSQL) => Promise<T>) => {
    const run = lane.then(() => work(held));
    lane = run.catch(() => {});
    return run;
  };
  /** Runs `step` after whatever the election is doing: one step at a time. */
  const queue = (step: () => Promise<void>) => {
    turn = turn.then(step).catch((error: unknown) => {
      logger.error("the leader election failed a step", { error: String(error) });
    });
    return turn;
  };

  const mayAct = () => term !== undefined && !term.over && performance.now() < term.validUntil;

  const stepDown = async (why: string) => {
    if (!term) return;
    term.over = true;
    clearTimeout(lapse);
    logger.warn("this replica no longer leads", { why, epoch: term.epoch });
    term = undefined;
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

  /** Steps down once this replica's own view of its lease runs out (a renewal that never came back). */
  const armLapse = () => {
    clearTimeout(lapse);
    if (!term) return;
    const ends = term;
    lapse = setTimeout(
      // At once, not after the election's step under way: that may be a renewal waiting on a dead connection.
      () => {
        if (term === ends && !mayAct()) void stepDown("its lease ran out before a renewal came back");
      },
      Math.max(0, ends.validUntil - performance.now()) + 1,
    );
    lapse.unref();
  };

  const renew = async (held: ReservedSQL, current: NonNullable<typeof term>) => {
    const sentAt = performance.now();
    // A renewal not answered while the lease runs will not help: the connection is given up (a dead TCP
    // connection may otherwise hold the election for as long as the kernel takes to notice).
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const unanswered = new Promise<never>((_, reject) => {
      timeout = setTimeout(() => reject(new Error(`no answer within ${LEASE_MS} ms`)), LEASE_MS);
    });
    try {
      const renewed = onLockConnection(held, (locked) => lease.renew(locked, holder, current.epoch));
      if (!(await Promise.race([renewed, unanswered])))
        return stepDown("its lease ran out and another replica may lead");
    } catch (error) {
      return stepDown(`its lease could not be renewed (${String(error)})`);
    } finally {
      clearTimeout(timeout);
    }
    // Once run out, a term never comes back: effects fenced meanwhile must not be recorded as done.
    if (current.over || performance.now() >= current.validUntil)
      return stepDown("its lease ran out before the renewal came back");
    current.validUntil = sentAt + LEASE_MS - MARGIN_MS;
    armLapse();
  };

  const follow = async () => {
    let seen: Awaited<ReturnType<typeof lease.read>>;
    try {
      seen = await lease.read(client);
    } catch (error) {
      logger.warn("could not read the leader's lease", { error: String(error) });
      return;
    }
    if (seen && seen.expiresAt > seen.now && seen.holder !== holder) return;
    let reserved: ReservedSQL | undefined;
    try {
      reserved = await client.reserve();
      let won = await lease.lock(reserved);
      if (!won && seen && seen.holder !== holder && (await lease.fence(client, seen))) {
        logger.warn("the leader stopped renewing its lease: its lock session was ended", {
          epoch: seen.epoch,
          overdueMs: seen.now - seen.expiresAt,
        });
        won = await lease.lock(reserved);
      }
      if (!won) {
        reserved.release();
        return;
      }
      const claimedFrom = performance.now();
      const epoch = await lease.claim(reserved, holder);
      if (epoch === undefined) {
        await reserved`SELECT pg_advisory_unlock_all()`;
        reserved.release();
        return;
      }
      connection = reserved;
      term = { epoch, validUntil: claimedFrom + LEASE_MS - MARGIN_MS, over: false };
    } catch (error) {
      reserved?.close().catch(() => {});
      logger.warn("could not take part in the leader election", { error: String(error) });
      return;
    }
    armLapse();
    const current = term;
    const held = reserved;
    logger.info("this replica leads: it holds the Discord gateway and runs the outbox", {
      epoch: current.epoch,
    });
    // The duties start beside the election, which goes on renewing: a bot that takes longer to connect than
    // the lease runs (many guilds) must not cost the lead.
    starting = (async () => {
      try {
        const started = await lead({
          epoch: current.epoch,
          mayAct: () => term === current && mayAct(),
          lost: (why) => {
            if (term === current) void stepDown(why);
          },
          onLockConnection: (work) =>
            term === current && !current.over
              ? onLockConnection(held, work)
              : Promise.reject(new Error("this replica's term as the leader is over")),
        });
        // A term that ended while its duties started: they stop at once.
        if (term === current) duties = started;
        else await started.stop();
      } catch (error) {
        logger.error("taking up the leader's duties failed", { error: String(error) });
        if (term === current) await stepDown("its duties could not start");
      } finally {
        starting = undefined;
      }
    })();
  };

  const attempt = async () => {
    if (stopped) return;
    if (connection && term) return renew(connection, term);
    return follow();
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void queue(attempt).finally(schedule), connection ? RENEW_MS : FOLLOW_MS);
    timer.unref();
  };
  const tried = queue(attempt);
  void tried.finally(schedule);
  const firstTry = tried.then(() => starting);

  return {
    isLeader: () => connection !== undefined && starting === undefined,
    mayAct,
    epoch: () => term?.epoch,
    firstTry,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await turn;
      await starting;
      clearTimeout(lapse);
      const ending = term;
      // The term still runs while the duties stop: what finishes meanwhile is recorded for the next leader.
      await duties?.stop();
      duties = undefined;
      if (ending) ending.over = true;
      term = undefined;
      if (connection && ending) {
        await lease.release(connection, holder, ending.epoch).catch(() => {});
        connection.release();
      }
      connection = undefined;
    },
  };
}
