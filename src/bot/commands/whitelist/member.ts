import { SlashCommandSubcommandBuilder } from "discord.js";
import { BY_MEMBER } from "../../../entries/model.ts";
import { actingMember } from "../../members.ts";
import { linkedLine } from "../../proof.ts";
import { plainName } from "../../text.ts";
import { answer, fitLines, relativeTime } from "../answer.ts";
import { requireGuildId } from "../preconditions.ts";
import type { Subcommand } from "../subcommands.ts";

/**
 * `/whitelist member user`: a member's nicks on every whitelist of the server, with who added each (staff), when,
 * its expiry and whether verified, then the Java accounts they linked on the server. Managers look anyone up (a
 * manager role: on the whitelists it manages); a member, themselves.
 */
export const member = {
  data: new SlashCommandSubcommandBuilder()
    .setName("member")
    .setDescription("A member's nicks on every whitelist (staff; members: themselves)")
    .addUserOption((option) => option.setName("user").setDescription("Whose nicks").setRequired(true)),

  async execute(interaction, context) {
    const userId = interaction.options.getUser("user", true).id;
    const guildId = requireGuildId(interaction);
    const { entries, guests, partial } = await context.services.lookups.memberNicks({
      guildId,
      userId,
      actor: actingMember(interaction),
    });
    const where = partial ? "the whitelists you manage" : "this server's whitelists";
    // Whoever may look the member up sees the accounts they proved here (docs/decisions.md, Look-ups).
    const links = await context.services.linking.linksOf(guildId, userId);
    const linked =
      links.length === 0 ? [] : ["Linked accounts (proven):", ...links.map((a) => `• ${linkedLine(a)}`)];
    // Players without Discord this member added (staff): theirs to answer for, not theirs to play.
    const added =
      guests.length === 0
        ? []
        : [
            "Guests they added (players without Discord):",
            ...guests.map(
              ({ entry, whitelist }) =>
                `• **${entry.nick}** on **${whitelist.name}**: ${plainName(entry.note ?? "")}, ` +
                `${relativeTime(entry.createdAt)}` +
                (entry.expiresAt === null ? "" : `, expires ${relativeTime(entry.expiresAt)}`),
            ),
          ];
    if (entries.length === 0) {
      await answer(interaction, fitLines(`<@${userId}> has no nicks on ${where}.`, [...added, ...linked]));
      return;
    }
    const lines = entries.map(
      ({ entry, whitelist }) =>
        `• **${entry.nick}** on **${whitelist.name}**: ` +
        (entry.origin === BY_MEMBER ? "registered" : `added by <@${entry.addedBy}>`) +
        ` ${relativeTime(entry.createdAt)}` +
        (entry.expiresAt === null ? "" : `, expires ${relativeTime(entry.expiresAt)}`) +
        (entry.verified ? ", verified" : ""),
    );
    await answer(
      interaction,
      fitLines(`<@${userId}> has ${entries.length} nick(s) on ${where}:`, [...lines, ...added, ...linked]),
    );
  },
} satisfies Subcommand;
