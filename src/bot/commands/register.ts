import { SlashCommandBuilder } from "discord.js";
import { commandDescription } from "../../i18n/commands.ts";
import { text } from "../../i18n/messages.ts";
import type { Command } from "../context.ts";
import { DiscordRefusal } from "../errors.ts";
import { formModal } from "../forms.ts";
import { requireReadable } from "../intents.ts";
import { memberWords } from "../interaction/answer.ts";
import { requireGuildId } from "../interaction/preconditions.ts";
import { registerCode, registerNick } from "../interaction/registering.ts";
import { actingMember } from "../members.ts";
import { suggestWhitelists, whitelistFromOption, whitelistOption } from "./options.ts";

/**
 * `/register nick [whitelist]` or `/register code [whitelist]`: a member registers a nick (command and message
 * mode) or files a request staff approve in the log channel (approval mode), in one domain call. With `code` (the
 * link server's), the account it proves is linked to the member and registered as proven. The whitelist is the
 * channel's when the option is absent. On a whitelist with a form, the command's answer is the form (a modal must
 * be the first answer), once the rules that need no look-up pass; its submission registers (src/bot/modals/form.ts).
 */
export const register = {
  data: new SlashCommandBuilder()
    .setName("register")
    .setDescription(commandDescription("register"))
    .addStringOption((option) =>
      option.setName("nick").setDescription(commandDescription("register nick")).setMaxLength(40),
    )
    .addStringOption(whitelistOption(false, commandDescription("register whitelist")))
    .addStringOption((option) =>
      option.setName("code").setDescription(commandDescription("register code")).setMaxLength(20),
    )
    .toJSON(),

  async execute(interaction, context) {
    requireGuildId(interaction);
    const member = actingMember(interaction);
    const nick = interaction.options.getString("nick");
    const code = interaction.options.getString("code");
    if ((nick === null) === (code === null)) {
      throw new DiscordRefusal(
        "invalid-input",
        text(nick === null ? "register.nickOrCode" : "register.notBoth"),
      );
    }
    const whitelist = await whitelistFromOption(interaction, context, "channel");
    requireReadable(whitelist, context.intents);
    if (whitelist.form.length > 0) {
      await context.services.registration.precheck({ whitelist, member, nick });
      const words = await memberWords(interaction, context);
      await interaction.showModal(
        formModal(words, whitelist, code === null ? { nick: nick ?? "" } : { code }),
      );
      return;
    }
    if (code === null) await registerNick(interaction, context, { whitelist, member, nick: nick ?? "" });
    else await registerCode(interaction, context, { whitelist, member, code });
  },

  autocomplete: suggestWhitelists,
} satisfies Command;
