import { SlashCommandBuilder } from "discord.js";
import { nickTypeSpecs } from "../../nicks/types.ts";
import type { Submission } from "../../registration/model.ts";
import { DomainError } from "../../shared/errors.ts";
import type { Command } from "../context.ts";
import { describeFailure } from "../errors.ts";
import { expiresIn } from "../expiry.ts";
import { requireReadable } from "../intents.ts";
import { actingMember } from "../members.ts";
import { roleMentions } from "../mentions.ts";
import { describeLinked, howToProveAtFirstJoin } from "../proof.ts";
import { answer, deferAnswer } from "./answer.ts";
import { suggestWhitelists, whitelistOption } from "./options.ts";
import { requireGuildId } from "./preconditions.ts";

/** What a member reads once `/register` registered a nick or filed a request. */
function describeSubmission(submission: Submission): string[] {
  if (submission.kind === "requested") {
    const { request, whitelist } = submission;
    return [
      `📨 Your request for **${request.nick}** on **${whitelist.name}** was sent to staff. ` +
        `You will be told in <#${whitelist.channelId}> once they decide; there is nothing else to do.`,
    ];
  }
  const { entry, whitelist, grantFailures } = submission;
  const roles = roleMentions(grantFailures.map((failure) => failure.roleId));
  const expiry = expiresIn(entry);
  return [
    entry.proofDueAt === null
      ? `✅ **${entry.nick}** is on **${whitelist.name}**. You can join the server now.`
      : `✅ **${entry.nick}** is on **${whitelist.name}**, waiting for you to prove it is yours.`,
    ...(entry.proofDueAt === null ? [] : [howToProveAtFirstJoin(entry)]),
    ...(entry.verified ? ["🔗 Verified: you proved this account is yours."] : []),
    ...[nickTypeSpecs[whitelist.nickType].spelling(entry)].filter((note) => note !== null),
    ...(entry.gamertag !== null && entry.gamertag !== entry.nick
      ? [`That is the name Floodgate gives the gamertag ${entry.gamertag} in game.`]
      : []),
    ...(expiry ? [`⏳ It expires ${expiry}: ${whitelist.name} keeps registrations for a limited time.`] : []),
    ...(grantFailures.length > 0
      ? [`I could not give you ${roles}; staff have been told and will sort it out.`]
      : []),
    `Changed your mind? \`/unregister nick:${entry.nick}\` removes it.`,
  ];
}

/**
 * `/register nick [whitelist]` or `/register code [whitelist]`: a member registers a nick (command and message
 * mode) or files a request staff approve in the log channel (approval mode), in one domain call. With `code` (the
 * link server's), the account it proves is linked to the member and registered as proven. The whitelist is the
 * channel's when the option is absent.
 */
export const register = {
  data: new SlashCommandBuilder()
    .setName("register")
    .setDescription("Put your Minecraft nick on a whitelist (or the code the link server showed you)")
    .addStringOption((option) =>
      option.setName("nick").setDescription("Your Minecraft nick").setMaxLength(40),
    )
    .addStringOption(
      whitelistOption(false, "Which whitelist (default: the one of this channel, or the server's only one)"),
    )
    .addStringOption((option) =>
      option
        .setName("code")
        .setDescription("Instead of a nick: the code the link server showed you, e.g. K7QX-29MD")
        .setMaxLength(20),
    )
    .toJSON(),

  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const member = actingMember(interaction);
    const nick = interaction.options.getString("nick");
    const code = interaction.options.getString("code");
    if ((nick === null) === (code === null)) {
      throw new DomainError(
        "invalid-input",
        nick === null
          ? "Give your Minecraft nick (`nick`), or the code the link server showed you (`code`)."
          : "Give either your nick or a code, not both.",
      );
    }
    const named = await context.services.whitelists.resolve({
      guildId,
      whitelist: interaction.options.getString("whitelist"),
      channelId: interaction.channelId,
    });
    requireReadable(named, context.intents);
    await deferAnswer(interaction);

    if (code !== null) {
      const done = await context.services.linking.registerWithCode({ whitelist: named, member, code });
      const after =
        done.outcome === "registered"
          ? describeSubmission(done.submission)
          : done.outcome === "already"
            ? [`**${done.entry.nick}** was yours on **${done.whitelist.name}** already; it is verified now.`]
            : [
                `It could not be put on **${done.whitelist.name}**: ${describeFailure(done.error, context.linkAddress)}`,
              ];
      await answer(interaction, [...describeLinked(done), ...after].join("\n"));
      return;
    }

    const submission = await context.services.registration.submit({
      whitelist: named,
      member,
      nick: nick ?? "",
    });
    await answer(interaction, describeSubmission(submission).join("\n"));
  },

  autocomplete: suggestWhitelists,
} satisfies Command;
