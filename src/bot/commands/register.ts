import { SlashCommandBuilder } from "discord.js";
import type { RoleFailure } from "../../entries/model.ts";
import type { Registration } from "../../registration/model.ts";
import type { Command } from "../context.ts";
import { expiresIn } from "../expiry.ts";
import { requireReadable } from "../intents.ts";
import { actingMember } from "../members.ts";
import { roleMentions } from "../mentions.ts";
import { answer, deferAnswer, inTime } from "./answer.ts";
import { suggestWhitelists, whitelistOption } from "./options.ts";
import { requireGuildId } from "./preconditions.ts";

/**
 * What a member reads once registered. `failures`: the roles Discord refused (null while the roles are still on
 * their way: a line says they follow when other role changes of the server are ahead of them).
 */
function registeredMessage(registration: Registration, failures: RoleFailure[] | null): string {
  const { entry, whitelist } = registration;
  const expiry = expiresIn(entry);
  return [
    `✅ **${entry.nick}** is on **${whitelist.name}**. You can join the server now.`,
    ...(entry.gamertag !== null && entry.gamertag !== entry.nick
      ? [`That is the name Floodgate gives the gamertag ${entry.gamertag} in game.`]
      : []),
    ...(expiry ? [`⏳ It expires ${expiry}: ${whitelist.name} keeps registrations for a limited time.`] : []),
    ...(failures === null && registration.roles.waiting
      ? ["🕒 Your roles follow in a moment: Discord lets a bot give roles only so fast."]
      : []),
    ...(failures?.length
      ? [
          `I could not give you ${roleMentions(failures.map((failure) => failure.roleId))}; staff have been told ` +
            "and will sort it out.",
        ]
      : []),
    `Changed your mind? \`/unregister nick:${entry.nick}\` removes it.`,
  ].join("\n");
}

/**
 * `/register nick [whitelist]`: a member registers a nick (command and message mode) or files a request staff
 * approve in the log channel (approval mode), in one domain call. The whitelist is the channel's when the
 * option is absent. The member is answered once the nick is stored, in one reply unless a look-up may be slow (then
 * deferred first); the roles follow, and only a role Discord refuses changes the answer (docs/decisions.md, Roles).
 */
export const register = {
  data: new SlashCommandBuilder()
    .setName("register")
    .setDescription("Put your Minecraft nick on a whitelist")
    .addStringOption((option) =>
      option.setName("nick").setDescription("Your Minecraft nick").setRequired(true).setMaxLength(40),
    )
    .addStringOption(
      whitelistOption(false, "Which whitelist (default: the one of this channel, or the server's only one)"),
    )
    .toJSON(),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const member = actingMember(interaction);
    const { registration } = context.services;
    const named = await context.services.whitelists.resolve({
      guildId,
      whitelist: interaction.options.getString("whitelist"),
      channelId: interaction.channelId,
    });
    requireReadable(named, context.intents);
    const nick = interaction.options.getString("nick", true);
    const submission = await inTime(() => registration.submit({ whitelist: named, member, nick }), {
      slow: registration.asksRemotely(named, nick),
      defer: () => deferAnswer(interaction),
    });

    if (submission.kind === "requested") {
      const { request, whitelist } = submission;
      await answer(
        interaction,
        `📨 Your request for **${request.nick}** on **${whitelist.name}** was sent to staff. ` +
          `You will be told in <#${whitelist.channelId}> once they decide; there is nothing else to do.`,
      );
      return;
    }

    await answer(interaction, registeredMessage(submission, null));
    const failures = await submission.roles.failures;
    if (failures.length === 0) return;
    // Staff were told by the log channel; the member's answer changes too (while Discord keeps its token).
    await answer(interaction, registeredMessage(submission, failures)).catch((error: unknown) =>
      context.logger.warn("could not tell a member about roles not given", { guildId, error: String(error) }),
    );
  },

  autocomplete: suggestWhitelists,
} satisfies Command;
