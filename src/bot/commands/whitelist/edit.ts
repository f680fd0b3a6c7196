import { ChannelType, SlashCommandSubcommandBuilder } from "discord.js";
import { DomainError } from "../../../shared/errors.ts";
import { registrationModes } from "../../../whitelists/model.ts";
import type { WhitelistChanges } from "../../../whitelists/service.ts";
import { answer, deferAnswer } from "../answer.ts";
import { modeChoices, oneOf, suggestWhitelists, whitelistFromOption, whitelistOption } from "../options.ts";
import { requireManageGuild } from "../preconditions.ts";
import type { Subcommand } from "../subcommands.ts";
import { howMembersRegister } from "./create.ts";

/** `/whitelist edit whitelist [name] [channel] [mode] [max-nicks] [enabled] [remove-on-leave]` (Manage Server). */
export const edit = {
  data: new SlashCommandSubcommandBuilder()
    .setName("edit")
    .setDescription("Change a whitelist's settings (Manage Server)")
    .addStringOption(whitelistOption(true))
    .addStringOption((option) =>
      option.setName("name").setDescription("A new name (1-32 letters, digits, - or _)").setMaxLength(32),
    )
    .addChannelOption((option) =>
      option
        .setName("channel")
        .setDescription("The channel where members register")
        .addChannelTypes(ChannelType.GuildText),
    )
    .addStringOption((option) =>
      option
        .setName("mode")
        .setDescription("How members register")
        .addChoices(...modeChoices),
    )
    .addIntegerOption((option) =>
      option
        .setName("max-nicks")
        .setDescription("How many nicks one member may register")
        .setMinValue(1)
        .setMaxValue(100),
    )
    .addBooleanOption((option) =>
      option.setName("enabled").setDescription("False closes registrations; the nicks stay served"),
    )
    .addBooleanOption((option) =>
      option.setName("remove-on-leave").setDescription("Remove a member's nicks when they leave the server"),
    ),

  async execute(interaction, context) {
    requireManageGuild(interaction);
    const whitelist = whitelistFromOption(interaction, context);
    const { options } = interaction;
    const mode = options.getString("mode");
    const changes: WhitelistChanges = {
      name: options.getString("name")?.trim(),
      channelId: options.getChannel("channel")?.id,
      registrationMode: mode === null ? undefined : oneOf(registrationModes, mode, "mode"),
      maxNicksPerUser: options.getInteger("max-nicks") ?? undefined,
      enabled: options.getBoolean("enabled") ?? undefined,
      removeOnLeave: options.getBoolean("remove-on-leave") ?? undefined,
    };
    const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    if (Object.keys(given).length === 0) {
      throw new DomainError(
        "invalid-input",
        "Nothing to change: give at least one of name, channel, mode, max-nicks, enabled, remove-on-leave.",
      );
    }
    const updated = await context.services.whitelists.update(whitelist.id, given);
    if (updated.registrationMode === "message") {
      await deferAnswer(interaction);
      await context.ensureIntents();
    }
    const described: string[] = [];
    if (given.name !== undefined) described.push(`name **${updated.name}**`);
    if (given.channelId !== undefined) described.push(`channel <#${updated.channelId}>`);
    if (given.registrationMode !== undefined) described.push(`mode ${updated.registrationMode}`);
    if (given.maxNicksPerUser !== undefined) described.push(`${updated.maxNicksPerUser} nick(s) per member`);
    if (given.enabled !== undefined) described.push(updated.enabled ? "open" : "closed for registrations");
    if (given.removeOnLeave !== undefined) {
      described.push(
        updated.removeOnLeave ? "nicks removed when members leave" : "nicks kept when members leave",
      );
    }
    await answer(
      interaction,
      [
        `✅ **${updated.name}** now: ${described.join(", ")}.`,
        updated.enabled
          ? howMembersRegister(updated, context)
          : "Registrations are closed; reopen them with `enabled:True`.",
        "See every setting with `/whitelist show`.",
      ].join("\n"),
    );
  },

  autocomplete: suggestWhitelists,
} satisfies Subcommand;
