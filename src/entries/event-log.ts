import { and, asc, eq, gt, inArray, like, lt, lte, sql } from "drizzle-orm";
import { lastEventId, preparedRead } from "../db/driver.ts";
import type { Store, Tx } from "../db/store.ts";
import type { Write } from "../db/writer.ts";
import type { Clock } from "../shared/clock.ts";
import { DomainError } from "../shared/errors.ts";
import type { ChangeDetail, ChangeNotice } from "./bus.ts";
import type { EntryEvent, EventType } from "./events.ts";
import { type EntryRecord, type Origin, toEntryView } from "./model.ts";

/** What a change contributes to its event; the log adds id and timestamp. */
export type NewEvent = {
  type: EventType;
  guildId: string;
  whitelistId: string;
  whitelistName: string;
  entry: Pick<EntryRecord, "nick" | "uuid" | "premium" | "expiresAt" | "verified"> & {
    gamertag?: string | null;
    proofDueAt?: number | null;
    groups?: readonly string[];
    userId?: string;
    /** A guest belongs to no Discord user: its events carry no `userId`. */
    guest?: boolean;
  };
  origin: Origin;
  /** A removal's reason, as the API's caller gave it. */
  reason?: string | null;
  /** `entry.groups`: the groups joined and left (the entry carries the groups it is in now). */
  groups?: { added: readonly string[]; removed: readonly string[] };
};

/** Which events a reader may see: a guild, optionally narrowed to one whitelist. */
export type EventScope = { guildId: string; whitelistId: string | null };

/** The oldest stored event id (null when none is stored) and the last id ever assigned (0 before the first). */
export type EventBounds = { oldest: number | null; latest: number };

/**
 * Where a resume cursor stands (docs/api.md, Resume), for the WebSocket and the change feed alike: `usable`;
 * `pruned`, older than the retention (events after it were deleted); or `unknown`, above every id this store
 * assigned (a cursor from another database).
 */
export function cursorState(after: number, { oldest, latest }: EventBounds): "usable" | "pruned" | "unknown" {
  if (after > latest) return "unknown";
  if (oldest === null ? after < latest : after < oldest - 1) return "pruned";
  return "usable";
}

/** Events per page of the change feed when its reader asks no `limit`, and the most a page holds. */
export const FEED_LIMIT = { default: 100, max: 1000 } as const;

/** A page of the change feed: the events, the cursor to continue from, and whether more are waiting. */
export type EventPage = { events: EntryEvent[]; next: string; more: boolean };

/** The stored event stream (the outbox): append inside a change's transaction, read back for resume. */
export type EventLog = ReturnType<typeof createEventLog>;

/** The entry of an event stored without its detail (none is, since events.detail exists): what the event shows. */
function unknownEntry(event: EntryEvent): EntryRecord {
  return {
    id: 0,
    whitelistId: event.whitelistId,
    nick: event.entry.nick,
    uuid: event.entry.uuid,
    premium: event.entry.premium,
    gamertag: null,
    xuid: null,
    userId: "",
    addedBy: "",
    origin: "staff",
    grantedRoleIds: [],
    createdAt: Date.parse(event.timestamp),
    expiresAt: event.entry.expiresAt === null ? null : Date.parse(event.entry.expiresAt),
    nameCheckedAt: null,
    verified: event.entry.verified,
    proofDueAt: event.entry.proofDueAt === undefined ? null : Date.parse(event.entry.proofDueAt),
    guest: false,
    note: null,
    groups: event.entry.groups,
  };
}

/** An event as stored: its id and its public message. */
function storedEvent(row: { id: number; payload: string }): EntryEvent {
  const body = JSON.parse(row.payload) as Omit<EntryEvent, "id">;
  // Events stored before entries could expire carry no expiresAt: they never expired; before proof of ownership,
  // no verified: nobody had proven an account; before ranks, no groups: nobody was in one.
  const { expiresAt = null, verified = false, groups = [] } = body.entry;
  return { id: String(row.id), ...body, entry: { ...body.entry, expiresAt, verified, groups } };
}

/** Events deleted per write when pruning: each batch holds the write lock for a few milliseconds at most. */
const PRUNE_BATCH = 500;

/** Creates the event log over the store. */
export function createEventLog({
  store,
  clock,
  write,
  appended,
}: {
  store: Store;
  clock: Clock;
  write: Write;
  /** Told each id appended here, before its transaction commits (a replica's bus: src/cluster/bus.ts). */
  appended?: (id: number) => void;
}) {
  const {
    db,
    tables: { events },
  } = store;
  // Built once per connection: every change appends one (docs/performance.md, Launch day).
  const insertEvent = preparedRead<{ id: number }>(db, "events_insert", (q) =>
    q
      .insert(events)
      .values({
        guildId: sql.placeholder("guildId"),
        whitelistId: sql.placeholder("whitelistId"),
        type: sql.placeholder("type"),
        payload: sql.placeholder("payload"),
        detail: sql.placeholder("detail"),
        createdAt: sql.placeholder("createdAt"),
      })
      .returning({ id: events.id }),
  );
  return {
    /** Appends an event inside the caller's transaction, so the change and its event commit together. */
    async append(tx: Tx, input: NewEvent, detail?: ChangeDetail): Promise<EntryEvent> {
      const createdAt = clock.now();
      const body = {
        type: input.type,
        guildId: input.guildId,
        whitelistId: input.whitelistId,
        whitelistName: input.whitelistName,
        entry: toEntryView(input.entry),
        ...(input.entry.userId && !input.entry.guest ? { userId: input.entry.userId } : {}),
        ...(input.groups
          ? { groupsAdded: [...input.groups.added], groupsRemoved: [...input.groups.removed] }
          : {}),
        origin: input.origin,
        ...(input.reason ? { reason: input.reason } : {}),
        timestamp: new Date(createdAt).toISOString(),
      };
      const [row] = await insertEvent(tx, {
        guildId: input.guildId,
        whitelistId: input.whitelistId,
        type: input.type,
        payload: JSON.stringify(body),
        detail: detail === undefined ? null : JSON.stringify(detail),
        createdAt,
      });
      const id = (row as { id: number }).id;
      appended?.(id);
      return { id: String(id), ...body };
    },

    /**
     * What a member's departures took from them in a guild, as far as the log still holds (EVENT_RETENTION_DAYS):
     * each nick removed with origin `member-left`, its whitelist and account. A ban that Discord tells after the
     * departure denies these (src/registration/bans.ts).
     */
    async removedOnLeave(
      guildId: string,
      userId: string,
    ): Promise<{ whitelistId: string; nick: string; uuid: string | null }[]> {
      // The payload is compact JSON: the owner and the origin appear in it exactly so. A snowflake holds digits only.
      if (!/^\d{1,20}$/.test(userId)) return [];
      const rows = await db
        .select({ payload: events.payload })
        .from(events)
        .where(
          and(
            eq(events.guildId, guildId),
            eq(events.type, "entry.removed"),
            like(events.payload, `%"userId":"${userId}"%`),
            like(events.payload, '%"origin":"member-left"%'),
          ),
        )
        .orderBy(asc(events.id));
      return rows
        .map((row) => JSON.parse(row.payload) as Omit<EntryEvent, "id">)
        .filter((event) => event.userId === userId && event.origin === "member-left")
        .map((event) => ({ whitelistId: event.whitelistId, nick: event.entry.nick, uuid: event.entry.uuid }));
    },

    /** Events after `afterId` (and up to `upTo`, if given) visible to `scope`, oldest first, at most `limit`. */
    async listAfter(afterId: number, scope: EventScope, limit = 1000, upTo?: number): Promise<EntryEvent[]> {
      const rows = await db
        .select({ id: events.id, payload: events.payload })
        .from(events)
        .where(
          and(
            gt(events.id, afterId),
            upTo === undefined ? undefined : lte(events.id, upTo),
            eq(events.guildId, scope.guildId),
            scope.whitelistId === null ? undefined : eq(events.whitelistId, scope.whitelistId),
          ),
        )
        .orderBy(asc(events.id))
        .limit(limit);
      return rows.map(storedEvent);
    },

    /**
     * The changes after `afterId` in every guild (or in `guildId`'s), oldest first, at most `limit`, as their
     * subscribers hear them (the event with what was stored beside it): how another replica learns of them
     * (src/cluster/bus.ts), and what the log channel posts from (src/bot/log-feed.ts).
     */
    async noticesAfter(afterId: number, limit: number, guildId?: string): Promise<ChangeNotice[]> {
      const rows = await db
        .select({ id: events.id, payload: events.payload, detail: events.detail })
        .from(events)
        .where(and(gt(events.id, afterId), guildId === undefined ? undefined : eq(events.guildId, guildId)))
        .orderBy(asc(events.id))
        .limit(limit);
      return rows.map((row) => {
        const event = storedEvent(row);
        const detail = JSON.parse(row.detail ?? "null") as ChangeDetail | null;
        // Changes stored before a field existed: no proof had been made (before first-join proof, none awaited),
        // no guest added, no group held.
        if (detail) {
          const {
            verified = false,
            proofDueAt = null,
            guest = false,
            note = null,
            groups = [],
          } = detail.entry;
          detail.entry = { ...detail.entry, verified, proofDueAt, guest, note, groups };
        }
        return { event, ...(detail ?? { entry: unknownEntry(event), actorId: null }), remote: true as const };
      });
    },

    /**
     * A page of the change feed (GET /events): at most `limit` events after `afterId` visible to `scope`, oldest
     * first, and the cursor to continue from: the last event's id while more are waiting, else the last id
     * assigned so far, so that a poller of a quiet whitelist moves past other whitelists' events instead of
     * falling behind the retention. Without `afterId` it starts now: no events, and the current cursor. The
     * last id is read first and bounds the read, so an event committing meanwhile is left for the next page,
     * never skipped. Throws "cursor-unusable" for a cursor older than the retention or never issued here.
     */
    async page(afterId: number | null, scope: EventScope, limit: number): Promise<EventPage> {
      const bounds = await this.bounds();
      if (afterId === null) return { events: [], next: String(bounds.latest), more: false };
      const state = cursorState(afterId, bounds);
      if (state === "pruned") {
        throw new DomainError(
          "cursor-unusable",
          `Events after ${afterId} are no longer kept (they are kept for a limited time): fetch the entries ` +
            "again, then follow the feed from a fresh cursor (GET /events without `after`).",
        );
      }
      if (state === "unknown") {
        throw new DomainError(
          "cursor-unusable",
          `Event ${afterId} was never issued by this server (a cursor from another database?): fetch the ` +
            "entries again, then follow the feed from a fresh cursor (GET /events without `after`).",
        );
      }
      const found = await this.listAfter(afterId, scope, limit + 1, bounds.latest);
      const more = found.length > limit;
      const page = more ? found.slice(0, limit) : found;
      const next = more ? (page[page.length - 1] as EntryEvent).id : String(bounds.latest);
      return { events: page, next, more };
    },

    /**
     * The oldest stored id (null when none is stored) and the last id ever assigned (0 before the first
     * event; kept by SQLite even after pruning). A cursor below `oldest - 1` or above `latest` has lost events.
     */
    async bounds(): Promise<EventBounds> {
      // The last id first: an event committing in between can only raise `oldest`'s side, never hide below it.
      const latest = await lastEventId(db);
      const [row] = await db.select({ oldest: sql<number | null>`min(${events.id})` }).from(events);
      return {
        oldest: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest),
        latest,
      };
    },

    /**
     * Deletes the events older than the retention, PRUNE_BATCH at a time, each batch its own short write: the
     * write lock is never held for long, and changes queued meanwhile go in between batches. Returns how many.
     */
    async prune(retentionMs: number, batch = PRUNE_BATCH): Promise<number> {
      const before = clock.now() - retentionMs;
      let total = 0;
      for (;;) {
        const deleted = await write(async (tx) => {
          const rows = await tx
            .select({ id: events.id })
            .from(events)
            // The newest event always stays: its id is the last one assigned (lastEventId on PostgreSQL).
            .where(and(lt(events.createdAt, before), lt(events.id, sql`(SELECT max(id) FROM events)`)))
            // By time, through its index: a pass that finds nothing old reads nothing (ids follow time anyway).
            .orderBy(asc(events.createdAt))
            .limit(batch);
          const oldest = rows.map((row) => row.id);
          if (oldest.length === 0) return 0;
          await tx.delete(events).where(inArray(events.id, oldest));
          return oldest.length;
        });
        total += deleted;
        if (deleted < batch) return total;
      }
    },
  };
}
