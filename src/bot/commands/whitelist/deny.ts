import { SlashCommandSubcommandBuilder } from "discord.js";
import { commandDescription } from "../../../i18n/commands.ts";
import type { Words } from "../../../i18n/words.ts";
import { type NickType, nickTypeSpecs } from "../../../nicks/types.ts";
import type { DenyOutcome } from "../../../registration/deny.ts";
import { REASON_MAX } from "../../../registration/deny.ts";
import { requireManager } from "../../../registration/rules.ts";
import { answer, deferAnswer, memberWords, publicWords } from "../../interaction/answer.ts";
import { requireGuildId } from "../../interaction/preconditions.ts";
import { typedCommand } from "../../localize.ts";
import { denialEmbed } from "../../log-channel.ts";
import { actingMember } from "../../members.ts";
import { plainName } from "../../text.ts";
import { nickOption, suggestNicks } from "../nick-option.ts";
import { whitelistFromOption, whitelistOption } from "../options.ts";
import type { Subcommand } from "../subcommands.ts";

/** What `/whitelist deny` says of the account found behind a denied nick, by nick type (offline: none looked up). */
const accountDenied: Record<NickType, "staff.deny.premium" | "staff.deny.bedrock" | null> = {
  java: "staff.deny.premium",
  premium: "staff.deny.premium",
  offline: null,
  bedrock: "staff.deny.bedrock",
};

/** What the manager reads about the account look-up behind a denial. */
function accountLine(words: Words, outcome: DenyOutcome): string | null {
  const { denial, whitelist, account } = outcome;
  if (account === "found" && denial.uuid !== null) {
    const key = accountDenied[whitelist.nickType];
    return key ? words.t(key, { uuid: denial.uuid }) : null;
  }
  const { lookUp } = nickTypeSpecs[whitelist.nickType];
  if (account === "unavailable" && lookUp) {
    return words.t("staff.deny.unavailable", {
      service: lookUp.service,
      nick: plainName(denial.nick),
      before: denial.uuid ? words.t("staff.deny.before") : "",
    });
  }
  return null;
}

/**
 * `/whitelist deny whitelist nick [reason]` (managers): refuses the nick on the whitelist from now on, for every
 * way in, and removes it from the whitelist if it is there (origin `staff`), whoever owns it.
 */
export const deny = {
  data: new SlashCommandSubcommandBuilder()
    .setName("deny")
    .setDescription(commandDescription("whitelist deny"))
    .addStringOption(whitelistOption(true))
    .addStringOption(nickOption(commandDescription("whitelist deny nick")))
    .addStringOption((option) =>
      option
        .setName("reason")
        .setDescription(commandDescription("whitelist deny reason"))
        .setMaxLength(REASON_MAX),
    ),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const actor = actingMember(interaction);
    const whitelist = await whitelistFromOption(interaction, context);
    requireManager(whitelist, actor);
    // Mojang (or GeyserMC) is asked for the account's UUID, which may outlast Discord's 3 s.
    await deferAnswer(interaction);
    const outcome = await context.services.denials.deny({
      guildId,
      whitelist: whitelist.id,
      nick: interaction.options.getString("nick", true),
      reason: interaction.options.getString("reason"),
      actor,
    });
    const { denial, removed, updated } = outcome;
    await context.log.post(guildId, {
      embeds: [
        denialEmbed(await publicWords(interaction, context), "denied", denial, whitelist, actor.userId),
      ],
    });
    const owners = [...new Set(removed.map((entry) => `<@${entry.userId}>`))].join(", ");
    const words = await memberWords(interaction, context);
    const reason = denial.reason
      ? words.t("staff.deny.reason", { reason: plainName(denial.reason) })
      : words.t("staff.deny.noReason");
    await answer(
      interaction,
      [
        words.t(updated ? "staff.deny.still" : "staff.deny.now", {
          nick: plainName(denial.nick),
          whitelist: plainName(whitelist.name),
          reason,
        }),
        ...(removed.length > 0
          ? [
              words.t("staff.deny.removed", {
                nicks: removed.map((entry) => `**${plainName(entry.nick)}**`).join(", "),
                owners,
              }),
            ]
          : []),
        ...[accountLine(words, outcome)].filter((line): line is string => line !== null),
        words.t("staff.deny.undo", {
          command: typedCommand(words, "whitelist undeny", { whitelist: whitelist.name, nick: denial.nick }),
        }),
      ].join("\n"),
    );
  },

  autocomplete: suggestNicks("staff-entries"),
} satisfies Subcommand;
