import type { TCPSocketListener } from "bun";
import { createLogger, type Logger } from "../../src/shared/logger.ts";
import type { DeliveryReport, WebhookSender } from "../../src/webhooks/sender.ts";
import { createWebhookService, type WebhookService } from "../../src/webhooks/service.ts";
import type { Resolver } from "../../src/webhooks/ssrf.ts";
import { createNodeTransport, type Transport } from "../../src/webhooks/transport.ts";
import { seedKey, seedWhitelist, type TestServices } from "../helpers/services.ts";

/** A request a receiver got. */
export type Received = { body: string; headers: Record<string, string> };

/** A real HTTP receiver on 127.0.0.1, port 0, recording every request before answering it. */
export function receiver(answer: (request: Request) => Response | Promise<Response> = () => new Response()) {
  const requests: Received[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 0,
    async fetch(request) {
      requests.push({ body: await request.text(), headers: Object.fromEntries(request.headers) });
      return answer(request);
    },
  });
  const base = `http://127.0.0.1:${server.port}`;
  return { server, requests, base, url: `${base}/hook?token=receiver-token`, stop: () => server.stop(true) };
}

/** A receiver that reads each request and never answers, until `release` makes it answer 503 from then on. */
export function hungReceiver() {
  const held: (() => void)[] = [];
  let released = false;
  const hook = receiver((): Promise<Response> => {
    const answer = Promise.withResolvers<Response>();
    const unavailable = () => answer.resolve(new Response(null, { status: 503 }));
    if (released) unavailable();
    else held.push(unavailable);
    return answer.promise;
  });
  const release = () => {
    released = true;
    for (const answer of held.splice(0)) answer();
  };
  return { ...hook, release };
}

/**
 * A receiver that gives no HTTP answer: it closes the first connection as soon as it opens, and holds every later
 * one open, silent, until `stop`. `received` lists the `webhook-id` of each request it read.
 */
export function droppingThenSilentReceiver() {
  const ids: string[] = [];
  const held: { end(): void }[] = [];
  let connections = 0;
  const server = Bun.listen({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      open(socket) {
        if (++connections === 1) socket.end();
        else held.push(socket);
      },
      data(_socket, data) {
        const id = /^webhook-id: *(\S+)/im.exec(data.toString())?.[1];
        if (id) ids.push(id);
      },
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/hook`,
    /** The event ids of the requests read, in order. */
    received: () => [...ids],
    stop() {
      server.stop(true);
      for (const socket of held.splice(0)) socket.end();
    },
  };
}

/** Plain TCP listeners on 127.0.0.1 and ::1 counting every connection they accept. */
export function connectionCounter() {
  let count = 0;
  const handlers = {
    open() {
      count++;
    },
    data() {},
  };
  const v4 = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: handlers });
  let v6: TCPSocketListener | undefined;
  try {
    v6 = Bun.listen({ hostname: "::1", port: 0, socket: handlers });
  } catch {
    // No IPv6 loopback here: [::1] URLs then point at a closed port, which the spy transport still catches.
  }
  return {
    port: v4.port,
    v6Port: v6?.port ?? v4.port,
    connections: () => count,
    stop() {
      v4.stop(true);
      v6?.stop(true);
    },
  };
}

/** The real transport, counting its calls: a guard that fails would show up here and on a real listener. */
export function spyTransport(inner: Transport = createNodeTransport()) {
  const calls: string[] = [];
  const transport: Transport = (request) => {
    calls.push(`${request.address} ${request.url.host}`);
    return inner(request);
  };
  return { transport, calls };
}

/** A resolver answering from a table (or a function), recording every name it was asked. */
export function fakeResolver(answers: Record<string, string[]> | ((hostname: string) => string[])) {
  const asked: string[] = [];
  const resolve: Resolver = async (hostname) => {
    asked.push(hostname);
    const found = typeof answers === "function" ? answers(hostname) : answers[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return found;
  };
  return { resolve, asked };
}

/** Collects delivery reports and lets a test await them instead of sleeping. */
export function deliveries(sender: WebhookSender) {
  const reports: DeliveryReport[] = [];
  const waiters: { done: () => boolean; resolve: () => void }[] = [];
  sender.onDelivery((report) => {
    reports.push(report);
    for (const waiter of [...waiters]) {
      if (waiter.done()) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  });
  const until = (done: () => boolean) =>
    done() ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ done, resolve }));
  return {
    reports,
    /** The first report for `keyId` (and `eventId`, if given). */
    async of(keyId: string, eventId?: string): Promise<DeliveryReport> {
      const match = (report: DeliveryReport) =>
        report.keyId === keyId && (eventId === undefined || report.eventId === eventId);
      await until(() => reports.some(match));
      return reports.find(match) as DeliveryReport;
    },
    /** Resolves once `count` reports have arrived. */
    async count(count: number): Promise<DeliveryReport[]> {
      await until(() => reports.length >= count);
      return reports;
    },
  };
}

/** A logger keeping its lines, to check what a failure logs. */
export function capturingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  return { logger: createLogger("debug", (line) => lines.push(line)), lines };
}

/** The webhook service over test services. */
export function webhookService(
  services: TestServices,
  options: { allowPrivate?: boolean; resolve?: Resolver } = {},
): WebhookService {
  return createWebhookService({
    store: services.store,
    write: services.write,
    keys: services.keys,
    allowPrivate: options.allowPrivate ?? true,
    resolve: options.resolve,
  });
}

/** A guild with a whitelist, seeded. */
export async function seedGuild(services: TestServices, guildId = "100000000000000001") {
  const whitelist = await seedWhitelist(services, { guildId });
  return {
    guildId,
    whitelist,
    key: (whitelistId: string | null = null) => seedKey(services, guildId, whitelistId),
  };
}
