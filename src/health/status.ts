import type { Clock } from "../shared/clock.ts";

/** The Discord gateway as health reports it: `disabled` when no bot runs (no DISCORD_TOKEN). */
export const gatewayStates = ["connected", "reconnecting", "offline", "disabled"] as const;
/** One of the gateway states. */
export type GatewayState = (typeof gatewayStates)[number];
/** The database as health reports it: `unavailable` when even a read fails (a broken or vanished file). */
export const databaseStates = ["ok", "unavailable"] as const;
/** One of the database states. */
export type DatabaseState = (typeof databaseStates)[number];

/** What `GET /health` answers: the spec's `ok`, and what an operator checks first. */
export type HealthReport = {
  ok: true;
  version: string;
  uptime: number;
  gateway: GatewayState;
  database: DatabaseState;
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
    roleQueue: options.roleQueue(),
  });
}

/** A health reader. */
export type Health = ReturnType<typeof createHealth>;
