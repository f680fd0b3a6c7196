import { SlashCommandSubcommandBuilder } from "discord.js";
import type { DenyList } from "../../../registration/deny.ts";
import { followsRoles, isManager } from "../../../registration/rules.ts";
import { clip } from "../../../shared/text.ts";
import { describeDuration } from "../../../whitelists/lifetime.ts";
import type { Whitelist } from "../../../whitelists/model.ts";
import { describeLifetime } from "../../expiry.ts";
import { departuresUnseenForStaff, isPaused, pausedForStaff, roleLossUnseenForStaff } from "../../intents.ts";
import { colours } from "../../log-channel.ts";
import { actingMember } from "../../members.ts";
import { roleMentionsWithin } from "../../mentions.ts";
import { serverWarnings, whitelistWarnings } from "../../setup-warnings.ts";
import { codeSpan, plainName } from "../../text.ts";
import { englishWords } from "../../words.ts";
import { answer, memberWords } from "../answer.ts";
import {
  describeNickTypeSettings,
  suggestWhitelists,
  whitelistFromOption,
  whitelistOption,
} from "../options.ts";
import { describeRoleLimits } from "../role-limit.ts";
import type { Subcommand } from "../subcommands.ts";

/** A role list for an embed field, within Discord's 1,024 characters of a field value. */
const roles = (roleIds: string[], none: string) =>
  roleIds.length > 0 ? roleMentionsWithin(englishWords, roleIds, 1024) : none;

/** The whitelist's proof setting, and where members prove their account when it is required. */
function describeProof(whitelist: Whitelist, linkAddress: string | undefined): string {
  if (whitelist.proof === "off") return "off: any nick may be registered";
  if (whitelist.proof === "first-join") {
    return (
      "first-join: members prove their account when they first join the game server, within " +
      describeDuration(whitelist.proofWindowSeconds)
    );
  }
  return linkAddress
    ? `required: members prove their Java account at \`${linkAddress}\``
    : "required, but the link server is off (LINK_PORT unset): members cannot prove an account";
}

/** How many denied nicks `/whitelist show` lists at most; the rest are counted. */
export const DENIALS_SHOWN = 10;
/** Discord's limit on an embed field's value. */
const FIELD_MAX = 1024;

/**
 * The deny list for an embed field: to staff the first DENIALS_SHOWN nicks with their reasons, then how many
 * more, within a field's 1,024 characters; to members only how many (reasons are staff's notes).
 */
async function denialsField(whitelist: Whitelist, denials: DenyList, staff: boolean): Promise<string> {
  const { denials: first, total } = await denials.list(whitelist.id, DENIALS_SHOWN);
  if (total === 0) return "none";
  if (!staff) return `${total} nick(s); staff see which.`;
  const more = (shown: number) => `\n… and ${total - shown} more (one at a time: \`/whitelist whois\`)`;
  let value = `${total} nick(s):`;
  let shown = 0;
  for (const denial of first) {
    const line = `• ${codeSpan(denial.nick)}${denial.reason ? `: ${plainName(clip(denial.reason, 60))}` : ""}`;
    if (`${value}\n${line}${more(shown + 1)}`.length > FIELD_MAX) break;
    value = `${value}\n${line}`;
    shown++;
  }
  return shown < total ? value + more(shown) : value;
}

/**
 * `/whitelist show whitelist`: its settings (proof of ownership among them), role lists, nick count (how many
 * verified) and pending requests, Bedrock nicks still without their UUID, its deny list (nicks and reasons to
 * staff, a count to members), and what a privileged intent Discord withholds stops on it (anyone).
 */
export const show = {
  data: new SlashCommandSubcommandBuilder()
    .setName("show")
    .setDescription("Show a whitelist's settings and roles")
    .addStringOption(whitelistOption(true)),

  async execute(interaction, context) {
    const wl = await whitelistFromOption(interaction, context);
    const stored = await context.services.entries.list(wl.id);
    const nicks = stored.length;
    const verified = stored.filter((entry) => entry.verified).length;
    const awaiting = stored.filter((entry) => entry.proofDueAt !== null).length;
    // Bedrock nicks whose Floodgate UUID waits for GeyserMC (an upgrade, or GeyserMC down at the time).
    const withoutUuid = stored.filter((entry) => entry.gamertag !== null && entry.xuid === null).length;
    const pending = (await context.services.registration.listPendingRequests(wl.guildId)).filter(
      (request) => request.whitelistId === wl.id,
    ).length;
    // Without Discord's Message Content intent a message-mode whitelist cannot register anyone.
    const paused = isPaused(wl, context.intents);
    const status = !wl.enabled ? "closed for registrations" : paused ? "paused (see below)" : "open";
    // Message Content has its own field below; every other setup problem is listed as doctor would.
    const guild = interaction.guild ?? (await interaction.client.guilds.fetch(wl.guildId));
    const problems = [
      ...(await serverWarnings(guild, context.services)),
      ...(await whitelistWarnings(guild, wl, context.services)),
    ];
    const floodgate = describeNickTypeSettings(wl);
    const words = await memberWords(interaction, context);
    await answer(interaction, {
      content: "Staff change settings with `/whitelist edit` and roles with `/whitelist roles`.",
      embeds: [
        {
          title: plainName(wl.name),
          description: `id \`${wl.id}\` · ${status}`,
          color: colours.info,
          fields: [
            { name: "Channel", value: `<#${wl.channelId}>`, inline: true },
            { name: "Nick type", value: wl.nickType, inline: true },
            { name: "Mode", value: wl.registrationMode, inline: true },
            { name: "Nicks per member", value: String(wl.maxNicksPerUser), inline: true },
            {
              name: "Nicks",
              value: `${nicks} (${verified} verified${awaiting > 0 ? `, ${awaiting} awaiting proof` : ""})`,
              inline: true,
            },
            { name: "Pending requests", value: String(pending), inline: true },
            { name: "On leave", value: wl.removeOnLeave ? "nicks removed" : "nicks kept", inline: true },
            { name: "Entry lifetime", value: describeLifetime(words, wl.entryLifetimeSeconds) },
            { name: "Proof of ownership", value: describeProof(wl, context.linkAddress), inline: true },
            {
              name: "Form",
              value:
                wl.form.length === 0 ? "none" : `${wl.form.length} question(s): \`/whitelist form show\``,
              inline: true,
            },
            {
              name: "Nicknames",
              value:
                wl.nicknameTemplate === null
                  ? "left alone"
                  : `follow the nick: **${plainName(wl.nicknameTemplate)}**`,
              inline: true,
            },
            {
              name: "Ban sync (server)",
              value: (await context.services.guilds.get(wl.guildId))?.banSync
                ? "on: a Discord ban denies the member's nicks"
                : "off",
              inline: true,
            },
            {
              name: "On role loss",
              value: wl.onRoleLoss === "remove" ? "nicks removed" : "nicks kept",
              inline: true,
            },
            { name: "Required roles", value: roles(wl.requiredRoleIds, "none: anyone may register") },
            { name: "Granted roles", value: roles(wl.grantedRoleIds, "none") },
            { name: "Manager roles", value: roles(wl.managerRoleIds, "none: Manage Server only") },
            ...(Object.keys(wl.roleLimits).length > 0
              ? [{ name: "Nick limits by role", value: describeRoleLimits(wl) }]
              : []),
            {
              name: "Denied nicks",
              value: await denialsField(
                wl,
                context.services.denials,
                isManager(wl, actingMember(interaction)),
              ),
            },
            ...(floodgate ? [{ name: "Bedrock", value: `${floodgate}.` }] : []),
            ...(withoutUuid > 0
              ? [
                  {
                    name: "⚠️ Bedrock UUIDs pending",
                    value:
                      `${withoutUuid} nick(s) wait for GeyserMC to give their XUID, so \`whitelist.json\` cannot ` +
                      "let them in yet. They are asked for every 10 minutes.",
                  },
                ]
              : []),
            ...(problems.length > 0
              ? [{ name: "⚠️ Problems", value: problems.join("\n").slice(0, 1024) }]
              : []),
            ...(paused
              ? [{ name: "⚠️ Registrations by message are paused", value: pausedForStaff(words) }]
              : []),
            ...(wl.removeOnLeave && !context.intents.serverMembers
              ? [{ name: "⚠️ Departures are not seen", value: departuresUnseenForStaff(words) }]
              : []),
            ...(followsRoles(wl) && !context.intents.serverMembers
              ? [{ name: "⚠️ Role losses are not seen", value: roleLossUnseenForStaff(words) }]
              : []),
          ],
        },
      ],
    });
  },

  autocomplete: suggestWhitelists,
} satisfies Subcommand;
