import { ChannelType, SlashCommandSubcommandBuilder } from "discord.js";
import { nickTypes, registrationModes, type Whitelist } from "../../../whitelists/model.ts";
import type { BotContext } from "../../context.ts";
import { isPaused, pausedForStaff } from "../../intents.ts";
import { firstJoinForStaff } from "../../proof.ts";
import { whitelistWarnings } from "../../setup-warnings.ts";
import { plainName } from "../../text.ts";
import { englishWords } from "../../words.ts";
import { answer, deferAnswer } from "../answer.ts";
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
import { requireGuildId, requireManageGuild } from "../preconditions.ts";
import type { Subcommand } from "../subcommands.ts";

/** What members of a whitelist do to register (proving their account first, where required). */
export async function howMembersRegister(whitelist: Whitelist, context: BotContext): Promise<string> {
  const how = await howModeRegisters(whitelist, context);
  if (whitelist.proof === "first-join") return `${how}\n${firstJoinForStaff(englishWords, whitelist)}`;
  if (whitelist.proof !== "required") return how;
  return context.linkAddress
    ? `${how}\n🔒 They prove their account first: they join \`${context.linkAddress}\` in Minecraft Java and type the ` +
        "code it shows with `/register code:` (staff additions need no proof and are marked unverified)."
    : `${how}\n⚠️ Proof is required, but this service's link server is off (LINK_PORT is not set): members cannot ` +
        "prove an account, so they cannot register until it runs. Staff additions still work.";
}

/** What members of a whitelist do to register in its mode, and what staff may want to do next. */
async function howModeRegisters(whitelist: Whitelist, context: BotContext): Promise<string> {
  const channel = `<#${whitelist.channelId}>`;
  switch (whitelist.registrationMode) {
    case "command":
      return `Members register with \`/register\` in ${channel}.`;
    case "message":
      return isPaused(whitelist, context.intents)
        ? `⚠️ Members post their nick as a message in ${channel}, but that is paused: ${pausedForStaff(englishWords)}`
        : `Members post their nick as a message in ${channel}; I react ✅ or explain why not.`;
    case "approval": {
      const logChannel = (await context.services.guilds.get(whitelist.guildId))?.logChannelId;
      return (
        `Members use \`/register\` in ${channel}; their requests appear in the log channel with Approve and ` +
        `Reject buttons.${logChannel ? "" : " Set that channel first with `/whitelist log-channel`."}`
      );
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
    .setDescription("Create a whitelist bound to a channel (Manage Server)")
    .addStringOption((option) =>
      option
        .setName("name")
        .setDescription("1-32 letters, digits, - or _ (unique on this server)")
        .setRequired(true)
        .setMaxLength(32),
    )
    .addChannelOption((option) =>
      option
        .setName("channel")
        .setDescription("The channel where members register")
        .setRequired(true)
        .addChannelTypes(ChannelType.GuildText),
    )
    .addStringOption((option) =>
      option
        .setName("nick-type")
        .setDescription("Which nicks it accepts")
        .setRequired(true)
        .addChoices(...nickTypeChoices),
    )
    .addStringOption((option) =>
      option
        .setName("mode")
        .setDescription("How members register")
        .setRequired(true)
        .addChoices(...modeChoices),
    )
    .addIntegerOption((option) =>
      option
        .setName("max-nicks")
        .setDescription("How many nicks one member may register")
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
    const floodgate = describeNickTypeSettings(whitelist);
    // The whitelist exists either way; what would stop it working is said now, not when a member fails.
    const warnings = interaction.guild
      ? await whitelistWarnings(
          interaction.guild,
          whitelist,
          context.services,
          context.intents.messageContent,
        )
      : [];
    await answer(
      interaction,
      [
        `✅ Created **${plainName(whitelist.name)}** (id \`${whitelist.id}\`): ${whitelist.nickType} nicks, ` +
          `${whitelist.maxNicksPerUser} per member.${floodgate ? ` ${floodgate}.` : ""}`,
        await howMembersRegister(whitelist, context),
        ...warnings,
        "Next: set required, granted and manager roles with `/whitelist roles`, and give your game server " +
          "access with `/server-link create`.",
      ].join("\n"),
    );
  },
} satisfies Subcommand;
