/**
 * Benchmark: launch day (issue 26). A community opens its server and N members (`--members`, default 300) run `/register`
 * at the same moment, under Discord's rate limits as the sandbox applies them (`--limits discord`, the default;
 * docs/decisions.md, The sandbox's rate limits) or with none (`--limits off`). Measures what each member waits
 * for, and what Discord's limits alone would make them wait.
 *
 * What runs, all on 127.0.0.1 (port 0): the sandbox Discord (a guild with N + 3 members, a registration channel
 * and a log channel), a fake Mojang and a fake GeyserMC, in this process; the service (`bun src/main.ts serve`,
 * or `--binary`) in a process of its own on a temp database, its bot on the sandbox. Set-up as the guild owner,
 * through the bot's commands: the log channel, an `offline` whitelist in `--mode` (command, message or approval:
 * nothing depends on Mojang) granting one role, with a manager role. Then one member registers alone on the idle
 * service (the baseline, measured in the same run); once every window it touched has passed, the N register at
 * once: `/register nick` (command and approval mode) or a post of the nick in the channel (message mode). In
 * approval mode a moderator approves each request as soon as its post appears in the log channel.
 *
 * Per member, from the moment it asked: acknowledgement (the interaction callback, defer or reply; Discord
 * refuses one after 3 s), answer (the reply the member reads: a reply callback, the edit of a deferred reply, or
 * in message mode the ✅ reaction), role (the PUT that granted it) and log (the post showing the registration).
 * Printed: p50, p99 and max of each, and ÷ the baseline member's; the time until the last role and until the log
 * channel showed all N registrations, each ÷ its floor, the least time Discord's buckets allow (the guild's role
 * bucket for N grants; the log channel's posts, at one post per registration and at 10 embeds per post); the
 * Discord calls per member by route (and the 429s among them; in approval mode the moderator's clicks count too:
 * their answers are the bot's calls); what the sandbox refused. Every exchange is timed in the sandbox as its
 * answer leaves (its `observe` option), so no figure includes this process's polling.
 *
 * How to read it: a figure ÷ its floor is what the bot makes of what Discord allows (1.0× is the best there is);
 * ÷ the lone member's is what the crowd costs each member.
 *
 * Beside the game server (issue 38): `--neighbours cpu,disk` starts `stress-ng --cpu 2` and a disk writer flushing
 * 64 MB in a loop (bench/neighbours.ts) once the lone member is done, so the baseline is the idle service's and the
 * burst runs beside them; they stop when it ends. `--store postgres` runs the service on a throwaway PostgreSQL
 * (test/helpers/postgres.ts) as users run it, fsync and synchronous commit on, its data on the same disk.
 * `--checkout <dir>` runs another checkout's `src/main.ts` (the code before a change, for a figure before and after
 * on the same machine). Also printed: how many interactions were acknowledged twice (a second callback, refused by
 * Discord or not), and one line with the figures issue 38's goal names.
 *
 * Bounded: the burst is given `--deadline` seconds (default: twice the largest floor plus 2 minutes; 2 minutes
 * without limits); members not done by then are counted as such and the exit code is 1. The service, the
 * neighbours and PostgreSQL are stopped and the temp directory removed on every exit path.
 *
 * Usage: bun bench/launch-day.ts [--members 300] [--mode command|message|approval] [--limits discord|off]
 *                                [--deadline <s>] [--binary dist/whitelist-sync | --checkout <dir>]
 *                                [--store sqlite|postgres] [--neighbours cpu,disk] [--cpu-prof <dir>]
 *
 * Also printed: the service's CPU time during the burst (/proc), per member: what a registration costs, which the
 * machine's other load moves far less than the times; with `--store postgres`, PostgreSQL's own (its server's
 * processes), which shares the same cores: both also until the last member's first callback, what ran before the
 * answers. `--cpu-prof <dir>` has Bun write the service's CPU profile
 * there when it stops (a `.cpuprofile` and a `.md` summary; count samples, its times include idle gaps).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Subprocess } from "bun";
import {
  type RateLimitState,
  type RestExchange,
  type SandboxDiscord,
  type SandboxSeed,
  startSandboxDiscord,
} from "../src/sandbox/discord/index.ts";
import { restRoutes } from "../src/sandbox/discord/rest/index.ts";
import { matchRoute, pathSegments } from "../src/sandbox/discord/router.ts";
import { type FakeGeyser, startFakeGeyser } from "../src/sandbox/geyser.ts";
import { type FakeMojang, startFakeMojang } from "../src/sandbox/mojang.ts";
import { startPostgres, type TestPostgres } from "../test/helpers/postgres.ts";
import { baseEnv, cpuMs, fixed, postmaster, quantile, table, withChildren, withTimeout } from "./lib.ts";
import {
  type Neighbour,
  type Neighbours,
  parseNeighbours,
  raisePriority,
  startNeighbours,
} from "./neighbours.ts";

const ROOT = resolve(import.meta.dir, "..");
const START_TIMEOUT_MS = 60_000;
const SETUP_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 5_000;
/** Discord's deadline for acknowledging an interaction. */
const ACK_LIMIT_MS = 3_000;
/** How long the neighbours run before the burst. */
const NEIGHBOURS_RAMP_MS = 5_000;

/**
 * Discord does not run on the host: the sandbox, in this process, must not be starved by the neighbours, or its
 * own delays (creating an interaction, dispatching it, timing a callback) would count against the bot. So this
 * process raises its priority (root only) and starts the service and the neighbours through `nice` at the host's
 * ordinary priority, where they compete with each other as on a game server's host. PostgreSQL is started before
 * the raise. Returns the prefix for those commands ([] when the raise was refused: the figures then include the
 * sandbox's own starvation, and the run says so).
 */
function hostPriority(): string[] {
  const prefix = raisePriority();
  if (!prefix)
    console.log("note: could not raise this process's priority; the sandbox competes with the neighbours");
  return prefix ?? [];
}

type Mode = "command" | "message" | "approval";
type Options = {
  members: number;
  mode: Mode;
  limits: "discord" | "off";
  deadlineS: number | null;
  binary: string | null;
  checkout: string | null;
  store: "sqlite" | "postgres";
  neighbours: Neighbour[];
  cpuProf: string | null;
};

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      members: { type: "string", default: "300" },
      mode: { type: "string", default: "command" },
      limits: { type: "string", default: "discord" },
      deadline: { type: "string" },
      binary: { type: "string" },
      checkout: { type: "string" },
      store: { type: "string", default: "sqlite" },
      neighbours: { type: "string" },
      "cpu-prof": { type: "string" },
    },
  });
  const members = Number(values.members);
  if (!Number.isInteger(members) || members < 1 || members > 10_000) throw new Error("--members: 1-10000");
  if (!["command", "message", "approval"].includes(values.mode)) {
    throw new Error("--mode: command, message or approval");
  }
  if (values.limits !== "discord" && values.limits !== "off") throw new Error("--limits: discord or off");
  const deadlineS = values.deadline === undefined ? null : Number(values.deadline);
  if (deadlineS !== null && !(deadlineS > 0)) throw new Error("--deadline: seconds above 0");
  if (values.store !== "sqlite" && values.store !== "postgres")
    throw new Error("--store: sqlite or postgres");
  if (values.binary !== undefined && values.checkout !== undefined)
    throw new Error("--binary or --checkout, not both");
  if (values.binary !== undefined && values["cpu-prof"] !== undefined)
    throw new Error("--cpu-prof profiles `bun src/main.ts`, not --binary");
  return {
    members,
    mode: values.mode as Mode,
    limits: values.limits,
    deadlineS,
    binary: values.binary ?? null,
    checkout: values.checkout === undefined ? null : resolve(values.checkout),
    store: values.store,
    neighbours: parseNeighbours(values.neighbours),
    cpuProf: values["cpu-prof"] === undefined ? null : resolve(values["cpu-prof"]),
  };
}

/** Milliseconds as people read them: `850 ms`, `12.4 s`; "—" for none. */
function duration(ms: number): string {
  if (!Number.isFinite(ms)) return "—";
  return ms < 1_000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 100_000 ? 2 : 1)} s`;
}

/** `value ÷ base` as `1.23×`; "—" when either is missing. */
const ratio = (value: number, base: number) =>
  Number.isFinite(value) && Number.isFinite(base) && base > 0 ? `${fixed(value / base, 2)}×` : "—";

// ---------------------------------------------------------------------------------------------------------
// The guild.

const IDS = {
  guild: "1300000000000000000",
  bot: "1300000000000000001",
  owner: "1300000000000000002",
  moderator: "1300000000000000003",
  baseline: "1300000000000000004",
  botRole: "1300000000000000010",
  whitelisted: "1300000000000000011",
  manager: "1300000000000000012",
  register: "1300000000000000020",
  log: "1300000000000000021",
} as const;

const memberId = (index: number) => (1_310_000_000_000_000_000n + BigInt(index)).toString();
const nickOf = (index: number) => `Launch_${String(index).padStart(5, "0")}`;
const BASELINE_NICK = "Launch_alone";

function seedOf(members: number): SandboxSeed {
  return {
    guild: { id: IDS.guild, name: "Launch Day", ownerId: IDS.owner },
    bot: { id: IDS.bot, username: "whitelist-sync" },
    roles: [
      { id: IDS.whitelisted, name: "Whitelisted" },
      { id: IDS.manager, name: "Staff" },
      { id: IDS.botRole, name: "whitelist-sync", permissions: String(1n << 28n) },
    ],
    channels: [
      { id: IDS.register, name: "register" },
      { id: IDS.log, name: "whitelist-log" },
    ],
    members: [
      { id: IDS.bot, username: "whitelist-sync", roleIds: [IDS.botRole] },
      { id: IDS.owner, username: "owner", roleIds: [] },
      { id: IDS.moderator, username: "moderator", roleIds: [IDS.manager] },
      { id: IDS.baseline, username: "alone", roleIds: [] },
      ...Array.from({ length: members }, (_, index) => ({
        id: memberId(index),
        username: `member${index}`,
        roleIds: [],
      })),
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------
// What the sandbox saw, timed as each answer left it.

type Timed = RestExchange & { at: number; route: string };

/** The moments one member's registration reached, in performance.now() ms. */
type Progress = {
  start: number;
  ack?: number;
  answer?: number;
  role?: number;
  log?: number;
  /** The control API returned the bot's answer (command and approval mode). */
  answered?: boolean;
  /** The bot acknowledged after Discord's 3 s. */
  expired?: boolean;
  /** The bot's first callback, accepted or refused: how late a refused acknowledgement came. */
  tried?: number;
};

type Watch = {
  exchanges: Timed[];
  /** By user id. */
  progress: Map<string, Progress>;
  /** Message id → user id (message mode: the member's post). */
  messageUser: Map<string, string>;
  nickUser: Map<string, string>;
  /** Approval mode: request posts already approved. */
  approved: Set<string>;
  onChange: () => void;
  approve: (messageId: string, customId: string) => void;
};

/** `METHOD /pattern` of a REST path as sent (`/api/v10/...`), or the path itself when no route matches. */
function routeOf(method: string, path: string): string {
  const segments = pathSegments(path.replace(/^\/api\/v10/, ""));
  const found = segments ? matchRoute(restRoutes, method, segments) : null;
  return `${method} ${found ? found.route.pattern : path}`;
}

type Embed = { title?: string; description?: string };

/** Text the bot posted with markdown escaped, as it was typed (a nick's `_` is posted as `\_`). */
const unescaped = (text: string | undefined) => text?.replace(/\\(.)/g, "$1");
type Body = { embeds?: Embed[]; type?: number; components?: { components?: { custom_id?: string }[] }[] };
const bodyOf = (value: unknown) => (value ?? {}) as Body;

/** Notes a moment of a member's registration, the first time it happens. */
function mark(watch: Watch, userId: string | undefined, key: "ack" | "answer" | "role" | "log", at: number) {
  const progress = userId === undefined ? undefined : watch.progress.get(userId);
  if (progress && (progress[key] === undefined || at < (progress[key] as number))) {
    progress[key] = at;
    watch.onChange();
  }
}

/**
 * Notes what an exchange means for the members (runs in the sandbox as its answer leaves): roles by the path, log
 * posts by the nick in their embed, reactions by the member's message; and, in approval mode, approves each
 * request as its post appears. Acknowledgements and answers are attributed once the run is over (`attribute`).
 */
function see(watch: Watch, exchange: RestExchange): void {
  const at = performance.now();
  const route = routeOf(exchange.method, exchange.path);
  watch.exchanges.push({ ...exchange, at, route });
  if (exchange.status >= 400) return;
  const parts = exchange.path.split("/");
  if (route === "PUT /channels/:channel/messages/:message/reactions/:emoji/@me") {
    mark(watch, watch.messageUser.get(parts[6] as string), "answer", at);
  } else if (route === "PUT /guilds/:guild/members/:user/roles/:role") {
    mark(watch, parts[6], "role", at);
  } else if (route === "POST /channels/:channel/messages" && parts[4] === IDS.log) {
    const body = bodyOf(exchange.requestBody);
    for (const embed of body.embeds ?? []) {
      // The bot escapes markdown in nicks (Launch\_alone): read the nick back as typed.
      const nick = unescaped(/^\*\*(.+?)\*\* added to/.exec(embed.description ?? "")?.[1]);
      if (embed.title === "Nick added" && nick) mark(watch, watch.nickUser.get(nick), "log", at);
    }
    const approve = body.components?.[0]?.components?.find((c) =>
      c.custom_id?.startsWith("approval:approve:"),
    );
    const messageId = (exchange.responseBody as { id?: string } | undefined)?.id;
    if (approve?.custom_id && messageId && !watch.approved.has(messageId)) {
      watch.approved.add(messageId);
      watch.approve(messageId, approve.custom_id);
    }
  }
}

/**
 * Acknowledgements and answers of slash commands, attributed through the control API's list of interactions
 * (id → member): the first accepted callback acknowledges; a reply callback (type 4) or the first edit of the
 * deferred reply answers.
 */
function attribute(watch: Watch, interactions: { id: string; userId: string; name: string }[]) {
  const byId = new Map(interactions.filter((i) => i.name === "register").map((i) => [i.id, i.userId]));
  const byToken = new Map<string, string>();
  for (const exchange of watch.exchanges) {
    const parts = exchange.path.split("/");
    if (exchange.route === "POST /interactions/:id/:token/callback") {
      const progress = watch.progress.get(byId.get(parts[4] as string) ?? "");
      if (progress && (progress.tried === undefined || exchange.at < progress.tried))
        progress.tried = exchange.at;
    }
    if (exchange.status >= 400) continue;
    if (exchange.route === "POST /interactions/:id/:token/callback") {
      const userId = byId.get(parts[4] as string);
      if (!userId) continue;
      byToken.set(parts[5] as string, userId);
      mark(watch, userId, "ack", exchange.at);
      if (bodyOf(exchange.requestBody).type === 4) mark(watch, userId, "answer", exchange.at);
    } else if (exchange.route === "PATCH /webhooks/:app/:token/messages/:message") {
      mark(watch, byToken.get(parts[5] as string), "answer", exchange.at);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// The service, in a process of its own.

let service: Subprocess | undefined;
let scratch: string | undefined;
let sandbox: SandboxDiscord | undefined;
let mojang: FakeMojang | undefined;
let geyser: FakeGeyser | undefined;
let postgres: TestPostgres | undefined;
let neighbours: Neighbours | undefined;

async function cleanUp(): Promise<void> {
  await neighbours?.stop();
  neighbours = undefined;
  const child = service;
  service = undefined;
  if (child && child.exitCode === null) {
    child.kill("SIGTERM");
    const stopped = await Promise.race([
      child.exited.then(() => true),
      Bun.sleep(STOP_TIMEOUT_MS).then(() => false),
    ]);
    if (!stopped) child.kill("SIGKILL");
  }
  await sandbox?.stop();
  await mojang?.stop();
  await geyser?.stop();
  sandbox = undefined;
  await postgres?.stop();
  postgres = undefined;
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
}

type ServiceLogs = { warn: number; error: number; samples: string[] };

/** Starts `serve` with its bot on the sandbox; counts the warnings and errors it logs. */
function startService(
  options: Options,
  token: string,
  dir: string,
  databaseUrl: string | null,
  prefix: string[],
): ServiceLogs {
  const source = options.checkout ?? ROOT;
  const command = [
    ...prefix,
    ...(options.binary
      ? [options.binary, "serve"]
      : [
          process.execPath,
          ...(options.cpuProf ? ["--cpu-prof", "--cpu-prof-md", `--cpu-prof-dir=${options.cpuProf}`] : []),
          join(source, "src", "main.ts"),
          "serve",
        ]),
  ];
  const child = Bun.spawn(command, {
    cwd: options.binary ? dir : source,
    env: {
      ...baseEnv(),
      HOST: "127.0.0.1",
      PORT: "0",
      ...(databaseUrl === null
        ? { DATABASE_PATH: join(dir, "launch-day.db") }
        : { DATABASE_URL: databaseUrl }),
      DISCORD_TOKEN: token,
      DISCORD_API_URL: (sandbox as SandboxDiscord).apiUrl,
      MOJANG_API_URL: (mojang as FakeMojang).url,
      MOJANG_SESSION_URL: (mojang as FakeMojang).url,
      GEYSER_API_URL: (geyser as FakeGeyser).url,
      LOG_LEVEL: "warn",
      LOG_FORMAT: "json",
    },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "inherit",
  });
  service = child;
  const logs: ServiceLogs = { warn: 0, error: 0, samples: [] };
  void (async () => {
    const decoder = new TextDecoder();
    let rest = "";
    for await (const chunk of child.stdout) {
      rest += decoder.decode(chunk, { stream: true });
      const lines = rest.split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) {
        try {
          const { level, msg, time: _time, ...fields } = JSON.parse(line) as Record<string, unknown>;
          if (level !== "warn" && level !== "error") continue;
          logs[level]++;
          if (logs.samples.length < 5) {
            logs.samples.push(`${level}: ${String(msg)} ${JSON.stringify(fields).slice(0, 200)}`);
          }
        } catch {
          // not a log line
        }
      }
    }
  })();
  return logs;
}

// ---------------------------------------------------------------------------------------------------------
// Driving the guild through the control API.

/**
 * Keeps a connection per control call: each `/interactions` call is held until the bot answers, and Bun's `fetch`
 * sends at most 256 requests at once (BUN_CONFIG_MAX_HTTP_REQUESTS, read only at start), which would hold back
 * every member past the 256th until an earlier one was answered. node:http has no such cap.
 */
const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

/** A control API call; its JSON answer, or an error naming the call and the answer. */
function control<T>(method: string, path: string, body?: unknown): Promise<T> {
  const url = new URL(`${(sandbox as SandboxDiscord).url}/_sandbox${path}`);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<T>((resolve, reject) => {
    const call = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        agent,
        headers: payload === undefined ? {} : { "content-type": "application/json" },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          if (status < 200 || status >= 300) {
            reject(new Error(`${method} /_sandbox${path}: ${status} ${text.slice(0, 300)}`));
          } else {
            resolve(JSON.parse(text) as T);
          }
        });
        response.on("error", reject);
      },
    );
    call.on("error", reject);
    call.end(payload);
  });
}

/** A `/whitelist` subcommand as the owner; its reply must match `success`. */
async function ownerCommand(subcommand: string, options: Record<string, unknown>, success: RegExp) {
  const answer = await control<{ content?: string }>("POST", "/interactions", {
    userId: IDS.owner,
    channelId: IDS.register,
    command: "whitelist",
    subcommand,
    options,
  });
  if (!success.test(answer.content ?? "")) throw new Error(`/whitelist ${subcommand}: ${answer.content}`);
  return answer.content ?? "";
}

/** One member registers: `/register nick`, or a post of the nick (message mode). */
async function ask(watch: Watch, userId: string, nick: string, mode: Mode): Promise<void> {
  const progress: Progress = { start: performance.now() };
  watch.progress.set(userId, progress);
  watch.nickUser.set(nick, userId);
  try {
    if (mode === "message") {
      const { id } = await control<{ id: string }>("POST", "/messages", {
        userId,
        channelId: IDS.register,
        content: nick,
      });
      watch.messageUser.set(id, userId);
      // The bot may have reacted before this process heard the message's id.
      const reacted = watch.exchanges.find(
        (e) => e.status < 400 && e.path.includes(`/messages/${id}/reactions/`) && e.method === "PUT",
      );
      if (reacted) mark(watch, userId, "answer", reacted.at);
      return;
    }
    await control("POST", "/interactions", {
      userId,
      channelId: IDS.register,
      command: "register",
      options: { nick },
    });
    progress.answered = true;
  } catch (error) {
    if (String(error).includes("after Discord's 3 s")) progress.expired = true;
  } finally {
    watch.onChange();
  }
}

/** Resolves once every member of `userIds` is answered, granted and logged (true), or at `deadline` (false). */
function settled(watch: Watch, userIds: string[], mode: Mode, deadline: number): Promise<boolean> {
  const done = () =>
    userIds.every((id) => {
      const progress = watch.progress.get(id);
      const answered = mode === "message" ? progress?.answer !== undefined : progress?.answered === true;
      return answered && progress?.role !== undefined && progress.log !== undefined;
    });
  return new Promise((resolve) => {
    const finish = (complete: boolean) => {
      clearTimeout(timer);
      watch.onChange = () => {};
      resolve(complete);
    };
    const timer = setTimeout(() => finish(done()), Math.max(0, deadline - performance.now()));
    watch.onChange = () => {
      if (done()) finish(true);
    };
    if (done()) finish(true);
  });
}

/** Waits until no REST exchange has happened for `quietMs`. */
async function quiet(watch: Watch, quietMs: number): Promise<void> {
  for (;;) {
    const left = (watch.exchanges.at(-1)?.at ?? 0) + quietMs - performance.now();
    if (left <= 0) return;
    await Bun.sleep(left);
  }
}

// ---------------------------------------------------------------------------------------------------------
// The figures.

/** The least time a bucket of `limit` per `resetAfter` s takes to let `count` requests through (the first at 0). */
const floorMs = (count: number, limit: number, resetAfter: number) =>
  Math.max(0, Math.ceil(count / limit) - 1) * resetAfter * 1000;

type Floors = { role: number; log: number; logBatched: number; answer: number };

function report(input: {
  watch: Watch;
  ids: string[];
  alone: Progress;
  t0: number;
  fromExchange: number;
  complete: boolean;
  floors: Floors;
  limited: boolean;
  mode: Mode;
}) {
  const { watch, ids, alone, t0, floors, mode } = input;
  const n = ids.length;
  const all = ids.map((id) => watch.progress.get(id) as Progress);
  const since = (key: "ack" | "answer" | "role" | "log") =>
    all.filter((p) => p[key] !== undefined).map((p) => (p[key] as number) - p.start);
  const aloneOf = (key: "ack" | "answer" | "role" | "log") =>
    alone[key] === undefined ? Number.NaN : (alone[key] as number) - alone.start;
  const rows = [["per member", "p50", "p99", "max", "alone", "p50 ÷ alone", "p99 ÷ alone", "done"]];
  for (const [label, key] of [
    ["acknowledgement", "ack"],
    ["answer", "answer"],
    ["role", "role"],
    ["log post", "log"],
  ] as const) {
    if (key === "ack" && mode === "message") continue;
    const values = since(key);
    const p50 = quantile(values, 0.5);
    const p99 = quantile(values, 0.99);
    rows.push([
      label,
      duration(p50),
      duration(p99),
      duration(Math.max(...values)),
      duration(aloneOf(key)),
      ratio(p50, aloneOf(key)),
      ratio(p99, aloneOf(key)),
      `${values.length}/${n}`,
    ]);
  }
  console.log(`\n${table(rows)}`);
  if (mode !== "message") {
    const acks = since("ack");
    const late = all.filter((p) => p.expired).length;
    const tried = all.filter((p) => p.tried !== undefined).map((p) => (p.tried as number) - p.start);
    console.log(
      `acknowledged within 3 s: ${acks.filter((ms) => ms <= ACK_LIMIT_MS).length}/${n}` +
        (late > 0 ? ` (${late} refused by Discord as too late)` : "") +
        `; the bot's first callback, accepted or not: p50 ${duration(quantile(tried, 0.5))}, ` +
        `p99 ${duration(quantile(tried, 0.99))}`,
    );
  }
  const lastOf = (key: "role" | "log" | "answer") => {
    const times = all.map((p) => p[key]).filter((at): at is number => at !== undefined);
    return times.length === n ? Math.max(...times) - t0 : Number.NaN;
  };
  const versus = (ms: number, floor: number, what: string) =>
    !Number.isFinite(floor)
      ? duration(ms)
      : floor === 0
        ? `${duration(ms)}; floor 0 (${what}: all within one window)`
        : `${duration(ms)}; floor ${duration(floor)} (${what}): ${ratio(ms, floor)}`;
  console.log(
    `last answer: ${versus(lastOf("answer"), floors.answer, "the channel's reactions, 1 per 0.25 s")}`,
  );
  console.log(
    `last role granted: ${versus(lastOf("role"), floors.role, "the guild's role bucket, one grant each")}`,
  );
  const logged = new Set(
    [...(sandbox as SandboxDiscord).state.messages.values()]
      .filter((message) => message.channelId === IDS.log)
      .flatMap((message) => message.embeds)
      .filter((embed) => embed.title === "Nick added")
      .map((embed) => unescaped(/^\*\*(.+?)\*\*/.exec(embed.description ?? "")?.[1])),
  );
  const visible = ids.filter((_, index) => logged.has(nickOf(index))).length;
  console.log(
    `log channel caught up: ${versus(lastOf("log"), floors.log, "its posts, one per registration")}; ` +
      `${visible}/${n} registrations visible in it` +
      (Number.isFinite(floors.logBatched)
        ? `; at 10 embeds a post (Discord's most) the floor would be ${duration(floors.logBatched)}` +
          (floors.logBatched > 0 ? `: ${ratio(lastOf("log"), floors.logBatched)}` : "")
        : ""),
  );
  const burst = watch.exchanges.slice(input.fromExchange);
  const byRoute = new Map<string, { calls: number; limited: number }>();
  for (const exchange of burst) {
    const counted = byRoute.get(exchange.route) ?? { calls: 0, limited: 0 };
    counted.calls++;
    if (exchange.status === 429) counted.limited++;
    byRoute.set(exchange.route, counted);
  }
  const routeRows = [["Discord calls per member", "calls", "of which 429"]];
  for (const [route, counted] of [...byRoute].sort((a, b) => b[1].calls - a[1].calls)) {
    routeRows.push([route, (counted.calls / n).toFixed(2), (counted.limited / n).toFixed(2)]);
  }
  const limitedCalls = burst.filter((e) => e.status === 429).length;
  routeRows.push(["total", (burst.length / n).toFixed(2), (limitedCalls / n).toFixed(2)]);
  console.log(`\n${table(routeRows)}`);
  if (mode === "message") return;
  // Issue 38's goal: every member acknowledged within 3 s, answered within 3 s (p99 over all N, a member never
  // answered counting as never), no interaction acknowledged twice, and the idle figure of calls per member.
  const callbacks = new Map<string, number>();
  for (const exchange of burst) {
    if (exchange.route !== "POST /interactions/:id/:token/callback") continue;
    const id = exchange.path.split("/")[4] as string;
    callbacks.set(id, (callbacks.get(id) ?? 0) + 1);
  }
  const twice = [...callbacks.values()].filter((count) => count > 1).length;
  const answers = all.map((p) => (p.answer === undefined ? Number.POSITIVE_INFINITY : p.answer - p.start));
  const acked = since("ack").filter((ms) => ms <= ACK_LIMIT_MS).length;
  console.log(
    `\ngoal (issue 38): acknowledged within 3 s ${acked}/${n}; answer p99 ${duration(quantile(answers, 0.99))} ` +
      `(of all ${n}); acknowledged twice ${twice}; calls per member ${(burst.length / n).toFixed(2)}`,
  );
}

// ---------------------------------------------------------------------------------------------------------
// The run.

async function main(): Promise<number> {
  const options = parseOptions();
  const { members: n, mode } = options;
  scratch = mkdtempSync(join(tmpdir(), "wls-launch-day-"));
  // A bot token's first part is its application id in base64: `serve` refuses any other shape.
  const token = `${Buffer.from(IDS.bot).toString("base64")}.${crypto.randomUUID().replaceAll("-", "")}`;
  const watch: Watch = {
    exchanges: [],
    progress: new Map(),
    messageUser: new Map(),
    nickUser: new Map(),
    approved: new Set(),
    onChange: () => {},
    approve: (messageId, customId) => {
      void control("POST", "/buttons", { userId: IDS.moderator, messageId, customId }).catch((error) =>
        console.error(`launch-day: approving ${messageId} failed: ${String(error).slice(0, 200)}`),
      );
    },
  };
  if (options.store === "postgres") {
    // As users run it: the test helper's fsync=off is for tests only.
    postgres = await startPostgres({ fsync: "on", synchronous_commit: "on", full_page_writes: "on" });
  }
  const databaseUrl = postgres ? await postgres.database() : null;
  const atHostPriority = hostPriority();
  mojang = startFakeMojang({ profiles: [] });
  geyser = startFakeGeyser({ accounts: [] });
  sandbox = await startSandboxDiscord({
    port: 0,
    hostname: "127.0.0.1",
    seed: seedOf(n),
    token,
    rateLimits: options.limits === "off" ? false : {},
    // The control API waits for each answer as long as the burst may take.
    interactionTimeoutMs: 60 * 60_000,
    observe: (exchange) => see(watch, exchange),
  });
  const { settings } = await control<RateLimitState>("GET", "/rate-limits/settings");
  const limited = settings.enabled;
  const { roles, messageCreate: posts, reactions } = settings.buckets;
  const floors: Floors = {
    role: limited ? floorMs(n, roles.limit, roles.resetAfter) : Number.NaN,
    log: limited ? floorMs(n, posts.limit, posts.resetAfter) : Number.NaN,
    logBatched: limited ? floorMs(Math.ceil(n / 10), posts.limit, posts.resetAfter) : Number.NaN,
    answer: limited && mode === "message" ? floorMs(n, reactions.limit, reactions.resetAfter) : Number.NaN,
  };
  const largest = Math.max(...[floors.role, floors.log, floors.answer].filter(Number.isFinite), 0);
  const deadlineS = options.deadlineS ?? (limited ? (2 * largest) / 1000 + 120 : 120);
  console.log(
    `launch-day: ${n} members register at once (${mode} mode), ` +
      `${limited ? "under Discord's rate limits (sandbox)" : "without rate limits"}; ` +
      `service: ${options.binary ?? `bun ${join(options.checkout ?? ".", "src/main.ts")}`} serve on ` +
      `${options.store === "postgres" ? "PostgreSQL (fsync on)" : "SQLite"}; deadline ${Math.round(deadlineS)} s; ` +
      `neighbours: ${options.neighbours.length > 0 ? options.neighbours.join(", ") : "none"}`,
  );
  // Start-up, set-up and the lone member each bounded on their own; the burst by its deadline; then a minute.
  boundRun(START_TIMEOUT_MS + 2 * SETUP_TIMEOUT_MS + deadlineS * 1000 + NEIGHBOURS_RAMP_MS + 2 * 60_000);
  const load = loadavg().map((value) => value.toFixed(2));
  console.log(`machine: ${availableParallelism()} cores, load average ${load.join(" ")}`);

  const logs = startService(options, token, scratch, databaseUrl, atHostPriority);
  await withTimeout(
    (async () => {
      const registered = () =>
        [...(sandbox as SandboxDiscord).state.commands.values()].some((c) => c.name === "register");
      while (!registered()) {
        if (service?.exitCode !== null) throw new Error("the service exited");
        await Bun.sleep(50);
      }
    })(),
    START_TIMEOUT_MS,
    `the bot registering its commands: no result within ${START_TIMEOUT_MS / 1000} s`,
  );
  await withTimeout(
    (async () => {
      await ownerCommand("log-channel", { channel: IDS.log }, /^✅/);
      const created = await ownerCommand(
        "create",
        { name: "launch", channel: IDS.register, "nick-type": "offline", mode, "max-nicks": 1 },
        /^✅ Created/,
      );
      const whitelistId = /\(id `([^`]+)`\)/.exec(created)?.[1];
      if (!whitelistId) throw new Error(`no whitelist id in: ${created}`);
      await ownerCommand(
        "roles",
        { whitelist: whitelistId, "add-granted": IDS.whitelisted, "add-manager": IDS.manager },
        /^✅/,
      );
    })(),
    SETUP_TIMEOUT_MS,
    `the set-up: no result within ${SETUP_TIMEOUT_MS / 1000} s`,
  );

  // Each phase starts once the windows the last one touched have passed (the role bucket's 10 s the longest).
  const windowMs = limited ? 1000 * Math.max(roles.resetAfter, posts.resetAfter, reactions.resetAfter) : 200;
  const interactions = () => control<{ id: string; userId: string; name: string }[]>("GET", "/interactions");
  await quiet(watch, windowMs);
  const aloneDone = ask(watch, IDS.baseline, BASELINE_NICK, mode);
  if (!(await settled(watch, [IDS.baseline], mode, performance.now() + SETUP_TIMEOUT_MS))) {
    throw new Error("the member registering alone was not done within 2 minutes");
  }
  await aloneDone;
  attribute(watch, await interactions());
  const alone = { ...(watch.progress.get(IDS.baseline) as Progress) };
  await quiet(watch, windowMs);

  if (options.neighbours.length > 0) {
    neighbours = startNeighbours(
      options.neighbours,
      scratch,
      deadlineS * 1000 + NEIGHBOURS_RAMP_MS + 60_000,
      atHostPriority,
    );
    // The burst starts once the disk writer is under way (its first flush) and stress-ng has had a moment.
    const ramp = performance.now() + NEIGHBOURS_RAMP_MS;
    while (performance.now() < ramp || (options.neighbours.includes("disk") && neighbours.flushed() === 0)) {
      if (performance.now() > ramp + START_TIMEOUT_MS)
        throw new Error("the disk writer flushed nothing in a minute");
      await Bun.sleep(100);
    }
    console.log(
      `neighbours running (${options.neighbours.join(", ")}): load average ${loadavg()
        .map((v) => v.toFixed(2))
        .join(" ")}`,
    );
  }
  const ids = Array.from({ length: n }, (_, index) => memberId(index));
  const fromExchange = watch.exchanges.length;
  const serviceCpu = () => cpuMs([(service as Subprocess).pid]);
  const serverPort = postgres ? new URL(postgres.adminUrl).port : null;
  const postgresBefore = serverPort ? postgresCpu(serverPort) : null;
  const cpuBefore = serviceCpu();
  const sandboxCpuBefore = process.cpuUsage();
  const t0 = performance.now();
  const burst = ids.map((userId, index) => ask(watch, userId, nickOf(index), mode));
  // The service's CPU every 10 ms of the burst: once the exchanges are attributed to members, what it had spent by
  // the last member's first callback says what ran before the answers (theirs, and whatever else ran meanwhile).
  // PostgreSQL's too, by the processes it had at the start (its pool's connections were opened by the set-up).
  const postgresPids = postgresBefore ? [...postgresBefore.byPid.keys()] : [];
  const postgresFrom = cpuMs(postgresPids);
  const cpuSamples: { at: number; ms: number; postgresMs: number }[] = [];
  const sampling = setInterval(
    () =>
      cpuSamples.push({
        at: performance.now(),
        ms: serviceCpu() - cpuBefore,
        postgresMs: postgresPids.length > 0 ? cpuMs(postgresPids) - postgresFrom : 0,
      }),
    10,
  );
  const complete = await settled(watch, ids, mode, t0 + deadlineS * 1000);
  clearInterval(sampling);
  const elapsed = performance.now() - t0;
  const burstCpuMs = serviceCpu() - cpuBefore;
  const postgresBurst = serverPort && postgresBefore ? postgresCpu(serverPort, postgresBefore) : null;
  const sandboxCpu = process.cpuUsage(sandboxCpuBefore);
  const sandboxCpuMs = (sandboxCpu.user + sandboxCpu.system) / 1000;
  if (neighbours) {
    const rounds = neighbours.flushed();
    const during = loadavg()
      .map((v) => v.toFixed(2))
      .join(" ");
    await neighbours.stop();
    neighbours = undefined;
    console.log(`neighbours stopped: load average ${during}; the disk writer flushed 64 MB ${rounds} times`);
  }
  attribute(watch, await interactions());
  console.log(
    `burst: ${complete ? "every member done" : "NOT every member done by the deadline"} after ${duration(elapsed)}`,
  );
  report({ watch, ids, alone, t0, fromExchange, complete, floors, limited, mode });
  console.log(
    `service CPU during the burst: ${duration(burstCpuMs)}, ${fixed(burstCpuMs / n, 1)} ms per member ` +
      `(${fixed(burstCpuMs / elapsed, 2)} of a core); the sandbox Discord's (this process): ` +
      `${duration(sandboxCpuMs)}`,
  );
  if (postgresBurst !== null) {
    console.log(
      `PostgreSQL's CPU during the burst (its server's processes): ${duration(postgresBurst)}, ` +
        `${fixed(postgresBurst / n, 1)} ms per member; with the service's, ${fixed((postgresBurst + burstCpuMs) / n, 1)} ms`,
    );
  }
  const lastCallback = Math.max(...ids.map((id) => watch.progress.get(id)?.tried ?? Number.NaN));
  const byThen = cpuSamples.find((sample) => sample.at >= lastCallback);
  if (byThen) {
    console.log(
      `service CPU until the last member's first callback (${duration(lastCallback - t0)}): ` +
        `${duration(byThen.ms)}, ${fixed(byThen.ms / n, 1)} ms per member` +
        (postgresPids.length > 0
          ? `; PostgreSQL's ${duration(byThen.postgresMs)}, ${fixed(byThen.postgresMs / n, 1)} ms per member`
          : ""),
    );
  }
  const state = await control<RateLimitState>("GET", "/rate-limits/settings");
  console.log(
    `\nsandbox refused: ${state.refused.global} global, ${state.refused.bucket} bucket, ${state.refused.banned} banned; ` +
      `invalid answers counted: ${state.invalid.total}`,
  );
  const samples = logs.samples.map((sample) => `\n  ${sample}`).join("");
  console.log(`service log: ${logs.warn} warnings, ${logs.error} errors${samples}`);
  void Promise.allSettled(burst);
  return complete ? 0 : 1;
}

/**
 * The CPU time (ms) of this run's PostgreSQL: its postmaster (the one started with `port=<port>`: other engineers'
 * servers may run beside it) and every process it started (backends, WAL writer, checkpointer), by pid. Given
 * `before` (this function's earlier answer, its pids' times kept in it), the time spent since: a process started
 * meanwhile counts whole, one that ended meanwhile is lost with its time.
 */
function postgresCpu(port: string): { byPid: Map<number, number> };
function postgresCpu(port: string, before: { byPid: Map<number, number> }): number;
function postgresCpu(port: string, before?: { byPid: Map<number, number> }) {
  const byPid = new Map(withChildren(postmaster(port)).map((pid) => [pid, cpuMs([pid])]));
  if (!before) return { byPid };
  return [...byPid].reduce((sum, [pid, ms]) => sum + ms - (before.byPid.get(pid) ?? 0), 0);
}

/** Stops the whole run, whatever it is waiting for, once it has had all the time it may take. */
let bound: Timer | undefined;
function boundRun(ms: number): void {
  bound = setTimeout(() => {
    console.error(`launch-day: the run took more than ${Math.round(ms / 1000)} s; stopping`);
    void cleanUp().finally(() => process.exit(1));
  }, ms);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void cleanUp().finally(() => process.exit(130)));
}
let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(`launch-day: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  clearTimeout(bound);
  await cleanUp();
}
process.exit(code);
