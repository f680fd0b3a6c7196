import { SlashCommandSubcommandBuilder } from "discord.js";
import type { LinkKeyView } from "../../../keys/service.ts";
import { hostOf } from "../../../webhooks/ssrf.ts";
import { accessOf } from "../../log-channel.ts";
import { plainName } from "../../text.ts";
import { answer, fitLines, memberWords, relativeTime } from "../answer.ts";
import { requireGuildId, requireManageGuild } from "../preconditions.ts";
import type { Subcommand } from "../subcommands.ts";
import { scopeOf } from "./shared.ts";

/** A webhook's last delivery in words: its status or error, duration and time. */
function lastDelivery(key: LinkKeyView): string {
  if (key.webhookLastAt === null) return "no delivery yet";
  const result =
    key.webhookLastStatus !== null
      ? `HTTP ${key.webhookLastStatus}`
      : `failed: ${key.webhookLastError ?? "?"}`;
  return `last ${result} in ${key.webhookLastDurationMs ?? "?"} ms ${relativeTime(key.webhookLastAt)}`;
}

/** `/server-link list` (Manage Server): every link, its scope, access, use and webhook; never a key or a secret. */
export const list = {
  data: new SlashCommandSubcommandBuilder()
    .setName("list")
    .setDescription("List the server's link keys and webhooks (Manage Server)"),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    requireManageGuild(interaction);
    const keys = await context.services.keys.list(guildId);
    const words = await memberWords(interaction, context);
    if (keys.length === 0) {
      await answer(interaction, "No links yet. Create one for your game server with `/server-link create`.");
      return;
    }
    const lines: string[] = [];
    for (const key of keys) {
      const scope = await scopeOf(words, key, context.services);
      const state = key.revokedAt !== null ? ` — **revoked** ${relativeTime(key.revokedAt)}` : "";
      const used = key.lastUsedAt === null ? "never used" : `last used ${relativeTime(key.lastUsedAt)}`;
      const hook = key.webhookUrl
        ? `webhook → ${hostOf(key.webhookUrl)} (${lastDelivery(key)})`
        : "no webhook";
      lines.push(
        `• **${plainName(key.name)}** \`${key.id}\`${state}: ${scope}; ${accessOf(words, key)}; ` +
          `created ${relativeTime(key.createdAt)} by <@${key.createdBy}>, ${used}; ${hook}`,
      );
    }
    await answer(
      interaction,
      fitLines(words, `${keys.length} link(s):`, lines) +
        "\nKeys are never shown again: revoke a lost one with `/server-link revoke` and create another.",
    );
  },
} satisfies Subcommand;
