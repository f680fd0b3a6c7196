import { join } from "node:path";
import { Events } from "discord.js";
import { loadConfig } from "../../src/config.ts";
import { callbackUrl } from "../../src/dashboard/index.ts";
import { closeDatabase } from "../../src/db/client.ts";
import {
  type AnswerView,
  type MemberView,
  type MessageView,
  type SandboxDiscord,
  type SandboxDiscordOptions,
  type SandboxSeed,
  startSandboxDiscord,
} from "../../src/sandbox/discord/index.ts";
import { type FakeGeyser, startFakeGeyser } from "../../src/sandbox/geyser.ts";
import { type FakeMojang, startFakeMojang } from "../../src/sandbox/mojang.ts";
import { type RunningService, startService } from "../../src/server.ts";
import { openServices, type Services } from "../../src/services.ts";
import { invitePermissions } from "../../src/setup/permissions.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { type Logger, silentLogger } from "../../src/shared/logger.ts";
import { type LabelledLine, readLine } from "../../src/shared/script-lines.ts";
import type { NewWhitelist } from "../../src/whitelists/service.ts";
import { type ContractCheck, createContractCheck } from "../helpers/discord-contract.ts";
import { sqliteClient, tempDir } from "../helpers/services.ts";

/** Ids of the world's guild. Roles are listed from the bottom of the hierarchy up. */
export const IDS = {
  guild: "110000000000000001",
  bot: "120000000000000001",
  /** The guild owner: Manage Server (and everything else). */
  owner: "130000000000000001",
  /** Holds the staff role, which whitelists list as a manager role; no permissions of their own. */
  manager: "130000000000000002",
  /** Holds the player role (the usual required role). */
  alice: "130000000000000003",
  /** No roles at all. */
  bob: "130000000000000004",
  /** Holds the player role too. */
  carol: "130000000000000005",
  playerRole: "140000000000000001",
  whitelistedRole: "140000000000000002",
  staffRole: "140000000000000003",
  botRole: "140000000000000004",
  /** Above the bot's highest role: granting it fails with Missing Permissions. */
  vipRole: "140000000000000005",
  general: "150000000000000001",
  survivalChannel: "150000000000000002",
  logChannel: "150000000000000003",
} as const;

/**
 * The bot token the sandbox accepts, shaped as Discord's are (the bot's id in base64, then two parts): `serve`
 * refuses a token of any other shape before it asks Discord.
 */
export const TOKEN = `${Buffer.from(IDS.bot).toString("base64").replace(/=+$/, "")}.world.test-token`;

/** Premium accounts the fake Mojang knows. */
export const PROFILES = {
  notch: { name: "Notch", uuid: "069a79f444e94726a5befca90e38aaf5" },
  jeb: { name: "jeb_", uuid: "853c80ef3c3749fdaa49938b674adae6" },
} as const;

/** Xbox accounts the fake GeyserMC knows. */
export const XBOX_ACCOUNTS = [
  { gamertag: "Steve Jobs", xuid: "2535411111111111" },
  { gamertag: "Alex Pocket", xuid: "2535432196048835" },
];

/** The bot's own role holds what its invite asks for, and an integration (the bot) manages it, as on Discord. */
const BOT_ROLE_PERMISSIONS = invitePermissions().toString();

export const SEED: SandboxSeed = {
  guild: { id: IDS.guild, name: "Bot World", ownerId: IDS.owner },
  bot: { id: IDS.bot, username: "whitelist-sync" },
  roles: [
    { id: IDS.playerRole, name: "Player", position: 1 },
    { id: IDS.whitelistedRole, name: "Whitelisted", position: 2 },
    { id: IDS.staffRole, name: "Staff", position: 3 },
    {
      id: IDS.botRole,
      name: "whitelist-sync",
      permissions: BOT_ROLE_PERMISSIONS,
      position: 4,
      managed: true,
    },
    { id: IDS.vipRole, name: "VIP", position: 5 },
  ],
  channels: [
    { id: IDS.general, name: "general" },
    { id: IDS.survivalChannel, name: "survival" },
    { id: IDS.logChannel, name: "whitelist-log" },
  ],
  members: [
    { id: IDS.owner, username: "owner", roleIds: [] },
    { id: IDS.manager, username: "manager", roleIds: [IDS.staffRole] },
    { id: IDS.alice, username: "alice", roleIds: [IDS.playerRole] },
    { id: IDS.bob, username: "bob", roleIds: [] },
    { id: IDS.carol, username: "carol", roleIds: [IDS.playerRole] },
    { id: IDS.bot, username: "whitelist-sync", roleIds: [IDS.botRole] },
  ],
};

/** How long any wait may take before the test fails with what it was waiting for. */
const WAIT_LIMIT_MS = 5_000;
/** The re-check interval while no Discord event wakes a wait earlier. */
const RECHECK_MS = 10;

/** A slash command run through the control API, as a member, in a channel. */
export type CommandCall = {
  /** The subcommand's group (`/whitelist ranks add`: `ranks`). */
  subcommandGroup?: string;
  subcommand?: string;
  options?: Record<string, unknown>;
  channelId?: string;
};

/** A message the bot answered with (the control API's answer view of a message). */
export type Reply = Extract<AnswerView, { messageId: string }>;

/** Options of a test world. */
export type WorldOptions = {
  /**
   * Check every REST exchange with the sandbox (the bot's, and any a test makes) against Discord's published
   * contract (test/helpers/discord-contract.ts); `stop` then fails with the violations. On unless a test turns
   * it off (one that sends a body Discord refuses on purpose).
   */
  contract?: boolean;
  /**
   * How the sandbox starts: the portal's privileged intent switches, a guild outage, the heartbeat interval, its
   * own clock (Discord's deadlines, moved by the test), an observer of its REST exchanges (and a hook before each),
   * its rate limits
   * (Discord's unless changed; `false` for a test that drives more than Discord allows and is not about it).
   */
  sandbox?: Pick<
    SandboxDiscordOptions,
    | "privilegedIntents"
    | "guildAvailable"
    | "heartbeatIntervalMs"
    | "clock"
    | "observe"
    | "beforeRest"
    | "shards"
    | "rateLimits"
  >;
  /** More settings of the service (environment variables, e.g. SHARD_COUNT). */
  env?: Record<string, string>;
  /** Runs on the database before the service starts (e.g. a message-mode whitelist the bot finds at start). */
  prepare?: (services: Services) => Promise<unknown>;
  /** Receives the service's log (silent by default). */
  logger?: Logger;
  /**
   * Turns the dashboard on (docs/dashboard.md): the application's client secret is DASHBOARD_SECRET in the sandbox
   * and the service, and the service's own address (port 0: known once it listens) is its public URL, whose
   * callback is registered in the sandbox's portal as a host registers theirs.
   */
  dashboard?: boolean;
};

/** The application's OAuth2 client secret of a world with the dashboard (the portal's OAuth2 → Client Secret). */
export const DASHBOARD_SECRET = "world-dashboard-client-secret-0123456789";

/**
 * A guild in the sandbox Discord with the real service (API, WebSocket, webhooks, bot) connected to it and a
 * fake Mojang and GeyserMC: every test starts one and stops it. Everything is driven through the control API over HTTP.
 */
export async function startWorld(options: WorldOptions = {}) {
  const dir = tempDir("wls-bot-");
  const clock = manualClock(Date.UTC(2026, 10, 22, 12));
  const mojang: FakeMojang = startFakeMojang({ profiles: Object.values(PROFILES) });
  const geyser: FakeGeyser = startFakeGeyser({ accounts: XBOX_ACCOUNTS });
  let sandbox: SandboxDiscord | undefined;
  let service: RunningService | undefined;
  const contract: ContractCheck | undefined = (options.contract ?? true) ? createContractCheck() : undefined;
  const teardown = async () => {
    await service?.stop();
    await sandbox?.stop();
    await mojang.stop();
    await geyser.stop();
    dir.cleanup();
  };
  try {
    sandbox = await startSandboxDiscord({
      port: 0,
      seed: SEED,
      token: TOKEN,
      ...(contract ? { observe: contract.observe } : {}),
      ...(options.dashboard ? { oauth2: { clientSecret: DASHBOARD_SECRET } } : {}),
      ...options.sandbox,
    });
    const loaded = loadConfig({
      DISCORD_TOKEN: TOKEN,
      DISCORD_API_URL: sandbox.apiUrl,
      MOJANG_API_URL: mojang.url,
      MOJANG_SESSION_URL: mojang.url,
      GEYSER_API_URL: geyser.url,
      DATABASE_PATH: join(dir.path, "whitelist-sync.db"),
      HOST: "127.0.0.1",
      PORT: "0",
      RATE_LIMIT_PER_MINUTE: "100000",
      WEBHOOK_ALLOW_PRIVATE: "true",
      LOG_LEVEL: "silent",
      ...options.env,
    });
    // PUBLIC_URL is what loadConfig requires with the secret; a world's address is known only once it listens, and
    // an unset PUBLIC_URL is then that address (as in the demo, which builds its configuration the same way).
    const config = options.dashboard ? { ...loaded, DISCORD_CLIENT_SECRET: DASHBOARD_SECRET } : loaded;
    if (options.prepare) {
      const early = openServices({ path: config.DATABASE_PATH, clock, logger: silentLogger });
      try {
        await options.prepare(early);
      } finally {
        closeDatabase(early.db);
      }
    }
    const logger = options.logger ?? silentLogger;
    service = await startService(config, { fastIdentify: true, logger, clock });
    if (options.dashboard) sandbox.oauth2.app.redirectUris.push(callbackUrl(service.publicUrl));
  } catch (error) {
    await teardown();
    throw error;
  }
  const running = service;
  const discord = sandbox;
  // On PostgreSQL (DATABASE_URL in `env`), the bot is the leader's: it starts once this replica won the lead.
  await running.leads();
  const bot = running.bot;
  if (!bot) throw new Error("the bot did not start");
  const { services } = running;

  const control = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${discord.url}/_sandbox${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as T & { error?: string };
    if (!response.ok) throw new Error(`control ${method} ${path}: ${response.status} ${json.error}`);
    return json;
  };

  /**
   * Resolves with `check`'s first truthy result: re-checked whenever the bot receives a Discord event that may
   * change what the sandbox shows (messages, member updates), and every few ms for changes that dispatch
   * nothing (API deliveries). Fails after a bounded time naming what it waited for.
   */
  const waitFor = async <T>(what: string, check: () => Promise<T | undefined | null | false>): Promise<T> => {
    const deadline = performance.now() + WAIT_LIMIT_MS;
    const wakeEvents = [Events.MessageCreate, Events.MessageUpdate, Events.GuildMemberUpdate] as const;
    for (;;) {
      const client = bot.client;
      let wake = () => {};
      const woken = new Promise<void>((resolve) => {
        wake = resolve;
      });
      for (const event of wakeEvents) client.on(event, wake);
      const timer = setTimeout(wake, RECHECK_MS);
      try {
        const result = await check();
        if (result) return result;
        if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await woken;
      } finally {
        clearTimeout(timer);
        for (const event of wakeEvents) client.off(event, wake);
      }
    }
  };

  /** Waits until the bot has registered its commands in the guild (the first thing it does once ready). */
  if (options.sandbox?.guildAvailable !== false) {
    await waitFor("the bot's slash commands", async () => {
      const commands = await control<unknown[]>("GET", "/commands");
      return commands.length > 0;
    });
  }

  const world = {
    ids: IDS,
    sandbox: discord,
    mojang,
    geyser,
    service: running,
    services,
    bot,
    clock,
    /** The API base, e.g. `http://127.0.0.1:PORT/api/v1`. */
    apiUrl: `${running.url}/api/v1`,
    control,
    waitFor,

    /** Runs a slash command as a member; resolves with the control API's status and answer. */
    async run(userId: string, command: string, call: CommandCall = {}) {
      const response = await fetch(`${discord.url}/_sandbox/interactions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          userId,
          command,
          channelId: call.channelId ?? IDS.general,
          ...(call.subcommandGroup ? { subcommandGroup: call.subcommandGroup } : {}),
          ...(call.subcommand ? { subcommand: call.subcommand } : {}),
          options: call.options ?? {},
        }),
      });
      return { status: response.status, body: (await response.json()) as AnswerView & { error?: string } };
    },

    /** Runs a slash command that must be answered with a message; resolves with the reply. */
    async command(userId: string, command: string, call: CommandCall = {}): Promise<Reply> {
      const { status, body } = await world.run(userId, command, call);
      if (status !== 200 || !("messageId" in body)) {
        throw new Error(`/${command} ${call.subcommand ?? ""} answered ${status}: ${JSON.stringify(body)}`);
      }
      return body;
    },

    /** The suggestions the bot offers while `focused` is typed. */
    async autocomplete(userId: string, command: string, focused: string, call: CommandCall = {}) {
      const answer = await control<AnswerView>("POST", "/interactions", {
        userId,
        command,
        channelId: call.channelId ?? IDS.general,
        ...(call.subcommand ? { subcommand: call.subcommand } : {}),
        options: call.options ?? {},
        focused,
      });
      if (!("choices" in answer)) throw new Error(`no choices: ${JSON.stringify(answer)}`);
      return answer.choices;
    },

    /** Clicks a button of a message as a member; resolves with the message as the bot left it (or answered). */
    click: (userId: string, messageId: string, customId: string) =>
      control<Reply>("POST", "/buttons", { userId, messageId, customId }),

    /**
     * Submits the modal the bot answered interaction `interactionId` with, as the member (values by text input
     * custom id, checked as Discord's client checks them); resolves with the status and the bot's answer.
     */
    async submitModal(userId: string, interactionId: string, values: Record<string, string>) {
      const response = await fetch(`${discord.url}/_sandbox/modals`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ userId, interactionId, values }),
      });
      return { status: response.status, body: (await response.json()) as AnswerView & { error?: string } };
    },

    /**
     * Posts a plain message as a member; `deletedAtOnce`: deleted the moment it is posted (AutoMod, a moderation
     * bot), so the bot hears of it and of its deletion before it can answer.
     */
    say: (userId: string, channelId: string, content: string, options: { deletedAtOnce?: boolean } = {}) =>
      control<{ id: string }>("POST", "/messages", { userId, channelId, content, ...options }),

    /** A member's roles now. */
    member: (userId: string) => control<MemberView>("GET", `/members/${userId}`),

    /** The non-ephemeral messages of a channel, oldest first. */
    messages: (channelId: string) => control<MessageView[]>("GET", `/channels/${channelId}/messages`),

    /** Waits for a message in a channel that passes `predicate`. */
    message: (channelId: string, what: string, predicate: (message: MessageView) => boolean) =>
      waitFor(what, async () => (await world.messages(channelId)).find(predicate)),

    /**
     * Waits until the text of an answer the bot gave (`reply`; ephemeral ones included) passes `predicate`: an
     * answer changes after it was given when roles that follow a registration are refused.
     */
    answerText: (reply: Reply, what: string, predicate: (content: string) => boolean) =>
      waitFor(what, async () => {
        const content = discord.state.messages.get(reply.messageId)?.content;
        return content !== undefined && predicate(content) && content;
      }),

    /** Waits until a member's roles pass `predicate`; resolves with them. */
    roles: (userId: string, what: string, predicate: (roleIds: string[]) => boolean) =>
      waitFor(what, async () => {
        const { roleIds } = await world.member(userId);
        return predicate(roleIds) && roleIds;
      }),

    /** A member leaves the guild. */
    leave: (userId: string) => control<MemberView>("POST", `/members/${userId}/leave`),

    /** Sets a member's roles. */
    setRoles: (userId: string, roleIds: string[]) =>
      control<MemberView>("POST", `/members/${userId}/roles`, { roleIds }),

    /** A request to the API with a key. */
    api: (key: string, path: string, init: RequestInit = {}) =>
      fetch(`${running.url}/api/v1${path}`, {
        ...init,
        headers: { authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) },
      }),

    /** Sets the log channel directly (tests of other things need one). */
    async useLogChannel() {
      await services.guilds.setLogChannel(IDS.guild, IDS.logChannel);
    },

    /** Creates a whitelist through the service: `survival`, java nicks, command mode in #survival. */
    whitelist(input: Partial<Omit<NewWhitelist, "guildId">> = {}) {
      return services.whitelists.create({
        guildId: IDS.guild,
        name: "survival",
        channelId: IDS.survivalChannel,
        nickType: "java",
        registrationMode: "command",
        ...input,
      });
    },

    /** A link key through the service (guild-wide unless a whitelist id is given). */
    async key(whitelistId: string | null = null) {
      return (
        await services.keys.create({ guildId: IDS.guild, name: "test", whitelistId, createdBy: IDS.owner })
      ).plaintext;
    },

    /** The latest registration request, as the registration service reports it. */
    async registrationRequest() {
      const row = sqliteClient(services)
        .query<{ id: string }, []>(
          "SELECT id FROM registration_requests ORDER BY created_at DESC, rowid DESC",
        )
        .get();
      if (!row) throw new Error("no registration request was filed");
      return (await services.registration.getRequest(row.id)).request;
    },

    /** With `contract`: the routes checked so far and the violations found. */
    contract,

    /**
     * Stops the service, the sandbox and the fake Mojang, and removes the database; with `contract`, then fails
     * naming every exchange that broke Discord's contract.
     */
    async stop() {
      await teardown();
      contract?.assertConforms();
    },
  };
  return world;
}

/** A running test world. */
export type World = Awaited<ReturnType<typeof startWorld>>;

/** A webhook receiver on 127.0.0.1, port 0, recording every delivery. */
export function startReceiver() {
  const deliveries: { headers: Record<string, string>; body: Record<string, unknown> }[] = [];
  const waiters = new Set<() => void>();
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      deliveries.push({
        headers: Object.fromEntries(request.headers),
        body: (await request.json()) as Record<string, unknown>,
      });
      for (const wake of waiters) wake();
      return new Response(null, { status: 204 });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/hook`,
    deliveries,
    /** Resolves with the first delivery whose body passes `predicate` (already received or future). */
    waitFor(predicate: (body: Record<string, unknown>) => boolean) {
      return new Promise<(typeof deliveries)[number]>((resolve) => {
        const check = () => {
          const found = deliveries.find((delivery) => predicate(delivery.body));
          if (!found) return;
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      });
    },
    stop: () => server.stop(true),
  };
}

/** A reply's text lines. */
export const lines = (reply: { content: string }) => reply.content.split("\n");

/** The value of a line scripts read in a reply (src/shared/script-lines.ts), as a script reads it. */
export function lineValue(reply: { content: string }, line: LabelledLine): string {
  const value = readLine(reply.content, line);
  if (value === undefined) throw new Error(`no ${line.label} line in ${JSON.stringify(reply.content)}`);
  return value;
}
