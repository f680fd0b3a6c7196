import { inEnglish } from "../i18n/english.ts";
import { type Text, text } from "../i18n/messages.ts";
import type { Whitelist } from "../whitelists/model.ts";
import {
  botPermissions,
  type ChannelSnapshot,
  channelPermissions,
  type GuildSnapshot,
  guildPermissions,
  highestRole,
  lackedPermissions,
  type OptInFeatures,
  Permission,
  type PermissionName,
  permissionText,
  type RoleSnapshot,
} from "./permissions.ts";

/**
 * One line of a checklist as the operator's terminal prints it (`doctor`): what holds (or not) and, when not, exactly
 * what to do. `pending`: not checked now (Discord rate limited the reads): neither a pass nor a failure, the title
 * says when to try again.
 */
export type Check = { ok: boolean; title: string; fix?: string; pending?: true };

/** A check of the setup in the catalogue's words: the bot renders it in its reader's language, doctor in English. */
export type SetupCheck = { ok: boolean; title: Text; fix?: Text };

/** A setup check in English, for the operator's terminal (`doctor`). */
export const checkInEnglish = (check: SetupCheck): Check => ({
  ok: check.ok,
  title: inEnglish(check.title),
  ...(check.fix ? { fix: inEnglish(check.fix) } : {}),
});

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

/** What the bot needs in a whitelist's channel: to read it and answer there (react, in message mode). */
const WHITELIST_CHANNEL = ["ViewChannel", "SendMessages", "EmbedLinks", "ReadMessageHistory"] as const;
/** What the bot needs in the log channel: to post embeds and the export files staff ask for. */
const LOG_CHANNEL = ["ViewChannel", "SendMessages", "EmbedLinks", "AttachFiles"] as const;

/**
 * How the checks' words show what they name. `name`: a name someone gave (a server's, a role's, a channel's, a
 * whitelist's), as it is in a terminal (`doctor`), escaped on Discord (src/bot/setup-warnings.ts), where
 * `__init__` would underline. `command`: a command to copy (`path` and its options), as typed in the reader's
 * language on Discord (src/bot/localize.ts, typedCommand), in a code span: names in it stay as they are.
 */
export type Naming = {
  name: (name: string) => string;
  command: (path: string, options: Readonly<Record<string, string>>) => string;
};

/** Names as they are and commands in backticks, as English and the terminal show them. */
export const asTyped: Naming = {
  name: (name) => name,
  command: (path, options) =>
    `\`/${[path, ...Object.entries(options).map(([option, value]) => `${option}:${value}`)].join(" ")}\``,
};

const pass = (title: Text): SetupCheck => ({ ok: true, title });
const fail = (title: Text, fix: Text): SetupCheck => ({ ok: false, title, fix });
const channelName = (channel: ChannelSnapshot, naming: Naming) => `#${naming.name(channel.name)}`;
const roleName = (role: RoleSnapshot, naming: Naming) => `@${naming.name(role.name)}`;
/** Where roles and their permissions are set in Discord. */
const ROLES_PLACE = text("setup.rolesPlace");

/** Permissions as a list in the reader's language: each its name, a comma between them. */
function permissionList(names: readonly PermissionName[]): Text {
  const [first, ...rest] = names.map(permissionText);
  return rest.reduce<Text>((list, next) => text("setup.list", { first: list, rest: next }), first as Text);
}

/** The fix for a permission the bot's role lacks server-wide. */
const turnOn = (permission: PermissionName): Text =>
  text("setup.turnOn.fix", { permission: permissionText(permission), place: ROLES_PLACE });

/**
 * The bot's permissions across the server: everything the features use, those of the opt-in features in use too
 * (Manage Nicknames for nicknames that follow the Minecraft name; for ban sync, View Audit Log or Ban Members,
 * either of which lets Discord send the bot its bans).
 */
export function serverChecks(
  guild: GuildSnapshot,
  features: OptInFeatures = {},
  naming: Naming = asTyped,
): SetupCheck[] {
  const held = guildPermissions(guild);
  const missing = lackedPermissions(held, botPermissions({ nicknames: features.nicknames }));
  const server = naming.name(guild.name);
  const checks = [
    missing.length === 0
      ? pass(text("setup.server.ok", { server }))
      : fail(
          text("setup.server.lacks", { permissions: permissionList(missing), server }),
          text("setup.server.lacks.fix", { permissions: permissionList(missing), place: ROLES_PLACE }),
        ),
  ];
  if (features.banSync && (held & (Permission.ViewAuditLog | Permission.BanMembers)) === 0n) {
    checks.push(
      fail(
        text("setup.banSync", { server, permission: permissionText("ViewAuditLog") }),
        turnOn("ViewAuditLog"),
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
export function nicknameBlockText(
  guild: GuildSnapshot,
  block: NicknameBlock,
  naming: Naming = asTyped,
): Text {
  const top = highestRole(guild);
  const role = top ? roleName(top, naming) : "whitelist-sync";
  if (block === "owner") return text("setup.nickname.owner");
  if (block === "above") return text("setup.nickname.above", { role, place: ROLES_PLACE });
  return text("setup.nickname.permission", {
    permission: permissionText("ManageNicknames"),
    role,
    place: ROLES_PLACE,
  });
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
  naming: Naming = asTyped,
): SetupCheck[] {
  if (logChannelId === null) return [];
  const channel = guild.channels.find((candidate) => candidate.id === logChannelId);
  if (!channel) {
    return [
      fail(
        text("setup.logChannel.gone", { id: logChannelId, server: naming.name(guild.name) }),
        text("setup.chooseAnother.fix", {
          command: naming.command("whitelist log-channel", { channel: "" }),
        }),
      ),
    ];
  }
  const where = text("setup.channel.log", { channel: channelName(channel, naming) });
  return [channelAccess(guild, channel, LOG_CHANNEL, where, naming)];
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
  naming: Naming = asTyped,
): SetupCheck[] {
  const checks: SetupCheck[] = [];
  const label = naming.name(whitelist.name);
  /** The whitelist as a command names it: as it is (code shows no markdown). */
  const named = whitelist.name;
  const setRoles = text("setup.whitelist.setRoles.fix", {
    command: naming.command("whitelist roles", { whitelist: named }),
  });
  const channel = guild.channels.find((candidate) => candidate.id === whitelist.channelId);
  if (!channel) {
    checks.push(
      fail(
        text("setup.whitelist.channelGone", { whitelist: label, id: whitelist.channelId }),
        text("setup.chooseAnother.fix", {
          command: naming.command("whitelist edit", { whitelist: named, channel: "" }),
        }),
      ),
    );
  } else {
    const where = text("setup.channel.whitelist", {
      whitelist: label,
      channel: channelName(channel, naming),
    });
    const needs =
      whitelist.registrationMode === "message"
        ? [...WHITELIST_CHANNEL, "AddReactions" as const]
        : WHITELIST_CHANNEL;
    checks.push(channelAccess(guild, channel, needs, where, naming));
  }

  const roleOf = (id: string) => guild.roles.find((role) => role.id === id);
  for (const [kind, ids] of [
    ["required", whitelist.requiredRoleIds],
    ["manager", whitelist.managerRoleIds],
  ] as const) {
    for (const id of ids) {
      if (!roleOf(id))
        checks.push(fail(text(`setup.whitelist.roleGone.${kind}`, { whitelist: label, id }), setRoles));
    }
  }
  const top = highestRole(guild);
  const mayManage = (guildPermissions(guild) & Permission.ManageRoles) !== 0n;
  for (const id of whitelist.grantedRoleIds) {
    const found = roleOf(id);
    if (!found) {
      checks.push(fail(text("setup.whitelist.roleGone.granted", { whitelist: label, id }), setRoles));
      continue;
    }
    const role = roleName(found, naming);
    if (found.managed) {
      checks.push(
        fail(
          text("setup.whitelist.managed", { whitelist: label, role }),
          text("setup.whitelist.managed.fix", {
            command: naming.command("whitelist roles", { whitelist: named }),
          }),
        ),
      );
    } else if (!mayManage) {
      checks.push(
        fail(
          text("setup.whitelist.cannotGrant", {
            whitelist: label,
            role,
            permission: permissionText("ManageRoles"),
          }),
          turnOn("ManageRoles"),
        ),
      );
    } else if (guild.botId !== guild.ownerId && (!top || top.position <= found.position)) {
      checks.push(
        fail(
          text("setup.whitelist.below", { whitelist: label, role }),
          text("setup.whitelist.below.fix", {
            bot: top ? roleName(top, naming) : "whitelist-sync",
            role,
            place: ROLES_PLACE,
          }),
        ),
      );
    } else {
      checks.push(pass(text("setup.whitelist.canGrant", { whitelist: label, role })));
    }
  }

  if (whitelist.nicknameTemplate) {
    checks.push(
      (guildPermissions(guild) & Permission.ManageNicknames) !== 0n
        ? pass(text("setup.whitelist.nicknames.ok", { whitelist: label }))
        : fail(
            text("setup.whitelist.nicknames.lacks", {
              whitelist: label,
              permission: permissionText("ManageNicknames"),
            }),
            turnOn("ManageNicknames"),
          ),
    );
  }

  if (whitelist.registrationMode === "message" && context.messageContent === false) {
    checks.push(
      fail(
        text("setup.whitelist.messageContent", { whitelist: label }),
        text("setup.whitelist.messageContent.fix", {
          portal: text("intent.portal"),
          command: naming.command("whitelist edit", { whitelist: named, mode: "command" }),
        }),
      ),
    );
  }
  if (whitelist.registrationMode === "approval" && context.logChannelId === null) {
    checks.push(
      fail(
        text("setup.whitelist.noLogChannel", { whitelist: label }),
        text("setup.whitelist.noLogChannel.fix", {
          command: naming.command("whitelist log-channel", { channel: "" }),
        }),
      ),
    );
  }
  return checks;
}

/** Whether the bot may do `needs` in `channel`, `where` naming it. */
function channelAccess(
  guild: GuildSnapshot,
  channel: ChannelSnapshot,
  needs: readonly PermissionName[],
  where: Text,
  naming: Naming,
): SetupCheck {
  const missing = lackedPermissions(channelPermissions(guild, channel), needs);
  if (missing.length === 0) {
    return pass(
      text(needs.includes("AddReactions") ? "setup.channel.react" : "setup.channel.post", { where }),
    );
  }
  return fail(
    text("setup.channel.lacks", { where, permissions: permissionList(missing) }),
    text("setup.channel.lacks.fix", {
      permissions: permissionList(missing),
      channel: channelName(channel, naming),
    }),
  );
}
