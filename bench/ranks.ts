/**
 * Benchmark: ranks that follow Discord roles, from the member's roles to the game server's group commands.
 *
 * What runs, in this one process, on 127.0.0.1: the real service (`loadConfig` + `startService` over a temp SQLite
 * file), one whitelist mapping the role VIP to the group `vip`, a game server's RCON (npm rcon-server, recording when
 * each command arrives), and the agent (`startSyncAgent`) with `--groups luckperms`. A role change enters where the
 * bot hands it to the service on a member update (`EntryGroups.memberRoles`): the Discord gateway's own hop is not
 * in these figures.
 *
 * What it measures, in one run:
 * - role granted → `lp user … parent add vip` on RCON, one member at a time (`--changes`), against the baseline of the
 *   same changes seen as `entry.groups` by a bare WebSocket client (commit → event in hand). Goal: p50 < 100 ms.
 * - 300 members gaining the role at once: the time until all 300 commands arrived, and the most commands in any one
 *   second against `--group-rate`. Goal: all within 10 s, never above the rate.
 * - the agent restarted after 1,000 role changes while it was down: how many group commands it runs (the net
 *   changes) against the changes made, and that a second restart runs none. Goal: only the net changes, each once.
 *
 * Usage: bun bench/ranks.ts [--changes 40] [--warmup 5] [--burst 300] [--rate 50] [--offline 1000]
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_GROUP_RATE } from "../src/sync/group-commands.ts";
import { AGENT_DEFAULTS, type SyncEvent, type SyncOptions, startSyncAgent } from "../src/sync/index.ts";
import { startBenchService, startRcon, waiter } from "./game-kit.ts";
import { fixed, quantile, table } from "./lib.ts";

const { values: args } = parseArgs({
  options: {
    changes: { type: "string", default: "40" },
    warmup: { type: "string", default: "5" },
    burst: { type: "string", default: "300" },
    rate: { type: "string", default: String(DEFAULT_GROUP_RATE) },
    offline: { type: "string", default: "1000" },
  },
});
const CHANGES = Number(args.changes);
const WARMUP = Number(args.warmup);
const BURST = Number(args.burst);
const RATE = Number(args.rate);
const OFFLINE = Number(args.offline);
const GUILD = "100000000000000001";
const VIP = "200000000000000011";
const PASSWORD = "bench-rcon";

const dir = mkdtempSync(join(tmpdir(), "wls-bench-ranks-"));
const now = () => performance.now();

const service = await startBenchService(dir);
const { services } = service;

const heard = waiter();
const rcon = await startRcon({ password: PASSWORD, now, heard, answer: () => "ok" });
const { commands, port: rconPort } = rcon;

const member = (i: number) => String(300000000000000000n + BigInt(i));
const roles = (i: number, roleIds: string[]) =>
  services.entries.groups.memberRoles({ guildId: GUILD, userId: member(i), roleIds });

try {
  const whitelist = await services.whitelists.create({
    guildId: GUILD,
    name: "survival",
    channelId: "100000000000000002",
    nickType: "offline",
    registrationMode: "command",
  });
  // One nick per member: 1 … BURST for the burst, BURST+1 for one at a time and the restart.
  const SOLO = BURST + 1;
  await services.entries.addMany(
    Array.from({ length: SOLO }, (_, n) => ({
      whitelistId: whitelist.id,
      nick: `player_${n + 1}`,
      uuid: null,
      premium: false,
      userId: member(n + 1),
      addedBy: member(n + 1),
      origin: "staff" as const,
    })),
  );
  await services.ranks.map({
    whitelistId: whitelist.id,
    guildId: GUILD,
    roleId: VIP,
    group: "vip",
    actorId: "x",
  });
  const key = (
    await services.keys.create({ guildId: GUILD, name: "bench", whitelistId: null, createdBy: "x" })
  ).plaintext;

  // The baseline: a bare subscriber of the event socket.
  const events = new Map<string, number>();
  const socket = new WebSocket(`${service.url.replace(/^http/, "ws")}/api/v1/ws`, {
    headers: { authorization: `Bearer ${key}` },
  });
  socket.onmessage = (message) => {
    const event = JSON.parse(String(message.data)) as { id: string; type: string };
    if (event.type === "entry.groups") events.set(event.id, now());
    heard.wake();
  };
  await new Promise((resolve) => {
    socket.onopen = resolve;
  });

  const options: SyncOptions = {
    ...AGENT_DEFAULTS,
    apiUrl: `${service.url}/api/v1`,
    key,
    whitelists: ["survival"],
    format: "vanilla",
    out: join(dir, "whitelist.json"),
    console: { kind: "rcon", host: "127.0.0.1", port: rconPort, password: PASSWORD },
    reloadCommand: "whitelist reload",
    groups: {
      onAdd: "lp user {uuid} parent add {group}",
      onRemove: "lp user {uuid} parent remove {group}",
      ratePerSecond: RATE,
    },
  };
  /** An agent until stopped, with `started` once its file is written. */
  const agentOf = () => {
    let started = false;
    const agent = startSyncAgent(options, {
      report: (event: SyncEvent) => {
        if (event.type === "started") started = true;
        heard.wake();
      },
    });
    return { agent, started: () => heard.until(() => started) };
  };
  const groupCommands = (from: number) => commands.slice(from).filter((c) => c.body.startsWith("lp "));
  const latestEvent = async () =>
    (await services.events.listAfter(0, { guildId: GUILD, whitelistId: null }, 100_000)).at(-1)?.id ?? "0";

  // 1. One member at a time: role granted → command, and the baseline.
  let agent = agentOf();
  await agent.started();
  const single: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < WARMUP + CHANGES; i++) {
    const grant = i % 2 === 0;
    // The solo member's role, on and off: each change one command.
    const from = commands.length;
    const started = now();
    const [changed] = await roles(SOLO, grant ? [VIP] : []);
    if (!changed) throw new Error("the role change changed no group");
    const id = await latestEvent();
    const verb = grant ? "parent add vip" : "parent remove vip";
    await heard.until(() => events.has(id) && groupCommands(from).some((c) => c.body.endsWith(verb)));
    if (i >= WARMUP) {
      single.push((groupCommands(from).find((c) => c.body.endsWith(verb)) as { at: number }).at - started);
      floor.push((events.get(id) as number) - started);
    }
  }

  // 2. BURST members gain the role at once.
  const burstFrom = commands.length;
  const burstStart = now();
  await Promise.all(Array.from({ length: BURST }, (_, n) => roles(n + 1, [VIP])));
  const committed = now() - burstStart;
  await heard.until(() => groupCommands(burstFrom).length >= BURST);
  const burst = groupCommands(burstFrom);
  const allIn = (burst.at(-1) as { at: number }).at - burstStart;
  let busiest = 0;
  for (let i = 0, j = 0; i < burst.length; i++) {
    while ((burst[i] as { at: number }).at - (burst[j] as { at: number }).at >= 1000) j++;
    busiest = Math.max(busiest, i - j + 1);
  }
  await agent.agent.stop();

  // 3. OFFLINE role changes while the agent is down: 10 of the burst's members (who hold vip) lose and regain the
  // role in turn, the last round taking it away; then two restarts.
  const toggled = 10;
  const eventsBefore = Number(await latestEvent());
  for (let i = 0; i < OFFLINE; i++) {
    const round = Math.floor(i / toggled) + 1;
    const last = Math.floor((OFFLINE - 1) / toggled) + 1;
    await roles((i % toggled) + 1, round % 2 === 1 || round === last ? [] : [VIP]);
  }
  const offlineChanges = Number(await latestEvent()) - eventsBefore;
  const restartFrom = commands.length;
  agent = agentOf();
  await agent.started();
  // The net changes: the toggled members end without vip, which the agent had given them.
  const expectedNet = toggled;
  await heard.until(() => groupCommands(restartFrom).length >= expectedNet);
  // Give anything more a chance to show: a marker change after them must arrive after any extra command.
  const markerFrom = commands.length;
  await roles(BURST, []);
  await heard.until(() => groupCommands(markerFrom).some((c) => c.body.endsWith("parent remove vip")));
  await agent.agent.stop();
  const restartRan = groupCommands(restartFrom).length - 1;
  const secondFrom = commands.length;
  agent = agentOf();
  await agent.started();
  const marker2From = commands.length;
  await roles(BURST, [VIP]);
  await heard.until(() => groupCommands(marker2From).some((c) => c.body.endsWith("parent add vip")));
  await agent.agent.stop();
  const secondRan = groupCommands(secondFrom).length - 1;

  const p50 = (values: number[]) => quantile(values, 0.5);
  console.log(
    `Ranks: a member's roles (as the bot reports them) → LuckPerms' commands over RCON (rcon-server), ${CHANGES} ` +
      `changes one at a time (${WARMUP} warm-up), a burst of ${BURST}, --group-rate ${RATE}\n`,
  );
  console.log(
    table([
      ["", "p50 ms", "max ms", "÷ baseline p50", "goal"],
      [
        "baseline: role change → entry.groups on a bare socket",
        fixed(p50(floor)),
        fixed(quantile(floor, 1)),
        "1.00×",
        "",
      ],
      [
        "role change → group command on the game server",
        fixed(p50(single)),
        fixed(quantile(single, 1)),
        `${fixed(p50(single) / p50(floor), 2)}×`,
        `p50 < 100 ms: ${p50(single) < 100 ? "met" : "missed"}`,
      ],
    ]),
  );
  console.log(
    `\n${BURST} members gain the role at once: committed in ${fixed(committed)} ms, all ${burst.length} commands in ` +
      `${fixed(allIn)} ms (goal 10,000: ${allIn <= 10_000 ? "met" : "missed"}); at most ${busiest} in any second ` +
      `(rate ${RATE}: ${busiest <= RATE ? "never above" : "ABOVE"}); ${fixed(allIn / ((BURST / RATE) * 1000), 2)}× ` +
      `the time the rate alone sets`,
  );
  console.log(
    `Restarted after ${OFFLINE} role changes while down (${offlineChanges} changed groups, each an entry.groups): ` +
      `${restartRan} group commands ran (net changes: ${expectedNet}; ${fixed(restartRan / offlineChanges, 3)}× the ` +
      `changes); a second restart ran ${secondRan}`,
  );
} finally {
  await rcon.close();
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
}
