import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { guilds } from "../db/schema.ts";
import type { Write } from "../db/writer.ts";
import type { Clock } from "../shared/clock.ts";

/** A guild's settings. */
export type GuildRecord = typeof guilds.$inferSelect;

/** Guild settings: the log channel and the hash of the registered command set. */
export type GuildService = ReturnType<typeof createGuildService>;

/** Creates the guild service. */
export function createGuildService({ db, clock, write }: { db: Db; clock: Clock; write: Write }) {
  /** Creates the guild's row on first sight, inside the caller's transaction. */
  const ensureIn = (tx: Tx, id: string) =>
    tx.insert(guilds).values({ id, createdAt: clock.now() }).onConflictDoNothing().run();

  return {
    ensureIn,
    /** The guild's row, created on first sight. */
    ensure(id: string): Promise<GuildRecord> {
      return write((tx) => {
        ensureIn(tx, id);
        return tx.select().from(guilds).where(eq(guilds.id, id)).get() as GuildRecord;
      });
    },
    /** Every guild the store knows (one seen on Discord, or one with whitelists). */
    listIds(): string[] {
      return db
        .select({ id: guilds.id })
        .from(guilds)
        .all()
        .map((row) => row.id);
    },
    /** The guild's row, if known. */
    get(id: string): GuildRecord | undefined {
      return db.select().from(guilds).where(eq(guilds.id, id)).get();
    },
    /** Sets (or clears, with null) the channel where the bot logs changes. */
    async setLogChannel(id: string, channelId: string | null): Promise<void> {
      await write((tx) => {
        ensureIn(tx, id);
        tx.update(guilds).set({ logChannelId: channelId }).where(eq(guilds.id, id)).run();
      });
    },
    /** Records the hash of the command definitions registered in the guild. */
    async setCommandHash(id: string, hash: string): Promise<void> {
      await write((tx) => {
        ensureIn(tx, id);
        tx.update(guilds).set({ commandHash: hash }).where(eq(guilds.id, id)).run();
      });
    },
  };
}
