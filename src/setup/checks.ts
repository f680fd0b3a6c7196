import type { Whitelist } from "../whitelists/model.ts";
import {
  BOT_PERMISSIONS,
  type ChannelSnapshot,
  channelPermissions,
  type GuildSnapshot,
  guildPermissions,
  highestRole,
  missingPermissions,
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
  "name" | "channelId" | "registrationMode" | "requiredRoleIds" | "grantedRoleIds" | "managerRoleIds"
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

/** The bot's permissions across the server: everything the features use. */
export function serverChecks(guild: GuildSnapshot): Check[] {
  const missing = missingPermissions(guildPermissions(guild), BOT_PERMISSIONS);
  return [
    missing.length === 0
      ? pass(`the bot has every permission it uses in ${guild.name}`)
      : fail(
          `the bot lacks ${missing.join(", ")} in ${guild.name}`,
          `turn ${missing.join(", ")} on for the bot's role in ${ROLES_PLACE} (or invite it again with ` +
            "the link of `whitelist-sync invite`, which asks for them)",
        ),
  ];
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
