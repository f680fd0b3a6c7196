import { and, eq, sql } from "drizzle-orm";
import { preparedRead } from "../db/driver.ts";
import type { Store } from "../db/store.ts";
import type { Write } from "../db/writer.ts";
import { en } from "../i18n/locales/en.ts";
import { type MessageKey, text } from "../i18n/messages.ts";
import { placeholdersIn } from "../i18n/render.ts";
import type { Overrides } from "../i18n/words.ts";
import type { Clock } from "../shared/clock.ts";
import { DomainError } from "../shared/errors.ts";
import { type Droppable, kept } from "../shared/kept.ts";

// Staff's own wording of the texts members read of their own registrations (docs/decisions.md, Languages): one per
// text and guild, used whatever language a reader has, checked when saved so that a placeholder it names is one the
// bot fills. Resetting one brings the catalogue's text back, in each reader's language.

/** The texts staff may word their own way: what a member reads when registered, refused, approved or removed. */
export const rewordable = [
  "public.registered",
  "public.refused",
  "public.approved",
  "public.removed",
] as const;

/** One of the texts staff may reword. */
export type RewordableKey = (typeof rewordable)[number];

/** The longest wording staff may save: with its placeholders filled it stays far within Discord's 2,000. */
export const WORDING_MAX = 1_500;

/** Whether `key` is one of the texts staff may reword. */
export const isRewordable = (key: string): key is RewordableKey =>
  (rewordable as readonly string[]).includes(key);

/** The placeholders a rewordable text may use: those of its English source. */
export const placeholdersOf = (key: RewordableKey): string[] => placeholdersIn(en[key]);

/**
 * The wording as it will be stored, or a refusal saying what is wrong: empty, too long, a brace that opens no
 * placeholder, or a placeholder the text does not have (the refusal lists those it has).
 */
export function checkWording(key: RewordableKey, wording: string): string {
  const trimmed = wording.trim();
  if (trimmed === "") throw new DomainError("invalid-input", text("texts.refused.empty"));
  if (trimmed.length > WORDING_MAX) {
    throw new DomainError(
      "invalid-input",
      text("texts.refused.long", { max: WORDING_MAX, length: trimmed.length }),
    );
  }
  const allowed = placeholdersOf(key);
  const withoutPlaceholders = trimmed.replace(/\{[^{}]*\}/g, "");
  if (/[{}]/.test(withoutPlaceholders)) {
    throw new DomainError("invalid-input", text("texts.refused.brace", { allowed: list(allowed) }));
  }
  const unknown = placeholdersIn(trimmed).filter((name) => !allowed.includes(name));
  if (unknown.length > 0) {
    throw new DomainError(
      "invalid-input",
      text("texts.refused.unknown", { unknown: list(unknown), allowed: list(allowed) }),
    );
  }
  return trimmed;
}

const list = (names: readonly string[]) => names.map((name) => `{${name}}`).join(", ");

/** A guild's wordings: staff's texts by key. */
export type GuildTexts = ReturnType<typeof createGuildTexts>;

/** Creates the store of staff's wordings. */
export function createGuildTexts({ store, clock, write }: { store: Store; clock: Clock; write: Write }) {
  const {
    db,
    tables: { guildTexts, guilds },
  } = store;
  // Built once: every reply a member reads is worded with them (docs/performance.md, Launch day, queries built once).
  const wordings = preparedRead<{ key: string; text: string }>(db, "guild_texts_of_guild", (q) =>
    q
      .select({ key: guildTexts.key, text: guildTexts.text })
      .from(guildTexts)
      .where(eq(guildTexts.guildId, sql.placeholder("guildId"))),
  );
  // Kept in memory per guild (docs/architecture.md, Settings kept in memory): every member's answer is worded with
  // them, and staff change them rarely. Dropped once `set` or `reset` commits here, or another replica's change
  // is told (src/cluster/replica.ts).
  const ofGuild = kept(async (guildId): Promise<Overrides> => {
    const rows = await wordings(db, { guildId });
    const overrides: Partial<Record<MessageKey, string>> = {};
    for (const row of rows) if (isRewordable(row.key)) overrides[row.key] = row.text;
    return Object.freeze(overrides);
  });
  return {
    /** The guild's wordings, by key (none: every text reads as the catalogue has it); shared, so frozen. */
    overridesOf: (guildId: string): Promise<Overrides> => ofGuild.get(guildId),
    /** The wordings kept in memory, each guild's dropped here once changed, and by the replica (see above). */
    ofGuild: ofGuild as Droppable,
    /** Stores staff's wording of `key` (checked first: see checkWording); returns it as stored. */
    async set(guildId: string, key: RewordableKey, wording: string, actorId: string): Promise<string> {
      const checked = checkWording(key, wording);
      await write(
        async (tx) => {
          await tx.insert(guilds).values({ id: guildId, createdAt: clock.now() }).onConflictDoNothing();
          await tx
            .insert(guildTexts)
            .values({ guildId, key, text: checked, updatedBy: actorId, updatedAt: clock.now() })
            .onConflictDoUpdate({
              target: [guildTexts.guildId, guildTexts.key],
              set: { text: checked, updatedBy: actorId, updatedAt: clock.now() },
            });
        },
        () => ofGuild.drop(guildId),
      );
      return checked;
    },
    /** Forgets staff's wording of `key`: the catalogue's text is back. Whether there was one. */
    async reset(guildId: string, key: RewordableKey): Promise<boolean> {
      return write(
        async (tx) => {
          const gone = await tx
            .delete(guildTexts)
            .where(and(eq(guildTexts.guildId, guildId), eq(guildTexts.key, key)))
            .returning({ key: guildTexts.key });
          return gone.length > 0;
        },
        () => ofGuild.drop(guildId),
      );
    },
  };
}
