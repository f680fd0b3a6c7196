/**
 * Benchmark: one noisy member and the others (issue 36 §3). What a quiet member waits for on Discord while another
 * member floods the same buckets, against what they wait for alone, measured in the same run:
 *
 * - reactions: the quiet member posts their nick in a `message`-mode channel and waits for the ✅, alone, then
 *   right after the noisy member posted `--messages` (60) invalid nicks there (each refusal past the reply cool-down
 *   is a ❌, and reactions share one bucket per channel);
 * - roles: the quiet member runs `/register` on a `command`-mode whitelist that grants a role and waits for the role,
 *   alone, then while the noisy member cycles `/register` and `/unregister` there as fast as the bot answers (each a
 *   role grant or revert, and a guild's role changes share one bucket).
 *
 * What runs, all on 127.0.0.1 (port 0): the sandbox Discord in this process, under Discord's rate limits as the
 * sandbox applies them (docs/decisions.md, The sandbox's rate limits), and the service (`bun src/main.ts serve`, or
 * `--binary`) in a process of its own on a temp database, its bot on the sandbox. Each wait runs from the control
 * call that made the member act to the moment the sandbox answered the bot's ✅ or role `PUT` (its `observe`
 * option, timed as the answer leaves), so no figure includes this process's polling. Each of `--rounds` rounds
 * takes a fresh quiet member, and starts once every window the last one touched has passed and the bot is quiet.
 *
 * Printed: per round and kind, alone and behind the noisy member, and the median of each with its ratio (behind ÷
 * alone: what one member costs another; 1.0× is not being delayed at all). The machine's load is printed first: run
 * it idle and beside `stress-ng --cpu 2` to see what a busy host adds.
 *
 * Usage: bun bench/noisy-member.ts [--rounds 3] [--messages 60] [--cycles-before 5] [--binary dist/whitelist-sync]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Subprocess } from "bun";
import { type SandboxDiscord, type SandboxSeed, startSandboxDiscord } from "../src/sandbox/discord/index.ts";
import { baseEnv, fixed, median, table, withTimeout } from "./lib.ts";

const ROOT = resolve(import.meta.dir, "..");
const TOKEN = "noisy-member-bench-token";
/** The longest window a round touches: the bot's reply cool-down (10 s) and the guild's role bucket (10 s). */
const WINDOW_MS = 11_000;
/** A wait longer than this is counted as never answered. */
const WAIT_LIMIT_MS = 180_000;

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    messages: { type: "string", default: "60" },
    "cycles-before": { type: "string", default: "5" },
    binary: { type: "string" },
  },
});
const ROUNDS = Number(values.rounds);
const MESSAGES = Number(values.messages);
const CYCLES_BEFORE = Number(values["cycles-before"]);
if (!(ROUNDS >= 1 && MESSAGES >= 1 && CYCLES_BEFORE >= 0)) throw new Error("--rounds, --messages: 1 or more");

const IDS = {
  guild: "1400000000000000000",
  bot: "1400000000000000001",
  owner: "1400000000000000002",
  noisy: "1400000000000000003",
  botRole: "1400000000000000010",
  granted: "1400000000000000011",
  chat: "1400000000000000020",
  commands: "1400000000000000021",
  log: "1400000000000000022",
} as const;
const quiet = (index: number) => (1_410_000_000_000_000_000n + BigInt(index)).toString();

const seed: SandboxSeed = {
  guild: { id: IDS.guild, name: "Noisy member", ownerId: IDS.owner },
  bot: { id: IDS.bot, username: "whitelist-sync" },
  roles: [
    { id: IDS.granted, name: "Whitelisted" },
    { id: IDS.botRole, name: "whitelist-sync", permissions: String(1n << 28n) },
  ],
  channels: [
    { id: IDS.chat, name: "register-by-message" },
    { id: IDS.commands, name: "register" },
    { id: IDS.log, name: "whitelist-log" },
  ],
  members: [
    { id: IDS.bot, username: "whitelist-sync", roleIds: [IDS.botRole] },
    { id: IDS.owner, username: "owner", roleIds: [] },
    { id: IDS.noisy, username: "noisy", roleIds: [] },
    ...Array.from({ length: 4 * ROUNDS }, (_, index) => ({
      id: quiet(index),
      username: `quiet${index}`,
      roleIds: [],
    })),
  ],
};

/** When the sandbox answered the bot's ✅ on a message, and its role grant to a member (performance.now()). */
const reacted = new Map<string, number>();
const granted = new Map<string, number>();
/** When the bot last made a reaction or a role change: the bot is quiet once this is a window ago. */
let lastWork = 0;

let sandbox: SandboxDiscord | undefined;
let service: Subprocess | undefined;
const scratch = mkdtempSync(join(tmpdir(), "wls-noisy-"));

async function cleanUp(): Promise<void> {
  if (service && service.exitCode === null) {
    service.kill("SIGTERM");
    if (!(await Promise.race([service.exited.then(() => true), Bun.sleep(5_000).then(() => false)]))) {
      service.kill("SIGKILL");
    }
  }
  await sandbox?.stop();
  rmSync(scratch, { recursive: true, force: true });
}

/** A control API call; its JSON answer, or an error naming the call. */
async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${(sandbox as SandboxDiscord).url}/_sandbox${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /_sandbox${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** A slash command as `userId` in `channelId`; the text of the bot's answer. */
async function command(userId: string, channelId: string, name: string, options: Record<string, unknown>) {
  const { subcommand, ...rest } = options;
  const answer = await control<{ content?: string }>("POST", "/interactions", {
    userId,
    channelId,
    command: name,
    ...(subcommand ? { subcommand } : {}),
    options: rest,
  });
  return answer.content ?? "";
}

/** Resolves with the moment `seen` gives, polled; rejects after WAIT_LIMIT_MS. */
async function moment(seen: () => number | undefined, what: string): Promise<number> {
  return withTimeout(
    (async () => {
      for (;;) {
        const at = seen();
        if (at !== undefined) return at;
        await Bun.sleep(10);
      }
    })(),
    WAIT_LIMIT_MS,
    `${what}: not within ${WAIT_LIMIT_MS / 1000} s`,
  );
}

/** Waits until the bot has made no reaction or role change for a window, and at least a window has passed. */
async function settle(): Promise<void> {
  const from = performance.now();
  while (performance.now() - Math.max(lastWork, from) < WINDOW_MS) await Bun.sleep(200);
}

/** The quiet member posts a nick in the message-mode channel: ms until the sandbox answered the bot's ✅. */
async function reactionWait(userId: string, nick: string): Promise<number> {
  const start = performance.now();
  const { id } = await control<{ id: string }>("POST", "/messages", {
    userId,
    channelId: IDS.chat,
    content: nick,
  });
  return (await moment(() => reacted.get(id), `the ✅ on ${nick}`)) - start;
}

/** The quiet member runs /register: ms until the sandbox answered the bot's grant of their role. */
async function roleWait(userId: string, nick: string): Promise<number> {
  const start = performance.now();
  await command(userId, IDS.commands, "register", { nick });
  return (await moment(() => granted.get(userId), `the role of ${nick}`)) - start;
}

async function main(): Promise<number> {
  sandbox = await startSandboxDiscord({
    port: 0,
    seed,
    token: TOKEN,
    interactionTimeoutMs: WAIT_LIMIT_MS,
    observe({ method, path, status }) {
      if (status >= 400) return;
      const parts = path.split("/");
      if (method === "PUT" && path.includes("/reactions/")) {
        lastWork = performance.now();
        if (decodeURIComponent(parts[8] ?? "") === "✅") reacted.set(parts[6] as string, lastWork);
      } else if (/\/guilds\/\d+\/members\/\d+(\/roles\/\d+)?$/.test(path) && method !== "GET") {
        lastWork = performance.now();
        if (method === "PUT" || method === "PATCH") granted.set(parts[6] as string, lastWork);
      }
    },
  });
  console.log(
    `noisy-member: ${ROUNDS} rounds; service: ${values.binary ?? "bun src/main.ts"} serve; ` +
      `sandbox under Discord's rate limits (reactions ${JSON.stringify((await control<{ settings: { buckets: Record<string, unknown> } }>("GET", "/rate-limits/settings")).settings.buckets.reactions)})`,
  );
  console.log(
    `machine: ${availableParallelism()} cores, load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")}`,
  );
  service = Bun.spawn(
    values.binary ? [values.binary, "serve"] : [process.execPath, join(ROOT, "src/main.ts"), "serve"],
    {
      cwd: values.binary ? scratch : ROOT,
      env: {
        ...baseEnv(),
        HOST: "127.0.0.1",
        PORT: "0",
        DATABASE_PATH: join(scratch, "noisy.db"),
        DISCORD_TOKEN: TOKEN,
        DISCORD_API_URL: sandbox.apiUrl,
        LOG_LEVEL: "error",
      },
      stdin: "ignore",
      stdout: "ignore",
      stderr: "inherit",
    },
  );
  await withTimeout(
    (async () => {
      const state = (sandbox as SandboxDiscord).state;
      while (![...state.commands.values()].some((c) => c.name === "register")) await Bun.sleep(50);
    })(),
    60_000,
    "the bot registering its commands",
  );
  await command(IDS.owner, IDS.commands, "whitelist", { subcommand: "log-channel", channel: IDS.log });
  const create = async (name: string, channel: string, mode: string) => {
    const text = await command(IDS.owner, IDS.commands, "whitelist", {
      subcommand: "create",
      name,
      channel,
      "nick-type": "offline",
      mode,
      "max-nicks": 1,
    });
    const id = /\(id `([^`]+)`\)/.exec(text)?.[1];
    if (!id) throw new Error(`/whitelist create ${name}: ${text}`);
    return id;
  };
  await create("chat", IDS.chat, "message");
  const roles = await create("roles", IDS.commands, "command");
  await command(IDS.owner, IDS.commands, "whitelist", {
    subcommand: "roles",
    whitelist: roles,
    "add-granted": IDS.granted,
  });

  const rows: string[][] = [["round", "✅ alone", "✅ behind", "role alone", "role behind"]];
  const waits = {
    reactionAlone: [] as number[],
    reactionBehind: [] as number[],
    roleAlone: [] as number[],
    roleBehind: [] as number[],
  };
  for (let round = 0; round < ROUNDS; round++) {
    await settle();
    waits.reactionAlone.push(await reactionWait(quiet(4 * round), `Alone_${round}`));
    await settle();
    // The noisy member's flood, then at once the quiet member's nick.
    const flood = Promise.all(
      Array.from({ length: MESSAGES }, (_, i) =>
        control("POST", "/messages", {
          userId: IDS.noisy,
          channelId: IDS.chat,
          content: `not a nick ${round}.${i}`,
        }),
      ),
    );
    await flood;
    waits.reactionBehind.push(await reactionWait(quiet(4 * round + 1), `Behind_${round}`));

    await settle();
    waits.roleAlone.push(await roleWait(quiet(4 * round + 2), `Role_alone_${round}`));
    await settle();
    // The noisy member cycles /register and /unregister until the quiet member has their role.
    let cycling = true;
    let cycles = 0;
    const noisy = (async () => {
      while (cycling) {
        await command(IDS.noisy, IDS.commands, "register", { nick: `Noisy_${round}` });
        await command(IDS.noisy, IDS.commands, "unregister", { nick: `Noisy_${round}` });
        cycles++;
      }
    })();
    while (cycles < CYCLES_BEFORE) await Bun.sleep(20);
    waits.roleBehind.push(await roleWait(quiet(4 * round + 3), `Role_behind_${round}`));
    cycling = false;
    await noisy;
    const at = (list: number[]) => fixed((list[round] as number) / 1000, 2);
    rows.push([
      String(round + 1),
      `${at(waits.reactionAlone)} s`,
      `${at(waits.reactionBehind)} s`,
      `${at(waits.roleAlone)} s`,
      `${at(waits.roleBehind)} s`,
    ]);
  }
  const s = (list: number[]) => `${fixed(median(list) / 1000, 2)} s`;
  rows.push([
    "median",
    s(waits.reactionAlone),
    s(waits.reactionBehind),
    s(waits.roleAlone),
    s(waits.roleBehind),
  ]);
  console.log(`\n${table(rows)}`);
  console.log(
    `\nbehind ÷ alone (medians): ✅ ${fixed(median(waits.reactionBehind) / median(waits.reactionAlone), 1)}×, ` +
      `role ${fixed(median(waits.roleBehind) / median(waits.roleAlone), 1)}× ` +
      `(noisy member: ${MESSAGES} invalid nicks posted at once; /register + /unregister cycled, ${CYCLES_BEFORE} cycles before)`,
  );
  return 0;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(String(error));
} finally {
  await cleanUp();
}
process.exit(code);
