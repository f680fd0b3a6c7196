import { SQL } from "bun";
import type { ListenState } from "../health/status.ts";
import type { Logger } from "../shared/logger.ts";

/** How often the supervisor runs: a heartbeat through the LISTEN connection, and the caller's `tick`. */
export const TICK_MS = 1_000;
/** A heartbeat not heard back on the LISTEN connection within this means it is dead: a fresh one replaces it. */
export const ECHO_DEADLINE_MS = 3_000;

/** What the supervisor takes. */
export type ListenOptions = {
  /** DATABASE_URL: each LISTEN connection is a client of its own, so a dead one is closed without the pool. */
  url: string;
  /** The channels this replica follows, each with what a notification's payload does. */
  channels: Record<string, (payload: string) => void>;
  /** This replica's own heartbeat channel, followed by nobody else (at most 63 bytes). */
  heartbeatChannel: string;
  /** Sends a NOTIFY through the pool (not the LISTEN connection): the heartbeat must travel the same way as a change. */
  notify(channel: string, payload: string): Promise<unknown>;
  /**
   * Runs once every channel listens on a connection (the first, each fresh one, and each reconnect Bun makes on
   * its own): what was notified while nobody listened is read again. Several calls in a row are fine.
   */
  onSubscribed(): Promise<void>;
  /** Runs at every tick, whatever the LISTEN connection's state (the bus reads the log after its last id). */
  tick(): Promise<void>;
  logger: Logger;
};

/** The LISTEN side of a replica: its state for /health and /metrics, and how to stop it. */
export type ListenSupervisor = {
  state(): ListenState;
  /** How many times a dead LISTEN connection was replaced since the start. */
  resubscriptions(): number;
  stop(): Promise<void>;
};

/**
 * Keeps this replica listening (docs/architecture.md, Replicas). Bun's `sql.listen` reconnects a lost LISTEN
 * connection by itself, but with a backoff that grows to 30-40 s while PostgreSQL is away, and nothing in its API
 * tells that the connection is gone (oven-sh/bun#41050): a replica then hears nothing, silently. So the connection
 * is never trusted alone: every TICK_MS this replica NOTIFYs its own heartbeat channel through the pool and expects
 * the echo on the LISTEN connection; one not heard within ECHO_DEADLINE_MS marks it dead, and it is closed and
 * replaced by a fresh client (retried every tick until PostgreSQL answers). Each time the channels listen again,
 * `onSubscribed` reads what was missed. A heartbeat that cannot be sent (PostgreSQL away) proves nothing either
 * way and starts no deadline.
 */
export async function superviseListen(options: ListenOptions): Promise<ListenSupervisor> {
  const { url, channels, heartbeatChannel, notify, logger } = options;
  let client: SQL | undefined;
  let state: ListenState = "resubscribing";
  let replaced = 0;
  let stopped = false;
  /** The heartbeat sent and not heard back yet. */
  let awaiting: { seq: number; sentAt: number } | undefined;
  let seq = 0;
  /** Whether a failure to listen was logged since the last success (one line per outage, not one per second). */
  let failing = false;

  let syncing: Promise<void> | undefined;
  let syncAgain = false;
  /** One `onSubscribed` at a time; a call during one gets one more after it. */
  const subscribed = (): Promise<void> => {
    if (syncing) {
      syncAgain = true;
      return syncing;
    }
    syncing = (async () => {
      try {
        do {
          syncAgain = false;
          await options.onSubscribed();
        } while (syncAgain && !stopped);
      } catch (error) {
        logger.warn("could not read what was notified while this replica was not listening", {
          error: String(error),
        });
      } finally {
        syncing = undefined;
      }
    })();
    return syncing;
  };

  const echo = (payload: string) => {
    if (awaiting && Number(payload) >= awaiting.seq) awaiting = undefined;
  };

  /** Opens a fresh LISTEN connection with every channel on it; throws when PostgreSQL does not answer. */
  const subscribe = async () => {
    const fresh = new SQL(url, { max: 1, connectionTimeout: 5 });
    try {
      // Bun calls `onlisten` again after each reconnect it makes itself: what was notified meanwhile is read then.
      for (const [channel, onNotify] of Object.entries(channels))
        await fresh.listen(channel, onNotify, () => void subscribed());
      await fresh.listen(heartbeatChannel, echo);
    } catch (error) {
      fresh.close({ timeout: 0 }).catch(() => {});
      throw error;
    }
    if (stopped) {
      fresh.close({ timeout: 0 }).catch(() => {});
      return;
    }
    client = fresh;
    state = "listening";
    awaiting = undefined;
    if (failing) logger.info("listening to the other replicas again");
    failing = false;
    await subscribed();
  };

  const resubscribe = async () => {
    try {
      await subscribe();
    } catch (error) {
      if (!failing) {
        logger.warn("cannot listen to the other replicas' changes (retried every second)", {
          error: String(error),
        });
      }
      failing = true;
    }
  };

  const check = async () => {
    if (state === "resubscribing") return resubscribe();
    if (awaiting && performance.now() - awaiting.sentAt > ECHO_DEADLINE_MS) {
      logger.warn("the LISTEN connection went silent: listening on a fresh one", {
        deadlineMs: ECHO_DEADLINE_MS,
      });
      replaced++;
      state = "resubscribing";
      awaiting = undefined;
      const dead = client;
      client = undefined;
      dead?.close({ timeout: 0 }).catch(() => {});
      return resubscribe();
    }
    if (awaiting) return;
    // Waited for before it is sent: its echo may arrive before `notify` resolves. The deadline counts from the
    // commit of the NOTIFY, so a slow PostgreSQL is not taken for a dead connection.
    const next = { seq: ++seq, sentAt: Number.POSITIVE_INFINITY };
    awaiting = next;
    try {
      await notify(heartbeatChannel, String(next.seq));
      next.sentAt = performance.now();
    } catch {
      // PostgreSQL is away (the bus logs it): the LISTEN connection is judged once a heartbeat goes out.
      if (awaiting === next) awaiting = undefined;
    }
  };

  await subscribe();
  /** Each runs once at a time, and neither waits for the other: a read that hangs delays no heartbeat. */
  const busy = { tick: false, check: false };
  const every = (name: keyof typeof busy, work: () => Promise<void>) => {
    if (busy[name] || stopped) return;
    busy[name] = true;
    void work().finally(() => {
      busy[name] = false;
    });
  };
  const timer = setInterval(() => {
    every("tick", options.tick);
    every("check", check);
  }, TICK_MS);
  timer.unref();

  return {
    state: () => state,
    resubscriptions: () => replaced,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await syncing;
      await client?.close({ timeout: 0 }).catch(() => {});
      client = undefined;
    },
  };
}
