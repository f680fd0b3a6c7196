import type { APIEmbed } from "discord.js";

/**
 * Discord's limits on the embeds of one message (docs.discord.com, Message resource: "up to 10 embeds"; Embed
 * Limits: 6,000 characters across a message's titles, descriptions, field names and values, footer texts and
 * author names). The sandbox holds the bot to the same numbers (src/sandbox/discord/rest/limits.ts, LIMITS; a test
 * checks they agree).
 */
export const MESSAGE_EMBEDS = { count: 10, characters: 6000 } as const;

/** Characters as Discord counts them: code points, so an emoji outside the BMP is one. */
const characters = (text: string | undefined): number => {
  let count = 0;
  for (const _ of text ?? "") count++;
  return count;
};

/** What an embed counts towards a message's 6,000 characters. */
export function embedCharacters(embed: APIEmbed): number {
  return (
    characters(embed.title) +
    characters(embed.description) +
    characters(embed.footer?.text) +
    characters(embed.author?.name) +
    (embed.fields ?? []).reduce((sum, field) => sum + characters(field.name) + characters(field.value), 0)
  );
}

/** A file posted with a message: a summary's full list when it is too long for an embed. */
export type LogFile = { name: string; data: string };

/**
 * One piece of the log channel, in the order of the event log: the embeds of one change (none for a change posted
 * elsewhere, e.g. an import's additions), or of one summary of several (a member leaving with their nicks), and
 * the id of the last event it covers.
 */
export type LogItem = { through: number; embeds: APIEmbed[]; file?: LogFile };

/** One message of the log channel and the items it carries (`taken` from the front; `through`: the last event). */
export type LogBatch = { embeds: APIEmbed[]; files: LogFile[]; taken: number; through: number };

/**
 * The next message from the front of `items`, in order: as many items as fit one message (MESSAGE_EMBEDS), an
 * item's embeds never split between two messages, and an item with a file alone with it. Items without embeds are
 * carried along (they move the cursor past their events), so a batch may have nothing to post. Null for no items.
 */
export function nextBatch(items: readonly LogItem[]): LogBatch | null {
  const batch: LogBatch = { embeds: [], files: [], taken: 0, through: 0 };
  let total = 0;
  for (const item of items) {
    const size = item.embeds.reduce((sum, embed) => sum + embedCharacters(embed), 0);
    const fits =
      batch.embeds.length + item.embeds.length <= MESSAGE_EMBEDS.count &&
      total + size <= MESSAGE_EMBEDS.characters &&
      (item.file === undefined || batch.embeds.length === 0) &&
      batch.files.length === 0;
    // The first item with something to post goes whatever its size (each embed is within Discord's own limits).
    if (!fits && batch.embeds.length > 0) break;
    batch.embeds.push(...item.embeds);
    if (item.file) batch.files.push(item.file);
    total += size;
    batch.taken++;
    batch.through = item.through;
  }
  return batch.taken === 0 ? null : batch;
}
