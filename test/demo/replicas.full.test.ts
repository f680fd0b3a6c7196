import { afterAll, beforeAll, expect, test } from "bun:test";
import { loadConfig } from "../../src/config.ts";
import { describeDemo } from "../../src/demo/describe.ts";
import { type Demo, startDemo } from "../../src/demo/index.ts";
import { demo } from "../../src/demo/seed.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { eventually } from "../helpers/eventually.ts";
import { sharedPostgres, type TestPostgres } from "../helpers/postgres.ts";
import { openSocket, type TestSocket } from "../helpers/sockets.ts";

// `whitelist-sync demo` with DATABASE_URL, twice on one PostgreSQL, as someone trying replicas on a laptop would:
// the first demo leads (its bot in its sandbox), the second follows and seeds nothing over the first, and a change
// made through one reaches the other's socket and API. When the leader stops, the follower's bot takes over.

let pg: TestPostgres;
let url: string;
const running: Demo[] = [];
let socket: TestSocket | undefined;

beforeAll(async () => {
  pg = await sharedPostgres();
  url = await pg.database();
});

afterAll(async () => {
  socket?.close();
  for (const started of running) await started.stop().catch(() => {});
});

/** A demo as `DATABASE_URL=… whitelist-sync demo` starts one (on ports of its own). */
async function startReplica(): Promise<Demo> {
  const config = loadConfig({ HOST: "127.0.0.1", PORT: "0", SANDBOX_PORT: "0", DATABASE_URL: url });
  const started = await startDemo(config, { logger: silentLogger, databasePath: null });
  running.push(started);
  return started;
}

const get = async (d: Demo, path: string) => {
  const response = await fetch(`${d.apiUrl}${path}`, { headers: { authorization: `Bearer ${d.key}` } });
  expect(response.status).toBe(200);
  return response.json();
};

test("two demos on one PostgreSQL: one leads, the other follows, and a change crosses between them", async () => {
  const first = await startReplica();
  const second = await startReplica();
  expect({
    first: first.leads,
    second: second.leads,
    bots: [Boolean(first.running.bot), second.running.bot],
  }).toEqual({ first: true, second: false, bots: [true, undefined] });
  // The second found the first's whitelists and entries: nothing seeded twice.
  expect(second.whitelists).toEqual(first.whitelists);
  const bedrock = `/whitelists/${first.whitelists.bedrock}/entries`;
  expect((await get(second, bedrock)) as { nick: string }[]).toEqual([
    expect.objectContaining({ nick: ".Alex_Pocket" }),
  ]);
  expect(describeDemo(second)).toContain("as a replica that follows");
  expect(describeDemo(first)).toContain("start another on the same DATABASE_URL");

  // A socket on the follower, with the key the follower printed; the removal through the leader's API, with its own.
  socket = openSocket(second.running.url, second.key);
  await socket.waitFor((message) => message.type === "connected");
  const removal = await fetch(`${first.apiUrl}${bedrock}/Alex%20Pocket`, {
    method: "DELETE",
    headers: { authorization: `Bearer ${first.key}` },
  });
  expect(await removal.json()).toEqual({ removed: true, nick: ".Alex_Pocket" });
  const removed = await socket.waitFor((message) => message.type === "entry.removed");
  expect(removed).toEqual(
    expect.objectContaining({ origin: "api", entry: expect.objectContaining({ nick: ".Alex_Pocket" }) }),
  );
  expect(await get(second, bedrock)).toEqual([]);
  // The leader's bot, in the leader's sandbox, takes the Bedrock role back (after the API answered).
  const alexRoles = async () =>
    ((await (await fetch(`${first.sandboxUrl}/members/${demo.users.alex}`)).json()) as { roleIds: string[] })
      .roleIds;
  await eventually(async () => !(await alexRoles()).includes(demo.roles.bedrock), 5_000);

  // The leader stops: the follower takes the lead and its bot connects to its own sandbox.
  await first.stop();
  running.splice(running.indexOf(first), 1);
  await eventually(() => second.running.bot !== undefined, 15_000);
});
