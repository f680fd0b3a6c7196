import type { Clock } from "../shared/clock.ts";

/**
 * The Discord gateway as health reports it: `connecting` while the bot logs in, `disabled` when no bot runs here
 * (no DISCORD_TOKEN, a replica that follows); src/health/gateway.ts says which when.
 */
export const gatewayStates = ["connecting", "connected", "reconnecting", "offline", "disabled"] as const;
/** One of the gateway states. */
export type GatewayState = (typeof gatewayStates)[number];
/**
 * The database as health reports it: `unavailable` when a read fails (a broken or vanished file) or, on
 * PostgreSQL, does not answer within its budget (StoreDriver.readable).
 */
export const databaseStates = ["ok", "unavailable"] as const;
/** One of the database states. */
export type DatabaseState = (typeof databaseStates)[number];

/**
 * A replica's LISTEN connection (PostgreSQL): `listening` while its heartbeats come back through it, `resubscribing`
 * once one did not (a fresh connection is being opened; changes still arrive from the log every second).
 */
export const listenStates = ["listening", "resubscribing"] as const;
/** One of the LISTEN states. */
export type ListenState = (typeof listenStates)[number];
/** How a replica hears the others (PostgreSQL only): its LISTEN connection, and how stale its view may be. */
export type BusStatus = {
  listen: ListenState;
  /** How long ago (ms) this replica last read the event log to its end: older changes are all published here. */
  lagMs: number;
};

/** What `GET /health` answers: the spec's `ok`, and what an operator checks first. */
export type HealthReport = {
  ok: true;
  version: string;
  uptime: number;
  gateway: GatewayState;
  database: DatabaseState;
  /** Replicas on PostgreSQL only (absent on SQLite). */
  bus?: BusStatus;
  /** Role grants and reverts waiting or under way (Discord takes 10 a server every 10 s): a backlog shows here. */
  roleQueue: number;
};

/**
 * The service's health, read on demand: cheap (no write, no network), so probes may call it every second.
 * `ok` stays true while the process answers (the spec's liveness); the states say what works.
 */
export function createHealth(options: {
  version: string;
  clock: Clock;
  gateway: () => GatewayState;
  database: () => DatabaseState;
  /** A replica's bus (PostgreSQL); none on SQLite. */
  bus?: () => BusStatus;
  /** Role changes waiting or under way (RoleGrants.queued). */
  roleQueue: () => number;
}) {
  const startedAt = options.clock.now();
  return (): HealthReport => ({
    ok: true,
    version: options.version,
    uptime: Math.max(0, Math.floor((options.clock.now() - startedAt) / 1000)),
    gateway: options.gateway(),
    database: options.database(),
    ...(options.bus ? { bus: options.bus() } : {}),
    roleQueue: options.roleQueue(),
  });
}

/** A health reader. */
export type Health = ReturnType<typeof createHealth>;
