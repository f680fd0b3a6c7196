/**
 * Benchmark: how soon a game server hears of a change through its management API (`sync --management-url`),
 * against the file and RCON (`sync --out … --rcon …`), in the same run.
 *
 * What runs, in this one process, on 127.0.0.1: the real service (`loadConfig` + `startService` over a temp SQLite
 * file, `synchronous=FULL`) with one first-join whitelist of `--entries` players and a key; the sandbox's fake
 * management server (src/sandbox/management/, held to npm mc-server-management in its tests), its clock this
 * process's; a game server's RCON, npm rcon-server (nobody here wrote it), recording when each command arrives and
 * answering `list uuids` with the players "online"; and the agent (`startSyncAgent`), once in management mode and
 * once keeping a vanilla whitelist.json with `--rcon --kick-removed` (first-join proof by polling the player list
 * every `--poll` seconds, 5 by default as the agent's own default).
 *
 * What it measures, one change at a time (each once the last one has reached the game server):
 * - registration → allowlist: from just before a registration commits (`EntryService.add`, what `/register` ends
 *   with) until the player is on the server's allowlist: management, the fake has them (its `allowlist/add`
 *   answered); file, rcon-server has the `whitelist reload` after the file holding them was written;
 * - DELETE → kicked: the player online, from just before `DELETE /api/v1/whitelists/{id}/entries/{nick}` is sent
 *   until they are disconnected: management, the fake's kick; file, rcon-server has the `kick` that follows the
 *   reload (`--kick-removed`);
 * - join → code on screen: a player whose entry awaits proof joins; until they are disconnected with the code the
 *   service gave (`POST …/proof-codes` in both): management, the fake's kick on its `players/joined` notification;
 *   file, rcon-server has the `kick <uuid> <message>` of the poll that saw them. Each join comes at a random moment
 *   of the poll's period (as players do), so the file path's figure is about half a period plus the round trips;
 *   `--polled-joins` of them (each waits out most of a period).
 * The floor, in each run: the same registrations and DELETEs watched by a bare WebSocket client of
 * `GET /api/v1/ws` (commit → event in hand), which any agent starts from, in a process of its own
 * (bench/management/observer.ts), so nothing here delays what it sees; measured in each run, since the agent and the
 * fake run in this process, the service's, and their work in one run is not the other's.
 *
 * How to read it: p50 and max per figure; "÷ file+RCON" is the management figure ÷ the file path's p50 (below 1: the
 * management API is faster); "÷ floor" is the figure ÷ its own run's bare socket p50. Goals (issue 40): registration →
 * allowlist p50 < 10 ms, DELETE → kicked p50 < 15 ms, join → code p50 < 50 ms. On a shared 2-core machine the max
 * wanders with the neighbours: compare p50s and ratios, and rerun before reading much into one.
 *
 * Usage: bun bench/management.ts [--entries 200] [--changes 40] [--joins 40] [--polled-joins 8] [--poll 5]
 *        [--warmup 5]
 */

import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startFakeManagementServer } from "../src/sandbox/management/server.ts";
import { AGENT_DEFAULTS, type SyncEvent, type SyncOptions, startSyncAgent } from "../src/sync/index.ts";
import { DEFAULT_PROOF_POLL_SECONDS } from "../src/sync/proof-poll.ts";
import { startBenchService, startRcon, waiter } from "./game-kit.ts";
import { baseEnv, fixed, quantile, table } from "./lib.ts";

const { values: args } = parseArgs({
  options: {
    entries: { type: "string", default: "200" },
    changes: { type: "string", default: "40" },
    joins: { type: "string", default: "40" },
    "polled-joins": { type: "string", default: "8" },
    poll: { type: "string", default: String(DEFAULT_PROOF_POLL_SECONDS) },
    warmup: { type: "string", default: "5" },
  },
});
const ENTRIES = Number(args.entries);
const CHANGES = Number(args.changes);
const JOINS = Number(args.joins);
const POLLED_JOINS = Number(args["polled-joins"]);
const POLL_SECONDS = Number(args.poll);
const WARMUP = Number(args.warmup);
const GUILD = "100000000000000001";
const OWNER = "300000000000000001";
const PASSWORD = "bench-rcon";

/** The load before anything starts: the figures move with the neighbours on a shared machine. */
const loadBefore = loadavg()
  .map((load) => fixed(load, 2))
  .join(" ");
/** The processes this bench started, killed at its end. */
const children: Bun.Subprocess[] = [];
const dir = mkdtempSync(join(tmpdir(), "wls-bench-management-"));
const now = () => performance.now();

let serial = 0;
/** A new premium player: a nick and the UUID Mojang would give it. */
const newPlayer = () => {
  const i = ++serial;
  return { name: `bench_${i}`, id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, "0")}` };
};

const service = await startBenchService(dir);
const { services } = service;
const heard = waiter();

// The management API: the sandbox's fake, on this process's clock (its kicks carry the moment they happened).
const fake = startFakeManagementServer({ now });

// The game server's RCON: each command with the time it arrived; `list uuids` answers who is "online".
const online = new Map<string, string>();
const rcon = await startRcon({
  password: PASSWORD,
  now,
  heard,
  answer(command) {
    if (command === "list uuids") {
      const players = [...online].map(([id, name]) => `${name} (${id})`);
      return `There are ${players.length} of a max of 100 players online: ${players.join(", ")}`;
    }
    if (command.startsWith("kick ")) {
      const target = command.split(" ")[1] as string;
      const name = online.get(target) ?? [...online.values()].find((n) => n === target);
      return name ? `Kicked ${name}: …` : "No player was found";
    }
    return "";
  },
});
const { commands, port: rconPort } = rcon;

try {
  const whitelist = await services.whitelists.create({
    guildId: GUILD,
    name: "survival",
    channelId: "100000000000000002",
    nickType: "java",
    registrationMode: "command",
    proof: "first-join",
  });
  /** The owner's entry of a premium player, as `origin` stores it. */
  const entryOf = (player: { name: string; id: string }, origin: "discord" | "staff") => ({
    whitelistId: whitelist.id,
    nick: player.name,
    uuid: player.id,
    premium: true,
    userId: OWNER,
    addedBy: OWNER,
    origin,
  });
  const register = (player: { name: string; id: string }, awaitingProof: boolean) =>
    services.entries.add({
      ...entryOf(player, "discord"),
      ...(awaitingProof ? { proofDueAt: Date.now() + 86_400_000 } : {}),
    });
  const seeded = Array.from({ length: ENTRIES }, newPlayer);
  for (const player of seeded) fake.knows(player);
  await services.entries.addMany(seeded.map((player) => entryOf(player, "staff")));
  const key = (
    await services.keys.create({ guildId: GUILD, name: "bench", whitelistId: null, createdBy: "x" })
  ).plaintext;
  const remove = async (nick: string) => {
    const response = await fetch(`${service.url}/api/v1/whitelists/${whitelist.id}/entries/${nick}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${key}` },
    });
    if (response.status !== 200) throw new Error(`DELETE answered ${response.status}`);
  };

  // The floor: a bare subscriber of the event socket, in a process of its own (bench/management/observer.ts).
  const events = new Map<string, number>();
  const observer = Bun.spawn(
    [
      process.execPath,
      new URL("./management/observer.ts", import.meta.url).pathname,
      `${service.url.replace(/^http/, "ws")}/api/v1/ws`,
      key,
    ],
    { stdout: "pipe", stderr: "inherit", env: baseEnv() },
  );
  children.push(observer);
  let ready = false;
  void (async () => {
    let buffered = "";
    for await (const chunk of observer.stdout.pipeThrough(new TextDecoderStream())) {
      buffered += chunk;
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        if (line === "ready") ready = true;
        const [type, nick, at] = line.split(" ");
        // Its clock and this one's, on the wall clock both share.
        if (at !== undefined) events.set(`${type} ${nick}`, Number(at) - performance.timeOrigin);
      }
      heard.wake();
    }
  })();
  await heard.until(() => ready);

  const base: Omit<SyncOptions, "out"> = {
    ...AGENT_DEFAULTS,
    apiUrl: `${service.url}/api/v1`,
    key,
    whitelists: ["survival"],
    format: "vanilla",
  };
  /** Starts an agent; resolves once it has started (and, for the file, run its first reload). */
  async function agentOf(options: SyncOptions) {
    let started = false;
    const before = commands.length;
    const reported: SyncEvent[] = [];
    const agent = startSyncAgent(options, {
      report: (event: SyncEvent) => {
        reported.push(event);
        if (event.type === "started") started = true;
        heard.wake();
      },
    });
    void agent.done.catch((error: Error) => {
      console.error(`the agent stopped: ${error.message}`);
      process.exit(1);
    });
    await heard.until(() => started && (options.console === null || commands.length > before));
    return { agent, reported };
  }
  const figures = () => ({ add: [] as number[], kicked: [] as number[], code: [] as number[] });
  const floors = () => ({ add: [] as number[], delete: [] as number[] });
  /** A registration's or a DELETE's event on the bare socket, since `from`. */
  const heardAt = (type: string, nick: string, from: number) =>
    (events.get(`${type} ${nick}`) as number) - from;

  // Management mode.
  const managed = figures();
  const managedFloor = floors();
  {
    mkdirSync(join(dir, "managed"), { recursive: true });
    const { agent } = await agentOf({
      ...base,
      out: join(dir, "managed", "agent"),
      management: { url: fake.url, secret: fake.secret, ca: null, fingerprint: null, banSync: false },
    });
    const listed = (id: string) => fake.allowlist().some((p) => p.id === id);
    await fake.until(() => fake.allowlist().length === ENTRIES);
    for (let i = 0; i < WARMUP + CHANGES; i++) {
      const measured = i >= WARMUP;
      const player = newPlayer();
      fake.knows(player);
      let at = 0;
      const started = now();
      await register(player, false);
      await fake.until(() => {
        if (!listed(player.id)) return false;
        at ||= now();
        return true;
      });
      await heard.until(() => events.has(`entry.added ${player.name}`));
      if (measured) {
        managed.add.push(at - started);
        managedFloor.add.push(heardAt("entry.added", player.name, started));
      }
      if (fake.join(player) !== null) throw new Error(`${player.name} could not join`);
      const from = fake.kicks().length;
      const sent = now();
      await remove(player.name);
      const kick = await fake.kicked((k) => k.player.id === player.id, from);
      await heard.until(() => events.has(`entry.removed ${player.name}`));
      if (measured) {
        managed.kicked.push(kick.at - sent);
        managedFloor.delete.push(heardAt("entry.removed", player.name, sent));
      }
    }
    for (let i = 0; i < WARMUP + JOINS; i++) {
      const player = newPlayer();
      fake.knows(player);
      await register(player, true);
      await fake.until(() => listed(player.id));
      const from = fake.kicks().length;
      const joined = now();
      if (fake.join(player) !== null) throw new Error(`${player.name} could not join`);
      const kick = await fake.kicked((k) => k.player.id === player.id, from);
      if (!kick.message.includes("/link")) throw new Error(`${player.name} read "${kick.message}"`);
      if (i >= WARMUP) managed.code.push(kick.at - joined);
    }
    await agent.stop();
  }

  // The file and RCON.
  const filed = figures();
  const filedFloor = floors();
  {
    mkdirSync(join(dir, "file"), { recursive: true });
    const { agent, reported } = await agentOf({
      ...base,
      out: join(dir, "file", "whitelist.json"),
      console: { kind: "rcon", host: "127.0.0.1", port: rconPort, password: PASSWORD },
      reloadCommand: "whitelist reload",
      kickRemoved: true,
      proofPollMs: POLL_SECONDS * 1000,
    });
    const added = (nick: string) => reported.some((e) => e.type === "added" && e.nick === nick);
    for (let i = 0; i < WARMUP + CHANGES; i++) {
      const measured = i >= WARMUP;
      const player = newPlayer();
      let from = commands.length;
      const started = now();
      await register(player, false);
      await heard.until(
        () => added(player.name) && commands.slice(from).some((c) => c.body === "whitelist reload"),
      );
      await heard.until(() => events.has(`entry.added ${player.name}`));
      const reload = commands.slice(from).find((c) => c.body === "whitelist reload") as { at: number };
      if (measured) {
        filed.add.push(reload.at - started);
        filedFloor.add.push(heardAt("entry.added", player.name, started));
      }
      online.set(player.id, player.name);
      from = commands.length;
      const sent = now();
      await remove(player.name);
      await heard.until(() => commands.slice(from).some((c) => c.body === `kick ${player.name}`));
      await heard.until(() => events.has(`entry.removed ${player.name}`));
      online.delete(player.id);
      const kick = commands.slice(from).find((c) => c.body === `kick ${player.name}`) as { at: number };
      if (measured) {
        filed.kicked.push(kick.at - sent);
        filedFloor.delete.push(heardAt("entry.removed", player.name, sent));
      }
    }
    for (let i = 0; i < POLLED_JOINS; i++) {
      const player = newPlayer();
      const from = commands.length;
      await register(player, true);
      await heard.until(
        () => added(player.name) && commands.slice(from).some((c) => c.body === "whitelist reload"),
      );
      // A player joins when they do, not just after a poll.
      await Bun.sleep(Math.random() * POLL_SECONDS * 1000);
      const kicking = commands.length;
      const joined = now();
      online.set(player.id, player.name);
      await heard.until(() => commands.slice(kicking).some((c) => c.body.startsWith(`kick ${player.id} `)));
      online.delete(player.id);
      const kick = commands.slice(kicking).find((c) => c.body.startsWith(`kick ${player.id} `)) as {
        body: string;
        at: number;
      };
      if (!kick.body.includes("/link")) throw new Error(`${player.name} read "${kick.body}"`);
      filed.code.push(kick.at - joined);
    }
    await agent.stop();
  }

  const p50 = (values: number[]) => quantile(values, 0.5);
  const max = (values: number[]) => quantile(values, 1);
  const row = (label: string, values: number[], against?: number[], floorOf?: number[], goal?: number) => [
    label,
    fixed(p50(values)),
    fixed(max(values)),
    against ? `${fixed(p50(values) / p50(against), 3)}×` : "",
    floorOf ? `${fixed(p50(values) / p50(floorOf), 2)}×` : "",
    goal === undefined ? "" : `< ${goal}: ${p50(values) < goal ? "met" : "MISSED"}`,
  ];
  console.log(
    `whitelist-sync sync → a game server: management API (the sandbox's fake) against whitelist.json + RCON ` +
      `(rcon-server): ${ENTRIES} entries; ${CHANGES} registrations and DELETEs, ${JOINS} joins (management) and ` +
      `${POLLED_JOINS} (file, --proof-poll ${POLL_SECONDS}); ${WARMUP} warm-up each; one at a time; ` +
      `${availableParallelism()} cores, load average ${loadBefore} before starting, ${loadavg()
        .map((load) => fixed(load, 2))
        .join(" ")} at the end\n`,
  );
  console.log(
    table([
      ["", "p50 ms", "max ms", "÷ file+RCON p50", "÷ floor p50", "goal (p50 ms)"],
      [
        "management run's floor: registration → event",
        fixed(p50(managedFloor.add)),
        fixed(max(managedFloor.add)),
      ],
      [
        "management run's floor: DELETE → event",
        fixed(p50(managedFloor.delete)),
        fixed(max(managedFloor.delete)),
      ],
      row("management: registration → allowlist", managed.add, filed.add, managedFloor.add, 10),
      row("management: DELETE → kicked", managed.kicked, filed.kicked, managedFloor.delete, 15),
      row("management: join → code on screen", managed.code, filed.code, undefined, 50),
      ["file run's floor: registration → event", fixed(p50(filedFloor.add)), fixed(max(filedFloor.add))],
      ["file run's floor: DELETE → event", fixed(p50(filedFloor.delete)), fixed(max(filedFloor.delete))],
      row("file+RCON: registration → reload", filed.add, undefined, filedFloor.add),
      row("file+RCON: DELETE → kick", filed.kicked, undefined, filedFloor.delete),
      row(`file+RCON: join → code (poll ${POLL_SECONDS} s)`, filed.code),
    ]),
  );
} finally {
  for (const child of children) child.kill();
  await rcon.close();
  await fake.stop();
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
}
