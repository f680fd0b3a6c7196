import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Config } from "../config.ts";
import { callbackUrl } from "../dashboard/index.ts";
import { linkAddressOf } from "../link/index.ts";
import type { Member } from "../registration/model.ts";
import { type SandboxDiscord, startSandboxDiscord } from "../sandbox/discord/index.ts";
import { type FakeGeyser, startFakeGeyser } from "../sandbox/geyser.ts";
import { type FakeMojang, startFakeMojang } from "../sandbox/mojang.ts";
import { type RunningService, startService } from "../server.ts";
import { DomainError } from "../shared/errors.ts";
import { randomString } from "../shared/ids.ts";
import { explainListenError } from "../shared/listen.ts";
import type { Logger } from "../shared/logger.ts";
import type { Whitelist } from "../whitelists/model.ts";
import type { NewWhitelist } from "../whitelists/service.ts";
import { type DemoGame, startDemoGame } from "./game.ts";
import { demoKey, restoredSeed } from "./kept.ts";
import { demo, demoProfiles, demoSeed, demoSeedIn, demoXboxAccounts } from "./seed.ts";

/** A running demo: the service and its bot connected to the sandbox Discord, with a ready API key. */
export type Demo = {
  running: RunningService;
  sandbox: SandboxDiscord;
  mojang: FakeMojang;
  geyser: FakeGeyser;
  /** A guild-wide link key, new at this start (kept.ts, demoKey). */
  key: string;
  /** How many keys of earlier starts on this database that one replaced (revoked). */
  keysReplaced: number;
  /** Whether the database is kept between starts (DATABASE_PATH given, or DATABASE_URL), or a temporary one. */
  kept: boolean;
  apiUrl: string;
  /** The staff dashboard, signed in through the sandbox's Discord authorization page. */
  dashboardUrl: string;
  sandboxUrl: string;
  /** The link endpoint's address, `host:port` (LINK_PORT, or a free port). */
  link: string;
  whitelists: Record<"survival" | "hardcore" | "cracked" | "bedrock" | "smp", string>;
  /** The fake game server with Minecraft's management API, and the `sync` agent on it (the leader's demo only). */
  game: DemoGame | null;
  /**
   * Whether this demo's service leads. Always, on its own database; on PostgreSQL (DATABASE_URL) another replica
   * may (a demo or `serve` started first): then the bot runs there, and this one serves the API and the socket.
   */
  leads: boolean;
  stop(): Promise<void>;
};

/**
 * How the demo follows renames at its fake Mojang: every premium account is due at every pass, a pass a second,
 * at the most Mojang itself allows (60 calls a minute). A pass asks its share of the minute, one account, so the
 * accounts are asked in turn, one a second, whenever the tour's rename is tried: within as many seconds as there
 * are premium accounts (4 after the tour), never after a minute's budget spent in a burst (issue 30).
 */
export const DEMO_RENAMES = { passMs: 1_000, checksPerMinute: 60, checkEveryMs: 1 } as const;

const DEMO_WHITELISTS: (Omit<NewWhitelist, "guildId"> & { key: keyof Demo["whitelists"] })[] = [
  {
    key: "survival",
    name: "survival",
    channelId: demo.channels.java,
    nickType: "java",
    registrationMode: "command",
    maxNicksPerUser: 2,
    requiredRoleIds: [demo.roles.player],
    grantedRoleIds: [demo.roles.whitelisted],
    managerRoleIds: [demo.roles.manager],
    // Members prove their Java account at the link server; the seeded nicks are staff's, unverified.
    proof: "required",
    // Members' server nicknames follow their nick: alex shows as "alex (Notch)".
    nicknameTemplate: "{discord} ({mc})",
  },
  {
    key: "hardcore",
    name: "hardcore",
    channelId: demo.channels.premium,
    nickType: "premium",
    registrationMode: "approval",
    grantedRoleIds: [demo.roles.whitelisted],
    managerRoleIds: [demo.roles.manager],
    // An application: /register opens these questions as a form, and staff read the answers with the request.
    form: [
      {
        label: "What will you do on hardcore?",
        style: "paragraph",
        required: true,
        minLength: 10,
        maxLength: 500,
        placeholder: "Your plans, your experience",
      },
      {
        label: "How did you hear about us?",
        style: "short",
        required: false,
        minLength: 0,
        maxLength: 100,
        placeholder: null,
      },
    ],
  },
  {
    key: "cracked",
    name: "cracked",
    channelId: demo.channels.cracked,
    nickType: "offline",
    registrationMode: "message",
    managerRoleIds: [demo.roles.manager],
  },
  {
    key: "bedrock",
    name: "bedrock",
    channelId: demo.channels.bedrock,
    nickType: "bedrock",
    registrationMode: "command",
    grantedRoleIds: [demo.roles.bedrock],
    managerRoleIds: [demo.roles.manager],
  },
  {
    key: "smp",
    name: "smp",
    channelId: demo.channels.smp,
    nickType: "java",
    registrationMode: "command",
    managerRoleIds: [demo.roles.manager],
    // The demo's game server is the proof: a registration is on its allowlist at once, and the player proves the
    // account by joining it (the agent kicks them with a code to type in Discord).
    proof: "first-join",
  },
];

/** The whitelist the demo's game server takes its allowlist from. */
const DEMO_GAME_WHITELIST = "smp";

const DEMO_ENTRIES: {
  whitelist: keyof Demo["whitelists"];
  userId: string;
  roleIds: string[];
  nick: string;
}[] = [
  { whitelist: "survival", userId: demo.users.alex, roleIds: [demo.roles.player], nick: "Notch" },
  { whitelist: "survival", userId: demo.users.alex, roleIds: [demo.roles.player], nick: "alex_builds" },
  { whitelist: "survival", userId: demo.users.steve, roleIds: [demo.roles.player], nick: "Dinnerbone" },
  { whitelist: "hardcore", userId: demo.users.steve, roleIds: [demo.roles.player], nick: "jeb_" },
  { whitelist: "cracked", userId: demo.users.steve, roleIds: [demo.roles.player], nick: "CrackedSteve" },
  { whitelist: "bedrock", userId: demo.users.alex, roleIds: [demo.roles.player], nick: "Alex Pocket" },
];

/**
 * The ranks `survival` and `smp` map: the Player role to `member`, verified accounts to `trusted`. On smp the demo's
 * game server follows them (LuckPerms' commands on its console).
 */
const DEMO_RANKS = [
  [demo.roles.player, "member"],
  ["verified", "trusted"],
] as const;
/** The whitelists that map DEMO_RANKS. */
const DEMO_RANKED = ["survival", "smp"] as const;

/** The nick the demo denies on `survival`. */
export const DEMO_DENIED = { nick: "Griefer_01", reason: "griefed spawn" };

/**
 * Starts the sandbox Discord (seeded guild), the fake Mojang API and the fake GeyserMC lookup on loopback, then the real service with
 * its bot connected to them, and seeds whitelists and entries through the real registration path (so the bot
 * grants roles in the sandbox and logs to its log channel). A fresh temporary database is used unless
 * `databasePath` is given, or DATABASE_URL: then this demo is one replica of those sharing that database, and
 * seeds only what is not there yet.
 */
export async function startDemo(
  config: Config,
  options: { logger: Logger; databasePath: string | null; signal?: AbortSignal },
): Promise<Demo> {
  const { logger } = options;
  // A kept database: the sandbox gets back what the bot did in the last one (kept.ts).
  const kept = options.databasePath ?? (config.DATABASE_URL ? config.DATABASE_PATH : null);
  // The server and every member speak DEMO_LOCALE in Discord: the bot answers and logs in it.
  const seed = demoSeedIn(config.DEMO_LOCALE);
  const restored = kept === null ? seed : await restoredSeed(seed, config, kept, logger);
  const mojang = onPort(config.SANDBOX_MOJANG_PORT, "SANDBOX_MOJANG_PORT", (port) =>
    startFakeMojang({ port, profiles: demoProfiles }),
  );
  const geyser = await Promise.resolve()
    .then(() =>
      onPort(config.SANDBOX_GEYSER_PORT, "SANDBOX_GEYSER_PORT", (port) =>
        startFakeGeyser({ port, accounts: demoXboxAccounts }),
      ),
    )
    .catch(async (error) => {
      await mojang.stop();
      throw error;
    });
  const token = `demo.${randomString(32)}`;
  // The dashboard is always on in the demo: its application's client secret, set in the sandbox's portal as a host
  // sets theirs (docs/dashboard.md); the callback is registered once the service's address is known.
  const clientSecret = randomString(32);
  const sandbox = await startSandboxDiscord({
    port: config.SANDBOX_PORT,
    hostname: "127.0.0.1",
    seed: restored,
    token,
    logger,
    // Discord's limits unless turned off: the demo shows how the bot fares under them.
    rateLimits: config.SANDBOX_RATE_LIMITS === "off" ? false : {},
    oauth2: { clientSecret },
  }).catch(async (error) => {
    await mojang.stop();
    await geyser.stop();
    throw explainListenError(error, {
      host: "127.0.0.1",
      port: config.SANDBOX_PORT,
      hostVariable: "HOST",
      portVariable: "SANDBOX_PORT",
    });
  });
  const temporary =
    options.databasePath === null && !config.DATABASE_URL
      ? mkdtempSync(join(tmpdir(), "whitelist-sync-demo-"))
      : null;
  const cleanup = async () => {
    await sandbox.stop();
    await mojang.stop();
    await geyser.stop();
    if (temporary) rmSync(temporary, { recursive: true, force: true });
  };
  let running: RunningService;
  try {
    running = await startService(
      {
        ...config,
        DATABASE_PATH:
          options.databasePath ?? (temporary ? join(temporary, "demo.db") : config.DATABASE_PATH),
        DISCORD_TOKEN: token,
        DISCORD_CLIENT_SECRET: clientSecret,
        // The demo's token is no real one's shape, so the application id is given as a host may give theirs.
        DISCORD_CLIENT_ID: restored.applicationId ?? restored.bot.id,
        DISCORD_API_URL: sandbox.apiUrl,
        MOJANG_API_URL: mojang.url,
        MOJANG_SESSION_URL: mojang.url,
        GEYSER_API_URL: geyser.url,
        WEBHOOK_ALLOW_PRIVATE: true,
        RENAME_CHECKS_PER_MINUTE: DEMO_RENAMES.checksPerMinute,
        // The link endpoint runs: on LINK_PORT when set, else on any free port, named after the demo's guild.
        LINK_PORT: config.LINK_PORT ?? 0,
        LINK_COMMUNITY: config.LINK_COMMUNITY ?? demoSeed.guild.name,
      },
      // Premium names are checked in turn, one a second, so a rename shows in the tour within seconds.
      {
        logger,
        fastIdentify: true,
        // A kept DATABASE_PATH remembers the commands registered in the last sandbox; this one has none yet.
        discordInstance: sandbox.instanceId,
        renamePassMs: DEMO_RENAMES.passMs,
        renameCheckEveryMs: DEMO_RENAMES.checkEveryMs,
        signal: options.signal,
      },
    );
  } catch (error) {
    await cleanup();
    throw error;
  }
  const { services } = running;
  sandbox.oauth2.app.redirectUris.push(callbackUrl(running.publicUrl));
  // Of replicas on PostgreSQL, the bot runs on the one that leads: this one, unless another demo or a `serve`
  // holds the lead already.
  const leads = await running.leads();
  const bot = running.bot;
  if (leads && !bot) throw new Error("the demo bot did not start");

  await services.guilds.setLogChannel(demo.guildId, demo.channels.log);
  // Bans reach the deny lists (the tour bans a member).
  await services.guilds.setBanSync(demo.guildId, true);
  const owner: Member = { userId: demo.users.owner, roleIds: [], canManageGuild: true };
  // A kept database (DATABASE_PATH set) is the user's: what the tour changed stays changed. Only a whitelist
  // created by this start gets the demo's entries and denial; one that exists is left as it is.
  const whitelists = {} as Demo["whitelists"];
  const created = new Set<keyof Demo["whitelists"]>();
  for (const { key, ...settings } of DEMO_WHITELISTS) {
    const existing = await services.whitelists.find(demo.guildId, settings.name);
    const made = existing ? undefined : await createUnlessTaken(services, settings);
    if (made) created.add(key);
    const whitelist = existing ?? made ?? (await services.whitelists.find(demo.guildId, settings.name));
    if (!whitelist) throw new Error(`the demo whitelist ${settings.name} could not be created`);
    whitelists[key] = whitelist.id;
  }
  await bot?.ensureIntents();
  // Ranks that follow roles (docs/decisions.md): survival's and smp's Players are in `member`, their verified
  // accounts in `trusted`; mapped before the entries, so each is registered with its groups.
  for (const ranked of DEMO_RANKED) {
    if (!created.has(ranked)) continue;
    for (const [roleId, group] of DEMO_RANKS) {
      await services.ranks.map({
        whitelistId: whitelists[ranked],
        guildId: demo.guildId,
        roleId,
        group,
        actorId: owner.userId,
      });
    }
  }
  for (const entry of DEMO_ENTRIES) {
    if (!created.has(entry.whitelist)) continue;
    await services.registration.register({
      guildId: demo.guildId,
      whitelist: whitelists[entry.whitelist],
      member: { userId: entry.userId, roleIds: entry.roleIds, canManageGuild: false },
      actor: owner,
      nick: entry.nick,
      origin: "staff",
    });
  }
  // One denied nick, so `/whitelist show` has a deny list to show and `/register Griefer_01` a reason to give.
  if (created.has("survival")) {
    await services.denials.deny({
      guildId: demo.guildId,
      whitelist: whitelists.survival,
      ...DEMO_DENIED,
      actor: owner,
    });
  }
  // Replicas on PostgreSQL each print their own key; one demo on its own database replaces its earlier ones.
  const { key, replaced } = await demoKey(services, services.store.kind !== "postgres");
  const apiUrl = `${running.url}/api/v1`;
  // One game server, beside the bot: on the replica that leads.
  let game: DemoGame | null = null;
  if (leads) {
    try {
      const groups = DEMO_RANKS.map(([, group]) => group);
      game = await startDemoGame({ apiUrl, key, whitelist: DEMO_GAME_WHITELIST, groups, logger });
    } catch (error) {
      await running.stop();
      await cleanup();
      throw error;
    }
  }

  return {
    running,
    sandbox,
    mojang,
    geyser,
    key,
    keysReplaced: replaced,
    kept: kept !== null,
    apiUrl,
    dashboardUrl: `${running.publicUrl}/dashboard`,
    sandboxUrl: `${sandbox.url}/_sandbox`,
    link: linkAddressOf({ ...config, HOST: "127.0.0.1" }, running.link) as string,
    whitelists,
    leads,
    game,
    async stop() {
      await game?.stop();
      await running.stop();
      await cleanup();
    },
  };
}

/**
 * Starts a fake of the demo on the loopback `port` its setting (`variable`) names: a port another program holds
 * stops the start with a configuration error naming that setting (exit 78), as SANDBOX_PORT's does.
 */
function onPort<T>(port: number, variable: string, start: (port: number) => T): T {
  try {
    return start(port);
  } catch (error) {
    throw explainListenError(error, {
      host: "127.0.0.1",
      port,
      hostVariable: "HOST",
      portVariable: variable,
    });
  }
}

/** Creates a demo whitelist; undefined when another replica's demo, starting at the same time, created it first. */
async function createUnlessTaken(
  services: RunningService["services"],
  settings: Omit<NewWhitelist, "guildId">,
): Promise<Whitelist | undefined> {
  try {
    return await services.whitelists.create({ guildId: demo.guildId, ...settings });
  } catch (error) {
    if (error instanceof DomainError && error.code === "name-taken") return undefined;
    throw error;
  }
}
