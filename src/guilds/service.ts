import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { guilds } from "../db/schema.ts";
import type { Clock } from "../shared/clock.ts";

/** A guild's settings. */
export type GuildRecord = typeof guilds.$inferSelect;

/** Guild settings: the log channel and the hash of the registered command set. */
export type GuildService = ReturnType<typeof createGuildService>;

/** Creates the guild service. */
export function createGuildService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** The guild's row, created on first sight. */
    ensure(id: string): GuildRecord {
      db.insert(guilds).values({ id, createdAt: clock.now() }).onConflictDoNothing().run();
      return db.select().from(guilds).where(eq(guilds.id, id)).get() as GuildRecord;
    },
    /** The guild's row, if known. */
    get(id: string): GuildRecord | undefined {
      return db.select().from(guilds).where(eq(guilds.id, id)).get();
    },
    /** Sets (or clears, with null) the channel where the bot logs changes. */
    setLogChannel(id: string, channelId: string | null): void {
      this.ensure(id);
      db.update(guilds).set({ logChannelId: channelId }).where(eq(guilds.id, id)).run();
    },
    /** Records the hash of the command definitions registered in the guild. */
    setCommandHash(id: string, hash: string): void {
      this.ensure(id);
      db.update(guilds).set({ commandHash: hash }).where(eq(guilds.id, id)).run();
    },
  };
}
