import { afterEach, beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { EntryEvent } from "../../src/entries/events.ts";
import type { Logger } from "../../src/shared/logger.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { createWebhookSender, type WebhookSender } from "../../src/webhooks/sender.ts";
import type { WebhookService } from "../../src/webhooks/service.ts";
import { generateWebhookSecret } from "../../src/webhooks/signature.ts";
import type { Resolver } from "../../src/webhooks/ssrf.ts";
import { createNodeTransport, type Transport } from "../../src/webhooks/transport.ts";
import {
  forEachStore,
  seedEntries,
  seedWhitelist,
  type TestServices,
  testServices,
} from "../helpers/services.ts";
import {
  capturingLogger,
  connectionCounter,
  deliveries,
  droppingThenSilentReceiver,
  fakeResolver,
  hungReceiver,
  receiver,
  seedGuild,
  spyTransport,
  webhookService,
} from "./helpers.ts";

let services: TestServices;
const cleanups: (() => unknown)[] = [];
beforeEach(async () => {
  services = await testServices();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await services.close();
});

/** A started sender over `webhooks`; stopped (in-flight deliveries awaited) after the test. */
function startSender(
  webhooks: WebhookService,
  options: {
    allowPrivate?: boolean;
    transport?: Transport;
    resolve?: Resolver;
    timeoutMs?: number;
    logger?: Logger;
    maxInFlightPerTarget?: number;
    maxQueuedPerTarget?: number;
  } = {},
): WebhookSender {
  const sender = createWebhookSender({
    webhooks,
    events: services.events,
    bus: services.bus,
    keys: services.keys,
    clock: services.clock,
    logger: silentLogger,
    version: "test",
    allowPrivate: true,
    // Never reached by a receiver that answers, however busy the machine (a TLS handshake took over 200 ms beside
    // other test runs): the tests of the timeout set a short one of their own.
    timeoutMs: 60_000,
    ...options,
  });
  sender.start();
  cleanups.push(() => sender.stop());
  return sender;
}

function track<T extends { stop(): unknown }>(thing: T): T {
  cleanups.push(() => thing.stop());
  return thing;
}

/** A guild with two keys, each hooked to its own tracked receiver: `hung` never answers, `healthy` does. */
async function hungAndHealthy() {
  const guild = await seedGuild(services);
  const { key: hungKey } = await guild.key();
  const { key: healthyKey } = await guild.key();
  const webhooks = webhookService(services);
  const hung = track(hungReceiver());
  const healthy = track(receiver());
  await webhooks.set(guild.guildId, hungKey.id, hung.url);
  await webhooks.set(guild.guildId, healthyKey.id, healthy.url);
  return { guild, webhooks, hungKey, healthyKey, hung, healthy };
}

/** Adds a nick and returns the event the bus published for it. */
async function addNick(whitelistId: string, nick = "Notch"): Promise<EntryEvent> {
  let event: EntryEvent | undefined;
  const off = services.bus.subscribe((notice) => {
    event = notice.event;
  });
  await seedEntries(services, whitelistId, [nick]);
  off();
  return event as EntryEvent;
}

forEachStore("webhook delivery", () => {
  test("a receiver gets the event signed per Standard Webhooks, with the version's user agent", async () => {
    services.clock.set(Date.now()); // the reference verifier accepts timestamps within 5 minutes of now
    const guild = await seedGuild(services);
    const { key } = await guild.key();
    const webhooks = webhookService(services);
    const hook = track(receiver());
    const { secret } = await webhooks.set(guild.guildId, key.id, hook.url);
    const sent = deliveries(startSender(webhooks));

    const event = await addNick(guild.whitelist.id);
    const report = await sent.of(key.id);

    expect(report.outcome.status).toBe(200);
    expect(hook.requests.length).toBe(1);
    const [request] = hook.requests;
    if (!request) throw new Error("no request");
    expect(new Webhook(secret).verify(request.body, request.headers)).toEqual(event);
    expect(JSON.parse(request.body)).toEqual(event);
    expect({
      id: request.headers["webhook-id"],
      timestamp: request.headers["webhook-timestamp"],
      contentType: request.headers["content-type"],
      userAgent: request.headers["user-agent"],
    }).toEqual({
      id: event.id,
      timestamp: String(Math.floor(services.clock.now() / 1000)),
      contentType: "application/json",
      userAgent: "whitelist-sync/test",
    });
  });

  test("the fan-out starts after the publisher returns, never inside the change", async () => {
    const guild = await seedGuild(services);
    const { key } = await guild.key();
    const webhooks = webhookService(services);
    const hook = track(receiver());
    await webhooks.set(guild.guildId, key.id, hook.url);
    const spy = spyTransport();
    const sent = deliveries(startSender(webhooks, { transport: spy.transport }));
    // Heard right after the sender's own listener returned, in the same publication: nothing was sent yet.
    // (On SQLite that is also before the change's write resolves; a replica publishes from the log a moment
    // after its commit, so there the sending may start before the write resolves.)
    let sentWhenPublished: number | undefined;
    services.outbox.subscribe(() => {
      sentWhenPublished ??= spy.calls.length;
    });

    await addNick(guild.whitelist.id);
    await sent.of(key.id);
    expect({ sentWhenPublished, sent: spy.calls.length }).toEqual({ sentWhenPublished: 0, sent: 1 });
  });

  test("a receiver that never answers is abandoned at the timeout after one attempt; others do not wait", async () => {
    const { guild, webhooks, hungKey, healthyKey, hung, healthy } = await hungAndHealthy();
    const sender = startSender(webhooks, { timeoutMs: 200 });
    const sent = deliveries(sender);

    const event = await addNick(guild.whitelist.id);
    const hungReport = await sent.of(hungKey.id);

    expect(sent.reports.map((report) => report.keyId)).toEqual([healthyKey.id, hungKey.id]);
    expect(hungReport.outcome.error).toBe("timed out after 200 ms");
    expect(hungReport.outcome.status).toBeUndefined();
    await sender.stop();
    expect({ hung: hung.requests.length, healthy: healthy.requests.length }).toEqual({ hung: 1, healthy: 1 });
    expect(hung.requests[0]?.headers["webhook-id"]).toBe(event.id);
  });

  test("a receiver that answers but falls behind loses nothing: its lane reads what it owes back from the log", async () => {
    services.clock.set(Date.now()); // the reference verifier accepts timestamps within 5 minutes of now
    const { guild, webhooks, hungKey, healthyKey, hung, healthy } = await hungAndHealthy();
    const sent = deliveries(
      startSender(webhooks, { timeoutMs: 60_000, maxInFlightPerTarget: 1, maxQueuedPerTarget: 1 }),
    );

    // One change at a time: the slow key's lane holds the first, owes the second and the third.
    const events: EntryEvent[] = [];
    for (const nick of ["A_one", "B_two", "C_three"]) {
      const event = await addNick(guild.whitelist.id, nick);
      events.push(event);
      await sent.of(healthyKey.id, event.id);
    }
    expect(hung.requests.length).toBe(1);
    // The receiver answers (503 is an answer): the owed deliveries follow, in order, none dropped.
    hung.release();
    for (const event of events) expect((await sent.of(hungKey.id, event.id)).outcome.status).toBe(503);
    const ids = events.map((event) => event.id);
    expect({
      reports: sent.reports.filter((report) => report.keyId === hungKey.id).map((report) => report.eventId),
      received: hung.requests.map((request) => request.headers["webhook-id"]),
      // Read back from the log, each is byte for byte what the healthy receiver got, and signed so.
      bodies: hung.requests.map((request) => request.body),
    }).toEqual({ reports: ids, received: ids, bodies: healthy.requests.map((request) => request.body) });
    const secret = (await webhooks.listFor(guild.guildId)).find(
      (target) => target.keyId === hungKey.id,
    )?.secret;
    expect(
      hung.requests.map((request) => new Webhook(secret as string).verify(request.body, request.headers)),
    ).toEqual(events);
  });

  test("a receiver that does not answer gets one delivery at a time and delays only itself: past its queue they drop", async () => {
    const guild = await seedGuild(services);
    const { key: deadKey } = await guild.key();
    const { key: healthyKey } = await guild.key();
    const webhooks = webhookService(services);
    const dead = track(droppingThenSilentReceiver());
    await webhooks.set(guild.guildId, deadKey.id, dead.url);
    await webhooks.set(guild.guildId, healthyKey.id, track(receiver()).url);
    const sent = deliveries(
      startSender(webhooks, { timeoutMs: 20_000, maxInFlightPerTarget: 4, maxQueuedPerTarget: 1 }),
    );

    // The first delivery gets no answer (the connection is closed on it): the receiver is not answering.
    const first = await addNick(guild.whitelist.id, "A_one");
    expect((await sent.of(deadKey.id, first.id)).outcome.error).toBeString();
    // Then its lane runs one at a time, not four (the one hangs), owes one, and drops the next.
    const events: EntryEvent[] = [];
    for (const nick of ["B_two", "C_three", "D_four"]) {
      const event = await addNick(guild.whitelist.id, nick);
      events.push(event);
      await sent.of(healthyKey.id, event.id);
    }
    const [second, third, fourth] = events as [EntryEvent, EntryEvent, EntryEvent];
    expect((await sent.of(deadKey.id, fourth.id)).outcome).toEqual({
      error: "queue full: dropped",
      durationMs: 0,
      at: services.clock.now(),
    });
    // The first connection was closed before its request was read.
    expect(dead.received()).toEqual([second.id]);
    // The receiver goes away: the delivery it held fails, and the one owed is sent (and refused) in its turn.
    dead.stop();
    expect((await sent.of(deadKey.id, third.id)).outcome.error).toBeString();
    expect(
      sent.reports.filter((report) => report.keyId === deadKey.id).map((report) => report.eventId),
    ).toEqual([first.id, fourth.id, second.id, third.id]);
  });

  test("a redirect is recorded as its status and never followed", async () => {
    const guild = await seedGuild(services);
    const { key } = await guild.key();
    const webhooks = webhookService(services);
    const target = track(receiver());
    const redirecting = track(
      receiver(() => new Response(null, { status: 302, headers: { location: `${target.base}/elsewhere` } })),
    );
    await webhooks.set(guild.guildId, key.id, redirecting.url);
    const sender = startSender(webhooks);
    const sent = deliveries(sender);

    await addNick(guild.whitelist.id);
    const report = await sent.of(key.id);
    await sender.stop();

    expect(report.outcome.status).toBe(302);
    expect({ redirecting: redirecting.requests.length, target: target.requests.length }).toEqual({
      redirecting: 1,
      target: 0,
    });
  });

  test("a key limited to one whitelist, another guild's key and a revoked key get nothing out of scope", async () => {
    const guild = await seedGuild(services);
    const listB = await seedWhitelist(services, { guildId: guild.guildId });
    const other = await seedGuild(services, "100000000000000002");
    const webhooks = webhookService(services);
    const hooks = {
      limitedToA: track(receiver()),
      guildWide: track(receiver()),
      otherGuild: track(receiver()),
      revoked: track(receiver()),
    };
    const keys = {
      limitedToA: (await guild.key(guild.whitelist.id)).key,
      guildWide: (await guild.key(null)).key,
      otherGuild: (await other.key(null)).key,
      revoked: (await guild.key(null)).key,
    };
    for (const name of Object.keys(keys) as (keyof typeof keys)[]) {
      const guildId = name === "otherGuild" ? other.guildId : guild.guildId;
      await webhooks.set(guildId, keys[name].id, hooks[name].url);
    }
    await services.keys.revoke(guild.guildId, keys.revoked.id);
    const sender = startSender(webhooks);
    const sent = deliveries(sender);

    const event = await addNick(listB.id);
    await sent.of(keys.guildWide.id);
    await sender.stop();

    expect(sent.reports.map((report) => report.keyId)).toEqual([keys.guildWide.id]);
    expect({
      limitedToA: hooks.limitedToA.requests.length,
      guildWide: hooks.guildWide.requests.map((request) => request.headers["webhook-id"]),
      otherGuild: hooks.otherGuild.requests.length,
      revoked: hooks.revoked.requests.length,
    }).toEqual({ limitedToA: 0, guildWide: [event.id], otherGuild: 0, revoked: 0 });
  });

  test("a key limited to a whitelist being deleted gets every removal, more than its lane runs at once", async () => {
    await services.close();
    services = await testServices({ allowPrivateWebhooks: true });
    const guild = await seedGuild(services);
    const nicks = Array.from({ length: 12 }, (_, i) => `Player_${i}`);
    await seedEntries(services, guild.whitelist.id, nicks);
    const { key, plaintext } = await guild.key(guild.whitelist.id);
    const webhooks = services.webhooks; // the deletion use case's own
    const hook = track(receiver());
    await webhooks.set(guild.guildId, key.id, hook.url);
    const sent = deliveries(startSender(webhooks, { maxInFlightPerTarget: 2 }));

    await services.deletion.deleteWhitelist(guild.whitelist.id, null);
    await sent.count(nicks.length);

    expect({
      statuses: sent.reports.map((report) => report.outcome.status),
      removed: hook.requests.map((request) => (JSON.parse(request.body) as EntryEvent).entry.nick).sort(),
      stillValid: await services.keys.verify(plaintext),
    }).toEqual({ statuses: nicks.map(() => 200), removed: [...nicks].sort(), stillValid: null });
  });

  test("the outcome (status or error, duration, time) is stored on the key", async () => {
    const guild = await seedGuild(services);
    const { key: okKey } = await guild.key();
    const { key: failingKey } = await guild.key();
    const webhooks = webhookService(services);
    const ok = track(receiver(() => new Response("thanks", { status: 202 })));
    const closed = track(receiver());
    await webhooks.set(guild.guildId, okKey.id, ok.url);
    await webhooks.set(guild.guildId, failingKey.id, closed.url);
    closed.stop();
    const sent = deliveries(startSender(webhooks));

    await addNick(guild.whitelist.id);
    await sent.count(2);
    await webhooks.flushOutcomes();

    const view = async (keyId: string) => {
      const row = (await services.keys.list(guild.guildId)).find((key) => key.id === keyId);
      return {
        status: row?.webhookLastStatus,
        error: row?.webhookLastError,
        duration: typeof row?.webhookLastDurationMs,
        at: row?.webhookLastAt,
      };
    };
    const at = services.clock.now();
    expect(await view(okKey.id)).toEqual({ status: 202, error: null, duration: "number", at });
    expect(await view(failingKey.id)).toMatchObject({ status: null, duration: "number", at });
    expect((await view(failingKey.id)).error).toContain("ECONNREFUSED");
  });

  test("a failed delivery logs one line with the origin only: no secret, path or query string", async () => {
    const guild = await seedGuild(services);
    const { key } = await guild.key();
    const webhooks = webhookService(services);
    const failing = track(receiver(() => new Response(null, { status: 500 })));
    const { secret } = await webhooks.set(guild.guildId, key.id, `${failing.base}/secret-path?token=s3cr3t`);
    const { logger, lines } = capturingLogger();
    const sent = deliveries(startSender(webhooks, { logger }));

    const event = await addNick(guild.whitelist.id);
    await sent.of(key.id);

    expect(lines.length).toBe(1);
    const { time: _time, ...line } = JSON.parse(lines[0] as string);
    expect(line).toEqual({
      level: "warn",
      msg: "webhook delivery failed",
      keyId: key.id,
      eventId: event.id,
      target: failing.base,
      status: 500,
      durationMs: expect.any(Number),
    });
    for (const leak of [secret, "s3cr3t", "secret-path"]) expect(lines[0]).not.toContain(leak);
  });

  test("https is pinned to the checked address, with the name as SNI and certificate name", async () => {
    const dir = new URL("./fixtures/", import.meta.url);
    const cert = await Bun.file(new URL("hook.test.crt", dir)).text();
    const key = await Bun.file(new URL("hook.test.key", dir)).text();
    const requests: string[] = [];
    const server = track({
      server: Bun.serve({
        hostname: "127.0.0.1",
        port: 0,
        tls: { cert, key },
        fetch(request) {
          requests.push(request.headers.get("host") ?? "");
          return new Response();
        },
      }),
      stop() {
        this.server.stop(true);
      },
    });
    const port = server.server.port;
    const guild = await seedGuild(services);
    const { key: goodKey } = await guild.key();
    const { key: wrongNameKey } = await guild.key();
    // Both names resolve to the same local receiver; only hook.test matches its certificate.
    const dns = fakeResolver({ "hook.test": ["127.0.0.1"], "other.test": ["127.0.0.1"] });
    const webhooks = webhookService(services, { resolve: dns.resolve });
    await webhooks.set(guild.guildId, goodKey.id, `https://hook.test:${port}/hook`);
    await webhooks.set(guild.guildId, wrongNameKey.id, `https://other.test:${port}/hook`);
    const sent = deliveries(
      startSender(webhooks, { resolve: dns.resolve, transport: createNodeTransport({ ca: cert }) }),
    );

    await addNick(guild.whitelist.id);
    const good = await sent.of(goodKey.id);
    const wrongName = await sent.of(wrongNameKey.id);

    expect(good.outcome.status).toBe(200);
    expect(requests).toEqual([`hook.test:${port}`]);
    expect(wrongName.outcome.error).toContain("ERR_TLS_CERT_ALTNAME_INVALID");
  });

  /**
   * One change delivered to a receiver on 127.0.0.1 whose name, hook.test, resolves to `addresses`: what the
   * sender tried (address and Host), the outcome, and how many requests the receiver got. Other loopback
   * addresses (127.0.0.2, …) have nothing listening: connecting there is refused before any byte is sent.
   */
  async function deliverVia(addresses: string[], answer?: () => Response) {
    const guild = await seedGuild(services);
    const { key } = await guild.key();
    const hook = track(receiver(answer));
    const dns = fakeResolver({ "hook.test": addresses });
    const webhooks = webhookService(services, { resolve: dns.resolve });
    await webhooks.set(guild.guildId, key.id, `http://hook.test:${hook.server.port}/hook`);
    const spy = spyTransport();
    const sent = deliveries(startSender(webhooks, { resolve: dns.resolve, transport: spy.transport }));
    await addNick(guild.whitelist.id);
    const { outcome } = await sent.of(key.id);
    const host = `hook.test:${hook.server.port}`;
    return {
      outcome,
      tried: spy.calls.map((call) => call.replace(` ${host}`, "")),
      received: hook.requests.length,
    };
  }

  test("a host whose first address refuses connections is reached at its next one, and sent once", async () => {
    const { outcome, tried, received } = await deliverVia(["127.0.0.2", "127.0.0.1"]);
    expect({ status: outcome.status, tried, received }).toEqual({
      status: 200,
      tried: ["127.0.0.2", "127.0.0.1"],
      received: 1,
    });
  });

  test("an address that answered, even with an error, is the only one tried", async () => {
    const { outcome, tried, received } = await deliverVia(
      ["127.0.0.1", "127.0.0.1"],
      () => new Response(null, { status: 503 }),
    );
    expect({ status: outcome.status, tried, received }).toEqual({
      status: 503,
      tried: ["127.0.0.1"],
      received: 1,
    });
  });

  test("when every address refuses, the outcome is the last refusal", async () => {
    const { outcome, tried, received } = await deliverVia(["127.0.0.2", "127.0.0.3"]);
    expect({ error: outcome.error, tried, received }).toEqual({
      error: expect.stringContaining("ECONNREFUSED"),
      tried: ["127.0.0.2", "127.0.0.3"],
      received: 0,
    });
  });
});

forEachStore("SSRF guard", () => {
  const hosts = (v4Port: number, v6Port: number) => [
    `127.0.0.1:${v4Port}`,
    `127.1:${v4Port}`,
    `2130706433:${v4Port}`,
    `0x7f000001:${v4Port}`,
    `0.0.0.0:${v4Port}`,
    `[::1]:${v6Port}`,
    `[::ffff:127.0.0.1]:${v4Port}`,
    `10.0.0.1:${v4Port}`,
    `172.16.0.1:${v4Port}`,
    `192.168.1.1:${v4Port}`,
    `169.254.169.254:${v4Port}`,
    `100.64.0.1:${v4Port}`,
    `[fc00::1]:${v6Port}`,
    `[fe80::1]:${v6Port}`,
    `localhost:${v4Port}`,
  ];

  test("every non-public target is refused at set time, without resolving or connecting", async () => {
    const counter = track(connectionCounter());
    const dns = fakeResolver(() => ["127.0.0.1"]);
    const guild = await seedGuild(services);
    const { key } = await guild.key();
    const webhooks = webhookService(services, { allowPrivate: false, resolve: dns.resolve });

    const results: Record<string, string> = {};
    for (const host of hosts(counter.port, counter.v6Port)) {
      results[host] = await webhooks.set(guild.guildId, key.id, `http://${host}/hook`).then(
        () => "accepted",
        (error) => `${error.code}: ${String(error.message).startsWith("Webhook URL refused: ")}`,
      );
    }

    expect(Object.values(results)).toEqual(hosts(0, 0).map(() => "invalid-input: true"));
    const { linkKeys } = services.store.tables;
    expect((await services.db.select().from(linkKeys)).map((row) => row.webhookUrl)).toEqual([null]);
    expect({ resolved: dns.asked, connections: counter.connections() }).toEqual({
      resolved: [],
      connections: 0,
    });
  });

  test("every non-public target stored behind the guard's back is refused at delivery, with zero connections", async () => {
    const counter = track(connectionCounter());
    const dns = fakeResolver(() => ["127.0.0.1"]);
    const guild = await seedGuild(services);
    const targets = hosts(counter.port, counter.v6Port);
    const keyIds: string[] = [];
    const { linkKeys } = services.store.tables;
    for (const host of targets) {
      const { key } = await guild.key();
      await services.db
        .update(linkKeys)
        .set({ webhookUrl: `http://${host}/hook`, webhookSecret: generateWebhookSecret() })
        .where(eq(linkKeys.id, key.id));
      keyIds.push(key.id);
    }
    const webhooks = webhookService(services, { allowPrivate: false, resolve: dns.resolve });
    const spy = spyTransport();
    const sent = deliveries(
      startSender(webhooks, { allowPrivate: false, resolve: dns.resolve, transport: spy.transport }),
    );

    await addNick(guild.whitelist.id);
    const reports = await sent.count(targets.length);

    expect(reports.map((report) => report.keyId).sort()).toEqual([...keyIds].sort());
    for (const report of reports) expect(report.outcome.error).toStartWith("Webhook URL refused: ");
    expect({ transport: spy.calls, resolved: dns.asked, connections: counter.connections() }).toEqual({
      transport: [],
      resolved: [],
      connections: 0,
    });
  });

  test("DNS rebinding: a name public at set time and loopback at delivery is refused before connecting", async () => {
    const counter = track(connectionCounter());
    let answer = "93.184.216.34";
    const dns = fakeResolver(() => [answer]);
    const guild = await seedGuild(services);
    const { key } = await guild.key();
    const webhooks = webhookService(services, { allowPrivate: false, resolve: dns.resolve });
    await webhooks.set(guild.guildId, key.id, `http://rebind.example:${counter.port}/hook`);
    answer = "127.0.0.1";
    const spy = spyTransport();
    const sent = deliveries(
      startSender(webhooks, { allowPrivate: false, resolve: dns.resolve, transport: spy.transport }),
    );

    await addNick(guild.whitelist.id);
    const report = await sent.of(key.id);

    expect(report.outcome.error).toBe(
      "Webhook URL refused: rebind.example resolves to 127.0.0.1, a loopback address; the operator can " +
        "allow such targets with WEBHOOK_ALLOW_PRIVATE=true.",
    );
    expect({ resolved: dns.asked, transport: spy.calls, connections: counter.connections() }).toEqual({
      resolved: ["rebind.example", "rebind.example"],
      transport: [],
      connections: 0,
    });
  });

  test("with allowPrivate a name is resolved once and the connection goes to that address, Host kept", async () => {
    const hook = track(receiver());
    const dns = fakeResolver({ "hooks.internal": ["127.0.0.1"] });
    const guild = await seedGuild(services);
    const { key } = await guild.key();
    const webhooks = webhookService(services, { allowPrivate: true, resolve: dns.resolve });
    const port = hook.server.port;
    await webhooks.set(guild.guildId, key.id, `http://hooks.internal:${port}/hook`);
    const spy = spyTransport();
    const sent = deliveries(startSender(webhooks, { resolve: dns.resolve, transport: spy.transport }));

    await addNick(guild.whitelist.id);
    expect((await sent.of(key.id)).outcome.status).toBe(200);
    expect({ transport: spy.calls, host: hook.requests[0]?.headers.host }).toEqual({
      transport: [`127.0.0.1 hooks.internal:${port}`],
      host: `hooks.internal:${port}`,
    });
  });
});
