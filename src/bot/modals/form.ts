import { answersOf, requireManager } from "../../registration/rules.ts";
import { DomainError } from "../../shared/errors.ts";
import { answer } from "../commands/answer.ts";
import { requireGuildId } from "../commands/preconditions.ts";
import { registerCode, registerNick } from "../commands/register.ts";
import { answersEmbed } from "../commands/whitelist/lookup-text.ts";
import { FORM_PREFIX, formValues, parseFormCustomId } from "../forms.ts";
import { requireReadable } from "../intents.ts";
import type { ModalHandler } from "../interactions.ts";
import { actingMember } from "../members.ts";

/**
 * A whitelist's form submitted (the modal `/register` opened, `form:<whitelistId>:<version>:n:<nick>` or
 * `…:c:<code>`): registers the nick, files its request or registers the proven account with the member's answers,
 * exactly as `/register` does without a form. Answers to questions staff changed meanwhile are refused
 * ("form-changed"); the rules run again whatever `/register` checked before opening it. Staff's preview
 * (`/whitelist form preview`) is answered with the answers as staff would see them, and stores nothing.
 */
export const form: ModalHandler = {
  prefix: FORM_PREFIX,
  async execute(interaction, context) {
    const guildId = requireGuildId(interaction);
    const parsed = parseFormCustomId(interaction.customId);
    if (!parsed) throw new DomainError("invalid-input", "This form is no longer active.");
    const whitelist = await context.services.whitelists.get(parsed.whitelistId);
    if (!whitelist || whitelist.guildId !== guildId) {
      throw new DomainError("whitelist-not-found", "That whitelist no longer exists; nothing was sent.");
    }
    requireReadable(whitelist, context.intents);
    const member = actingMember(interaction);
    const filled = { version: parsed.version, values: formValues(interaction) };
    if ("preview" in parsed.target) {
      requireManager(whitelist, member);
      const answers = answersOf(whitelist, filled) ?? [];
      await answer(interaction, {
        content: `👀 A preview of **${whitelist.name}**'s form: nothing was sent. Staff see the answers so:`,
        embeds: [answersEmbed(whitelist, answers).embed],
      });
      return;
    }
    if ("nick" in parsed.target) {
      await registerNick(interaction, context, { whitelist, member, nick: parsed.target.nick, form: filled });
    } else {
      await registerCode(interaction, context, { whitelist, member, code: parsed.target.code, form: filled });
    }
  },
};
