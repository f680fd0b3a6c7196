import type { ChangeNotice, EventBus } from "../entries/bus.ts";
import type { EventLog } from "../entries/event-log.ts";
import type { EntryEvent } from "../entries/events.ts";
import type { KeyService } from "../keys/service.ts";
import type { Clock } from "../shared/clock.ts";
import { DomainError } from "../shared/errors.ts";
import type { Logger } from "../shared/logger.ts";
import { createLanes, type LaneDelivery } from "./lanes.ts";
import type { DeliveryOutcome, WebhookService, WebhookTarget } from "./service.ts";
import { signatureHeaders } from "./signature.ts";
import { assertPublicUrl, type CheckedUrl, type Resolver } from "./ssrf.ts";
import { createNodeTransport, type DeliveryRequest, type Transport } from "./transport.ts";

/** One finished delivery attempt, as `onDelivery` listeners see it. */
export type DeliveryReport = { keyId: string; eventId: string; outcome: DeliveryOutcome };

/** What the sender takes. */
export type WebhookSenderOptions = {
  webhooks: Pick<WebhookService, "targetsFor" | "recordOutcome" | "flushOutcomes">;
  bus: EventBus;
  /** The stored events: what a lane owes beyond its deliveries in flight is read back from here. */
  events: Pick<EventLog, "listAfter">;
  /** Revocations: a key retired with its deleted whitelist still gets the removals published before. */
  keys: Pick<KeyService, "onRevoked">;
  /** Gives `webhook-timestamp` and the outcome time; durations use the monotonic `performance.now()`. */
  clock: Clock;
  logger: Logger;
  /** Sent as `user-agent: whitelist-sync/<version>`. */
  version: string;
  /** `WEBHOOK_ALLOW_PRIVATE`. */
  allowPrivate: boolean;
  /** Sends the POST; defaults to the node:http(s) transport pinned to the checked address. */
  transport?: Transport;
  resolve?: Resolver;
  /** The total budget of one delivery: resolution, connection, request and response headers. */
  timeoutMs?: number;
  /** Deliveries of one key running at once; the key's lane owes the rest, read back from the stored events. */
  maxInFlightPerTarget?: number;
  /**
   * Deliveries a key's lane owes while its receiver does not answer (its last delivery timed out or found no
   * connection); past that they are dropped with the outcome "queue full: dropped". Unbounded while it answers.
   */
  maxQueuedPerTarget?: number;
  /**
   * Whether a delivery may be sent now (of replicas, only in the leader's live term): one that may not is left
   * unsent and unreported, for the next leader to send (docs/architecture.md, Replicas). Always, by default.
   */
  mayDeliver?: () => boolean;
};

/** Delivers committed events to webhook targets. */
export type WebhookSender = ReturnType<typeof createWebhookSender>;

/**
 * Creates the webhook sender: for each committed change, a signed POST of the event to each key in scope.
 * 5 s total timeout, no retries, redirects not followed, the SSRF guard applied again at delivery.
 *
 * There is no global concurrency limit that hung receivers could fill: each key has its own lane of
 * `maxInFlightPerTarget` deliveries (src/webhooks/lanes.ts), so a hung receiver only ever delays itself; what a
 * lane owes beyond them is read back from the stored events, so a receiver that answers loses none.
 */
export function createWebhookSender(options: WebhookSenderOptions) {
  const { webhooks, bus, keys, events, clock, logger, version, allowPrivate, resolve } = options;
  const mayDeliver = options.mayDeliver ?? (() => true);
  const transport = options.transport ?? createNodeTransport();
  const timeoutMs = options.timeoutMs ?? 5000;
  const userAgent = `whitelist-sync/${version}`;

  const listeners = new Set<(report: DeliveryReport) => void>();
  const pending: { event: EntryEvent; targets: WebhookTarget[]; settled(): void }[] = [];
  let dispatchScheduled = false;
  /** The targets of the last change published, read in order (see onChange). */
  let targetsRead: Promise<void> = Promise.resolve();
  /** Changes whose targets are being read. */
  let reading = 0;
  let unsubscribe: (() => void) | undefined;

  const report = (target: WebhookTarget, eventId: string, outcome: DeliveryOutcome) => {
    webhooks.recordOutcome(target.keyId, outcome);
    const failed = outcome.error !== undefined || outcome.status < 200 || outcome.status > 299;
    if (failed) {
      logger.warn("webhook delivery failed", {
        keyId: target.keyId,
        eventId,
        target: originOf(target.url),
        status: outcome.status,
        error: outcome.error,
        durationMs: outcome.durationMs,
      });
    }
    for (const listener of listeners) {
      try {
        listener({ keyId: target.keyId, eventId, outcome });
      } catch (error) {
        logger.error("webhook delivery listener failed", { error: String(error) });
      }
    }
  };

  const deliver = async ({ target, eventId, body }: LaneDelivery): Promise<DeliveryOutcome | undefined> => {
    if (!mayDeliver()) return undefined;
    const at = clock.now();
    const started = performance.now();
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DeliveryTimeout(`timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    let result: { status: number } | { error: string };
    try {
      // Resolved and checked at every delivery (DNS may have changed since the URL was set), then the
      // transport connects to those very addresses: nothing re-resolves between the check and the connection.
      const checked = await untilAborted(
        assertPublicUrl(target.url, { allowPrivate, resolve }),
        controller.signal,
      );
      const headers = {
        "content-type": "application/json",
        "user-agent": userAgent,
        ...signatureHeaders(target.secret, eventId, at, body),
      };
      const status = await sendToFirstReachable(transport, checked, {
        url: checked.url,
        headers,
        body,
        signal: controller.signal,
      });
      result = { status };
    } catch (error) {
      result = { error: describeError(error, target.url) };
    } finally {
      clearTimeout(timer);
    }
    const outcome: DeliveryOutcome = { ...result, durationMs: Math.round(performance.now() - started), at };
    report(target, eventId, outcome);
    return outcome;
  };

  const lanes = createLanes({
    deliver,
    drop: (target, eventId, error) => report(target, eventId, { error, durationMs: 0, at: clock.now() }),
    async currentTarget(keyId, guildId, whitelistId) {
      const targets = await webhooks.targetsFor(guildId, whitelistId);
      return targets.find((candidate) => candidate.keyId === keyId);
    },
    events,
    logger,
    maxInFlight: options.maxInFlightPerTarget ?? 4,
    maxQueued: options.maxQueuedPerTarget ?? 64,
  });

  const dispatch = () => {
    dispatchScheduled = false;
    for (const { event, targets, settled } of pending.splice(0)) lanes.add(event, targets, settled);
    lanes.forgetRetired();
  };

  /**
   * Runs after commit (the bus publishes committed changes). The receivers are the webhooks in scope at that
   * moment (a cached lookup), so a webhook set later never receives an earlier change; sending is deferred
   * off the publisher. Resolves once every delivery of the change was sent or given up (the outbox of replicas
   * records it then); never for deliveries dropped at shutdown, which the next leader sends.
   */
  const onChange = (notice: ChangeNotice): Promise<void> => {
    const { event } = notice;
    const { promise, resolve } = Promise.withResolvers<void>();
    // The keys in scope now, at the commit (read from here on), handled one change after another: each waits
    // for the targets of the one before, so none overtakes another.
    const targets = webhooks.targetsFor(event.guildId, event.whitelistId);
    reading++;
    targetsRead = targetsRead
      .then(() => targets)
      .finally(() => reading--)
      .then(
        (targets) => {
          if (targets.length === 0) return resolve();
          pending.push({ event, targets, settled: resolve });
          if (!dispatchScheduled) {
            dispatchScheduled = true;
            setImmediate(dispatch);
          }
        },
        (error: unknown) => {
          logger.error("webhook targets unavailable", { eventId: event.id, error: String(error) });
          resolve();
        },
      );
    return promise;
  };

  return {
    /** Subscribes to the bus; deliveries start with the next committed change. */
    start(): void {
      if (unsubscribe) return;
      lanes.resume();
      const stopChanges = bus.subscribe(onChange, "webhooks");
      const stopRevocations = keys.onRevoked((keyId, reason) => {
        lanes.revoked(keyId, reason === "whitelist-deleted");
      });
      unsubscribe = () => {
        stopChanges();
        stopRevocations();
      };
    },

    /**
     * Stops taking changes, starts the deliveries of changes already published, drops those still owed (a
     * replica's next leader sends them), waits for those in flight (each bounded by the timeout) and writes the
     * outcomes.
     */
    async stop(): Promise<void> {
      unsubscribe?.();
      unsubscribe = undefined;
      await targetsRead;
      if (dispatchScheduled) dispatch();
      const dropped = await lanes.drain();
      if (dropped > 0) logger.warn("webhook deliveries dropped at shutdown", { dropped });
      await webhooks.flushOutcomes();
    },

    /** Whether every change heard so far is delivered (or given up): nothing is read, queued or in flight. */
    idle(): boolean {
      return reading === 0 && pending.length === 0 && lanes.idle();
    },

    /** Calls `listener` after each delivery attempt (tests, benchmarks, metrics); returns the unsubscribe. */
    onDelivery(listener: (report: DeliveryReport) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Failures that happen before a connection exists, so nothing was sent: another address of the host may answer. */
const NOT_CONNECTED = new Set([
  "ECONNREFUSED",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "EAFNOSUPPORT",
]);

/**
 * Sends to the checked addresses in the order the resolver gave them, moving on only when one could not be
 * connected to (a host with an IPv6 address on a machine without IPv6 routing, one address down): as any
 * HTTP client connects. Not a retry: a request that reached a receiver, or timed out, is never sent again.
 */
async function sendToFirstReachable(
  transport: Transport,
  checked: CheckedUrl,
  request: Omit<DeliveryRequest, "address">,
): Promise<number> {
  let failure: unknown;
  for (const address of checked.addresses) {
    try {
      return await transport({ ...request, address });
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (request.signal.aborted || typeof code !== "string" || !NOT_CONNECTED.has(code)) throw error;
      failure = error;
    }
  }
  throw failure;
}

class DeliveryTimeout extends Error {
  override readonly name = "DeliveryTimeout";
}

/** Rejects with the signal's reason as soon as it aborts, even if `promise` (a DNS lookup) never settles. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** The stored and logged text of a failure: short, with no query string (it may hold a receiver's token). */
function describeError(error: unknown, url: string): string {
  if (error instanceof DomainError || error instanceof DeliveryTimeout) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  let text = typeof code === "string" && !message.includes(code) ? `${code}: ${message}` : message;
  const query = queryOf(url);
  if (query) text = text.replaceAll(query, "");
  return text.slice(0, 300);
}

function queryOf(url: string): string {
  try {
    return new URL(url).search;
  } catch {
    return "";
  }
}

/** Scheme, host and port only: paths and queries of webhook URLs often carry tokens. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "(invalid URL)";
  }
}
