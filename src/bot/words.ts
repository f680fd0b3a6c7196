import type { Client } from "discord.js";
import type { GuildRecord } from "../guilds/service.ts";
import { pickLanguage } from "../i18n/languages.ts";
import type { Overrides } from "../i18n/words.ts";
import { type Words, wordsFor } from "../i18n/words.ts";

// Whose language the bot speaks (docs/decisions.md, Languages): what only a member sees follows that member's
// Discord language (`locale` of their interaction); what everyone sees (the log channel, approval posts, replies in
// a message-mode channel, a request's outcome) follows the server's: the one staff chose with `/texts language`,
// else Discord's (`preferred_locale`, `guild_locale` of an interaction). Staff's own wordings apply to both.

/** The words of a guild's public texts, and of a member's own answers there. */
export type GuildWords = {
  /** What everyone in the guild reads; `guildLocale`: the interaction's, when there is one. */
  public(guildId: string, guildLocale?: string | null): Promise<Words>;
  /** What only the member who acted reads, in their `locale` (the guild's wordings apply). */
  member(guildId: string | null, locale: string | null | undefined): Promise<Words>;
};

/** What resolving a guild's words reads: its settings and wordings, and the server's language on Discord. */
export type GuildWordsDeps = {
  guilds: { get(id: string): Promise<GuildRecord | undefined> };
  texts: { overridesOf(guildId: string): Promise<Overrides> };
  /** The gateway's client, whose cache knows each guild's `preferred_locale` (none before the bot connects). */
  client(): Client | undefined;
};

/** Resolves whose language each text is in (see above). */
export function createGuildWords({ guilds, texts, client }: GuildWordsDeps): GuildWords {
  return {
    async public(guildId, guildLocale) {
      const [settings, overrides] = await Promise.all([guilds.get(guildId), texts.overridesOf(guildId)]);
      const preferred = client()?.guilds.cache.get(guildId)?.preferredLocale;
      return wordsFor(pickLanguage(settings?.language, preferred, guildLocale), overrides);
    },
    async member(guildId, locale) {
      const overrides = guildId === null ? {} : await texts.overridesOf(guildId);
      return wordsFor(pickLanguage(locale), overrides);
    },
  };
}

/** English, with no wording of a guild: before the bot knows better (no guild, nothing stored). */
export const englishWords: Words = wordsFor("en");
