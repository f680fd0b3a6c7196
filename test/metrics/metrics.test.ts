import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { loadConfig } from "../../src/config.ts";
import { type Demo, startDemo } from "../../src/demo/index.ts";
import { demo } from "../../src/demo/seed.ts";
import { DEFAULT_METRICS_KEPT } from "../../src/metrics/index.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { eventually } from "../helpers/eventually.ts";
import { login } from "../helpers/minecraft-client.ts";
import {
  type MetricFamily,
  PROMTOOL,
  parsePrometheus,
  prometheusParserAvailable,
  promtoolCheck,
  sampleValue,
} from "../helpers/prometheus.ts";
import { tempDir } from "../helpers/services.ts";
import { openSocket, startTestService } from "../helpers/sockets.ts";

// GET /metrics of a running demo (the real service, bot and fakes), scraped after real traffic and read by
// Prometheus's reference parser (python3-prometheus-client, installed by .ci/run). CI must have the parser.

const parser = prometheusParserAvailable();
if (!parser && process.env.CI) throw new Error("python3-prometheus-client is missing: .ci/run installs it");
// Prometheus's own linter of the format: CI must have it too (Debian's prometheus package, .ci/run).
if (!PROMTOOL && process.env.CI) throw new Error("promtool is missing: .ci/run installs Debian's prometheus");
const dir = tempDir("wls-metrics-");
let d: Demo;
const receiver = { deliveries: 0 };
const hooks = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch: () => {
    receiver.deliveries++;
    return new Response(null, { status: 204 });
  },
});

beforeAll(async () => {
  const config = loadConfig({
    HOST: "127.0.0.1",
    PORT: "0",
    SANDBOX_PORT: "0",
    METRICS: "on",
    // A write waits no time for a lock another program holds: the busy answer comes at once.
    DB_BUSY_TIMEOUT_MS: "0",
    RATE_LIMIT_PER_MINUTE: "40",
  });
  d = await startDemo(config, { logger: silentLogger, databasePath: join(dir.path, "demo.db") });
});
afterAll(async () => {
  await d?.stop();
  hooks.stop(true);
  dir.cleanup();
});

const auth = () => ({ authorization: `Bearer ${d.key}` });
const baseUrl = () => d.running.url;

async function scrape(): Promise<{ text: string; families: MetricFamily[] }> {
  const response = await fetch(`${baseUrl()}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  const text = await response.text();
  return { text, families: await parsePrometheus(text) };
}

describe.skipIf(!parser)("/metrics with METRICS=on", () => {
  test("every family is typed and documented, named whitelist_sync_*, and parses", async () => {
    const { families } = await scrape();
    expect(families.length).toBeGreaterThan(20);
    for (const family of families) {
      expect({ name: family.name, ok: family.name.startsWith("whitelist_sync_") }).toEqual({
        name: family.name,
        ok: true,
      });
      expect(["counter", "gauge", "histogram"]).toContain(family.type);
      expect(family.help.length).toBeGreaterThan(0);
    }
  });

  test("requests by route template and status, with latency, never a path, key or nick in a label", async () => {
    const whitelists = await fetch(`${d.apiUrl}/whitelists`, { headers: auth() });
    expect(whitelists.status).toBe(200);
    expect((await fetch(`${d.apiUrl}/whitelists`)).status).toBe(401);
    const entries = await fetch(`${d.apiUrl}/whitelists/${d.whitelists.survival}/entries?format=vanilla`, {
      headers: auth(),
    });
    expect(entries.status).toBe(200);
    expect((await fetch(`${baseUrl()}/no/such/${crypto.randomUUID()}`)).status).toBe(404);

    const { text, families } = await scrape();
    const requests = (labels: Record<string, string>) =>
      sampleValue(families, "whitelist_sync_http_requests_total", labels);
    expect(requests({ method: "GET", route: "/api/v1/whitelists", status: "200" })).toBeGreaterThanOrEqual(1);
    expect(requests({ method: "GET", route: "/api/v1/whitelists", status: "401" })).toBeGreaterThanOrEqual(1);
    expect(
      requests({ method: "GET", route: "/api/v1/whitelists/:whitelistId/entries", status: "200" }),
    ).toBeGreaterThanOrEqual(1);
    expect(requests({ method: "GET", route: "unmatched", status: "404" })).toBeGreaterThanOrEqual(1);
    expect(
      sampleValue(families, "whitelist_sync_http_request_duration_seconds_count", {
        route: "/api/v1/whitelists/:whitelistId/entries",
      }),
    ).toBeGreaterThanOrEqual(1);
    for (const secret of [d.key, d.whitelists.survival, "Notch", "no/such"])
      expect(text).not.toContain(secret);
  });

  test("registrations by mode and outcome, and look-ups by outcome", async () => {
    // The demo seeded six nicks as staff, looked up at the fake Mojang and GeyserMC.
    const answer = await fetch(`${d.sandboxUrl}/interactions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        userId: demo.users.steve,
        channelId: demo.channels.java,
        command: "register",
        options: { nick: "Notch" }, // alex's: refused
      }),
    });
    expect(answer.status).toBe(200);
    const { families } = await scrape();
    expect(
      sampleValue(families, "whitelist_sync_registrations_total", { mode: "staff", outcome: "added" }),
    ).toBe(6);
    expect(
      sampleValue(families, "whitelist_sync_registrations_total", { mode: "command", outcome: "refused" }),
    ).toBe(1);
    expect(
      sampleValue(families, "whitelist_sync_lookups_total", { service: "mojang", outcome: "found" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sampleValue(families, "whitelist_sync_lookups_total", { service: "geysermc", outcome: "found" }),
    ).toBeGreaterThanOrEqual(1);
  });

  test("sockets, messages, published events and webhook deliveries follow an API removal", async () => {
    const { families: before } = await scrape();
    const delivered = (families: MetricFamily[]) =>
      sampleValue(families, "whitelist_sync_webhook_deliveries_total", { outcome: "delivered" }) ?? 0;
    const keyId = (await d.running.services.keys.list(demo.guildId)).find((key) => key.name === "demo")
      ?.id as string;
    await d.running.services.webhooks.set(demo.guildId, keyId, `http://127.0.0.1:${hooks.port}/hook`);

    // The demo's own sync agent (its game server's) holds a socket already.
    const open = sampleValue(before, "whitelist_sync_websocket_connections") ?? 0;
    const socket = openSocket(baseUrl(), d.key);
    await socket.waitFor((message) => message.type === "connected");
    expect(sampleValue((await scrape()).families, "whitelist_sync_websocket_connections")).toBe(open + 1);
    const removal = await fetch(`${d.apiUrl}/whitelists/${d.whitelists.survival}/entries/alex_builds`, {
      method: "DELETE",
      headers: auth(),
    });
    expect(removal.status).toBe(200);
    await socket.waitFor((message) => message.type === "entry.removed");
    await eventually(() => receiver.deliveries >= 1);
    await eventually(async () => delivered((await scrape()).families) >= 1);

    const { families } = await scrape();
    expect(
      sampleValue(families, "whitelist_sync_events_published_total", {
        type: "entry.removed",
        origin: "api",
      }),
    ).toBe(1);
    expect(sampleValue(families, "whitelist_sync_websocket_connections_opened_total")).toBeGreaterThanOrEqual(
      1,
    );
    expect(
      sampleValue(families, "whitelist_sync_websocket_messages_total", { kind: "event" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sampleValue(families, "whitelist_sync_websocket_messages_total", { kind: "control" }),
    ).toBeGreaterThanOrEqual(1);
    expect(delivered(families)).toBe(delivered(before) + 1);
    expect(
      sampleValue(families, "whitelist_sync_webhook_delivery_duration_seconds_count", {
        outcome: "delivered",
      }),
    ).toBeGreaterThanOrEqual(1);
    socket.close();
    await eventually(
      async () => sampleValue((await scrape()).families, "whitelist_sync_websocket_connections") === open,
    );
  });

  test("the gateway's state, and its reconnects after Discord drops it", async () => {
    const reconnects = (families: MetricFamily[]) =>
      sampleValue(families, "whitelist_sync_gateway_reconnects_total") ?? 0;
    const { families: before } = await scrape();
    expect(sampleValue(before, "whitelist_sync_gateway_state", { state: "connected" })).toBe(1);
    expect(sampleValue(before, "whitelist_sync_gateway_state", { state: "disabled" })).toBe(0);
    const dropped = await fetch(`${d.sandboxUrl}/gateway/drop`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ resumable: true }),
    });
    expect(dropped.status).toBeLessThan(300);
    await eventually(async () => reconnects((await scrape()).families) === reconnects(before) + 1);
    await eventually(async () => d.running.health().gateway === "connected");
  });

  test("the link endpoint's logins by outcome, and proof codes issued and typed", async () => {
    const port = Number(d.link.slice(d.link.lastIndexOf(":") + 1));
    const steve = { name: "SteveCraft", uuid: "5f3c0d2b-8a6e-4c1f-9b7d-2e4a6c8f0b13" };
    const proven = await login({ port, protocol: 769, ...steve, sessionUrl: d.mojang.url });
    expect(proven.text).toContain("Your code: ");
    const notJoined = await login({ port, protocol: 769, ...steve });
    expect(notJoined.text).toStartWith("Could not verify your account with Mojang.");
    const typed = await fetch(`${d.sandboxUrl}/interactions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        userId: demo.users.alex,
        channelId: demo.channels.java,
        command: "link",
        options: { code: "AAAA-AAAA" },
      }),
    });
    expect(typed.status).toBe(200);
    await d.running.link?.idle();
    const { text, families } = await scrape();
    const value = (name: string, labels: Record<string, string>) =>
      sampleValue(families, `whitelist_sync_${name}`, labels);
    expect({
      proven: value("link_logins_total", { outcome: "proven" }),
      notJoined: value("link_logins_total", { outcome: "not-joined" }),
      capacity: value("link_connections_refused_total", { reason: "capacity" }),
      open: value("link_connections", {}),
      issued: value("proof_codes_total", { event: "issued" }),
      wrong: value("proof_codes_total", { event: "wrong" }),
    }).toEqual({ proven: 1, notJoined: 1, capacity: 0, open: 0, issued: 1, wrong: 1 });
    expect(text).not.toContain("SteveCraft");
  });

  test("a first-join code given to a game server's agent is counted apart from the link endpoint's", async () => {
    const { services } = d.running;
    const wl = await services.whitelists.create({
      guildId: demo.guildId,
      name: "firstjoin",
      channelId: demo.channels.java,
      nickType: "java",
      registrationMode: "command",
      proof: "first-join",
    });
    await services.entries.add({
      whitelistId: wl.id,
      nick: "Notch",
      uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5",
      premium: true,
      userId: demo.users.alex,
      addedBy: demo.users.alex,
      origin: "discord",
      proofDueAt: services.clock.now() + 86_400_000,
    });
    const before = sampleValue((await scrape()).families, "whitelist_sync_proof_codes_total", {
      event: "issued-first-join",
    });
    const asked = await fetch(`${baseUrl()}/api/v1/whitelists/${wl.id}/proof-codes`, {
      method: "POST",
      headers: { ...auth(), "content-type": "application/json" },
      body: JSON.stringify({ nick: "Notch" }),
    });
    expect(asked.status).toBe(200);
    const { families } = await scrape();
    expect({
      firstJoin: sampleValue(families, "whitelist_sync_proof_codes_total", { event: "issued-first-join" }),
      route: sampleValue(families, "whitelist_sync_http_requests_total", {
        method: "POST",
        route: "/api/v1/whitelists/:whitelistId/proof-codes",
        status: "200",
      }),
    }).toEqual({ firstJoin: (before ?? 0) + 1, route: 1 });
  });

  test("a write refused because another program holds the database's lock is counted", async () => {
    const busyBefore = sampleValue((await scrape()).families, "whitelist_sync_database_busy_total") ?? 0;
    const other = new Database(join(dir.path, "demo.db"));
    other.run("BEGIN IMMEDIATE");
    try {
      const refused = await fetch(`${d.apiUrl}/whitelists/${d.whitelists.survival}/entries/Dinnerbone`, {
        method: "DELETE",
        headers: auth(),
      });
      expect(refused.status).toBe(503);
    } finally {
      other.run("ROLLBACK");
      other.close();
    }
    const { families } = await scrape();
    // At least this DELETE's refusal: a write of the demo's own background work may meet the lock in the same
    // moment and be counted too (a quick-floor run at a load of 6 counted 2).
    expect(sampleValue(families, "whitelist_sync_database_busy_total")).toBeGreaterThanOrEqual(
      busyBefore + 1,
    );
    expect(sampleValue(families, "whitelist_sync_database_up")).toBe(1);
  });

  test("requests refused by the rate limit are counted by route", async () => {
    let status = 200;
    for (let i = 0; i < 60 && status !== 429; i++) {
      status = (await fetch(`${d.apiUrl}/whitelists`, { headers: auth() })).status;
    }
    expect(status).toBe(429);
    const { families } = await scrape();
    expect(
      sampleValue(families, "whitelist_sync_http_rate_limited_total", { route: "/api/v1/whitelists" }),
    ).toBeGreaterThanOrEqual(1);
  });
});

// After the traffic above: every family that has samples by now is in the text promtool reads.
describe.skipIf(!parser || !PROMTOOL)("/metrics as Prometheus's promtool reads it", () => {
  test("promtool check metrics finds nothing to say about the real output", async () => {
    const { text } = await scrape();
    expect(await promtoolCheck(text)).toEqual({ code: 0, output: "" });
  });

  test("of prom-client's default metrics, only those true under Bun, each with a value it could have", async () => {
    const { families } = await scrape();
    // The Python parser names a counter's family without its `_total`.
    const defaults = families
      .filter((family) => /^whitelist_sync_(process|nodejs)_/.test(family.name))
      .map(
        (family) => family.name.slice("whitelist_sync_".length) + (family.type === "counter" ? "_total" : ""),
      );
    expect(defaults.sort()).toEqual([...DEFAULT_METRICS_KEPT].sort());
    const value = (name: string) => sampleValue(families, `whitelist_sync_${name}`) as number;
    expect(value("process_cpu_seconds_total")).toBeGreaterThan(0);
    expect(value("process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(value("process_resident_memory_bytes")).toBeGreaterThan(10 * 1024 * 1024);
    expect(value("process_open_fds")).toBeGreaterThan(2);
    expect(value("process_max_fds")).toBeGreaterThanOrEqual(value("process_open_fds"));
    // Started in this test run's lifetime (within the last hour), not at some other epoch.
    expect(Math.abs(Date.now() / 1000 - value("process_start_time_seconds"))).toBeLessThan(3600);
  });
});

describe("where /metrics is served", () => {
  const store = tempDir("wls-metrics-off-");
  afterAll(() => store.cleanup());

  test("off by default: /metrics is an unknown route", async () => {
    const running = await startTestService(join(store.path, "off.db"));
    try {
      expect(running.metricsUrl).toBeUndefined();
      const response = await fetch(`${running.url}/metrics`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { type: string }).type).toContain("route-not-found");
    } finally {
      await running.stop();
    }
  });

  test.skipIf(!parser)("METRICS_PORT: on a port of its own, and not on the API's", async () => {
    const running = await startTestService(join(store.path, "port.db"), { METRICS: "on", METRICS_PORT: "0" });
    try {
      const metricsUrl = running.metricsUrl as string;
      expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      expect(new URL(metricsUrl).port).not.toBe(String(running.port));
      expect((await fetch(`${running.url}/metrics`)).status).toBe(404);
      const scraped = await fetch(metricsUrl);
      expect(scraped.status).toBe(200);
      const families = await parsePrometheus(await scraped.text());
      expect(sampleValue(families, "whitelist_sync_gateway_state", { state: "disabled" })).toBe(1);
      expect((await fetch(metricsUrl.replace(/\/metrics$/, "/health"))).status).toBe(404);
    } finally {
      await running.stop();
    }
  });
});
