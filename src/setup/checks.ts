import type { Whitelist } from "../whitelists/model.ts";
import {
  botPermissions,
  type ChannelSnapshot,
  channelPermissions,
  type GuildSnapshot,
  guildPermissions,
  highestRole,
  missingPermissions,
  type OptInFeatures,
  PERMISSION_NAMES,
  Permission,
  type RoleSnapshot,
} from "./permissions.ts";

/**
 * One line of a checklist: what holds (or not) and, when not, exactly what to do. `pending`: not checked now (Discord
 * rate limited the reads): neither a pass nor a failure, the title says when to try again.
 */
export type Check = { ok: boolean; title: string; fix?: string; pending?: true };

/** The whitelist settings the checks read. */
export type CheckedWhitelist = Pick<
  Whitelist,
  | "name"
  | "channelId"
  | "registrationMode"
  | "requiredRoleIds"
  | "grantedRoleIds"
  | "managerRoleIds"
  | "nicknameTemplate"
>;

/** Where the portal's switches are, for fixes about intents. */
const PORTAL = "Bot → Privileged Gateway Intents in the Discord developer portal";
const ROLES_PLACE = "Server Settings → Roles";

/** What the bot needs in a whitelist's channel: to read it and answer there (react, in message mode). */
const WHITELIST_CHANNEL = ["ViewChannel", "SendMessages", "EmbedLinks", "ReadMessageHistory"] as const;
/** What the bot needs in the log channel: to post embeds and the export files staff ask for. */
const LOG_CHANNEL = ["ViewChannel", "SendMessages", "EmbedLinks", "AttachFiles"] as const;

/**
 * How a name someone gave (a server's, a role's, a channel's, a whitelist's) reads in a check's words: as it is in
 * a terminal (`doctor`), escaped on Discord (src/bot/setup-warnings.ts), where `__init__` would underline. Names in a
 * command to copy stay as they are: code shows no markdown.
 */
export type ShowName = (name: string) => string;
const asIs: ShowName = (name) => name;

const pass = (title: string): Check => ({ ok: true, title });
const fail = (title: string, fix: string): Check => ({ ok: false, title, fix });
const channelName = (channel: ChannelSnapshot, show: ShowName) => `#${show(channel.name)}`;
const roleName = (role: RoleSnapshot, show: ShowName) => `@${show(role.name)}`;

/**
 * The bot's permissions across the server: everything the features use, those of the opt-in features in use too
 * (Manage Nicknames for nicknames that follow the Minecraft name; for ban sync, View Audit Log or Ban Members,
 * either of which lets Discord send the bot its bans).
 */
export function serverChecks(
  guild: GuildSnapshot,
  features: OptInFeatures = {},
  show: ShowName = asIs,
): Check[] {
  const held = guildPermissions(guild);
  const missing = missingPermissions(held, botPermissions({ nicknames: features.nicknames }));
  const checks = [
    missing.length === 0
      ? pass(`the bot has every permission it uses in ${show(guild.name)}`)
      : fail(
          `the bot lacks ${missing.join(", ")} in ${show(guild.name)}`,
          `turn ${missing.join(", ")} on for the bot's role in ${ROLES_PLACE} (or invite it again with ` +
            "the link of `whitelist-sync invite`, which asks for them)",
        ),
  ];
  if (features.banSync && (held & (Permission.ViewAuditLog | Permission.BanMembers)) === 0n) {
    checks.push(
      fail(
        `ban sync is on in ${show(guild.name)}, but Discord tells the bot of no ban: it lacks View Audit Log`,
        `turn ${PERMISSION_NAMES.ViewAuditLog} on for the bot's role in ${ROLES_PLACE}`,
      ),
    );
  }
  return checks;
}

/** Why the bot cannot change a member's nickname: they own the server, a role of theirs is too high, a permission. */
export type NicknameBlock = "owner" | "above" | "permission";

/**
 * Discord's rule for the bot changing a member's nickname, on plain data: Manage Nicknames, never the server's
 * owner, and only a member whose highest role is strictly below the bot's highest role (docs.discord.com,
 * Permissions, Permission Hierarchy). Null when it may. The sandbox holds the same rule on its side.
 */
export function nicknameBlock(
  guild: GuildSnapshot,
  member: { userId: string; roleIds: readonly string[] },
): NicknameBlock | null {
  if (member.userId === guild.ownerId) return "owner";
  if (guild.botId === guild.ownerId) return null;
  if ((guildPermissions(guild) & Permission.ManageNicknames) === 0n) return "permission";
  const position = (ids: readonly string[]) =>
    Math.max(0, ...guild.roles.filter((role) => ids.includes(role.id)).map((role) => role.position));
  return position(member.roleIds) >= position(guild.botRoleIds) ? "above" : null;
}

/** What staff read about a member the bot cannot rename: why, and what would change it. */
export function nicknameBlockText(guild: GuildSnapshot, block: NicknameBlock): string {
  const top = highestRole(guild);
  const bot = top ? roleName(top, asIs) : "whitelist-sync";
  return {
    owner: "they own the server, and Discord lets no bot change the owner's nickname",
    above: `their highest role is at or above mine (${bot}): drag ${bot} above it in ${ROLES_PLACE}`,
    permission: `I lack ${PERMISSION_NAMES.ManageNicknames}: turn it on for ${bot} in ${ROLES_PLACE}`,
  }[block];
}

/**
 * Roles whose holders the bot cannot rename: at or above its highest role. Its own roles and an integration's are
 * left out: members do not hold those.
 */
export function rolesAboveBot(guild: GuildSnapshot): RoleSnapshot[] {
  if (guild.botId === guild.ownerId) return [];
  const top = highestRole(guild)?.position ?? 0;
  return guild.roles
    .filter(
      (role) =>
        role.id !== guild.id && !role.managed && !guild.botRoleIds.includes(role.id) && role.position >= top,
    )
    .sort((a, b) => b.position - a.position);
}

/** The log channel: set, still there, and one the bot may post embeds and files in. */
export function logChannelChecks(
  guild: GuildSnapshot,
  logChannelId: string | null,
  show: ShowName = asIs,
): Check[] {
  if (logChannelId === null) return [];
  const channel = guild.channels.find((candidate) => candidate.id === logChannelId);
  if (!channel) {
    return [
      fail(
        `the log channel (${logChannelId}) no longer exists in ${show(guild.name)}`,
        "choose another with `/whitelist log-channel channel:`",
      ),
    ];
  }
  return [channelAccess(guild, channel, LOG_CHANNEL, "the log channel", show)];
}

/**
 * What a whitelist needs to work in `guild`: its channel (there, and the bot may read and answer in it), its
 * roles (there; granted ones grantable: not an integration's, and below the bot's highest role), and what its
 * mode needs (Message Content for `message`, when known; a log channel for `approval`).
 */
export function whitelistChecks(
  guild: GuildSnapshot,
  whitelist: CheckedWhitelist,
  context: { logChannelId: string | null; messageContent?: boolean },
  show: ShowName = asIs,
): Check[] {
  const checks: Check[] = [];
  const label = show(whitelist.name);
  /** The whitelist as a command names it: as it is (code shows no markdown). */
  const named = whitelist.name;
  const channel = guild.channels.find((candidate) => candidate.id === whitelist.channelId);
  if (!channel) {
    checks.push(
      fail(
        `${label}: its channel (${whitelist.channelId}) no longer exists`,
        `choose another with \`/whitelist edit whitelist:${named} channel:\``,
      ),
    );
  } else {
    const needs =
      whitelist.registrationMode === "message"
        ? [...WHITELIST_CHANNEL, "AddReactions" as const]
        : WHITELIST_CHANNEL;
    checks.push(channelAccess(guild, channel, needs, `${label}'s channel`, show));
  }

  const roleOf = (id: string) => guild.roles.find((role) => role.id === id);
  for (const [kind, ids] of [
    ["required", whitelist.requiredRoleIds],
    ["manager", whitelist.managerRoleIds],
  ] as const) {
    for (const id of ids) {
      if (!roleOf(id)) {
        checks.push(
          fail(
            `${label}: a ${kind} role (${id}) no longer exists`,
            `set its roles again with \`/whitelist roles whitelist:${named}\``,
          ),
        );
      }
    }
  }
  const top = highestRole(guild);
  const mayManage = (guildPermissions(guild) & Permission.ManageRoles) !== 0n;
  for (const id of whitelist.grantedRoleIds) {
    const role = roleOf(id);
    if (!role) {
      checks.push(
        fail(
          `${label}: a granted role (${id}) no longer exists`,
          `set its roles again with \`/whitelist roles whitelist:${named}\``,
        ),
      );
    } else if (role.managed) {
      checks.push(
        fail(
          `${label}: I can't grant ${roleName(role, show)}: an integration manages it`,
          `grant a role of your own instead with \`/whitelist roles whitelist:${named}\``,
        ),
      );
    } else if (!mayManage) {
      checks.push(
        fail(
          `${label}: I can't grant ${roleName(role, show)}: I lack Manage Roles`,
          `turn Manage Roles on for the bot's role in ${ROLES_PLACE}`,
        ),
      );
    } else if (guild.botId !== guild.ownerId && (!top || top.position <= role.position)) {
      checks.push(
        fail(
          `${label}: I can't grant ${roleName(role, show)}: my role is below it`,
          `drag the bot's role (${top ? roleName(top, show) : "whitelist-sync"}) above ${roleName(role, show)} in ${ROLES_PLACE}`,
        ),
      );
    } else {
      checks.push(pass(`${label}: I can grant ${roleName(role, show)}`));
    }
  }

  if (whitelist.nicknameTemplate) {
    checks.push(
      (guildPermissions(guild) & Permission.ManageNicknames) !== 0n
        ? pass(`${label}: I can set members' nicknames`)
        : fail(
            `${label}: members' nicknames should follow their Minecraft names, but I lack Manage Nicknames`,
            `turn Manage Nicknames on for the bot's role in ${ROLES_PLACE}`,
          ),
    );
  }

  if (whitelist.registrationMode === "message" && context.messageContent === false) {
    checks.push(
      fail(
        `${label} registers by message, but the Message Content Intent is off: members' nicks can't be read`,
        `switch the Message Content Intent on in ${PORTAL}, or \`/whitelist edit whitelist:${named} mode:command\``,
      ),
    );
  }
  if (whitelist.registrationMode === "approval" && context.logChannelId === null) {
    checks.push(
      fail(
        `${label} needs staff approval, but no log channel is set to post requests in`,
        "set one with `/whitelist log-channel channel:`",
      ),
    );
  }
  return checks;
}

/** Whether the bot may do `needs` in `channel`, worded for `what`. */
function channelAccess(
  guild: GuildSnapshot,
  channel: ChannelSnapshot,
  needs: readonly (keyof typeof Permission)[],
  what: string,
  show: ShowName,
): Check {
  const missing = missingPermissions(channelPermissions(guild, channel), needs);
  return missing.length === 0
    ? pass(
        `${what} ${channelName(channel, show)}: I can ${needs.length > 4 ? "read, answer and react" : "read and post"} there`,
      )
    : fail(
        `${what} ${channelName(channel, show)}: I lack ${missing.join(", ")} there`,
        `allow ${missing.join(", ")} for the bot (or its role) in ${channelName(channel, show)}'s Edit Channel → Permissions`,
      );
}
