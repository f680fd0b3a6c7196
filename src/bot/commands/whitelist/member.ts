import { SlashCommandSubcommandBuilder } from "discord.js";
import { BY_MEMBER } from "../../../entries/model.ts";
import { actingMember } from "../../members.ts";
import { answer, fitLines, relativeTime } from "../answer.ts";
import { requireGuildId } from "../preconditions.ts";
import type { Subcommand } from "../subcommands.ts";

/**
 * `/whitelist member user`: a member's nicks on every whitelist of the server, with who added each (staff), when
 * and its expiry. Managers look anyone up (a manager role: on the whitelists it manages); a member, themselves.
 */
export const member = {
  data: new SlashCommandSubcommandBuilder()
    .setName("member")
    .setDescription("A member's nicks on every whitelist (staff; members: themselves)")
    .addUserOption((option) => option.setName("user").setDescription("Whose nicks").setRequired(true)),

  async execute(interaction, context) {
    const userId = interaction.options.getUser("user", true).id;
    const { entries, partial } = await context.services.lookups.memberNicks({
      guildId: requireGuildId(interaction),
      userId,
      actor: actingMember(interaction),
    });
    const where = partial ? "the whitelists you manage" : "this server's whitelists";
    if (entries.length === 0) {
      await answer(interaction, `<@${userId}> has no nicks on ${where}.`);
      return;
    }
    const lines = entries.map(
      ({ entry, whitelist }) =>
        `• **${entry.nick}** on **${whitelist.name}**: ` +
        (entry.origin === BY_MEMBER ? "registered" : `added by <@${entry.addedBy}>`) +
        ` ${relativeTime(entry.createdAt)}` +
        (entry.expiresAt === null ? "" : `, expires ${relativeTime(entry.expiresAt)}`),
    );
    await answer(interaction, fitLines(`<@${userId}> has ${entries.length} nick(s) on ${where}:`, lines));
  },
} satisfies Subcommand;
