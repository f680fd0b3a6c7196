import { afterEach, expect, test } from "bun:test";
import { startTestServer } from "../helpers/http.ts";
import { sharedPostgres } from "../helpers/postgres.ts";

// A replica on PostgreSQL shows how it hears the others: /health adds `bus` (its LISTEN connection and how stale
// its view of the log may be), /metrics the same and whether it leads, in which epoch.

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

test("a replica's /health and /metrics show its bus, and its lead", async () => {
  const url = await (await sharedPostgres()).database();
  const service = await startTestServer({ DATABASE_URL: url, METRICS: "on" });
  stop = service.stop;
  expect(await service.leads()).toBe(true);
  const health = (await (await fetch(`${service.url}/health`)).json()) as Record<string, unknown>;
  expect(health).toMatchObject({ ok: true, database: "ok", bus: { listen: "listening" } });
  // Read the log to its end at start, then every second.
  expect((health.bus as { lagMs: number }).lagMs).toBeLessThan(60_000);

  const metrics = await (await fetch(`${service.url}/metrics`)).text();
  const sample = (name: string) =>
    Number(metrics.match(new RegExp(`^whitelist_sync_${name} (\\S+)$`, "m"))?.[1] ?? Number.NaN);
  expect({
    listening: sample("bus_listening"),
    resubscriptions: sample("bus_resubscriptions_total"),
    leader: sample("leader"),
    epoch: sample("leader_epoch"),
    lagIsKnown: sample("bus_lag_seconds") >= 0,
  }).toEqual({ listening: 1, resubscriptions: 0, leader: 1, epoch: 1, lagIsKnown: true });
});

test("on SQLite, /health has no bus and /metrics no cluster series", async () => {
  const service = await startTestServer({ METRICS: "on" });
  stop = service.stop;
  const health = (await (await fetch(`${service.url}/health`)).json()) as Record<string, unknown>;
  expect(Object.keys(health).sort()).toEqual(["database", "gateway", "ok", "roleQueue", "uptime", "version"]);
  const metrics = await (await fetch(`${service.url}/metrics`)).text();
  expect(metrics.match(/^whitelist_sync_(bus|leader)\w* \S+$/gm)).toBeNull();
});
