import type { Guild } from "discord.js";
import { text } from "../i18n/messages.ts";
import type { Words } from "../i18n/words.ts";
import type { Member } from "../registration/model.ts";
import {
  logChannelChecks,
  type Naming,
  nicknameBlock,
  nicknameBlockText,
  rolesAboveBot,
  type SetupCheck,
  serverChecks,
  whitelistChecks,
} from "../setup/checks.ts";
import type { OptInFeatures } from "../setup/permissions.ts";
import type { Whitelist } from "../whitelists/model.ts";
import type { BotServices } from "./context.ts";
import { guildSnapshot } from "./guild-snapshot.ts";
import { typedCommand } from "./localize.ts";
import { plainName } from "./text.ts";

/** How the checks name things on Discord for `words`' reader: names escaped, commands as they type them. */
export const discordNaming = (words: Words): Naming => ({
  name: plainName,
  command: (path, options) => typedCommand(words, path, options),
});

/** What the checks found wrong, as lines for staff in `words`: `⚠️ <what>. Fix: <how>.` */
export const warningLines = (checks: readonly SetupCheck[], words: Words): string[] =>
  checks
    .filter((check) => !check.ok)
    .map((check) => words.t("setup.warning", { title: check.title, fix: check.fix ?? text("common.dash") }));

/** Problems of one whitelist where it lives now: its channel, roles and mode (`/whitelist create`, `edit`, `roles`). */
export async function whitelistWarnings(
  guild: Guild,
  whitelist: Whitelist,
  services: BotServices,
  /** The Message Content Intent as granted, when the answer should warn about it (show has its own field). */
  messageContent: boolean | undefined,
  words: Words,
): Promise<string[]> {
  const logChannelId = (await services.guilds.get(guild.id))?.logChannelId ?? null;
  const checks = whitelistChecks(
    guildSnapshot(guild),
    whitelist,
    { logChannelId, messageContent },
    discordNaming(words),
  );
  return warningLines(checks, words);
}

/** The opt-in features a guild uses, which ask for permissions of their own (src/setup/permissions.ts). */
export async function featuresOf(guildId: string, services: BotServices): Promise<OptInFeatures> {
  const whitelists = await services.whitelists.listForGuild(guildId);
  return {
    nicknames: whitelists.some((whitelist) => whitelist.nicknameTemplate !== null),
    banSync: (await services.guilds.get(guildId))?.banSync ?? false,
  };
}

/** Problems of the server as a whole: the bot's permissions and the log channel (`/whitelist log-channel`, `show`). */
export async function serverWarnings(guild: Guild, services: BotServices, words: Words): Promise<string[]> {
  const snapshot = guildSnapshot(guild);
  const logChannelId = (await services.guilds.get(guild.id))?.logChannelId ?? null;
  const features = await featuresOf(guild.id, services);
  const naming = discordNaming(words);
  return warningLines(
    [...serverChecks(snapshot, features, naming), ...logChannelChecks(snapshot, logChannelId, naming)],
    words,
  );
}

/**
 * Where staff act for a member on a whitelist whose nicknames follow the Minecraft name (`/whitelist add`,
 * `transfer`): a line in `words` when Discord will not let the bot set that member's nickname, saying why. None
 * otherwise.
 */
export function nicknameWarning(
  words: Words,
  guild: Guild,
  whitelist: Pick<Whitelist, "nicknameTemplate">,
  member: Pick<Member, "userId" | "roleIds">,
): string[] {
  if (whitelist.nicknameTemplate === null) return [];
  const snapshot = guildSnapshot(guild);
  const block = nicknameBlock(snapshot, member);
  return block === null
    ? []
    : [
        words.t("nickname.blocked", {
          member: `<@${member.userId}>`,
          reason: nicknameBlockText(snapshot, block),
        }),
      ];
}

/**
 * Whom the bot cannot rename, said (in `words`) when staff turn nicknames on: the owner always, holders of roles at
 * or above its own, and everyone while it lacks Manage Nicknames (that one is among the whitelist's warnings).
 */
export function nicknameScope(words: Words, guild: Guild): string {
  const above = rolesAboveBot(guildSnapshot(guild)).map((role) => `<@&${role.id}>`);
  return words.t("nickname.scope", {
    above: above.length > 0 ? words.t("nickname.scope.above", { roles: above.join(", ") }) : "",
  });
}
