import type { SandboxSeed } from "../sandbox/discord/index.ts";
import type { FakeXboxAccount } from "../sandbox/geyser.ts";
import type { FakeMojangProfile } from "../sandbox/mojang.ts";
import { invitePermissions } from "../setup/permissions.ts";

/** Ids of the demo guild, stable so the printed examples stay valid between runs. */
export const demo = {
  guildId: "1200000000000000000",
  botId: "1200000000000000001",
  roles: {
    bot: "1200000000000000010",
    manager: "1200000000000000011",
    player: "1200000000000000012",
    whitelisted: "1200000000000000013",
    bedrock: "1200000000000000014",
  },
  channels: {
    java: "1200000000000000020",
    premium: "1200000000000000021",
    cracked: "1200000000000000022",
    bedrock: "1200000000000000023",
    log: "1200000000000000024",
    smp: "1200000000000000025",
  },
  users: {
    owner: "1200000000000000030",
    moderator: "1200000000000000031",
    alex: "1200000000000000032",
    steve: "1200000000000000033",
    newcomer: "1200000000000000034",
  },
} as const;

/**
 * The bot's role holds what its invite asks for (src/setup/permissions.ts), as a real invite gives it, with what the
 * demo's opt-in features add: Manage Nicknames (survival's members are named after their nick) and View Audit Log
 * (Discord tells it of bans: ban sync is on in the demo).
 */
const BOT_ROLE_PERMISSIONS = invitePermissions({ nicknames: true, banSync: true }).toString();

/** The demo guild: an owner, a manager, members with and without roles, a channel per whitelist, a log channel. */
export const demoSeed: SandboxSeed = {
  guild: { id: demo.guildId, name: "Blocky Builders", ownerId: demo.users.owner },
  bot: { id: demo.botId, username: "whitelist-sync" },
  roles: [
    { id: demo.roles.player, name: "Player" },
    { id: demo.roles.whitelisted, name: "Whitelisted" },
    { id: demo.roles.bedrock, name: "Bedrock" },
    { id: demo.roles.manager, name: "Server staff" },
    // Highest, with the invite's permissions (Manage Roles among them): the bot can grant every role below it. The
    // bot's integration manages it, so nobody can grant it, as on Discord.
    { id: demo.roles.bot, name: "whitelist-sync", permissions: BOT_ROLE_PERMISSIONS, managed: true },
  ],
  channels: [
    { id: demo.channels.java, name: "register-java" },
    { id: demo.channels.premium, name: "register-premium" },
    { id: demo.channels.cracked, name: "post-your-nick" },
    { id: demo.channels.bedrock, name: "register-bedrock" },
    { id: demo.channels.log, name: "whitelist-log" },
    { id: demo.channels.smp, name: "register-smp" },
  ],
  members: [
    { id: demo.botId, username: "whitelist-sync", roleIds: [demo.roles.bot] },
    { id: demo.users.owner, username: "owner", roleIds: [] },
    { id: demo.users.moderator, username: "moderator", roleIds: [demo.roles.manager] },
    { id: demo.users.alex, username: "alex", roleIds: [demo.roles.player] },
    { id: demo.users.steve, username: "steve", roleIds: [demo.roles.player] },
    { id: demo.users.newcomer, username: "newcomer", roleIds: [] },
  ],
};

/** The demo guild as it is when its server and every member use Discord in `locale` (DEMO_LOCALE). */
export function demoSeedIn(locale: string): SandboxSeed {
  return {
    ...demoSeed,
    guild: { ...demoSeed.guild, preferredLocale: locale },
    members: demoSeed.members.map((member) => ({ ...member, locale })),
  };
}

/** Premium accounts the fake Mojang API knows (real names and UUIDs of well-known accounts). */
export const demoProfiles: FakeMojangProfile[] = [
  { name: "Notch", uuid: "069a79f444e94726a5befca90e38aaf5" },
  { name: "jeb_", uuid: "853c80ef3c3749fdaa49938b674adae6" },
  { name: "Dinnerbone", uuid: "61699b2ed3274a019f1e0ea8c3f06bc6" },
  { name: "Grumm", uuid: "e6b5c088068044df9e1b9bf11792291b" },
  // Made up: the account steve proves at the link server in the tour.
  { name: "SteveCraft", uuid: "5f3c0d2b8a6e4c1f9b7d2e4a6c8f0b13" },
  // Made up: the account steve proves by joining the demo's game server (first-join proof) in the tour.
  { name: "SteveMiner", uuid: "7d1e5a3c9b2f4e6a8c0d1f3b5a7e9c24" },
  // Made up: the newcomer's account on the demo's game server, whose rank follows a role given in the tour.
  { name: "NewbieMiner", uuid: "3a9c5e7f1b2d4068a4c6e8f0b2d4f6a8" },
];

/** The Xbox accounts the demo's fake GeyserMC knows (any other gamertag has no account). */
export const demoXboxAccounts: FakeXboxAccount[] = [
  { gamertag: "Alex Pocket", xuid: "2535432196048835" },
  { gamertag: "Steve Gamer", xuid: "2535405290019876" },
];
