import { SlashCommandBuilder } from "discord.js";
import { nickTypeSpecs } from "../../nicks/types.ts";
import type { Command } from "../context.ts";
import { expiresIn } from "../expiry.ts";
import { requireReadable } from "../intents.ts";
import { actingMember } from "../members.ts";
import { roleMentions } from "../mentions.ts";
import { answer, deferAnswer } from "./answer.ts";
import { suggestWhitelists, whitelistOption } from "./options.ts";
import { requireGuildId } from "./preconditions.ts";

/**
 * `/register nick [whitelist]`: a member registers a nick (command and message mode) or files a request staff
 * approve in the log channel (approval mode), in one domain call. The whitelist is the channel's when the
 * option is absent.
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
    const named = await context.services.whitelists.resolve({
      guildId,
      whitelist: interaction.options.getString("whitelist"),
      channelId: interaction.channelId,
    });
    requireReadable(named, context.intents);
    await deferAnswer(interaction);
    const submission = await context.services.registration.submit({
      whitelist: named,
      member,
      nick: interaction.options.getString("nick", true),
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

    const { entry, whitelist, grantFailures } = submission;
    const roles = roleMentions(grantFailures.map((failure) => failure.roleId));
    const expiry = expiresIn(entry);
    await answer(
      interaction,
      [
        `✅ **${entry.nick}** is on **${whitelist.name}**. You can join the server now.`,
        ...[nickTypeSpecs[whitelist.nickType].spelling(entry)].filter((note) => note !== null),
        ...(entry.gamertag !== null && entry.gamertag !== entry.nick
          ? [`That is the name Floodgate gives the gamertag ${entry.gamertag} in game.`]
          : []),
        ...(expiry
          ? [`⏳ It expires ${expiry}: ${whitelist.name} keeps registrations for a limited time.`]
          : []),
        ...(grantFailures.length > 0
          ? [`I could not give you ${roles}; staff have been told and will sort it out.`]
          : []),
        `Changed your mind? \`/unregister nick:${entry.nick}\` removes it.`,
      ].join("\n"),
    );
  },

  autocomplete: suggestWhitelists,
} satisfies Command;
