import { eq, sql } from "drizzle-orm";
import { lastEventId, preparedRead } from "../db/driver.ts";
import type { Store, Tables, Tx } from "../db/store.ts";
import type { Write } from "../db/writer.ts";
import { text } from "../i18n/messages.ts";
import type { Clock } from "../shared/clock.ts";
import { DomainError } from "../shared/errors.ts";

/** The name of a guild's log channel position in the event log (`outbox_cursor`; src/bot/log-feed.ts). */
export const logCursorName = (guildId: string) => `log:${guildId}`;

/** A guild's settings. */
export type GuildRecord = Tables["guilds"]["$inferSelect"];

/**
 * How long form answers stay once their request is decided or their registration made (docs/decisions.md,
 * Application forms): `default` for a guild that never set it (the column's default), at most `max` days; 0 keeps
 * them only while a request waits.
 */
export const FORM_RETENTION_DAYS = { default: 30, max: 365 } as const;

/** Guild settings: the log channel, ban sync, the hash of the registered command set, the form answers' retention. */
export type GuildService = ReturnType<typeof createGuildService>;

/** Creates the guild service. */
export function createGuildService({ store, clock, write }: { store: Store; clock: Clock; write: Write }) {
  const {
    db,
    tables: { guilds, outboxCursor },
  } = store;
  /** Creates the guild's row on first sight, inside the caller's transaction. */
  const ensureIn = async (tx: Tx, id: string): Promise<void> => {
    await tx.insert(guilds).values({ id, createdAt: clock.now() }).onConflictDoNothing();
  };
  // Built once: what everyone in the guild reads (the log channel's posts) is in its language
  // (docs/performance.md, Launch day, queries built once).
  const byId = preparedRead<GuildRecord>(db, "guild_by_id", (q) =>
    q
      .select()
      .from(guilds)
      .where(eq(guilds.id, sql.placeholder("id"))),
  );

  return {
    ensureIn,
    /** The guild's row, created on first sight. */
    ensure(id: string): Promise<GuildRecord> {
      return write(async (tx) => {
        await ensureIn(tx, id);
        const [row] = await tx.select().from(guilds).where(eq(guilds.id, id));
        return row as GuildRecord;
      });
    },
    /** Every guild the store knows (one seen on Discord, or one with whitelists). */
    async listIds(): Promise<string[]> {
      const rows = await db.select({ id: guilds.id }).from(guilds);
      return rows.map((row) => row.id);
    },
    /** The guild's row, if known. */
    async get(id: string): Promise<GuildRecord | undefined> {
      const [row] = await byId(db, { id });
      return row;
    },
    /** Sets (or clears, with null) the channel where the bot logs changes. */
    async setLogChannel(id: string, channelId: string | null): Promise<void> {
      await write(async (tx) => {
        await ensureIn(tx, id);
        await tx.update(guilds).set({ logChannelId: channelId }).where(eq(guilds.id, id));
        // The log channel's position in the event log starts here, stored with the channel: a bot that starts
        // later (a restart, another replica's after a failover) posts from it, never from where it happens to
        // start (docs/decisions.md, Log channel). A position already stored stays.
        if (channelId !== null) {
          await tx
            .insert(outboxCursor)
            .values({ name: logCursorName(id), eventId: await lastEventId(db, tx) })
            .onConflictDoNothing();
        }
      });
    },
    /** Sets (or clears, with null: Discord's server language) the language of what everyone reads. */
    async setLanguage(id: string, language: string | null): Promise<void> {
      await write(async (tx) => {
        await ensureIn(tx, id);
        await tx.update(guilds).set({ language }).where(eq(guilds.id, id));
      });
    },
    /** How many days the guild keeps form answers (FORM_RETENTION_DAYS). */
    async formRetentionDays(id: string): Promise<number> {
      const [row] = await db.select({ days: guilds.formRetentionDays }).from(guilds).where(eq(guilds.id, id));
      return row?.days ?? FORM_RETENTION_DAYS.default;
    },
    /** Sets how many days the guild keeps form answers: a whole number from 0 to FORM_RETENTION_DAYS.max. */
    async setFormRetention(id: string, days: number): Promise<void> {
      if (!Number.isInteger(days) || days < 0 || days > FORM_RETENTION_DAYS.max) {
        throw new DomainError("invalid-input", text("error.formRetention", { max: FORM_RETENTION_DAYS.max }));
      }
      await write(async (tx) => {
        await ensureIn(tx, id);
        await tx.update(guilds).set({ formRetentionDays: days }).where(eq(guilds.id, id));
      });
    },
    /** Turns ban sync on or off (docs/decisions.md, Bans): Discord bans reach the whitelists' deny lists. */
    async setBanSync(id: string, on: boolean): Promise<void> {
      await write(async (tx) => {
        await ensureIn(tx, id);
        await tx.update(guilds).set({ banSync: on }).where(eq(guilds.id, id));
      });
    },
    /** Whether any guild has ban sync on: the bot's invite then asks for what lets Discord tell it of bans. */
    async anyBanSync(): Promise<boolean> {
      const rows = await db.select({ id: guilds.id }).from(guilds).where(eq(guilds.banSync, true)).limit(1);
      return rows.length > 0;
    },
    /** Records the hash of the command definitions registered in the guild. */
    async setCommandHash(id: string, hash: string): Promise<void> {
      await write(async (tx) => {
        await ensureIn(tx, id);
        await tx.update(guilds).set({ commandHash: hash }).where(eq(guilds.id, id));
      });
    },
  };
}
