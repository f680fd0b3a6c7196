/**
 * Benchmark: first-join proof (docs/link.md, First-join proof), both halves.
 *
 * 1. The agent's read of the player list: `createProofPoller` against a strict RCON on 127.0.0.1 (the tests' server,
 *    one packet per read as Minecraft's) answering `list uuids` with `--players` online (two RCON packets past about
 *    70 players) of whom `--awaiting` await proof, each kicked with a code the poller already holds (no service in
 *    the loop). Baseline, same run, same connection kind: the same RCON exchanges typed bare (`list uuids`, then one
 *    `kick` per player awaiting proof) with no reading, matching or reporting. The ratio is what the poller's own
 *    work adds to the round trips the game server answers anyway; one poll every 5 s is the default.
 * 2. The service's code for a player: `POST /api/v1/whitelists/{id}/proof-codes` through the real API app
 *    (`app.handle`: key check, scope, the entry found, the code issued and stored hashed in one write) on a temp
 *    SQLite file (WAL, synchronous=FULL: a disk flush per commit). Baseline, same run: `accounts.issue`, the write a
 *    link endpoint's login makes for its code. The ratio is what the route and the rules add to that write.
 *
 * Usage: bun bench/first-join.ts [--players 100] [--awaiting 10] [--polls 200] [--codes 300]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createApi } from "../src/api/app.ts";
import { closeDatabase } from "../src/db/client.ts";
import { createHealth } from "../src/health/status.ts";
import { createHub } from "../src/realtime/hub.ts";
import { openServices } from "../src/services.ts";
import { manualClock, systemClock } from "../src/shared/clock.ts";
import { silentLogger } from "../src/shared/logger.ts";
import { openConsole } from "../src/sync/console.ts";
import { createProofPoller, type PendingEntry } from "../src/sync/proof-poll.ts";
import { openRcon } from "../src/sync/rcon-protocol.ts";
import type { SyncEvent } from "../src/sync/report.ts";
import { startRconServer } from "../test/sync/minecraft-rcon.ts";
import { fixed, median, table } from "./lib.ts";

const { values } = parseArgs({
  options: {
    players: { type: "string", default: "100" },
    awaiting: { type: "string", default: "10" },
    polls: { type: "string", default: "200" },
    codes: { type: "string", default: "300" },
  },
});
const PLAYERS = Number(values.players);
const AWAITING = Math.min(Number(values.awaiting), PLAYERS);
const POLLS = Number(values.polls);
const CODES = Number(values.codes);
const PASSWORD = "bench";
const GUILD = "110000000000000001";

const uuidOf = (i: number) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, "0")}`;
const online = Array.from({ length: PLAYERS }, (_, i) => ({ name: `Player${i}`, uuid: uuidOf(i) }));
const listAnswer = `There are ${PLAYERS} of a max of ${PLAYERS} players online: ${online
  .map((p) => `${p.name} (${p.uuid})`)
  .join(", ")}`;
const rcon = startRconServer({
  password: PASSWORD,
  answer: (command) =>
    command === "list uuids"
      ? listAnswer
      : command.startsWith("kick ")
        ? `Kicked ${command.split(" ")[1]}: …`
        : "",
});
const target = { host: "127.0.0.1", port: rcon.port, password: PASSWORD };

/** Milliseconds per run of `work`, `runs` times after a few unmeasured ones. */
async function timed(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 5; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times;
}

// 1. The agent's poll, and the bare RCON exchanges it is made of.
const message =
  "Prove this account is yours: in Discord, type /link code:K7QX-29MD within 10 minutes, then join again.";
const pending: PendingEntry[] = online.slice(0, AWAITING).map((player) => ({
  whitelist: { id: "w", name: "survival" },
  entry: { nick: player.name, uuid: player.uuid, premium: true, proofDueAt: "2099-01-01T00:00:00.000Z" },
}));
const events: SyncEvent[] = [];
const gameConsole = openConsole({ kind: "rcon", ...target });
const poller = createProofPoller({
  console: gameConsole,
  proofCode: async () => ({ kind: "issued", code: "K7QX-29MD", expiresAt: Date.now() + 600_000, message }),
  pending: () => pending,
  report: (event) => events.push(event),
  clock: systemClock,
  everyMs: 5000,
  setTimer: () => () => {},
});
const pollMs = await timed(POLLS, () => poller.pollNow());
const asked = events.filter((event) => event.type === "proof-asked").length;
await gameConsole.close();
const bare = await openRcon(target);
const bareMs = await timed(POLLS, async () => {
  await bare.send("list uuids", { continues: (soFar) => soFar.length < listAnswer.length });
  for (const entry of pending) await bare.send(`kick ${entry.entry.uuid} ${message}`);
});
await bare.end();
rcon.stop();

// 2. The service's code for a player, and the bare write of a code.
const dir = mkdtempSync(join(tmpdir(), "wls-bench-first-join-"));
const clock = manualClock(Date.UTC(2026, 10, 22, 12));
const services = openServices({ path: join(dir, "bench.db"), clock, logger: silentLogger });
const wl = await services.whitelists.create({
  guildId: GUILD,
  name: "survival",
  channelId: "150000000000000002",
  nickType: "java",
  registrationMode: "command",
  proof: "first-join",
});
for (let i = 0; i < CODES + 5; i++) {
  await services.entries.add({
    whitelistId: wl.id,
    nick: `Player${i}`,
    uuid: uuidOf(i),
    premium: true,
    userId: "130000000000000003",
    addedBy: "130000000000000003",
    origin: "discord",
    proofDueAt: clock.now() + 86_400_000,
  });
}
const { plaintext: key } = await services.keys.create({
  guildId: GUILD,
  name: "mc",
  whitelistId: null,
  createdBy: "1",
});
const app = createApi({
  ...services,
  version: "bench",
  rateLimitPerMinute: 1_000_000_000,
  trustProxy: { kind: "off" },
  hub: createHub(services),
  health: createHealth({
    version: "bench",
    clock,
    gateway: () => "disabled",
    database: () => "ok",
    roleQueue: () => services.grants.queued(),
  }),
});
let next = 0;
const apiMs = await timed(CODES, async () => {
  const response = await app.handle(
    new Request(`http://localhost/api/v1/whitelists/${wl.id}/proof-codes`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ nick: `Player${next++}` }),
    }),
  );
  if (response.status !== 200) throw new Error(`proof-codes answered ${response.status}`);
  await response.arrayBuffer();
});
let account = 0;
const issueMs = await timed(CODES, () =>
  services.accounts.issue({ uuid: uuidOf(account++), name: "Someone" }, "java-login"),
);
closeDatabase(services.db);
rmSync(dir, { recursive: true, force: true });

const row = (what: string, ms: number[], baseline: number[]) => [
  what,
  fixed(median(ms), 3),
  fixed(1000 / median(ms), 0),
  fixed(median(baseline), 3),
  fixed(median(ms) / median(baseline), 2),
];
console.log(
  `first-join proof: ${PLAYERS} players online, ${AWAITING} awaiting proof (${asked / (POLLS + 5)} asked per poll); ` +
    `${POLLS} polls, ${CODES} codes\n`,
);
console.log(
  table([
    ["", "median ms", "per s", "baseline ms", "ratio"],
    row("agent poll (list uuids + kicks) vs bare RCON exchanges", pollMs, bareMs),
    row("POST …/proof-codes vs accounts.issue (the code's write)", apiMs, issueMs),
  ]),
);
