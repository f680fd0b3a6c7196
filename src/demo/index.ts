import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Config } from "../config.ts";
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
import { scriptLines } from "../shared/script-lines.ts";
import type { Whitelist } from "../whitelists/model.ts";
import type { NewWhitelist } from "../whitelists/service.ts";
import { demo, demoProfiles, demoSeed, demoSeedIn, demoXboxAccounts } from "./seed.ts";

/** A running demo: the service and its bot connected to the sandbox Discord, with a ready API key. */
export type Demo = {
  running: RunningService;
  sandbox: SandboxDiscord;
  mojang: FakeMojang;
  geyser: FakeGeyser;
  /** A guild-wide link key. */
  key: string;
  apiUrl: string;
  sandboxUrl: string;
  /** The link endpoint's address, `host:port` (LINK_PORT, or a free port). */
  link: string;
  whitelists: Record<"survival" | "hardcore" | "cracked" | "bedrock", string>;
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
/** Notch's account at the demo's fake Mojang, renamed in the tour. */
const NOTCH_UUID = demoProfiles.find((profile) => profile.name === "Notch")?.uuid;

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
];

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

/** The nick the demo denies on `survival`. */
const DEMO_DENIED = { nick: "Griefer_01", reason: "griefed spawn" };

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
  const mojang = startFakeMojang({ profiles: demoProfiles });
  const geyser = startFakeGeyser({ accounts: demoXboxAccounts });
  const token = `demo.${randomString(32)}`;
  const sandbox = await startSandboxDiscord({
    port: config.SANDBOX_PORT,
    hostname: "127.0.0.1",
    // The server and every member speak DEMO_LOCALE in Discord: the bot answers and logs in it.
    seed: demoSeedIn(config.DEMO_LOCALE),
    token,
    logger,
    // Discord's limits unless turned off: the demo shows how the bot fares under them.
    rateLimits: config.SANDBOX_RATE_LIMITS === "off" ? false : {},
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
  const { plaintext: key } = await services.keys.create({
    guildId: demo.guildId,
    name: "demo",
    whitelistId: null,
    createdBy: demo.users.owner,
  });

  return {
    running,
    sandbox,
    mojang,
    geyser,
    key,
    apiUrl: `${running.url}/api/v1`,
    sandboxUrl: `${sandbox.url}/_sandbox`,
    link: linkAddressOf({ ...config, HOST: "127.0.0.1" }, running.link) as string,
    whitelists,
    leads,
    async stop() {
      await running.stop();
      await cleanup();
    },
  };
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

/** What `whitelist-sync demo` prints: three lines scripts rely on (API:, API key:, Sandbox:) and a tour. */

/**
 * The command that joins the link server with a real client: the script's path when it is there (the demo runs
 * from a clone), else where it is in one (a compiled binary carries no scripts).
 */
function joinScript(): string {
  const path = join(import.meta.dir, "join.cjs");
  return existsSync(path) ? path : "src/demo/join.cjs";
}

/** What `whitelist-sync demo` prints: the lines scripts rely on (API:, API key:, Sandbox:, Link:) and a tour. */
export function describeDemo(d: Demo): string {
  const auth = `-H "Authorization: Bearer ${d.key}"`;
  const json = `-H 'content-type: application/json'`;
  const ws = d.apiUrl.replace(/^http/, "ws");
  if (!d.leads) return describeFollower(d, auth, ws);
  const replicas =
    d.running.services.store.kind === "postgres"
      ? `

On PostgreSQL this demo is one replica: start another on the same DATABASE_URL in a second terminal (PORT=3001
whitelist-sync demo, or a serve) and watch a change made through one reach the other's socket.`
      : "";
  return `
whitelist-sync demo: a sandbox Discord server "Blocky Builders" with the bot, four whitelists (java,
premium/approval with an application form, offline/message, bedrock), a few players, and fake Mojang and
GeyserMC APIs. Nothing leaves this machine.

${scriptLines.demo.api.line(d.apiUrl)}
${scriptLines.demo.apiKey.line(d.key)}
${scriptLines.demo.sandbox.line(d.sandboxUrl)}
${scriptLines.demo.mojang.line(d.mojang.url)}
${scriptLines.demo.link.line(d.link)}
${scriptLines.demo.docs.line(`${d.running.url}/swagger`)}

Read the whitelists and their entries:
  curl ${auth} ${d.apiUrl}/whitelists
  curl ${auth} ${d.apiUrl}/whitelists/${d.whitelists.survival}/entries
  curl ${auth} "${d.apiUrl}/whitelists/${d.whitelists.survival}/entries?format=vanilla"

Watch changes live (in another terminal), then remove alex's Bedrock nick through the API: the socket gets
entry.removed, the bot takes back the Bedrock role (${demo.roles.bedrock}) it granted for it, and the log
channel shows the removal (origin "API/plugin"):
  bunx wscat ${auth} -c ${ws}/ws
  curl ${d.sandboxUrl}/members/${demo.users.alex}                  # alex's roles, Bedrock among them
  curl -X DELETE ${auth} ${d.apiUrl}/whitelists/${d.whitelists.bedrock}/entries/Alex%20Pocket
  curl ${d.sandboxUrl}/members/${demo.users.alex}                  # Bedrock is gone

Act as a Discord member through the sandbox's control API (survival requires proof of ownership: steve is
told where to join and what to type):
  curl -X POST ${json} ${d.sandboxUrl}/interactions -d '{"userId":"${demo.users.steve}","channelId":"${demo.channels.java}","command":"register","options":{"nick":"SteveCraft"}}'
  curl -X POST ${json} ${d.sandboxUrl}/messages -d '{"userId":"${demo.users.alex}","channelId":"${demo.channels.cracked}","content":"AlexOffline"}'
  curl -X POST ${json} ${d.sandboxUrl}/interactions -d '{"userId":"${demo.users.steve}","channelId":"${demo.channels.java}","command":"register","options":{"nick":"${DEMO_DENIED.nick}"}}'   # denied
  curl ${d.sandboxUrl}/channels/${demo.channels.log}/messages     # what the bot logged

Apply to hardcore, which asks two questions: /register answers with the form (a Discord modal) and its
"interactionId"; alex submits it (replace ID), and the request reaches staff in the log channel with the answers
and its Approve and Reject buttons. The moderator's look-up shows them afterwards, for the server's retention:
  curl -X POST ${json} ${d.sandboxUrl}/interactions -d '{"userId":"${demo.users.alex}","channelId":"${demo.channels.premium}","command":"register","options":{"nick":"Grumm"}}'
  curl -X POST ${json} ${d.sandboxUrl}/modals -d '{"userId":"${demo.users.alex}","interactionId":"ID","values":{"q1":"Build a **huge** redstone farm with friends.","q2":"A friend"}}'
  curl ${d.sandboxUrl}/channels/${demo.channels.log}/messages     # the request and its answers
  curl -X POST ${json} ${d.sandboxUrl}/interactions -d '{"userId":"${demo.users.moderator}","channelId":"${demo.channels.premium}","command":"whitelist","subcommand":"member","options":{"user":"${demo.users.alex}"}}'

Prove the account: a real Minecraft client (npm minecraft-protocol under Node, from a clone of the repository)
joins the link server ${d.link} as SteveCraft, logging in through the fake Mojang, and prints the code it is
shown; then steve types it (replace CODE): SteveCraft is on survival, verified in the API, and the log says so:
  node ${joinScript()} ${d.link} SteveCraft ${d.mojang.url}
  curl -X POST ${json} ${d.sandboxUrl}/interactions -d '{"userId":"${demo.users.steve}","channelId":"${demo.channels.java}","command":"register","options":{"code":"CODE"}}'

Staff add a nick for a week for the newcomer, on cracked (survival would refuse: it requires the Player role,
which the newcomer lacks); it then goes by itself, origin "expired". Integrators without a socket poll the
change feed, sending back the "next" it answers as after=:
  curl -X POST ${json} ${d.sandboxUrl}/interactions -d '{"userId":"${demo.users.moderator}","channelId":"${demo.channels.cracked}","command":"whitelist","subcommand":"add","options":{"whitelist":"cracked","member":"${demo.users.newcomer}","nick":"TrialPlayer","expires":"7d"}}'
  curl ${auth} "${d.apiUrl}/events?after=0"

As staff (the moderator): who holds a nick, a member's nicks, deny a nick (it leaves the whitelist):
  curl -X POST ${json} ${d.sandboxUrl}/interactions -d '{"userId":"${demo.users.moderator}","channelId":"${demo.channels.java}","command":"whitelist","subcommand":"whois","options":{"nick":"Notch"}}'
  curl -X POST ${json} ${d.sandboxUrl}/interactions -d '{"userId":"${demo.users.moderator}","channelId":"${demo.channels.java}","command":"whitelist","subcommand":"member","options":{"user":"${demo.users.alex}"}}'
  curl -X POST ${json} ${d.sandboxUrl}/interactions -d '{"userId":"${demo.users.moderator}","channelId":"${demo.channels.java}","command":"whitelist","subcommand":"deny","options":{"whitelist":"survival","nick":"Dinnerbone","reason":"griefing"}}'

Take steve's Player role away: survival requires it, so his nick there goes (origin role-lost):
  curl -X POST ${json} ${d.sandboxUrl}/members/${demo.users.steve}/roles -d '{"roleIds":["${demo.roles.whitelisted}"]}'

Import an existing list for alex (a plain list attached; add "dry-run":true to only see the report):
  curl -X POST ${json} ${d.sandboxUrl}/interactions -d '{"userId":"${demo.users.moderator}","channelId":"${demo.channels.java}","command":"whitelist","subcommand":"import","options":{"whitelist":"survival","member":"${demo.users.alex}","file":{"filename":"whitelist.txt","text":"Grumm\\nnewbie_1\\nnot a nick\\n"}}}'

On survival members' server nicknames follow their Minecraft name ({discord} ({mc})): alex shows as
"alex (Notch)" (the "nick" of the sandbox's member):
  curl ${d.sandboxUrl}/members/${demo.users.alex}                  # alex (Notch)

A player changes their Minecraft name at Mojang (here the fake's own control); within a few seconds (the demo
asks Mojang about one premium account a second, in turn) the log channel shows "Nick renamed", the API lists
the new name (origin renamed, roles kept) and alex's nickname follows: "alex (Notch_2)":
  curl -X PUT ${json} ${d.mojang.url}/_fake/profiles/${NOTCH_UUID} -d '{"name":"Notch_2"}'
  curl ${d.sandboxUrl}/members/${demo.users.alex}                  # alex (Notch_2)

Staff whitelist a player who is not on the Discord server: a guest, noted, counted against nobody's limit:
  curl -X POST ${json} ${d.sandboxUrl}/interactions -d '{"userId":"${demo.users.moderator}","channelId":"${demo.channels.java}","command":"whitelist","subcommand":"guest","options":{"whitelist":"survival","nick":"StreamGuest","note":"the stream guest tonight","expires":"1d"}}'

Ban steve on Discord (ban sync is on here): his nicks go on the deny lists ("banned on Discord", the log channel
says which); unbanning him lifts them:
  curl -X PUT ${json} ${d.sandboxUrl}/bans/${demo.users.steve} -d '{"reason":"griefing"}'
  curl -X DELETE ${d.sandboxUrl}/bans/${demo.users.steve}

The bot speaks each member's Discord language, and the server's in what everyone reads: start the demo with
DEMO_LOCALE=de (or fr, es-ES, pt-BR, pl, ru) and the answers and log posts above read in it; staff word what members
read their way with /texts set. A member's language can change on the fly:
  curl -X POST ${json} ${d.sandboxUrl}/members/${demo.users.alex}/locale -d '{"locale":"pl"}'
${replicas}

Press Ctrl+C to stop.`;
}

/** What a demo that follows another replica prints: the same lines scripts rely on, and how to see a change cross. */
function describeFollower(d: Demo, auth: string, ws: string): string {
  return `
whitelist-sync demo, as a replica that follows: another replica on this PostgreSQL database leads, and the
Discord bot runs there (act in that demo's sandbox). A change made through either replica shows on both; if the
leader stops, this one takes over within seconds and its bot connects to this sandbox.

${scriptLines.demo.api.line(d.apiUrl)}
${scriptLines.demo.apiKey.line(d.key)}
${scriptLines.demo.sandbox.line(d.sandboxUrl)}
${scriptLines.demo.mojang.line(d.mojang.url)}
${scriptLines.demo.docs.line(`${d.running.url}/swagger`)}

Watch changes live on this replica, then remove alex's Bedrock nick through the leader's API (a key works on
every replica: they share the database); entry.removed arrives here, and the entries read here no longer list it:
  bunx wscat ${auth} -c ${ws}/ws
  curl -X DELETE ${auth} http://<the leader's HOST:PORT>/api/v1/whitelists/${d.whitelists.bedrock}/entries/Alex%20Pocket
  curl ${auth} ${d.apiUrl}/whitelists/${d.whitelists.bedrock}/entries

Press Ctrl+C to stop.`;
}
