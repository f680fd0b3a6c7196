import type { ReservedSQL, SQL } from "bun";
import { LOCKS } from "../db/pg/store.ts";

/** How often the leader renews its lease. */
export const RENEW_MS = 2_000;
/** How long a renewal holds, by the database's clock: a leader that misses two renewals in a row is replaced. */
export const LEASE_MS = 6_000;

/** The lease row as a follower reads it, with the database's clock at that moment (ms since the epoch). */
export type Lease = {
  holder: string;
  epoch: number;
  pid: number;
  backendStart: string;
  expiresAt: number;
  now: number;
};

type Row = {
  holder: string;
  epoch: string | number;
  pid: number;
  backend_start: string;
  expires_at: string | number;
  now: string | number;
};

/**
 * The lease of the cluster's leader (table `leader_lease`, one row), every statement of it in one place
 * (docs/architecture.md, Replicas). Times are the database's clock (`clock_timestamp()`), the one clock every
 * replica shares. The lease names the session holding the advisory lock LOCKS.lead by its pid and start time, so
 * a successor ends that very session, never another that got its pid later.
 */
export const leaseStatements = {
  /** The lease, or undefined in a cluster that never had a leader. */
  async read(client: SQL): Promise<Lease | undefined> {
    const [row] = (await client`SELECT holder, epoch, pid, backend_start, expires_at,
        (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now
      FROM leader_lease WHERE name = 'leader'`) as Row[];
    return (
      row && {
        holder: row.holder,
        epoch: Number(row.epoch),
        pid: row.pid,
        backendStart: row.backend_start,
        expiresAt: Number(row.expires_at),
        now: Number(row.now),
      }
    );
  },

  /** Tries for the advisory lock on the connection that will hold it for as long as this replica leads. */
  async lock(connection: ReservedSQL): Promise<boolean> {
    const [row] = await connection`SELECT pg_try_advisory_lock(${LOCKS.lead}) AS won`;
    return row?.won === true;
  },

  /**
   * Fences a leader whose lease ran out while it still holds the lock (a frozen process, a stalled VM): its lock
   * session is ended, waiting up to 3 s for it to go, and the lock with it. Whatever that process does once it
   * runs again, it can no longer renew, nor move the outbox's cursor (src/cluster/outbox.ts).
   */
  async fence(client: SQL, lease: Lease): Promise<boolean> {
    const rows = await client`SELECT pg_terminate_backend(pid, 3000) AS ended FROM pg_stat_activity
      WHERE pid = ${lease.pid} AND extract(epoch FROM backend_start)::text = ${lease.backendStart}`;
    return rows.length > 0 && rows[0].ended === true;
  },

  /**
   * Takes the lease in a new term (epoch + 1) for `holder`, on the connection holding the lock: only while it
   * has run out, or is already this replica's (after it stepped down). Resolves with the new epoch, or undefined
   * when another replica's lease still runs. The first claim of a cluster also places the outbox's cursor.
   */
  async claim(connection: ReservedSQL, holder: string): Promise<number | undefined> {
    const [row] = await connection`INSERT INTO leader_lease AS lease
        (name, holder, epoch, pid, backend_start, expires_at)
      SELECT 'leader', ${holder}, 1, pid, extract(epoch FROM backend_start)::text,
        (extract(epoch FROM clock_timestamp()) * 1000)::bigint + ${LEASE_MS}
      FROM pg_stat_activity WHERE pid = pg_backend_pid()
      ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, epoch = lease.epoch + 1, pid = excluded.pid,
        backend_start = excluded.backend_start, expires_at = excluded.expires_at
      WHERE lease.expires_at <= (extract(epoch FROM clock_timestamp()) * 1000)::bigint
        OR lease.holder = ${holder}
      RETURNING epoch`;
    if (!row) return undefined;
    // A cluster's first leader starts its outbox where the log ends now: a change committed while its duties
    // start (the bot connecting) is handed on, and none committed before any replica led.
    await connection`INSERT INTO outbox_cursor (name, event_id)
      SELECT 'leader', coalesce(max(id), 0) FROM events ON CONFLICT (name) DO NOTHING`;
    return Number(row.epoch);
  },

  /** Renews the lease of `epoch` while it still runs; false once it ran out or another replica took it. */
  async renew(connection: ReservedSQL, holder: string, epoch: number): Promise<boolean> {
    const rows = await connection`UPDATE leader_lease
      SET expires_at = (extract(epoch FROM clock_timestamp()) * 1000)::bigint + ${LEASE_MS}
      WHERE name = 'leader' AND holder = ${holder} AND epoch = ${epoch}
        AND expires_at > (extract(epoch FROM clock_timestamp()) * 1000)::bigint
      RETURNING epoch`;
    return rows.length > 0;
  },

  /** Gives the lease up at a clean stop, so that a follower takes over at its next try instead of at expiry. */
  async release(connection: ReservedSQL, holder: string, epoch: number): Promise<void> {
    await connection`UPDATE leader_lease SET expires_at = 0
      WHERE name = 'leader' AND holder = ${holder} AND epoch = ${epoch}`;
    await connection`SELECT pg_advisory_unlock(${LOCKS.lead})`;
  },
};
