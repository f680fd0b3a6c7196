import { ChannelType, SlashCommandSubcommandBuilder } from "discord.js";
import { nickTypeSpecs } from "../../../nicks/types.ts";
import type { UpkeepReport } from "../../../registration/bedrock.ts";
import { DomainError } from "../../../shared/errors.ts";
import { describeDuration, parseDuration } from "../../../whitelists/lifetime.ts";
import { registrationModes, roleLossPolicies } from "../../../whitelists/model.ts";
import type { WhitelistChanges } from "../../../whitelists/service.ts";
import { describeLifetime } from "../../expiry.ts";
import { nicknameScope, whitelistWarnings } from "../../setup-warnings.ts";
import { plainName } from "../../text.ts";
import { checkAccessNow } from "../access-check.ts";
import { answer, deferAnswer, memberWords } from "../answer.ts";
import {
  describeFloodgate,
  floodgatePrefixOption,
  floodgateSettings,
  modeChoices,
  oneOf,
  proofOption,
  proofSetting,
  proofWindow,
  proofWindowOption,
  replaceSpacesOption,
  suggestWhitelists,
  whitelistFromOption,
  whitelistOption,
} from "../options.ts";
import { requireManageGuild } from "../preconditions.ts";
import type { Subcommand } from "../subcommands.ts";
import { howMembersRegister } from "./create.ts";

/** What respelling a Bedrock whitelist's nicks did, for the manager who changed its Floodgate settings. */
function describeRespelling(report: UpkeepReport): string {
  const parts = [
    `${report.changed} Bedrock nick(s) respelled to match (each sent as a removal and an addition).`,
  ];
  if (report.clashes > 0) {
    parts.push(
      `${report.clashes} kept their old spelling: another nick already has the new one (see the service log).`,
    );
  }
  if (report.pending > 0) {
    parts.push(
      `${report.pending} still wait for GeyserMC to give their XUID; they are retried every 10 minutes.`,
    );
  }
  return parts.join(" ");
}

/**
 * `/whitelist edit whitelist [name] [channel] [mode] [max-nicks] [enabled] [remove-on-leave] [floodgate-prefix]
 * [replace-spaces] [entry-lifetime] [on-role-loss] [proof] [proof-window] [nickname]` (Manage Server). Switching `on-role-loss` to `remove`
 * checks the members with nicks on it at once (docs/decisions.md, Access follows roles).
 */
export const edit = {
  data: new SlashCommandSubcommandBuilder()
    .setName("edit")
    .setDescription("Change a whitelist's settings (Manage Server)")
    .addStringOption(whitelistOption(true))
    .addStringOption((option) =>
      option.setName("name").setDescription("A new name (1-32 letters, digits, - or _)").setMaxLength(32),
    )
    .addChannelOption((option) =>
      option
        .setName("channel")
        .setDescription("The channel where members register")
        .addChannelTypes(ChannelType.GuildText),
    )
    .addStringOption((option) =>
      option
        .setName("mode")
        .setDescription("How members register")
        .addChoices(...modeChoices),
    )
    .addIntegerOption((option) =>
      option
        .setName("max-nicks")
        .setDescription("How many nicks one member may register")
        .setMinValue(1)
        .setMaxValue(100),
    )
    .addBooleanOption((option) =>
      option.setName("enabled").setDescription("False closes registrations; the nicks stay served"),
    )
    .addBooleanOption((option) =>
      option.setName("remove-on-leave").setDescription("Remove a member's nicks when they leave the server"),
    )
    .addStringOption(floodgatePrefixOption)
    .addBooleanOption(replaceSpacesOption)
    .addStringOption((option) =>
      option
        .setName("entry-lifetime")
        .setDescription("Members' own registrations expire after 30m, 12h, 7d… (up to 366d); none: never")
        .setMaxLength(20),
    )
    .addStringOption((option) =>
      option
        .setName("on-role-loss")
        .setDescription("A member's nicks when they no longer hold any required role")
        .addChoices(
          { name: "remove: their nicks go (default)", value: "remove" },
          { name: "keep: their nicks stay", value: "keep" },
        ),
    )
    .addStringOption(proofOption)
    .addStringOption(proofWindowOption)
    .addStringOption((option) =>
      option
        .setName("nickname")
        .setDescription(
          "Members' server nicknames follow their nick: {discord} ({mc}), {mc}…; none: left alone",
        )
        .setMaxLength(64),
    ),

  async execute(interaction, context) {
    requireManageGuild(interaction);
    const whitelist = await whitelistFromOption(interaction, context);
    const { options } = interaction;
    const mode = options.getString("mode");
    const lifetime = options.getString("entry-lifetime")?.trim();
    const onRoleLoss = options.getString("on-role-loss");
    const nickname = options.getString("nickname")?.trim();
    const changes: WhitelistChanges = {
      name: options.getString("name")?.trim(),
      channelId: options.getChannel("channel")?.id,
      registrationMode: mode === null ? undefined : oneOf(registrationModes, mode, "mode"),
      maxNicksPerUser: options.getInteger("max-nicks") ?? undefined,
      enabled: options.getBoolean("enabled") ?? undefined,
      removeOnLeave: options.getBoolean("remove-on-leave") ?? undefined,
      onRoleLoss: onRoleLoss === null ? undefined : oneOf(roleLossPolicies, onRoleLoss, "on-role-loss"),
      ...floodgateSettings(options),
      entryLifetimeSeconds:
        lifetime === undefined
          ? undefined
          : lifetime.toLowerCase() === "none"
            ? null
            : parseDuration(lifetime),
      proof: proofSetting(options),
      proofWindowSeconds: proofWindow(options),
      nicknameTemplate:
        nickname === undefined ? undefined : nickname.toLowerCase() === "none" ? null : nickname,
    };
    const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    if (Object.keys(given).length === 0) {
      throw new DomainError(
        "invalid-input",
        "Nothing to change: give at least one of name, channel, mode, max-nicks, enabled, remove-on-leave, " +
          "floodgate-prefix, replace-spaces, entry-lifetime, on-role-loss, proof, proof-window, nickname.",
      );
    }
    const updated = await context.services.whitelists.update(whitelist.id, given);
    context.logger.info("whitelist changed", {
      guildId: updated.guildId,
      whitelistId: updated.id,
      settings: Object.keys(given).join(","),
      actorId: interaction.user.id,
    });
    const floodgateChanged =
      nickTypeSpecs[updated.nickType].floodgate &&
      (updated.floodgatePrefix !== whitelist.floodgatePrefix ||
        updated.replaceSpaces !== whitelist.replaceSpaces);
    if (updated.registrationMode === "message" || floodgateChanged) await deferAnswer(interaction);
    if (updated.registrationMode === "message") await context.ensureIntents();
    // Every Bedrock nick is respelled as Floodgate now names the player (one removal and one addition each).
    const respelled = floodgateChanged
      ? await context.services.bedrock.catchUp({ whitelistId: updated.id, actorId: interaction.user.id })
      : null;
    const checked = await checkAccessNow(interaction, context, whitelist, updated);
    const words = await memberWords(interaction, context);
    // Entries that waited for proof at first join wait no more once it is not asked (they stay, unverified).
    const settled =
      whitelist.proof === "first-join" && updated.proof !== "first-join"
        ? await context.services.firstJoin.settle(updated.id, interaction.user.id)
        : [];
    const described: string[] = [];
    if (given.name !== undefined) described.push(`name **${plainName(updated.name)}**`);
    if (given.channelId !== undefined) described.push(`channel <#${updated.channelId}>`);
    if (given.registrationMode !== undefined) described.push(`mode ${updated.registrationMode}`);
    if (given.maxNicksPerUser !== undefined) described.push(`${updated.maxNicksPerUser} nick(s) per member`);
    if (given.enabled !== undefined) described.push(updated.enabled ? "open" : "closed for registrations");
    if (given.removeOnLeave !== undefined) {
      described.push(
        updated.removeOnLeave ? "nicks removed when members leave" : "nicks kept when members leave",
      );
    }
    if (given.entryLifetimeSeconds !== undefined) {
      described.push(`entry lifetime ${describeLifetime(words, updated.entryLifetimeSeconds)}`);
    }
    if (given.onRoleLoss !== undefined) {
      described.push(
        updated.onRoleLoss === "remove"
          ? "nicks removed when members lose every required role"
          : "nicks kept when members lose every required role",
      );
    }
    if (given.floodgatePrefix !== undefined || given.replaceSpaces !== undefined) {
      described.push(describeFloodgate(updated));
    }
    if (given.nicknameTemplate !== undefined) {
      described.push(
        updated.nicknameTemplate === null
          ? "members' nicknames left alone"
          : `members' nicknames follow **${plainName(updated.nicknameTemplate)}**`,
      );
    }
    if (given.proof !== undefined) {
      described.push(
        {
          required: "proof of ownership required",
          "first-join": "proof of ownership at first join",
          off: "no proof of ownership asked",
        }[updated.proof],
      );
    }
    if (given.proofWindowSeconds !== undefined) {
      described.push(`${describeDuration(updated.proofWindowSeconds)} to prove a nick at first join`);
    }
    await answer(
      interaction,
      [
        `✅ **${plainName(updated.name)}** now: ${described.join(", ")}.`,
        ...(respelled ? [describeRespelling(respelled)] : []),
        ...(given.entryLifetimeSeconds !== undefined
          ? ["Nicks registered before keep the expiry they had; the new lifetime applies from now on."]
          : []),
        ...(given.proof === "required" || given.proof === "first-join"
          ? ["Nicks registered before stay; only new registrations need a proven account."]
          : []),
        ...(settled.length > 0
          ? [`${settled.length} nick(s) waiting for proof at first join stay, unverified, and wait no more.`]
          : []),
        ...(given.proofWindowSeconds !== undefined && updated.proof === "first-join"
          ? ["Nicks waiting for proof keep the time they had; the new window applies from now on."]
          : []),
        ...(given.nicknameTemplate !== undefined
          ? [
              updated.nicknameTemplate === null
                ? "Nicknames the bot set stay until each member's next change, which gives back the one they had."
                : "Each member's nickname follows from their next registration, rename, transfer or removal " +
                  "(nothing is renamed now); the one they had comes back when their last nick goes.",
              ...(updated.nicknameTemplate !== null && interaction.guild
                ? [nicknameScope(words, interaction.guild)]
                : []),
            ]
          : []),
        ...(checked ? [checked] : []),
        updated.enabled
          ? await howMembersRegister(updated, context)
          : "Registrations are closed; reopen them with `enabled:True`.",
        ...(interaction.guild
          ? await whitelistWarnings(
              interaction.guild,
              updated,
              context.services,
              context.intents.messageContent,
            )
          : []),
        "See every setting with `/whitelist show`.",
      ].join("\n"),
    );
  },

  autocomplete: suggestWhitelists,
} satisfies Subcommand;
