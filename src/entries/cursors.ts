import { eq, sql } from "drizzle-orm";
import type { Store } from "../db/store.ts";
import type { Write } from "../db/writer.ts";

/**
 * Named positions in the event log: the id of the last event a consumer handled, so that after a restart (or a
 * change of leader) it carries on from there instead of losing what it had not done yet. Kept in the
 * `outbox_cursor` table beside the cluster leader's own (src/cluster/leader.ts): the log channel keeps one per
 * guild (`log:<guildId>`).
 */
export type LogCursors = ReturnType<typeof createLogCursors>;

/** Creates the cursors over the store; writes go through the writer like any other. */
export function createLogCursors({ store, write }: { store: Store; write: Write }) {
  const { db } = store;
  const { outboxCursor } = store.tables;
  return {
    /** Where `name` stands, or null when it never stood anywhere. */
    async get(name: string): Promise<number | null> {
      const [row] = await db
        .select({ eventId: outboxCursor.eventId })
        .from(outboxCursor)
        .where(eq(outboxCursor.name, name));
      return row ? Number(row.eventId) : null;
    },

    /**
     * Records that `name` stands at `eventId`, never moving it back: a leader of replicas replaced while it was
     * frozen may record, as it stops, a position its successor has passed since.
     */
    async set(name: string, eventId: number): Promise<void> {
      await write(async (tx) => {
        await tx
          .insert(outboxCursor)
          .values({ name, eventId })
          .onConflictDoUpdate({
            target: outboxCursor.name,
            set: { eventId: sql`excluded.event_id` },
            setWhere: sql`excluded.event_id > ${outboxCursor.eventId}`,
          });
      });
    },
  };
}
