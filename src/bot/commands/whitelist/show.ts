import { SlashCommandSubcommandBuilder } from "discord.js";
import { commandDescription } from "../../../i18n/commands.ts";
import { type MessageKey, text } from "../../../i18n/messages.ts";
import type { Words } from "../../../i18n/words.ts";
import type { DenyList } from "../../../registration/deny.ts";
import { followsRoles, isManager } from "../../../registration/rules.ts";
import { clip } from "../../../shared/text.ts";
import { durationText } from "../../../whitelists/lifetime.ts";
import type { Whitelist } from "../../../whitelists/model.ts";
import { describeLifetime } from "../../expiry.ts";
import { departuresUnseenForStaff, isPaused, pausedForStaff, roleLossUnseenForStaff } from "../../intents.ts";
import { answer, memberWords } from "../../interaction/answer.ts";
import { colours } from "../../log-channel.ts";
import { actingMember } from "../../members.ts";
import { roleMentionsWithin } from "../../mentions.ts";
import { describeMappings } from "../../ranks.ts";
import { serverWarnings, whitelistWarnings } from "../../setup-warnings.ts";
import { codeSpan, plainName } from "../../text.ts";
import {
  describeNickTypeSettings,
  suggestWhitelists,
  whitelistFromOption,
  whitelistOption,
} from "../options.ts";
import { describeRoleLimits } from "../role-limit.ts";
import type { Subcommand } from "../subcommands.ts";

/** A role list for an embed field, within Discord's 1,024 characters of a field value. */
const roles = (words: Words, roleIds: string[], none: string) =>
  roleIds.length > 0 ? roleMentionsWithin(words, roleIds, 1024) : none;

/** The whitelist's proof setting, and where members prove their account when it is required. */
function describeProof(words: Words, whitelist: Whitelist, linkAddress: string | undefined): string {
  if (whitelist.proof === "off") return words.t("whitelist.show.proof.off");
  if (whitelist.proof === "first-join") {
    return words.t("whitelist.show.proof.firstJoin", { window: durationText(whitelist.proofWindowSeconds) });
  }
  return linkAddress
    ? words.t("whitelist.show.proof.required", { address: linkAddress })
    : words.t("whitelist.show.proof.linkOff");
}

/** How many denied nicks `/whitelist show` lists at most; the rest are counted. */
export const DENIALS_SHOWN = 10;
/** Discord's limit on an embed field's value. */
const FIELD_MAX = 1024;

/**
 * The deny list for an embed field: to staff the first DENIALS_SHOWN nicks with their reasons, then how many
 * more, within a field's 1,024 characters; to members only how many (reasons are staff's notes).
 */
async function denialsField(
  words: Words,
  whitelist: Whitelist,
  denials: DenyList,
  staff: boolean,
): Promise<string> {
  const { denials: first, total } = await denials.list(whitelist.id, DENIALS_SHOWN);
  if (total === 0) return words.t("common.none");
  if (!staff) return words.t("whitelist.show.denials.count", { count: total });
  const more = (shown: number) => `\n${words.t("whitelist.show.denials.more", { count: total - shown })}`;
  let value = words.t("whitelist.show.denials.header", { count: total });
  let shown = 0;
  for (const denial of first) {
    const reason = denial.reason
      ? words.t("whitelist.show.denials.reason", { reason: plainName(clip(denial.reason, 60)) })
      : "";
    const line = `• ${codeSpan(denial.nick)}${reason}`;
    if (`${value}\n${line}${more(shown + 1)}`.length > FIELD_MAX) break;
    value = `${value}\n${line}`;
    shown++;
  }
  return shown < total ? value + more(shown) : value;
}

/**
 * `/whitelist show whitelist`: its settings (proof of ownership among them), role lists, rank mappings (Discord
 * roles to game groups), nick count (how many verified) and pending requests, Bedrock nicks still without their UUID, its deny list (nicks and reasons to
 * staff, a count to members), and what a privileged intent Discord withholds stops on it (anyone).
 */
export const show = {
  data: new SlashCommandSubcommandBuilder()
    .setName("show")
    .setDescription(commandDescription("whitelist show"))
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
    const words = await memberWords(interaction, context);
    const status = words.t(
      !wl.enabled ? "whitelist.state.closed" : paused ? "whitelist.state.paused" : "whitelist.state.open",
    );
    // Message Content has its own field below; every other setup problem is listed as doctor would.
    const guild = interaction.guild ?? (await interaction.client.guilds.fetch(wl.guildId));
    const problems = [
      ...(await serverWarnings(guild, context.services, words)),
      ...(await whitelistWarnings(guild, wl, context.services, undefined, words)),
    ];
    const floodgate = describeNickTypeSettings(words, wl);
    const field = (key: MessageKey & `whitelist.show.field.${string}`) => words.render({ key, params: {} });
    const nicksKept = (removed: boolean) =>
      words.t(removed ? "whitelist.show.nicksRemoved" : "whitelist.show.nicksKept");
    await answer(interaction, {
      content: words.t("whitelist.show.staffHint"),
      embeds: [
        {
          title: plainName(wl.name),
          description: words.t("whitelist.show.description", { id: wl.id, status }),
          color: colours.info,
          fields: [
            { name: field("whitelist.show.field.channel"), value: `<#${wl.channelId}>`, inline: true },
            { name: field("whitelist.show.field.nickType"), value: wl.nickType, inline: true },
            { name: field("whitelist.show.field.mode"), value: wl.registrationMode, inline: true },
            {
              name: field("whitelist.show.field.perMember"),
              value: words.number(wl.maxNicksPerUser),
              inline: true,
            },
            {
              name: field("whitelist.show.field.nicks"),
              value: words.t("whitelist.show.nicks", {
                nicks: nicks,
                verified: text("whitelist.show.verified", { count: verified }),
                awaiting: awaiting > 0 ? text("whitelist.show.awaiting", { count: awaiting }) : "",
              }),
              inline: true,
            },
            { name: field("whitelist.show.field.pending"), value: words.number(pending), inline: true },
            { name: field("whitelist.show.field.onLeave"), value: nicksKept(wl.removeOnLeave), inline: true },
            {
              name: field("whitelist.show.field.lifetime"),
              value: describeLifetime(words, wl.entryLifetimeSeconds),
            },
            {
              name: field("whitelist.show.field.proof"),
              value: describeProof(words, wl, context.linkAddress),
              inline: true,
            },
            {
              name: field("whitelist.show.field.form"),
              value:
                wl.form.length === 0
                  ? words.t("common.none")
                  : words.t("whitelist.show.form", { count: wl.form.length }),
              inline: true,
            },
            {
              name: field("whitelist.show.field.nicknames"),
              value:
                wl.nicknameTemplate === null
                  ? words.t("whitelist.show.nicknames.alone")
                  : words.t("whitelist.show.nicknames", { template: plainName(wl.nicknameTemplate) }),
              inline: true,
            },
            {
              name: field("whitelist.show.field.banSync"),
              value: words.t(
                (await context.services.guilds.get(wl.guildId))?.banSync
                  ? "whitelist.show.banSync.on"
                  : "whitelist.show.banSync.off",
              ),
              inline: true,
            },
            {
              name: field("whitelist.show.field.onRoleLoss"),
              value: nicksKept(wl.onRoleLoss === "remove"),
              inline: true,
            },
            {
              name: field("whitelist.show.field.required"),
              value: roles(words, wl.requiredRoleIds, words.t("whitelist.show.required.none")),
            },
            {
              name: field("whitelist.show.field.granted"),
              value: roles(words, wl.grantedRoleIds, words.t("common.none")),
            },
            {
              name: field("whitelist.show.field.manager"),
              value: roles(words, wl.managerRoleIds, words.t("whitelist.show.manager.none")),
            },
            {
              name: field("whitelist.show.field.ranks"),
              value: describeMappings(words, await context.services.ranks.list(wl.id)),
            },
            ...(Object.keys(wl.roleLimits).length > 0
              ? [{ name: field("whitelist.show.field.roleLimits"), value: describeRoleLimits(words, wl) }]
              : []),
            {
              name: field("whitelist.show.field.denied"),
              value: await denialsField(
                words,
                wl,
                context.services.denials,
                isManager(wl, actingMember(interaction)),
              ),
            },
            ...(floodgate
              ? [
                  {
                    name: field("whitelist.show.field.bedrock"),
                    value: words.t("whitelist.show.bedrock", { floodgate }),
                  },
                ]
              : []),
            ...(withoutUuid > 0
              ? [
                  {
                    name: field("whitelist.show.field.uuidsPending"),
                    value: words.t("whitelist.show.uuidsPending", { count: withoutUuid }),
                  },
                ]
              : []),
            ...(problems.length > 0
              ? [{ name: field("whitelist.show.field.problems"), value: problems.join("\n").slice(0, 1024) }]
              : []),
            ...(paused ? [{ name: field("whitelist.show.field.paused"), value: pausedForStaff(words) }] : []),
            ...(wl.removeOnLeave && !context.intents.serverMembers
              ? [{ name: field("whitelist.show.field.departures"), value: departuresUnseenForStaff(words) }]
              : []),
            ...(followsRoles(wl) && !context.intents.serverMembers
              ? [{ name: field("whitelist.show.field.roleLoss"), value: roleLossUnseenForStaff(words) }]
              : []),
          ],
        },
      ],
    });
  },

  autocomplete: suggestWhitelists,
} satisfies Subcommand;
