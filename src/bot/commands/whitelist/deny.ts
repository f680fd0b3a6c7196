import { SlashCommandSubcommandBuilder } from "discord.js";
import { type NickType, nickTypeSpecs } from "../../../nicks/types.ts";
import type { DenyOutcome } from "../../../registration/deny.ts";
import { REASON_MAX } from "../../../registration/deny.ts";
import { requireManager } from "../../../registration/rules.ts";
import { denialEmbed } from "../../log-channel.ts";
import { actingMember } from "../../members.ts";
import { codeSpan, plainName } from "../../text.ts";
import { answer, deferAnswer } from "../answer.ts";
import { nickOption, suggestNicks } from "../nick-option.ts";
import { whitelistFromOption, whitelistOption } from "../options.ts";
import { requireGuildId } from "../preconditions.ts";
import type { Subcommand } from "../subcommands.ts";

const premiumDenied = (uuid: string) =>
  `Its premium account is denied too (UUID \`${uuid}\`), whatever it is renamed to.`;

/** What `/whitelist deny` says of the account found behind a denied nick, by nick type (offline: none looked up). */
const accountDenied: Record<NickType, ((uuid: string) => string) | null> = {
  java: premiumDenied,
  premium: premiumDenied,
  offline: null,
  bedrock: (uuid) =>
    `Its Xbox account is denied too (Floodgate UUID \`${uuid}\`), whatever gamertag it takes.`,
};

/** What the manager reads about the account look-up behind a denial. */
function accountLine(outcome: DenyOutcome): string | null {
  const { denial, whitelist, account } = outcome;
  if (account === "found" && denial.uuid !== null) {
    return accountDenied[whitelist.nickType]?.(denial.uuid) ?? null;
  }
  const { lookUp } = nickTypeSpecs[whitelist.nickType];
  if (account === "unavailable" && lookUp) {
    return (
      `⚠️ ${lookUp.service} could not be reached, so ${plainName(denial.nick)} is denied by name only` +
      (denial.uuid ? " (and by the UUID found before)" : "") +
      ": run this again later to deny its account too, whatever it is renamed to."
    );
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
    .setDescription("Refuse a nick on a whitelist, and remove it if it is there (whitelist staff)")
    .addStringOption(whitelistOption(true))
    .addStringOption(nickOption("The Minecraft nick (Bedrock: the gamertag) to refuse"))
    .addStringOption((option) =>
      option
        .setName("reason")
        .setDescription("Why: shown to whoever tries to register it")
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
    await context.log.post(guildId, { embeds: [denialEmbed("denied", denial, whitelist, actor.userId)] });
    const owners = [...new Set(removed.map((entry) => `<@${entry.userId}>`))].join(", ");
    await answer(
      interaction,
      [
        `⛔ **${plainName(denial.nick)}** is ${updated ? "still" : "now"} denied on **${plainName(whitelist.name)}**` +
          (denial.reason ? `: ${plainName(denial.reason)}` : " (no reason given)") +
          ". Registering it is refused, for members and staff alike.",
        ...(removed.length > 0
          ? [
              `It was on the whitelist (${removed.map((entry) => `**${plainName(entry.nick)}**`).join(", ")}, ` +
                `for ${owners}) and has been removed; roles given for it are taken back.`,
            ]
          : []),
        ...[accountLine(outcome)].filter((line): line is string => line !== null),
        `Undo with ${codeSpan(`/whitelist undeny whitelist:${whitelist.name} nick:${denial.nick}`)}.`,
      ].join("\n"),
    );
  },

  autocomplete: suggestNicks("staff-entries"),
} satisfies Subcommand;
