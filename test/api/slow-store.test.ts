import { afterEach, beforeAll, expect, test } from "bun:test";
import { SQL } from "bun";
import { bearer, paths, problemBody, startTestServer, type TestServer } from "../helpers/http.ts";
import { sharedPostgres } from "../helpers/postgres.ts";
import { describeOnPostgres, seedEntries, seedKey, seedWhitelist } from "../helpers/services.ts";

// Issue 27 §3: a table locked by another session (`LOCK TABLE … IN ACCESS EXCLUSIVE MODE`, as psql or a long
// migration would) made every read of it wait for the whole lock, starved the pool, and /health said "ok"
// throughout. Every call now has a deadline: the reads of the locked table answer 503 with Retry-After while the
// lock is still held, a request touching no locked table answers, /health reports the store unavailable, and all
// is well once the lock goes. The lock is held until the test releases it, so no answer here can come from the
// lock ending: nothing is timed.

const GUILD = "100000000000000001";
const WHITELISTS = 12;

let server: TestServer | undefined;
let locker: SQL | undefined;
afterEach(async () => {
  await locker?.close({ timeout: 0 });
  locker = undefined;
  await server?.stop();
  server = undefined;
});

/** Asks for `/health` until its `database` is `state`; the test's own timeout bounds the wait. */
async function healthSays(url: string, state: "ok" | "unavailable"): Promise<void> {
  for (;;) {
    const health = (await (await fetch(`${url}/health`)).json()) as { database: string };
    if (health.database === state) return;
    await Bun.sleep(50);
  }
}

describeOnPostgres("a table locked on PostgreSQL", () => {
  let url: string;
  beforeAll(async () => {
    url = await (await sharedPostgres()).database();
  });

  test("its reads answer 503 with Retry-After, others answer, /health says unavailable; then all is well", async () => {
    server = await startTestServer({
      DATABASE_URL: url,
      DB_BUSY_TIMEOUT_MS: "300",
      DB_QUERY_TIMEOUT_MS: "3000",
      RATE_LIMIT_PER_MINUTE: "100000",
    });
    const { services } = server;
    const ids: string[] = [];
    for (let i = 0; i < WHITELISTS; i++) {
      const wl = await seedWhitelist(services, { guildId: GUILD, name: `wl${i}` });
      await seedEntries(services, wl.id, [`Player${i}`]);
      ids.push(wl.id);
    }
    const { plaintext: key } = await seedKey(services, GUILD);
    const get = (path: string) => fetch(`${server?.url}${path}`, { headers: bearer(key) });
    // The key is verified (and cached) before the lock: what follows reads whitelists, entries and events.
    expect((await get(paths.whitelists)).status).toBe(200);
    await healthSays(server.url, "ok");

    locker = new SQL(url, { max: 1 });
    const lock = await locker.reserve();
    await lock`BEGIN`;
    await lock`LOCK TABLE entries IN ACCESS EXCLUSIVE MODE`;

    // Two cold reads of each whitelist's entries, more than the pool's 10 connections.
    const locked = ids.flatMap((id) => [get(paths.entries(id)), get(`${paths.entries(id)}?format=plain`)]);
    // Asked behind them: these touch no locked table.
    const others = [get(paths.whitelists), get(paths.events())];
    const answers = await Promise.all(
      locked.map(async (response) => {
        const answer = await response;
        return {
          status: answer.status,
          retryAfter: answer.headers.get("retry-after"),
          body: await answer.json(),
        };
      }),
    );
    expect(answers).toEqual(
      locked.map(() => ({ status: 503, retryAfter: "2", body: problemBody("store-unavailable") })),
    );
    expect(await Promise.all(others.map(async (response) => (await response).status))).toEqual([200, 200]);
    await healthSays(server.url, "unavailable");
    // Still locked: the entries are still refused, the whitelists still served.
    expect((await get(paths.entries(ids[0] as string))).status).toBe(503);
    expect((await get(paths.whitelists)).status).toBe(200);

    await lock`ROLLBACK`;
    lock.release();
    const after = await Promise.all(ids.map(async (id) => (await get(paths.entries(id))).json()));
    expect(after).toEqual(
      ids.map((_, i) => [
        { nick: `Player${i}`, uuid: null, premium: false, expiresAt: null, verified: false, groups: [] },
      ]),
    );
    await healthSays(server.url, "ok");
  });
});
