import { ChannelType, SlashCommandSubcommandBuilder } from "discord.js";
import { commandDescription } from "../../../i18n/commands.ts";
import type { Words } from "../../../i18n/words.ts";
import { nickTypes, registrationModes, type Whitelist } from "../../../whitelists/model.ts";
import type { BotContext } from "../../context.ts";
import { isPaused, pausedForStaff } from "../../intents.ts";
import { answer, deferAnswer, memberWords } from "../../interaction/answer.ts";
import { requireGuildId, requireManageGuild } from "../../interaction/preconditions.ts";
import { firstJoinForStaff } from "../../proof.ts";
import { whitelistWarnings } from "../../setup-warnings.ts";
import { plainName } from "../../text.ts";
import {
  describeNickTypeSettings,
  floodgatePrefixOption,
  floodgateSettings,
  modeChoices,
  nickTypeChoices,
  oneOf,
  proofOption,
  proofSetting,
  proofWindow,
  proofWindowOption,
  replaceSpacesOption,
} from "../options.ts";
import type { Subcommand } from "../subcommands.ts";

/** What members of a whitelist do to register (proving their account first, where required), in `words`. */
export async function howMembersRegister(
  words: Words,
  whitelist: Whitelist,
  context: BotContext,
): Promise<string> {
  const how = await howModeRegisters(words, whitelist, context);
  if (whitelist.proof === "first-join") return `${how}\n${firstJoinForStaff(words, whitelist)}`;
  if (whitelist.proof !== "required") return how;
  return `${how}\n${
    context.linkAddress
      ? words.t("whitelist.how.proof", { address: context.linkAddress })
      : words.t("whitelist.how.proof.off")
  }`;
}

/** What members of a whitelist do to register in its mode, and what staff may want to do next. */
async function howModeRegisters(words: Words, whitelist: Whitelist, context: BotContext): Promise<string> {
  const channel = `<#${whitelist.channelId}>`;
  switch (whitelist.registrationMode) {
    case "command":
      return words.t("whitelist.how.command", { channel });
    case "message":
      return isPaused(whitelist, context.intents)
        ? words.t("whitelist.how.message.paused", { channel, paused: pausedForStaff(words) })
        : words.t("whitelist.how.message", { channel });
    case "approval": {
      const logChannel = (await context.services.guilds.get(whitelist.guildId))?.logChannelId;
      return words.t("whitelist.how.approval", {
        channel,
        logChannel: logChannel ? "" : words.t("whitelist.how.approval.noLogChannel"),
      });
    }
  }
}

/**
 * `/whitelist create name channel nick-type mode max-nicks [floodgate-prefix] [replace-spaces] [proof]
 * [proof-window]` (Manage Server).
 */
export const create = {
  data: new SlashCommandSubcommandBuilder()
    .setName("create")
    .setDescription(commandDescription("whitelist create"))
    .addStringOption((option) =>
      option
        .setName("name")
        .setDescription(commandDescription("whitelist create name"))
        .setRequired(true)
        .setMaxLength(32),
    )
    .addChannelOption((option) =>
      option
        .setName("channel")
        .setDescription(commandDescription("* channel"))
        .setRequired(true)
        .addChannelTypes(ChannelType.GuildText),
    )
    .addStringOption((option) =>
      option
        .setName("nick-type")
        .setDescription(commandDescription("whitelist create nick-type"))
        .setRequired(true)
        .addChoices(...nickTypeChoices),
    )
    .addStringOption((option) =>
      option
        .setName("mode")
        .setDescription(commandDescription("* mode"))
        .setRequired(true)
        .addChoices(...modeChoices),
    )
    .addIntegerOption((option) =>
      option
        .setName("max-nicks")
        .setDescription(commandDescription("* max-nicks"))
        .setRequired(true)
        .setMinValue(1)
        .setMaxValue(100),
    )
    .addStringOption(floodgatePrefixOption)
    .addBooleanOption(replaceSpacesOption)
    .addStringOption(proofOption)
    .addStringOption(proofWindowOption),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const actor = requireManageGuild(interaction);
    const whitelist = await context.services.whitelists.create({
      guildId,
      name: interaction.options.getString("name", true).trim(),
      channelId: interaction.options.getChannel("channel", true).id,
      nickType: oneOf(nickTypes, interaction.options.getString("nick-type", true), "nick-type"),
      registrationMode: oneOf(registrationModes, interaction.options.getString("mode", true), "mode"),
      maxNicksPerUser: interaction.options.getInteger("max-nicks", true),
      ...floodgateSettings(interaction.options),
      proof: proofSetting(interaction.options),
      proofWindowSeconds: proofWindow(interaction.options),
    });
    context.logger.info("whitelist created", {
      guildId,
      whitelistId: whitelist.id,
      name: whitelist.name,
      nickType: whitelist.nickType,
      mode: whitelist.registrationMode,
      actorId: actor.userId,
    });
    if (whitelist.registrationMode === "message") {
      // Reconnecting with the Message Content intent takes a moment; answer once messages are read.
      await deferAnswer(interaction);
      await context.ensureIntents();
    }
    const words = await memberWords(interaction, context);
    const floodgate = describeNickTypeSettings(words, whitelist);
    // The whitelist exists either way; what would stop it working is said now, not when a member fails.
    const warnings = interaction.guild
      ? await whitelistWarnings(
          interaction.guild,
          whitelist,
          context.services,
          context.intents.messageContent,
          words,
        )
      : [];
    await answer(
      interaction,
      [
        words.t("whitelist.created", {
          name: plainName(whitelist.name),
          id: whitelist.id,
          nickType: whitelist.nickType,
          max: whitelist.maxNicksPerUser,
          floodgate: floodgate ? words.t("whitelist.created.floodgate", { floodgate }) : "",
        }),
        await howMembersRegister(words, whitelist, context),
        ...warnings,
        words.t("whitelist.created.next"),
      ].join("\n"),
    );
  },
} satisfies Subcommand;
