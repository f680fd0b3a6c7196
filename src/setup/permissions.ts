import { inEnglish } from "../i18n/english.ts";
import { type Text, text } from "../i18n/messages.ts";
import { ConfigError } from "../shared/errors.ts";

/**
 * Discord's permission bits the bot needs, their names as Discord's UI shows them, and Discord's rule for a
 * member's permissions in a channel (https://discord.com/developers/docs/topics/permissions), on plain numbers:
 * no Discord library here, so the doctor (REST) and the bot (discord.js) share one rule.
 */
export const Permission = {
  AddReactions: 1n << 6n,
  Administrator: 1n << 3n,
  BanMembers: 1n << 2n,
  ViewAuditLog: 1n << 7n,
  ManageNicknames: 1n << 27n,
  ViewChannel: 1n << 10n,
  SendMessages: 1n << 11n,
  EmbedLinks: 1n << 14n,
  AttachFiles: 1n << 15n,
  ReadMessageHistory: 1n << 16n,
  ManageRoles: 1n << 28n,
} as const;

/** One of the permissions the bot uses, by its key above. */
export type PermissionName = keyof typeof Permission;

/** The name Discord's UI gives a permission, in the reader's language (Discord's UI shows them translated). */
export const permissionText = (name: PermissionName): Text => text(`permission.${name}`);

/** The names in English: for the operator's terminal and what is not translated yet. */
export const PERMISSION_NAMES = Object.fromEntries(
  Object.keys(Permission).map((name) => [name, inEnglish(permissionText(name as PermissionName))]),
) as Record<PermissionName, string>;

/**
 * Every permission the features everyone uses need, asked for by the invite link and checked server-wide, with what
 * the bot does with each (English: the operator reads it, in `invite` and the README).
 */
export const BOT_PERMISSION_USES = {
  ViewChannel: "see the channels members register in and the log channel",
  SendMessages: "post there: approval requests, the log, message-mode replies",
  EmbedLinks: "post those as embeds",
  AttachFiles: "attach long lists (the log's summaries, exports) as files",
  AddReactions: "confirm a message-mode registration with a reaction",
  ReadMessageHistory: "react and reply to members' messages (message mode)",
  ManageRoles: "grant and take back the whitelists' roles",
} as const satisfies Partial<Record<PermissionName, string>>;

/** Every permission the features everyone uses need (see BOT_PERMISSION_USES). */
export const BOT_PERMISSIONS = Object.keys(
  BOT_PERMISSION_USES,
) as readonly (keyof typeof BOT_PERMISSION_USES)[];

/**
 * The opt-in features that need a permission of their own, asked for only once they are used: nicknames that follow
 * the Minecraft name need Manage Nicknames; ban sync hears bans only with View Audit Log (or Ban Members: "only sent
 * to bots with the BAN_MEMBERS or VIEW_AUDIT_LOG permission", docs.discord.com, Gateway Events, Guild Ban Add),
 * and View Audit Log is the one that lets the bot do nothing. Each with how the operator turns it on.
 */
export const OPT_IN_FEATURES = {
  nicknames: {
    permission: "ManageNicknames",
    feature: "nicknames that follow the Minecraft name (/whitelist edit nickname:)",
  },
  banSync: {
    permission: "ViewAuditLog",
    feature: "Discord bans reaching the deny lists (/whitelist ban-sync)",
  },
} as const satisfies Record<string, { permission: PermissionName; feature: string }>;

/** Which opt-in features are on (see OPT_IN_FEATURES). */
export type OptInFeatures = { [Feature in keyof typeof OPT_IN_FEATURES]?: boolean };

/** Which opt-in features any server uses, as the store says (for the invite link, which names no server). */
export async function usedFeatures(services: {
  whitelists: { anyWithNicknames(): Promise<boolean> };
  guilds: { anyBanSync(): Promise<boolean> };
}): Promise<OptInFeatures> {
  return {
    nicknames: await services.whitelists.anyWithNicknames(),
    banSync: await services.guilds.anyBanSync(),
  };
}

/** The opt-in features, by name. */
const optIns = Object.keys(OPT_IN_FEATURES) as (keyof typeof OPT_IN_FEATURES)[];

/** Every opt-in feature on. */
const OPT_ALL: OptInFeatures = Object.fromEntries(optIns.map((feature) => [feature, true]));

/** The permissions the bot uses with these features on: BOT_PERMISSIONS and those of the features. */
export function botPermissions(features: OptInFeatures = {}): PermissionName[] {
  return [
    ...BOT_PERMISSIONS,
    ...optIns.filter((feature) => features[feature]).map((feature) => OPT_IN_FEATURES[feature].permission),
  ];
}

/** The permission integer of an invite link: every one the bot uses with these features on. */
export function invitePermissions(features: OptInFeatures = {}): bigint {
  return botPermissions(features).reduce((all, name) => all | Permission[name], 0n);
}

/**
 * What `invite` tells the operator beside the link (English, like the rest of the terminal): what each permission it
 * asks for is for, and which opt-in feature adds which permission, in use or not yet.
 */
export function describeInvite(features: OptInFeatures = {}): string[] {
  const width = Math.max(...botPermissions(OPT_ALL).map((name) => PERMISSION_NAMES[name].length));
  const row = (name: PermissionName, use: string) => `  ${PERMISSION_NAMES[name].padEnd(width)}  ${use}`;
  return [
    `Permissions ${invitePermissions(features)}, each for:`,
    ...BOT_PERMISSIONS.map((name) => row(name, BOT_PERMISSION_USES[name])),
    "Asked for once a server uses the feature that needs it (start with them off; invite again to add one):",
    ...optIns.map((feature) => {
      const { permission, feature: what } = OPT_IN_FEATURES[feature];
      const state = features[feature] ? "in use, so in the link above" : "not in use yet";
      return row(permission, `+${Permission[permission]} for ${what}: ${state}`);
    }),
  ];
}

/** Every bit set: what Administrator and the server's owner have. */
const ALL = (1n << 64n) - 1n;

/** A role as the checks see it. */
export type RoleSnapshot = {
  id: string;
  name: string;
  position: number;
  permissions: bigint;
  managed: boolean;
};
/** A channel permission overwrite: for a role (`type` 0) or a member (1). */
export type OverwriteSnapshot = { id: string; type: 0 | 1; allow: bigint; deny: bigint };
/** A channel as the checks see it. */
export type ChannelSnapshot = { id: string; name: string; overwrites: OverwriteSnapshot[] };
/** A server as the bot sees it: its roles, its text channels and the bot's own roles. */
export type GuildSnapshot = {
  id: string;
  name: string;
  ownerId: string;
  botId: string;
  botRoleIds: readonly string[];
  roles: readonly RoleSnapshot[];
  channels: readonly ChannelSnapshot[];
};

/** The bot's permissions server-wide: @everyone's and its roles', all of them with Administrator. */
export function guildPermissions(guild: GuildSnapshot): bigint {
  if (guild.botId === guild.ownerId) return ALL;
  let permissions = guild.roles.find((role) => role.id === guild.id)?.permissions ?? 0n;
  for (const role of guild.roles) if (guild.botRoleIds.includes(role.id)) permissions |= role.permissions;
  return (permissions & Permission.Administrator) !== 0n ? ALL : permissions;
}

/**
 * The bot's permissions in a channel: the server's, then the overwrites of @everyone, of its roles together, and
 * of the bot itself, each denying then allowing; without View Channel nothing else counts.
 */
export function channelPermissions(guild: GuildSnapshot, channel: ChannelSnapshot): bigint {
  const base = guildPermissions(guild);
  if (base === ALL) return ALL;
  let permissions = base;
  const apply = (allow: bigint, deny: bigint) => {
    permissions = (permissions & ~deny) | allow;
  };
  const everyone = channel.overwrites.find((overwrite) => overwrite.type === 0 && overwrite.id === guild.id);
  if (everyone) apply(everyone.allow, everyone.deny);
  let allow = 0n;
  let deny = 0n;
  for (const overwrite of channel.overwrites) {
    if (overwrite.type !== 0 || !guild.botRoleIds.includes(overwrite.id)) continue;
    allow |= overwrite.allow;
    deny |= overwrite.deny;
  }
  apply(allow, deny);
  const own = channel.overwrites.find((overwrite) => overwrite.type === 1 && overwrite.id === guild.botId);
  if (own) apply(own.allow, own.deny);
  return (permissions & Permission.ViewChannel) === 0n ? 0n : permissions;
}

/** The permissions of `wanted` that `held` lacks. */
export function lackedPermissions(held: bigint, wanted: readonly PermissionName[]): PermissionName[] {
  return wanted.filter((name) => (held & Permission[name]) === 0n);
}

/** The names of `wanted` that `held` lacks, as Discord's UI shows them in English. */
export function missingPermissions(held: bigint, wanted: readonly PermissionName[]): string[] {
  return lackedPermissions(held, wanted).map((name) => PERMISSION_NAMES[name]);
}

/** The bot's highest role: the one whose position decides which roles it may grant. */
export function highestRole(guild: GuildSnapshot): RoleSnapshot | undefined {
  return guild.roles
    .filter((role) => guild.botRoleIds.includes(role.id))
    .sort((a, b) => b.position - a.position || (BigInt(a.id) < BigInt(b.id) ? -1 : 1))[0];
}

/**
 * The application id a bot token starts with: its first part is the id in base64 (Discord's token format).
 * Undefined when the token does not look like one.
 */
export function applicationIdOf(token: string): string | undefined {
  const first = token.replace(/^Bot\s+/i, "").split(".")[0] ?? "";
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(first)) return undefined;
  const id = Buffer.from(first.replaceAll("-", "+").replaceAll("_", "/"), "base64").toString("utf8");
  return /^[0-9]{17,20}$/.test(id) ? id : undefined;
}

/**
 * The application id of DISCORD_TOKEN; a ConfigError (exit 78) for a token of any other shape, so that one never
 * reaches Discord (`serve` would take an unreachable Discord for it and exit 1) and `invite` and `serve` refuse it
 * alike.
 */
export function tokenApplicationId(token: string): string {
  const id = applicationIdOf(token);
  if (!id) {
    throw new ConfigError(
      "DISCORD_TOKEN does not look like a bot token (its first part should be the application id in base64): " +
        "copy it again from the developer portal, Bot → Reset Token",
    );
  }
  return id;
}

/** The link that adds the bot to a server with the scopes and permissions it needs (with `features` on). */
export function inviteUrl(applicationId: string, features: OptInFeatures = {}): string {
  const query = new URLSearchParams({
    client_id: applicationId,
    scope: ["bot", "applications.commands"].join(" "),
    permissions: invitePermissions(features).toString(),
  });
  return `https://discord.com/oauth2/authorize?${query.toString().replaceAll("+", "%20")}`;
}
