/**
 * Benchmark: how soon a game server hears of a change, through the `sync` agent.
 *
 * What runs, in this one process, on 127.0.0.1: the real service (`loadConfig` + `startService` over a temp
 * SQLite file, `synchronous=FULL`), seeded with one whitelist of `--entries` nicks and a key; a game server's
 * RCON, npm rcon-server (nobody here wrote it), recording when each command arrives; and the agent
 * (`startSyncAgent`) keeping a vanilla whitelist.json with `--rcon`, once without commands and once with
 * `--on-add 'lp user {name} parent add member'` and `--on-remove 'lp user {name} parent remove member'`.
 *
 * What it measures, `--changes` times per run, one change at a time (each once the last one has reached the
 * game server), all in this process's clock:
 * - registration → file: from just before a registration commits (`EntryService.add`, what `/register` ends
 *   with) until the agent has written the file holding the nick (its `added` report comes after the write);
 * - registration → command: the same, until rcon-server has the `--on-add` command;
 * - DELETE → reload: from just before `DELETE /api/v1/whitelists/{id}/entries/{nick}` is sent until rcon-server
 *   has the `whitelist reload` that follows it.
 * The baseline, measured in the same run: the same registrations and DELETEs watched by a bare WebSocket client
 * of `GET /api/v1/ws`, the floor any agent starts from (commit → event in hand).
 *
 * How to read it: p50 and max per figure; "ratio" is the figure ÷ the baseline's p50 (what the agent adds on top
 * of hearing the event: the file's fsync, the rename, the RCON round), and the with-commands run against the
 * run without (what the commands add). On a shared 2-core machine the max wanders with the neighbours: compare
 * p50s and ratios, and rerun before reading much into one.
 *
 * Usage: bun bench/game.ts [--entries 200] [--changes 40] [--warmup 5]
 */

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { AGENT_DEFAULTS, type SyncEvent, type SyncOptions, startSyncAgent } from "../src/sync/index.ts";
import { startBenchService, startRcon, waiter } from "./game-kit.ts";
import { fixed, quantile, table } from "./lib.ts";

const { values: args } = parseArgs({
  options: {
    entries: { type: "string", default: "200" },
    changes: { type: "string", default: "40" },
    warmup: { type: "string", default: "5" },
  },
});
const ENTRIES = Number(args.entries);
const CHANGES = Number(args.changes);
const WARMUP = Number(args.warmup);
const GUILD = "100000000000000001";
const PASSWORD = "bench-rcon";

const dir = mkdtempSync(join(tmpdir(), "wls-bench-game-"));
const now = () => performance.now();

const service = await startBenchService(dir);
const { services } = service;

// The game server's RCON: each command with the time it arrived.
const heard = waiter();
const rcon = await startRcon({ password: PASSWORD, now, heard, answer: () => "ok" });
const { commands, port: rconPort } = rcon;

try {
  const whitelist = await services.whitelists.create({
    guildId: GUILD,
    name: "survival",
    channelId: "100000000000000002",
    nickType: "offline",
    registrationMode: "command",
  });
  const seeded = Array.from({ length: ENTRIES }, (_, i) => ({
    whitelistId: whitelist.id,
    nick: `player_${i}`,
    uuid: null,
    premium: false,
    userId: "300000000000000001",
    addedBy: "300000000000000001",
    origin: "staff" as const,
  }));
  await services.entries.addMany(seeded);
  const key = (
    await services.keys.create({ guildId: GUILD, name: "bench", whitelistId: null, createdBy: "x" })
  ).plaintext;

  // The baseline: a bare subscriber of the event socket.
  const events = new Map<string, number>();
  const socket = new WebSocket(`${service.url.replace(/^http/, "ws")}/api/v1/ws`, {
    headers: { authorization: `Bearer ${key}` },
  });
  socket.onmessage = (message) => {
    const event = JSON.parse(String(message.data)) as { type: string; entry?: { nick: string } };
    if (event.entry) events.set(`${event.type} ${event.entry.nick}`, now());
    heard.wake();
  };
  await new Promise((resolve) => {
    socket.onopen = resolve;
  });

  let serial = 0;
  /** One run: the agent with or without commands; registrations and DELETEs, one at a time. */
  async function run(withCommands: boolean) {
    const out = join(dir, withCommands ? "with" : "without", "whitelist.json");
    await Bun.write(join(dir, withCommands ? "with" : "without", ".keep"), "");
    const options: SyncOptions = {
      ...AGENT_DEFAULTS,
      apiUrl: `${service.url}/api/v1`,
      key,
      whitelists: ["survival"],
      format: "vanilla",
      out,
      console: { kind: "rcon", host: "127.0.0.1", port: rconPort, password: PASSWORD },
      reloadCommand: "whitelist reload",
      onAdd: withCommands ? "lp user {name} parent add member" : null,
      onRemove: withCommands ? "lp user {name} parent remove member" : null,
    };
    const added = new Map<string, number>();
    let started = false;
    const before = commands.length;
    const agent = startSyncAgent(options, {
      report: (event: SyncEvent) => {
        if (event.type === "added") added.set(event.nick, now());
        if (event.type === "started") started = true;
        heard.wake();
      },
    });
    // Started: the file written and the first reload run.
    await heard.until(() => started && commands.length > before);
    if (!readFileSync(out, "utf8").includes("player_0")) throw new Error("the agent wrote no list");
    const figures = { file: [] as number[], command: [] as number[], reload: [] as number[] };
    const floor = { add: [] as number[], delete: [] as number[] };
    for (let i = 0; i < WARMUP + CHANGES; i++) {
      const nick = `bench_${++serial}`;
      const measured = i >= WARMUP;
      // A registration's commit, then the file (and the command).
      const from = commands.length;
      const started = now();
      await services.entries.add({ ...(seeded[0] as (typeof seeded)[number]), nick });
      await heard.until(
        () =>
          added.has(nick) &&
          events.has(`entry.added ${nick}`) &&
          commands.slice(from).some((c) => c.body === "whitelist reload") &&
          (!withCommands || commands.slice(from).some((c) => c.body.includes(nick))),
      );
      if (measured) {
        figures.file.push((added.get(nick) as number) - started);
        floor.add.push((events.get(`entry.added ${nick}`) as number) - started);
        if (withCommands) {
          const command = commands.slice(from).find((c) => c.body.includes(nick)) as { at: number };
          figures.command.push(command.at - started);
        }
      }
      // A DELETE through the API, then the reload.
      const deleting = commands.length;
      const sent = now();
      const response = await fetch(`${service.url}/api/v1/whitelists/${whitelist.id}/entries/${nick}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${key}` },
      });
      if (response.status !== 200) throw new Error(`DELETE answered ${response.status}`);
      await heard.until(
        () =>
          events.has(`entry.removed ${nick}`) &&
          commands.slice(deleting).some((c) => c.body === "whitelist reload") &&
          (!withCommands || commands.slice(deleting).some((c) => c.body.includes(nick))),
      );
      if (measured) {
        const reload = commands.slice(deleting).find((c) => c.body === "whitelist reload") as { at: number };
        figures.reload.push(reload.at - sent);
        floor.delete.push((events.get(`entry.removed ${nick}`) as number) - sent);
      }
    }
    await agent.stop();
    return { figures, floor };
  }

  const without = await run(false);
  const withCommands = await run(true);

  const p50 = (values: number[]) => quantile(values, 0.5);
  const max = (values: number[]) => quantile(values, 1);
  const row = (label: string, values: number[], baseline: number[], against?: number[]) => [
    label,
    fixed(p50(values)),
    fixed(max(values)),
    `${fixed(p50(values) / p50(baseline), 2)}×`,
    against ? `${fixed(p50(values) / p50(against), 2)}×` : "",
  ];
  const addFloor = [...without.floor.add, ...withCommands.floor.add];
  const deleteFloor = [...without.floor.delete, ...withCommands.floor.delete];
  console.log(
    `whitelist-sync sync → a game server (vanilla whitelist.json, RCON by rcon-server): ${ENTRIES} entries, ` +
      `${CHANGES} changes of each kind per run (${WARMUP} warm-up), one at a time\n`,
  );
  console.log(
    table([
      ["", "p50 ms", "max ms", "÷ baseline p50", "÷ without commands"],
      [
        "baseline: registration → event on a bare socket",
        fixed(p50(addFloor)),
        fixed(max(addFloor)),
        "1.00×",
        "",
      ],
      [
        "baseline: DELETE → event on a bare socket",
        fixed(p50(deleteFloor)),
        fixed(max(deleteFloor)),
        "1.00×",
        "",
      ],
      row("registration → file", without.figures.file, addFloor),
      row("DELETE → reload", without.figures.reload, deleteFloor),
      row("with --on-add: registration → file", withCommands.figures.file, addFloor, without.figures.file),
      row("with --on-add: registration → command", withCommands.figures.command, addFloor),
      row(
        "with --on-remove: DELETE → reload",
        withCommands.figures.reload,
        deleteFloor,
        without.figures.reload,
      ),
    ]),
  );
  socket.close();
} finally {
  await rcon.close();
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
}
