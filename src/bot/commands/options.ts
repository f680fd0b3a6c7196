import type {
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  SlashCommandBooleanOption,
  SlashCommandStringOption,
} from "discord.js";
import { fileFormats } from "../../formats/index.ts";
import { choiceName, commandDescription } from "../../i18n/commands.ts";
import { text } from "../../i18n/messages.ts";
import type { Words } from "../../i18n/words.ts";
import { floodgateName } from "../../nicks/floodgate.ts";
import { nickTypeSpecs, nickTypes } from "../../nicks/types.ts";
import { DomainError } from "../../shared/errors.ts";
import { parseDuration } from "../../whitelists/lifetime.ts";
import {
  type ProofSetting,
  proofSettings,
  registrationModes,
  type Whitelist,
} from "../../whitelists/model.ts";
import type { BotContext } from "../context.ts";
import { requireGuildId } from "../interaction/preconditions.ts";
import { codeSpan, plainName } from "../text.ts";

/** Discord's limit on autocomplete suggestions. */
const MAX_SUGGESTIONS = 25;

/** The `proof` option of `/whitelist create` and `edit` (docs/decisions.md, Proof of ownership). */
export const proofOption = (option: SlashCommandStringOption) =>
  option
    .setName("proof")
    .setDescription(commandDescription("* proof"))
    .addChoices(...proofSettings.map((value) => ({ name: choiceName(`* proof ${value}`), value })));

/** The `proof-window` option of `/whitelist create` and `edit`: how long first-join proof waits. */
export const proofWindowOption = (option: SlashCommandStringOption) =>
  option.setName("proof-window").setDescription(commandDescription("* proof-window")).setMaxLength(20);

/** The `proof-window` option's value in seconds, if given; throws "invalid-input" for anything but a duration. */
export function proofWindow(options: ChatInputCommandInteraction["options"]): number | undefined {
  const typed = options.getString("proof-window");
  return typed === null ? undefined : parseDuration(typed);
}

/**
 * The `expires` option of `/whitelist add` and `guest` in seconds, null when not given; throws "invalid-input" for
 * anything but a duration, so a bad one is refused before anything is looked up or stored.
 */
export function expiresInOption(options: ChatInputCommandInteraction["options"]): number | null {
  const typed = options.getString("expires");
  return typed === null ? null : parseDuration(typed);
}

/** The `proof` option's value, if given. */
export function proofSetting(options: ChatInputCommandInteraction["options"]): ProofSetting | undefined {
  const proof = options.getString("proof");
  return proof === null ? undefined : oneOf(proofSettings, proof, "proof");
}

/** The choices of a `nick-type` option: each type's name and its label. */
export const nickTypeChoices = nickTypes.map((value) => ({
  name: choiceName(`* nick-type ${value}`),
  value,
}));
/** The choices of a `mode` option. */
export const modeChoices = registrationModes.map((value) => ({ name: choiceName(`* mode ${value}`), value }));
/** The choices of a `format` option. */
export const formatChoices = fileFormats.map((value) => ({
  name: choiceName(`whitelist export format ${value}`),
  value,
}));

/** The `floodgate-prefix` option of `/whitelist create` and `edit`: Floodgate's `username-prefix`. */
export const floodgatePrefixOption = (option: SlashCommandStringOption) =>
  option
    .setName("floodgate-prefix")
    .setDescription(commandDescription("* floodgate-prefix"))
    .setMaxLength(15);

/** The `replace-spaces` option of `/whitelist create` and `edit`: Floodgate's `replace-spaces`. */
export const replaceSpacesOption = (option: SlashCommandBooleanOption) =>
  option.setName("replace-spaces").setDescription(commandDescription("* replace-spaces"));

/** The Floodgate settings given to a command, if any (`none` stands for an empty prefix). */
export function floodgateSettings(options: ChatInputCommandInteraction["options"]) {
  const prefix = options.getString("floodgate-prefix")?.trim();
  const replaceSpaces = options.getBoolean("replace-spaces");
  return {
    ...(prefix === undefined ? {} : { floodgatePrefix: prefix.toLowerCase() === "none" ? "" : prefix }),
    ...(replaceSpaces === null ? {} : { replaceSpaces }),
  };
}

/** A whitelist's Floodgate settings, and what they make of a gamertag (no final period). */
export function describeFloodgate(words: Words, whitelist: Whitelist): string {
  const gamertag = words.t("whitelist.floodgate.gamertag");
  return words.t("whitelist.floodgate", {
    prefix:
      whitelist.floodgatePrefix === ""
        ? words.t("whitelist.floodgate.noPrefix")
        : words.t("whitelist.floodgate.prefix", { prefix: codeSpan(whitelist.floodgatePrefix) }),
    spaces: words.t(
      whitelist.replaceSpaces ? "whitelist.floodgate.spacesReplaced" : "whitelist.floodgate.spacesKept",
    ),
    gamertag: plainName(gamertag),
    example: codeSpan(floodgateName(whitelist, gamertag)),
  });
}

/**
 * The settings of the whitelist's nick type that `/whitelist create` and `show` describe: the Floodgate ones
 * where Floodgate names the players (Bedrock), else none.
 */
export function describeNickTypeSettings(words: Words, whitelist: Whitelist): string | null {
  return nickTypeSpecs[whitelist.nickType].floodgate ? describeFloodgate(words, whitelist) : null;
}

/** A string option's value as one of `allowed` (Discord enforces choices; this keeps the types honest). */
export function oneOf<T extends string>(allowed: readonly T[], value: string, option: string): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new DomainError("invalid-input", text("common.oneOf", { option, allowed: allowed.join(", ") }));
  }
  return value as T;
}

/** Adds the `whitelist` option every command names a whitelist with: its id or name, names suggested. */
export function whitelistOption(required: boolean, description?: string) {
  return (option: SlashCommandStringOption) =>
    option
      .setName("whitelist")
      .setDescription(description ?? commandDescription("* whitelist"))
      .setRequired(required)
      .setAutocomplete(true)
      .setMaxLength(64);
}

/**
 * The whitelist the `whitelist` option names (id or name, any letter case), resolved before the domain call so every
 * command means a whitelist the same way. Absent, which only an optional one can be: `channel`, the channel's
 * whitelist, else the guild's only one (WhitelistService.resolve); `every`, null (the command means them all).
 */
export function whitelistFromOption(
  interaction: ChatInputCommandInteraction,
  context: BotContext,
): Promise<Whitelist>;
export function whitelistFromOption(
  interaction: ChatInputCommandInteraction,
  context: BotContext,
  absent: "channel",
): Promise<Whitelist>;
export function whitelistFromOption(
  interaction: ChatInputCommandInteraction,
  context: BotContext,
  absent: "every",
): Promise<Whitelist | null>;
export async function whitelistFromOption(
  interaction: ChatInputCommandInteraction,
  context: BotContext,
  absent?: "channel" | "every",
): Promise<Whitelist | null> {
  const guildId = requireGuildId(interaction);
  const named = interaction.options.getString("whitelist", absent === undefined)?.trim() || null;
  if (named === null && absent === "every") return null;
  const channelId = absent === "channel" ? interaction.channelId : null;
  return context.services.whitelists.resolve({ guildId, whitelist: named, channelId });
}

/**
 * Suggests the guild's whitelists whose name (or id) holds what is typed, names starting with it first, at most
 * 25 (Discord's limit). Answers nothing for any other focused option.
 */
export async function suggestWhitelists(
  interaction: AutocompleteInteraction,
  context: BotContext,
): Promise<void> {
  const focused = interaction.options.getFocused(true);
  if (focused.name !== "whitelist" || !interaction.guildId) {
    await interaction.respond([]);
    return;
  }
  const typed = focused.value.trim().toLowerCase();
  const all = await context.services.whitelists.listForGuild(interaction.guildId);
  const starts = all.filter((wl) => wl.name.toLowerCase().startsWith(typed) || wl.id === typed);
  const contains = all.filter((wl) => !starts.includes(wl) && wl.name.toLowerCase().includes(typed));
  await interaction.respond(
    [...starts, ...contains].slice(0, MAX_SUGGESTIONS).map((wl) => ({ name: wl.name, value: wl.name })),
  );
}
