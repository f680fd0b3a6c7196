import { eq } from "drizzle-orm";
import type { Store, Tables, Tx } from "../db/store.ts";
import type { Write } from "../db/writer.ts";
import type { Clock } from "../shared/clock.ts";

/** A guild's settings. */
export type GuildRecord = Tables["guilds"]["$inferSelect"];

/** Guild settings: the log channel, ban sync, and the hash of the registered command set. */
export type GuildService = ReturnType<typeof createGuildService>;

/** Creates the guild service. */
export function createGuildService({ store, clock, write }: { store: Store; clock: Clock; write: Write }) {
  const {
    db,
    tables: { guilds },
  } = store;
  /** Creates the guild's row on first sight, inside the caller's transaction. */
  const ensureIn = async (tx: Tx, id: string): Promise<void> => {
    await tx.insert(guilds).values({ id, createdAt: clock.now() }).onConflictDoNothing();
  };

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
      const [row] = await db.select().from(guilds).where(eq(guilds.id, id));
      return row;
    },
    /** Sets (or clears, with null) the channel where the bot logs changes. */
    async setLogChannel(id: string, channelId: string | null): Promise<void> {
      await write(async (tx) => {
        await ensureIn(tx, id);
        await tx.update(guilds).set({ logChannelId: channelId }).where(eq(guilds.id, id));
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
