import { afterEach, describe, expect, test } from "bun:test";
import { bearer, paths, problemBody, startTestServer, summary, type TestServer } from "../helpers/http.ts";
import { holdWriteLock, type LockHolder } from "../helpers/lock.ts";
import { seedEntries, seedKey, seedWhitelist } from "../helpers/services.ts";
import { openSocket } from "../helpers/sockets.ts";

const GUILD = "100000000000000001";
const NICKS = ["Notch", "jeb_", "Dinnerbone", "Grumm", "alex_mc", "steve_mc", "Herobrine", "Marc"];

/** Resolves once a write is waiting for the lock (checked between turns of the event loop, bounded). */
async function writeWaiting(services: TestServer["services"]): Promise<void> {
  for (let turn = 0; turn < 100_000; turn++) {
    if (services.writesWaiting() > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error("no write ever waited for the lock");
}

let server: TestServer | undefined;
let lock: LockHolder | undefined;
afterEach(async () => {
  await lock?.release();
  lock = undefined;
  await server?.stop();
  server = undefined;
});

describe("another program holding the database's write lock", () => {
  test("while 8 DELETEs wait for it, health, reads and sockets keep answering; then every DELETE goes through", async () => {
    server = await startTestServer({ RATE_LIMIT_PER_MINUTE: "100000" });
    const { services } = server;
    const wl = await seedWhitelist(services, { guildId: GUILD, name: "survival" });
    await seedEntries(services, wl.id, NICKS);
    const { plaintext: key } = await seedKey(services, GUILD, wl.id);
    const subscriber = openSocket(server.url, key);
    await subscriber.waitFor((message) => message.type === "connected");
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${server?.url}${path}`, { headers });

    lock = await holdWriteLock(server.databasePath);
    const settled = new Set<string>();
    const deletes = NICKS.map((nick) =>
      fetch(`${server?.url}${paths.entry(wl.id, nick)}`, { method: "DELETE", headers: bearer(key) }).then(
        async (response) => {
          settled.add(nick);
          return { status: response.status, body: await response.json() };
        },
      ),
    );

    // Every read below is answered while all 8 DELETEs still wait for the lock: nothing blocks the loop.
    for (let round = 0; round < 5; round++) {
      const [health, versioned, list, file] = await Promise.all([
        get("/health"),
        get("/api/v1/health"),
        get(paths.entries(wl.id), bearer(key)),
        get(`${paths.entries(wl.id)}?format=plain`, bearer(key)),
      ]);
      expect({
        statuses: [health.status, versioned.status, list.status, file.status],
        nicks: ((await list.json()) as unknown[]).length,
        settled: settled.size,
      }).toEqual({ statuses: [200, 200, 200, 200], nicks: NICKS.length, settled: 0 });
    }
    expect(subscriber.messages.filter((message) => message.type === "entry.removed")).toEqual([]);

    await lock.release();
    const answers = await Promise.all(deletes);
    expect(answers).toEqual(NICKS.map((nick) => ({ status: 200, body: { removed: true, nick } })));
    await subscriber.waitForCount(1 + NICKS.length);
    expect(
      subscriber.messages
        .filter((message) => message.type === "entry.removed")
        .map((message) => (message.entry as { nick: string }).nick)
        .sort(),
    ).toEqual([...NICKS].sort());
    expect(await services.entries.list(wl.id)).toEqual([]);
    subscriber.close();
  });

  test("a DELETE still waiting when DB_BUSY_TIMEOUT_MS is spent answers 503 with Retry-After, and changes nothing", async () => {
    server = await startTestServer({ DB_BUSY_TIMEOUT_MS: "2000" });
    const { services } = server;
    const wl = await seedWhitelist(services, { guildId: GUILD, name: "survival" });
    await seedEntries(services, wl.id, ["Notch"]);
    const { plaintext: key } = await seedKey(services, GUILD, wl.id);
    // The key's first use writes lastUsedAt; let that happen before the lock, so the DELETE meets only its own work.
    expect((await fetch(`${server.url}${paths.entries(wl.id)}`, { headers: bearer(key) })).status).toBe(200);
    lock = await holdWriteLock(server.databasePath);

    const deleting = fetch(`${server.url}${paths.entry(wl.id, "Notch")}`, {
      method: "DELETE",
      headers: bearer(key),
    });
    // Once the DELETE waits for the lock, its budget runs out.
    await writeWaiting(services);
    server.clock.advance(2000);
    const response = await deleting;
    expect({
      ...(await summary(response)),
      retryAfter: response.headers.get("retry-after"),
      policy: response.headers.get("ratelimit-policy"),
    }).toEqual({
      status: 503,
      contentType: "application/problem+json",
      body: problemBody("store-unavailable"),
      retryAfter: expect.stringMatching(/^[1-9]\d*$/),
      // Counted like any other answer (the default limit of 60 a minute).
      policy: '"ip";q=60;w=60',
    });
    await lock.release();
    expect((await services.entries.list(wl.id)).map((entry) => entry.nick)).toEqual(["Notch"]);
  });
});
