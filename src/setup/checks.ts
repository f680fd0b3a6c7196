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

/** The bot's permissions across the server: everything the features use. */
export function serverChecks(guild: GuildSnapshot, show: ShowName = asIs): Check[] {
  const missing = missingPermissions(guildPermissions(guild), BOT_PERMISSIONS);
  return [
    missing.length === 0
      ? pass(`the bot has every permission it uses in ${show(guild.name)}`)
      : fail(
          `the bot lacks ${missing.join(", ")} in ${show(guild.name)}`,
          `turn ${missing.join(", ")} on for the bot's role in ${ROLES_PLACE} (or invite it again with ` +
            "the link of `whitelist-sync invite`, which asks for them)",
        ),
  ];
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
