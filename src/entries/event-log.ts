import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { events } from "../db/schema.ts";
import type { Write } from "../db/writer.ts";
import type { Clock } from "../shared/clock.ts";
import type { EntryEvent, EventType } from "./events.ts";
import { type EntryRecord, type Origin, toEntryView } from "./model.ts";

/** What a change contributes to its event; the log adds id and timestamp. */
export type NewEvent = {
  type: EventType;
  guildId: string;
  whitelistId: string;
  whitelistName: string;
  entry: Pick<EntryRecord, "nick" | "uuid" | "premium" | "expiresAt">;
  origin: Origin;
};

/** Which events a reader may see: a guild, optionally narrowed to one whitelist. */
export type EventScope = { guildId: string; whitelistId: string | null };

/** The stored event stream (the outbox): append inside a change's transaction, read back for resume. */
export type EventLog = ReturnType<typeof createEventLog>;

/** Creates the event log over the store. */
export function createEventLog({ db, clock, write }: { db: Db; clock: Clock; write: Write }) {
  return {
    /** Appends an event inside the caller's transaction, so the change and its event commit together. */
    append(tx: Tx, input: NewEvent): EntryEvent {
      const createdAt = clock.now();
      const body = {
        type: input.type,
        guildId: input.guildId,
        whitelistId: input.whitelistId,
        whitelistName: input.whitelistName,
        entry: toEntryView(input.entry),
        origin: input.origin,
        timestamp: new Date(createdAt).toISOString(),
      };
      const row = tx
        .insert(events)
        .values({
          guildId: input.guildId,
          whitelistId: input.whitelistId,
          type: input.type,
          payload: JSON.stringify(body),
          createdAt,
        })
        .returning({ id: events.id })
        .get();
      return { id: String(row.id), ...body };
    },

    /** Events after `afterId` visible to `scope`, oldest first, at most `limit`. */
    listAfter(afterId: number, scope: EventScope, limit = 1000): EntryEvent[] {
      const rows = db
        .select({ id: events.id, payload: events.payload })
        .from(events)
        .where(
          and(
            gt(events.id, afterId),
            eq(events.guildId, scope.guildId),
            scope.whitelistId === null ? undefined : eq(events.whitelistId, scope.whitelistId),
          ),
        )
        .orderBy(asc(events.id))
        .limit(limit)
        .all();
      return rows.map((row) => {
        const body = JSON.parse(row.payload) as Omit<EntryEvent, "id">;
        // Events stored before entries could expire carry no expiresAt: they never expired.
        const entry = { ...body.entry, expiresAt: body.entry.expiresAt ?? null };
        return { id: String(row.id), ...body, entry };
      });
    },

    /**
     * The oldest stored id (null when none is stored) and the last id ever assigned (0 before the first
     * event; kept by SQLite even after pruning). A cursor below `oldest - 1` or above `latest` has lost events.
     */
    bounds(): { oldest: number | null; latest: number } {
      const oldest = db
        .select({ oldest: sql<number | null>`min(${events.id})` })
        .from(events)
        .get()?.oldest;
      const sequence = db.$client
        .query<{ seq: number }, []>("SELECT seq FROM sqlite_sequence WHERE name = 'events'")
        .get();
      return { oldest: oldest ?? null, latest: sequence?.seq ?? 0 };
    },

    /** Deletes events older than the retention; resolves with how many. */
    prune(retentionMs: number): Promise<number> {
      return write(
        (tx) =>
          tx
            .delete(events)
            .where(lt(events.createdAt, clock.now() - retentionMs))
            .returning({ id: events.id })
            .all().length,
      );
    },
  };
}
