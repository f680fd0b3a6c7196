import { SlashCommandSubcommandBuilder } from "discord.js";
import { BY_MEMBER } from "../../../entries/model.ts";
import { actingMember } from "../../members.ts";
import { linkedLine } from "../../proof.ts";
import { answer, fitLines, memberWords, relativeTime } from "../answer.ts";
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
    const { entries, partial } = await context.services.lookups.memberNicks({
      guildId,
      userId,
      actor: actingMember(interaction),
    });
    const words = await memberWords(interaction, context);
    const where = words.t(partial ? "staff.member.partial" : "staff.member.all");
    // Whoever may look the member up sees the accounts they proved here (docs/decisions.md, Look-ups).
    const links = await context.services.linking.linksOf(guildId, userId);
    const linked =
      links.length === 0
        ? []
        : [words.t("staff.member.linked"), ...links.map((a) => `• ${linkedLine(words, a)}`)];
    const member = `<@${userId}>`;
    if (entries.length === 0) {
      await answer(interaction, [words.t("staff.member.none", { member, where }), ...linked].join("\n"));
      return;
    }
    const lines = entries.map(({ entry, whitelist }) =>
      words.t("staff.member.item", {
        nick: entry.nick,
        whitelist: whitelist.name,
        how:
          entry.origin === BY_MEMBER
            ? words.t("staff.member.registered")
            : words.t("staff.member.addedBy", { member: `<@${entry.addedBy}>` }),
        when: relativeTime(entry.createdAt),
        expires:
          entry.expiresAt === null
            ? ""
            : words.t("staff.member.expires", { when: relativeTime(entry.expiresAt) }),
        verified: entry.verified ? words.t("staff.member.verified") : "",
      }),
    );
    await answer(
      interaction,
      fitLines(words, words.t("staff.member.header", { member, count: entries.length, where }), [
        ...lines,
        ...linked,
      ]),
    );
  },
} satisfies Subcommand;
