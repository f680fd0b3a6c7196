import { ChannelType, SlashCommandSubcommandBuilder } from "discord.js";
import { choiceName, commandDescription } from "../../../i18n/commands.ts";
import { type MessageKey, text } from "../../../i18n/messages.ts";
import type { Words } from "../../../i18n/words.ts";
import { nickTypeSpecs } from "../../../nicks/types.ts";
import type { UpkeepReport } from "../../../registration/bedrock.ts";
import { DomainError } from "../../../shared/errors.ts";
import { durationText, parseDuration } from "../../../whitelists/lifetime.ts";
import { type ProofSetting, registrationModes, roleLossPolicies } from "../../../whitelists/model.ts";
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

/** What the answer says of a whitelist's new proof setting. */
const proofChanged = {
  required: "whitelist.edited.proof.required",
  "first-join": "whitelist.edited.proof.firstJoin",
  off: "whitelist.edited.proof.off",
} as const satisfies Record<ProofSetting, MessageKey>;

/** What respelling a Bedrock whitelist's nicks did, for the manager who changed its Floodgate settings. */
function describeRespelling(words: Words, report: UpkeepReport): string {
  const parts = [words.t("whitelist.respelled", { count: report.changed })];
  if (report.clashes > 0) parts.push(words.t("whitelist.respelled.clashes", { count: report.clashes }));
  if (report.pending > 0) parts.push(words.t("whitelist.respelled.pending", { count: report.pending }));
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
    .setDescription(commandDescription("whitelist edit"))
    .addStringOption(whitelistOption(true))
    .addStringOption((option) =>
      option.setName("name").setDescription(commandDescription("whitelist edit name")).setMaxLength(32),
    )
    .addChannelOption((option) =>
      option
        .setName("channel")
        .setDescription(commandDescription("* channel"))
        .addChannelTypes(ChannelType.GuildText),
    )
    .addStringOption((option) =>
      option
        .setName("mode")
        .setDescription(commandDescription("* mode"))
        .addChoices(...modeChoices),
    )
    .addIntegerOption((option) =>
      option
        .setName("max-nicks")
        .setDescription(commandDescription("* max-nicks"))
        .setMinValue(1)
        .setMaxValue(100),
    )
    .addBooleanOption((option) =>
      option.setName("enabled").setDescription(commandDescription("whitelist edit enabled")),
    )
    .addBooleanOption((option) =>
      option.setName("remove-on-leave").setDescription(commandDescription("whitelist edit remove-on-leave")),
    )
    .addStringOption(floodgatePrefixOption)
    .addBooleanOption(replaceSpacesOption)
    .addStringOption((option) =>
      option
        .setName("entry-lifetime")
        .setDescription(commandDescription("whitelist edit entry-lifetime"))
        .setMaxLength(20),
    )
    .addStringOption((option) =>
      option
        .setName("on-role-loss")
        .setDescription(commandDescription("whitelist edit on-role-loss"))
        .addChoices(
          { name: choiceName("whitelist edit on-role-loss remove"), value: "remove" },
          { name: choiceName("whitelist edit on-role-loss keep"), value: "keep" },
        ),
    )
    .addStringOption(proofOption)
    .addStringOption(proofWindowOption)
    .addStringOption((option) =>
      option
        .setName("nickname")
        .setDescription(commandDescription("whitelist edit nickname"))
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
      throw new DomainError("invalid-input", text("whitelist.edited.nothing"));
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
    if (given.name !== undefined) {
      described.push(words.t("whitelist.edited.name", { name: plainName(updated.name) }));
    }
    if (given.channelId !== undefined) {
      described.push(words.t("whitelist.edited.channel", { channel: `<#${updated.channelId}>` }));
    }
    if (given.registrationMode !== undefined) {
      described.push(words.t("whitelist.edited.mode", { mode: updated.registrationMode }));
    }
    if (given.maxNicksPerUser !== undefined) {
      described.push(words.t("whitelist.edited.maxNicks", { count: updated.maxNicksPerUser }));
    }
    if (given.enabled !== undefined) {
      described.push(words.t(updated.enabled ? "whitelist.state.open" : "whitelist.state.closed"));
    }
    if (given.removeOnLeave !== undefined) {
      described.push(
        words.t(updated.removeOnLeave ? "whitelist.edited.removeOnLeave" : "whitelist.edited.keepOnLeave"),
      );
    }
    if (given.entryLifetimeSeconds !== undefined) {
      described.push(
        words.t("whitelist.edited.lifetime", {
          lifetime: describeLifetime(words, updated.entryLifetimeSeconds),
        }),
      );
    }
    if (given.onRoleLoss !== undefined) {
      described.push(
        words.t(
          updated.onRoleLoss === "remove"
            ? "whitelist.edited.removeOnRoleLoss"
            : "whitelist.edited.keepOnRoleLoss",
        ),
      );
    }
    if (given.floodgatePrefix !== undefined || given.replaceSpaces !== undefined) {
      described.push(describeFloodgate(words, updated));
    }
    if (given.nicknameTemplate !== undefined) {
      described.push(
        updated.nicknameTemplate === null
          ? words.t("whitelist.edited.nicknamesAlone")
          : words.t("whitelist.edited.nicknames", { template: plainName(updated.nicknameTemplate) }),
      );
    }
    if (given.proof !== undefined) {
      described.push(words.t(proofChanged[updated.proof]));
    }
    if (given.proofWindowSeconds !== undefined) {
      described.push(
        words.t("whitelist.edited.proofWindow", { window: durationText(updated.proofWindowSeconds) }),
      );
    }
    await answer(
      interaction,
      [
        words.t("whitelist.edited", { name: plainName(updated.name), settings: described.join(", ") }),
        ...(respelled ? [describeRespelling(words, respelled)] : []),
        ...(given.entryLifetimeSeconds !== undefined ? [words.t("whitelist.edited.lifetimeNote")] : []),
        ...(given.proof === "required" || given.proof === "first-join"
          ? [words.t("whitelist.edited.proofNote")]
          : []),
        ...(settled.length > 0 ? [words.t("whitelist.edited.settled", { count: settled.length })] : []),
        ...(given.proofWindowSeconds !== undefined && updated.proof === "first-join"
          ? [words.t("whitelist.edited.windowNote")]
          : []),
        ...(given.nicknameTemplate !== undefined
          ? [
              words.t(
                updated.nicknameTemplate === null
                  ? "whitelist.edited.nicknamesStop"
                  : "whitelist.edited.nicknamesFollow",
              ),
              ...(updated.nicknameTemplate !== null && interaction.guild
                ? [nicknameScope(words, interaction.guild)]
                : []),
            ]
          : []),
        ...(checked ? [checked] : []),
        updated.enabled
          ? await howMembersRegister(words, updated, context)
          : words.t("whitelist.edited.closedHow"),
        ...(interaction.guild
          ? await whitelistWarnings(
              interaction.guild,
              updated,
              context.services,
              context.intents.messageContent,
              words,
            )
          : []),
        words.t("whitelist.edited.seeAll"),
      ].join("\n"),
    );
  },

  autocomplete: suggestWhitelists,
} satisfies Subcommand;
