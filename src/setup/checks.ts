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

const pass = (title: string): Check => ({ ok: true, title });
const fail = (title: string, fix: string): Check => ({ ok: false, title, fix });
const channelName = (channel: ChannelSnapshot) => `#${channel.name}`;
const roleName = (role: RoleSnapshot) => `@${role.name}`;

/**
 * The bot's permissions across the server: everything the features use, those of the opt-in features in use too
 * (Manage Nicknames for nicknames that follow the Minecraft name; for ban sync, View Audit Log or Ban Members,
 * either of which lets Discord send the bot its bans).
 */
export function serverChecks(guild: GuildSnapshot, features: OptInFeatures = {}): Check[] {
  const held = guildPermissions(guild);
  const missing = missingPermissions(held, botPermissions({ nicknames: features.nicknames }));
  const checks = [
    missing.length === 0
      ? pass(`the bot has every permission it uses in ${guild.name}`)
      : fail(
          `the bot lacks ${missing.join(", ")} in ${guild.name}`,
          `turn ${missing.join(", ")} on for the bot's role in ${ROLES_PLACE} (or invite it again with ` +
            "the link of `whitelist-sync invite`, which asks for them)",
        ),
  ];
  if (features.banSync && (held & (Permission.ViewAuditLog | Permission.BanMembers)) === 0n) {
    checks.push(
      fail(
        `ban sync is on in ${guild.name}, but Discord tells the bot of no ban: it lacks View Audit Log`,
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
  const bot = top ? roleName(top) : "whitelist-sync";
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
export function logChannelChecks(guild: GuildSnapshot, logChannelId: string | null): Check[] {
  if (logChannelId === null) return [];
  const channel = guild.channels.find((candidate) => candidate.id === logChannelId);
  if (!channel) {
    return [
      fail(
        `the log channel (${logChannelId}) no longer exists in ${guild.name}`,
        "choose another with `/whitelist log-channel channel:`",
      ),
    ];
  }
  return [channelAccess(guild, channel, LOG_CHANNEL, "the log channel")];
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
): Check[] {
  const checks: Check[] = [];
  const label = whitelist.name;
  const channel = guild.channels.find((candidate) => candidate.id === whitelist.channelId);
  if (!channel) {
    checks.push(
      fail(
        `${label}: its channel (${whitelist.channelId}) no longer exists`,
        `choose another with \`/whitelist edit whitelist:${label} channel:\``,
      ),
    );
  } else {
    const needs =
      whitelist.registrationMode === "message"
        ? [...WHITELIST_CHANNEL, "AddReactions" as const]
        : WHITELIST_CHANNEL;
    checks.push(channelAccess(guild, channel, needs, `${label}'s channel`));
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
            `set its roles again with \`/whitelist roles whitelist:${label}\``,
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
          `set its roles again with \`/whitelist roles whitelist:${label}\``,
        ),
      );
    } else if (role.managed) {
      checks.push(
        fail(
          `${label}: I can't grant ${roleName(role)}: an integration manages it`,
          `grant a role of your own instead with \`/whitelist roles whitelist:${label}\``,
        ),
      );
    } else if (!mayManage) {
      checks.push(
        fail(
          `${label}: I can't grant ${roleName(role)}: I lack Manage Roles`,
          `turn Manage Roles on for the bot's role in ${ROLES_PLACE}`,
        ),
      );
    } else if (guild.botId !== guild.ownerId && (!top || top.position <= role.position)) {
      checks.push(
        fail(
          `${label}: I can't grant ${roleName(role)}: my role is below it`,
          `drag the bot's role (${top ? roleName(top) : "whitelist-sync"}) above ${roleName(role)} in ${ROLES_PLACE}`,
        ),
      );
    } else {
      checks.push(pass(`${label}: I can grant ${roleName(role)}`));
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
        `switch the Message Content Intent on in ${PORTAL}, or \`/whitelist edit whitelist:${label} mode:command\``,
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
): Check {
  const missing = missingPermissions(channelPermissions(guild, channel), needs);
  return missing.length === 0
    ? pass(
        `${what} ${channelName(channel)}: I can ${needs.length > 4 ? "read, answer and react" : "read and post"} there`,
      )
    : fail(
        `${what} ${channelName(channel)}: I lack ${missing.join(", ")} there`,
        `allow ${missing.join(", ")} for the bot (or its role) in ${channelName(channel)}'s Edit Channel → Permissions`,
      );
}
