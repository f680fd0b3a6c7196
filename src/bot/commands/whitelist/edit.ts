import {
  ChannelType,
  type ChatInputCommandInteraction,
  type Guild,
  SlashCommandSubcommandBuilder,
} from "discord.js";
import { choiceName, commandDescription } from "../../../i18n/commands.ts";
import { type MessageKey, text } from "../../../i18n/messages.ts";
import type { Words } from "../../../i18n/words.ts";
import type { UpkeepReport } from "../../../registration/bedrock.ts";
import type { WhitelistEdit } from "../../../registration/edit-whitelist.ts";
import { systemClock } from "../../../shared/clock.ts";
import { DomainError } from "../../../shared/errors.ts";
import { durationText, parseDuration } from "../../../whitelists/lifetime.ts";
import {
  type ProofSetting,
  registrationModes,
  roleLossPolicies,
  type Whitelist,
} from "../../../whitelists/model.ts";
import type { WhitelistChanges } from "../../../whitelists/service.ts";
import { describeLifetime } from "../../expiry.ts";
import { answer, deferAnswer, inTime, memberWords } from "../../interaction/answer.ts";
import { requireGuildId, requireManageGuild } from "../../interaction/preconditions.ts";
import { nicknameScope, whitelistWarnings } from "../../setup-warnings.ts";
import { plainName } from "../../text.ts";
import { checkAccessNow } from "../access-check.ts";
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
import type { Subcommand } from "../subcommands.ts";
import { howMembersRegister } from "./create.ts";

/** What the answer says of a whitelist's new proof setting. */
const proofChanged = {
  required: "whitelist.edited.proof.required",
  "first-join": "whitelist.edited.proof.firstJoin",
  off: "whitelist.edited.proof.off",
} as const satisfies Record<ProofSetting, MessageKey>;

/**
 * Each setting `/whitelist edit` changes, as the answer says it now is, in the order the answer lists them (the two
 * Floodgate settings read as one).
 */
const settingWords = {
  name: (words, whitelist) => words.t("whitelist.edited.name", { name: plainName(whitelist.name) }),
  channelId: (words, whitelist) =>
    words.t("whitelist.edited.channel", { channel: `<#${whitelist.channelId}>` }),
  registrationMode: (words, whitelist) =>
    words.t("whitelist.edited.mode", { mode: whitelist.registrationMode }),
  maxNicksPerUser: (words, whitelist) =>
    words.t("whitelist.edited.maxNicks", { count: whitelist.maxNicksPerUser }),
  enabled: (words, whitelist) =>
    words.t(whitelist.enabled ? "whitelist.state.open" : "whitelist.state.closed"),
  removeOnLeave: (words, whitelist) =>
    words.t(whitelist.removeOnLeave ? "whitelist.edited.removeOnLeave" : "whitelist.edited.keepOnLeave"),
  entryLifetimeSeconds: (words, whitelist) =>
    words.t("whitelist.edited.lifetime", {
      lifetime: describeLifetime(words, whitelist.entryLifetimeSeconds),
    }),
  onRoleLoss: (words, whitelist) =>
    words.t(
      whitelist.onRoleLoss === "remove"
        ? "whitelist.edited.removeOnRoleLoss"
        : "whitelist.edited.keepOnRoleLoss",
    ),
  floodgatePrefix: describeFloodgate,
  replaceSpaces: describeFloodgate,
  nicknameTemplate: (words, whitelist) =>
    whitelist.nicknameTemplate === null
      ? words.t("whitelist.edited.nicknamesAlone")
      : words.t("whitelist.edited.nicknames", { template: plainName(whitelist.nicknameTemplate) }),
  proof: (words, whitelist) => words.t(proofChanged[whitelist.proof]),
  proofWindowSeconds: (words, whitelist) =>
    words.t("whitelist.edited.proofWindow", { window: durationText(whitelist.proofWindowSeconds) }),
} satisfies Record<string, (words: Words, whitelist: Whitelist) => string>;

/** A setting `/whitelist edit` changes. */
type EditSetting = keyof typeof settingWords;

/** What respelling a Bedrock whitelist's nicks did, for the manager who changed its Floodgate settings. */
function describeRespelling(words: Words, report: UpkeepReport): string {
  const parts = [words.t("whitelist.respelled", { count: report.changed })];
  if (report.clashes > 0) parts.push(words.t("whitelist.respelled.clashes", { count: report.clashes }));
  if (report.pending > 0) parts.push(words.t("whitelist.respelled.pending", { count: report.pending }));
  return parts.join(" ");
}

/** What staff should know beyond the new settings: what the change did, and what it does not do. */
function consequences(words: Words, edit: WhitelistEdit, guild: Guild | null): string[] {
  const { after, changed, respelled, settled } = edit;
  const given = (setting: EditSetting) => changed.includes(setting);
  const following = after.nicknameTemplate !== null;
  return [
    ...(respelled ? [describeRespelling(words, respelled)] : []),
    ...(given("entryLifetimeSeconds") ? [words.t("whitelist.edited.lifetimeNote")] : []),
    ...(given("proof") && after.proof !== "off" ? [words.t("whitelist.edited.proofNote")] : []),
    ...(settled > 0 ? [words.t("whitelist.edited.settled", { count: settled })] : []),
    ...(given("proofWindowSeconds") && after.proof === "first-join"
      ? [words.t("whitelist.edited.windowNote")]
      : []),
    ...(given("nicknameTemplate")
      ? [
          words.t(following ? "whitelist.edited.nicknamesFollow" : "whitelist.edited.nicknamesStop"),
          ...(following && guild ? [nicknameScope(words, guild)] : []),
        ]
      : []),
  ];
}

/** The settings the options give, each parsed; undefined where an option is absent. */
function changesOf(options: ChatInputCommandInteraction["options"]): Pick<WhitelistChanges, EditSetting> {
  const mode = options.getString("mode");
  const lifetime = options.getString("entry-lifetime")?.trim();
  const onRoleLoss = options.getString("on-role-loss");
  const nickname = options.getString("nickname")?.trim();
  const none = (typed: string) => typed.toLowerCase() === "none";
  return {
    name: options.getString("name")?.trim(),
    channelId: options.getChannel("channel")?.id,
    registrationMode: mode === null ? undefined : oneOf(registrationModes, mode, "mode"),
    maxNicksPerUser: options.getInteger("max-nicks") ?? undefined,
    enabled: options.getBoolean("enabled") ?? undefined,
    removeOnLeave: options.getBoolean("remove-on-leave") ?? undefined,
    onRoleLoss: onRoleLoss === null ? undefined : oneOf(roleLossPolicies, onRoleLoss, "on-role-loss"),
    ...floodgateSettings(options),
    entryLifetimeSeconds:
      lifetime === undefined ? undefined : none(lifetime) ? null : parseDuration(lifetime),
    proof: proofSetting(options),
    proofWindowSeconds: proofWindow(options),
    nicknameTemplate: nickname === undefined ? undefined : none(nickname) ? null : nickname,
  };
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
    const guildId = requireGuildId(interaction);
    requireManageGuild(interaction);
    const whitelist = await whitelistFromOption(interaction, context);
    const changes = changesOf(interaction.options);
    if (Object.values(changes).every((value) => value === undefined)) {
      throw new DomainError("invalid-input", text("whitelist.edited.nothing"));
    }
    const { edits } = context.services;
    // Respelling a Bedrock whitelist's nicks may wait on GeyserMC: acknowledged first then.
    const edit = await inTime(
      () =>
        edits.editWhitelist({ guildId, whitelistId: whitelist.id, actorId: interaction.user.id, changes }),
      {
        slow: edits.asksRemotely(whitelist, changes),
        defer: () => deferAnswer(interaction),
        createdAt: interaction.createdTimestamp,
      },
      systemClock,
      context.lateness,
    );
    const { after } = edit;
    if (after.registrationMode === "message") {
      await deferAnswer(interaction);
      await context.ensureIntents();
    }
    const checked = await checkAccessNow(interaction, context, edit);
    const words = await memberWords(interaction, context);
    const settings = new Set(
      (Object.keys(settingWords) as EditSetting[])
        .filter((setting) => edit.changed.includes(setting))
        .map((setting) => settingWords[setting](words, after)),
    );
    await answer(
      interaction,
      [
        words.t("whitelist.edited", { name: plainName(after.name), settings: [...settings].join(", ") }),
        ...consequences(words, edit, interaction.guild),
        ...(checked ? [checked] : []),
        after.enabled
          ? await howMembersRegister(words, after, context)
          : words.t("whitelist.edited.closedHow"),
        ...(interaction.guild
          ? await whitelistWarnings(
              interaction.guild,
              after,
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
