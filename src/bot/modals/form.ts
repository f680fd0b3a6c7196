import { text } from "../../i18n/messages.ts";
import { answersOf, requireManager } from "../../registration/rules.ts";
import { DomainError } from "../../shared/errors.ts";
import { answersEmbed } from "../form-answers.ts";
import { FORM_PREFIX, formValues, parseFormCustomId } from "../forms.ts";
import { requireReadable } from "../intents.ts";
import { answer, memberWords } from "../interaction/answer.ts";
import { requireGuildId } from "../interaction/preconditions.ts";
import { registerCode, registerNick } from "../interaction/registering.ts";
import type { ModalHandler } from "../interactions.ts";
import { actingMember } from "../members.ts";
import { plainName } from "../text.ts";

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
    if (!parsed) throw new DomainError("invalid-input", text("form.inactive"));
    const whitelist = await context.services.whitelists.get(parsed.whitelistId);
    if (!whitelist || whitelist.guildId !== guildId) {
      throw new DomainError("whitelist-not-found", text("form.gone"));
    }
    requireReadable(whitelist, context.intents);
    const member = actingMember(interaction);
    const filled = { version: parsed.version, values: formValues(interaction) };
    if ("preview" in parsed.target) {
      requireManager(whitelist, member);
      const answers = answersOf(whitelist, filled) ?? [];
      const words = await memberWords(interaction, context);
      await answer(interaction, {
        content: words.t("form.preview", { whitelist: plainName(whitelist.name) }),
        embeds: [answersEmbed(words, whitelist, answers).embed],
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
