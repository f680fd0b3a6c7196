import type { ChatInputCommandInteraction, SlashCommandStringOption } from "discord.js";
import { type RewordableKey, rewordable } from "../../../guilds/texts.ts";
import { choiceName, commandDescription } from "../../../i18n/commands.ts";
import type { MessageKey } from "../../../i18n/messages.ts";
import type { Words } from "../../../i18n/words.ts";
import type { BotContext } from "../../context.ts";
import { oneOf } from "../options.ts";

/** How each rewordable text is named where staff pick it, by catalogue key. */
const names: Record<RewordableKey, MessageKey> = {
  "public.registered": "texts.name.public.registered",
  "public.refused": "texts.name.public.refused",
  "public.approved": "texts.name.public.approved",
  "public.removed": "texts.name.public.removed",
};

/** Adds the `text` option: which rewordable text (choices by its key). */
export const textOption = (option: SlashCommandStringOption) =>
  option
    .setName("text")
    .setDescription(commandDescription("* text"))
    .setRequired(true)
    .addChoices(...rewordable.map((value) => ({ name: choiceName(`* text ${value}`), value })));

/** The `text` option's value. */
export const chosenText = (interaction: ChatInputCommandInteraction): RewordableKey =>
  oneOf(rewordable, interaction.options.getString("text", true), "text");

/** A rewordable text's name in `words`. */
export const nameOf = (words: Words, key: RewordableKey): string =>
  words.render({ key: names[key], params: {} });

/**
 * A rewordable text as members would read it in the guild (its language, its wordings; `wording`: one to try
 * instead), its placeholders filled with sample values: the staff member who asks, a nick, a whitelist of the
 * server.
 */
export async function preview(
  interaction: ChatInputCommandInteraction,
  context: BotContext,
  key: RewordableKey,
  wording?: string,
): Promise<string> {
  const guildId = interaction.guildId ?? "";
  const said = await context.words.public(guildId, interaction.guildLocale);
  const [first] = await context.services.whitelists.listForGuild(guildId);
  const params = {
    member: `<@${interaction.user.id}>`,
    nick: said.t("texts.sample.nick"),
    whitelist: first?.name ?? said.t("texts.sample.whitelist"),
  };
  const template = wording ?? null;
  if (template === null) return said.t(key, params);
  return template.replace(
    /\{([^{}]+)\}/g,
    (whole, name: string) => params[name as keyof typeof params] ?? whole,
  );
}
