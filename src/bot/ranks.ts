import type { APIEmbed } from "discord.js";
import type { ChangeNotice } from "../entries/bus.ts";
import type { Words } from "../i18n/words.ts";
import type { RankHolder, RankMapping } from "../whitelists/ranks.ts";
import { colours, originOf } from "./log-channel.ts";
import { fitLines, plainName } from "./text.ts";

// How Discord shows ranks (docs/decisions.md, Ranks that follow roles): who a mapping names, a whitelist's mappings,
// an entry's groups, and the log channel's posts of a change of groups and of a mapping edited.

const mention = (userId: string | null | undefined) => (userId ? `<@${userId}>` : "—");

/** Who a mapping names: a role's mention, everyone on the whitelist, or its verified accounts. */
export function describeHolder(words: Words, holder: RankHolder): string {
  if (holder === "everyone") return words.t("ranks.holder.everyone");
  if (holder === "verified") return words.t("ranks.holder.verified");
  return `<@&${holder}>`;
}

/** Groups as code spans (`member`, `vip`), or "none". Group names hold no backtick (src/whitelists/ranks.ts). */
export function describeGroups(words: Words, groups: readonly string[]): string {
  return groups.length === 0 ? words.t("common.none") : groups.map((group) => `\`${group}\``).join(", ");
}

/**
 * A whitelist's mappings, one line per group with who is in it ("`member` ← @Player, verified accounts"), within
 * `limit` characters (an embed field takes 1,024), or "none".
 */
export function describeMappings(words: Words, mappings: readonly RankMapping[], limit = 1024): string {
  if (mappings.length === 0) return words.t("common.none");
  const byGroup = new Map<string, RankHolder[]>();
  for (const { group, roleId } of mappings) byGroup.set(group, [...(byGroup.get(group) ?? []), roleId]);
  const lines = [...byGroup].map(([group, holders]) =>
    words.t("ranks.line", {
      group,
      holders: holders.map((holder) => describeHolder(words, holder)).join(", "),
    }),
  );
  const [first, ...rest] = lines;
  return fitLines(words, first as string, rest, limit);
}

/** The log channel's embed of an entry's groups changed (a role gained or lost, a transfer, a member leaving). */
export function groupsChangeEmbed(words: Words, notice: ChangeNotice): APIEmbed {
  const { event, entry } = notice;
  return {
    title: words.t("log.groups.title"),
    description: words.t("log.groups", {
      nick: plainName(event.entry.nick),
      whitelist: plainName(event.whitelistName),
    }),
    color: colours.info,
    fields: [
      {
        name: words.t("log.groups.field.joined"),
        value: describeGroups(words, event.groupsAdded ?? []),
        inline: true,
      },
      {
        name: words.t("log.groups.field.left"),
        value: describeGroups(words, event.groupsRemoved ?? []),
        inline: true,
      },
      {
        name: words.t("log.groups.field.now"),
        value: describeGroups(words, event.entry.groups),
        inline: true,
      },
      { name: words.t("log.field.member"), value: mention(entry.guest ? null : entry.userId), inline: true },
      {
        name: words.t("log.field.origin"),
        value: originOf(words, event.origin),
        inline: true,
      },
    ],
    footer: { text: words.t("log.event", { id: event.id }) },
    timestamp: event.timestamp,
  };
}

/** The log channel's one post of a mapping edited, however many nicks' groups it changed (their events are `bulk`). */
export function rankEditEmbed(
  words: Words,
  edit: {
    action: "mapped" | "unmapped";
    whitelist: string;
    group: string;
    holders: readonly RankHolder[];
    changed: number;
    actorId: string;
  },
): APIEmbed {
  return {
    title: words.t(edit.action === "mapped" ? "log.ranks.mapped.title" : "log.ranks.unmapped.title"),
    description: words.t("log.ranks", {
      group: edit.group,
      holders: edit.holders.map((holder) => describeHolder(words, holder)).join(", "),
      whitelist: plainName(edit.whitelist),
    }),
    color: colours.info,
    fields: [
      { name: words.t("log.field.by"), value: mention(edit.actorId), inline: true },
      { name: words.t("log.ranks.field.changed"), value: words.number(edit.changed), inline: true },
    ],
  };
}
