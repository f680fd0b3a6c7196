import { SlashCommandSubcommandBuilder } from "discord.js";
import { commandDescription } from "../../../i18n/commands.ts";
import type { Words } from "../../../i18n/words.ts";
import type { LinkKeyView } from "../../../keys/service.ts";
import { hostOf } from "../../../webhooks/ssrf.ts";
import { discordTime } from "../../expiry.ts";
import { answer, memberWords } from "../../interaction/answer.ts";
import { requireGuildId, requireManageGuild } from "../../interaction/preconditions.ts";
import { accessOf } from "../../log-channel.ts";
import { fitLines, plainName } from "../../text.ts";
import type { Subcommand } from "../subcommands.ts";
import { scopeOf } from "./shared.ts";

/** A webhook's last delivery in words: its status or error, duration and time. */
function lastDelivery(words: Words, key: LinkKeyView): string {
  if (key.webhookLastAt === null) return words.t("staff.link.delivery.none");
  const result =
    key.webhookLastStatus !== null
      ? `HTTP ${key.webhookLastStatus}`
      : words.t("staff.link.delivery.failed", { error: key.webhookLastError ?? "?" });
  return words.t("staff.link.delivery.last", {
    result,
    ms: key.webhookLastDurationMs ?? "?",
    when: discordTime(key.webhookLastAt, "R"),
  });
}

/** `/server-link list` (Manage Server): every link, its scope, access, use and webhook; never a key or a secret. */
export const list = {
  data: new SlashCommandSubcommandBuilder()
    .setName("list")
    .setDescription(commandDescription("server-link list")),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    requireManageGuild(interaction);
    const keys = await context.services.keys.list(guildId);
    const words = await memberWords(interaction, context);
    if (keys.length === 0) {
      await answer(interaction, words.t("staff.link.none"));
      return;
    }
    const lines: string[] = [];
    for (const key of keys) {
      lines.push(
        words.t("staff.link.item", {
          name: plainName(key.name),
          id: key.id,
          state:
            key.revokedAt !== null
              ? words.t("staff.link.revoked", { when: discordTime(key.revokedAt, "R") })
              : "",
          scope: await scopeOf(words, key, context.services),
          access: accessOf(words, key),
          created: discordTime(key.createdAt, "R"),
          by: `<@${key.createdBy}>`,
          used:
            key.lastUsedAt === null
              ? words.t("staff.link.neverUsed")
              : words.t("staff.link.lastUsed", { when: discordTime(key.lastUsedAt, "R") }),
          hook: key.webhookUrl
            ? words.t("staff.link.webhook", {
                host: hostOf(key.webhookUrl),
                delivery: lastDelivery(words, key),
              })
            : words.t("staff.link.noWebhook"),
        }),
      );
    }
    const listed = fitLines(words, words.t("staff.link.header", { count: keys.length }), lines);
    await answer(interaction, `${listed}\n${words.t("staff.link.footer")}`);
  },
} satisfies Subcommand;
