import type { AgentStatusStore } from "../keys/agent-status.ts";
import { AgentStatusMessage } from "../keys/agent-status-message.ts";
import type { Logger } from "../shared/logger.ts";
import { check } from "../shared/schema.ts";

/** A status is recorded at most this often per socket; one sooner waits for the rest of the interval (the last wins). */
export const STATUS_EVERY_MS = 5_000;

/** Starts a timer; returns its cancel function (injected so tests fire it instead of waiting). */
export type StatusTimer = (fire: () => void, ms: number) => () => void;

const realTimer: StatusTimer = (fire, ms) => {
  const timer = setTimeout(fire, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

/** What one socket's reports need between messages. */
export type SocketReports = {
  /**
   * A random id of this socket, given at its first status (sockets that never report cost nothing): its close marks
   * the key's agent disconnected only if it reported last.
   */
  id: string;
  /** When its last status was recorded (0: never). */
  recordedAt: number;
  /** A status that came sooner than STATUS_EVERY_MS after the last, waiting for its turn. */
  waiting: AgentStatusMessage | null;
  cancel: (() => void) | null;
  /** Its disconnection was recorded (at shutdown, before the close itself). */
  ended: boolean;
};

/** What a client message was, for the hub: not a status (ignored, as before statuses), taken, or refused. */
export type StatusOutcome = "other" | "taken" | "refused";

/**
 * The agents' statuses as their sockets bring them (docs/api.md, The agent's status): validated, recorded at most
 * every STATUS_EVERY_MS per socket, and marked disconnected when the reporting socket closes. A key reports for
 * itself only: the socket's key is the one recorded, whatever the message says. Writes never hold up the socket;
 * one that fails is logged and the next status tries again.
 */
export function createStatusRecorder(deps: {
  store: AgentStatusStore;
  clock: { now(): number };
  logger: Logger;
  setTimer?: StatusTimer;
}) {
  const { store, clock, logger } = deps;
  const setTimer = deps.setTimer ?? realTimer;
  const pending = new Set<Promise<void>>();
  const track = (keyId: string, work: Promise<void>) => {
    const settled = work
      .catch((error) =>
        logger.warn("an agent's status could not be recorded", { keyId, error: String(error) }),
      )
      .finally(() => pending.delete(settled));
    pending.add(settled);
  };
  const record = (keyId: string, reports: SocketReports, status: AgentStatusMessage) => {
    if (reports.id === "") reports.id = crypto.randomUUID();
    reports.recordedAt = clock.now();
    reports.waiting = null;
    track(keyId, store.report(keyId, reports.id, status));
  };

  return {
    /** A socket's reports before its first status. */
    socket(): SocketReports {
      return { id: "", recordedAt: 0, waiting: null, cancel: null, ended: false };
    },

    /** A client message of a socket of `keyId`: a status is recorded (or waits its turn); a malformed one is refused. */
    take(keyId: string, reports: SocketReports, message: string | Buffer): StatusOutcome {
      if (typeof message !== "string" || !message.includes('"status"')) return "other";
      let parsed: unknown;
      try {
        parsed = JSON.parse(message);
      } catch {
        return "other";
      }
      if (typeof parsed !== "object" || parsed === null || (parsed as { type?: unknown }).type !== "status") {
        return "other";
      }
      if (!check(AgentStatusMessage, parsed)) return "refused";
      const status = parsed as AgentStatusMessage;
      const wait = reports.recordedAt + STATUS_EVERY_MS - clock.now();
      if (reports.recordedAt === 0 || wait <= 0) {
        record(keyId, reports, status);
        return "taken";
      }
      reports.waiting = status;
      reports.cancel ??= setTimer(() => {
        reports.cancel = null;
        if (reports.waiting && !reports.ended) record(keyId, reports, reports.waiting);
      }, wait);
      return "taken";
    },

    /** The socket closed (or is about to, at shutdown): a waiting status is recorded, then the disconnection. */
    closed(keyId: string, reports: SocketReports): void {
      if (reports.ended) return;
      reports.ended = true;
      reports.cancel?.();
      reports.cancel = null;
      if (reports.waiting) record(keyId, reports, reports.waiting);
      if (reports.recordedAt !== 0) track(keyId, store.disconnected(keyId, reports.id));
    },

    /** Resolves once every write started so far has settled (shutdown, tests). */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}

/** The recorder type. */
export type StatusRecorder = ReturnType<typeof createStatusRecorder>;
