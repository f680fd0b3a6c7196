import { and, desc, eq, gte, inArray, like, lt, notLike, or, type SQL, sql } from "drizzle-orm";
import type { Store } from "../db/store.ts";
import type { ChangeDetail } from "./bus.ts";
import type { EntryEvent, EventType } from "./events.ts";
import type { Origin } from "./model.ts";

/** One change as the audit log shows it: the public event, who made it, and the link key when a key did. */
export type HistoryItem = {
  event: EntryEvent;
  /** The Discord user who acted (staff, the member themselves); null for a key, a departure, the service. */
  actorId: string | null;
  keyName: string | null;
};

/** What the audit log asks: a guild's changes on some of its whitelists, narrowed, newest first, a page at a time. */
export type HistoryQuery = {
  guildId: string;
  /** The whitelists the reader may see; none: nothing is shown. */
  whitelistIds: readonly string[];
  type?: EventType | null;
  origin?: Origin | null;
  /** Changes of one member's nicks (the owner, `userId` of the event). */
  userId?: string | null;
  /** Events older than this id (the last page's oldest); none: from the newest. */
  before?: number | null;
  limit: number;
};

/** A page of the audit log, newest first, and the id the next (older) page starts before (null: the last). */
export type HistoryPage = { items: HistoryItem[]; next: number | null };

/** Registrations and removals of one day (UTC), for the chart. */
export type DayCount = { day: string; added: number; removed: number };

const DAY_MS = 24 * 3_600_000;

/** The payload and detail of a stored event, read back. */
function itemOf(row: { id: number; payload: string; detail: string | null }): HistoryItem {
  const body = JSON.parse(row.payload) as Omit<EntryEvent, "id">;
  const detail = JSON.parse(row.detail ?? "null") as ChangeDetail | null;
  return {
    event: { id: String(row.id), ...body },
    actorId: detail?.actorId ?? null,
    keyName: detail?.keyName ?? null,
  };
}

/**
 * The change history of a guild as the event log holds it (EVENT_RETENTION_DAYS): the dashboard's audit log, read
 * along the (guild, id) index newest first, and the registrations and removals per day for its chart. The owner and
 * the origin are found in the stored payload, compact JSON where each appears exactly so (as event-log.ts reads a
 * departure's removals).
 */
export function createHistory(store: Store) {
  const {
    db,
    tables: { events },
  } = store;

  const narrowed = (query: Omit<HistoryQuery, "limit" | "before">): SQL | undefined =>
    and(
      eq(events.guildId, query.guildId),
      inArray(events.whitelistId, [...query.whitelistIds]),
      query.type ? eq(events.type, query.type) : undefined,
      query.origin ? like(events.payload, `%"origin":"${query.origin}"%`) : undefined,
      query.userId && /^\d{1,20}$/.test(query.userId)
        ? like(events.payload, `%"userId":"${query.userId}"%`)
        : undefined,
    );

  return {
    /** One page of the audit log (see HistoryQuery). */
    async page(query: HistoryQuery): Promise<HistoryPage> {
      if (query.whitelistIds.length === 0) return { items: [], next: null };
      const rows = await db
        .select({ id: events.id, payload: events.payload, detail: events.detail })
        .from(events)
        .where(and(narrowed(query), query.before ? lt(events.id, query.before) : undefined))
        .orderBy(desc(events.id))
        .limit(query.limit + 1);
      const more = rows.length > query.limit;
      const page = more ? rows.slice(0, query.limit) : rows;
      const items = page.map(itemOf).filter((item) => !query.userId || item.event.userId === query.userId);
      return { items, next: more ? (page.at(-1)?.id ?? null) : null };
    },

    /**
     * Registrations and removals per day (UTC) over the last `days` days up to `now`, as far as the log holds them;
     * a nick changed in place (a rename, a respelling: a removal and an addition naming each other) counts as
     * neither.
     */
    async perDay(input: { guildId: string; whitelistIds: readonly string[]; days: number; now: number }) {
      const today = Math.floor(input.now / DAY_MS);
      const first = today - input.days + 1;
      const counts = new Map<number, { added: number; removed: number }>();
      for (let day = first; day <= today; day++) counts.set(day, { added: 0, removed: 0 });
      if (input.whitelistIds.length > 0) {
        const day = sql<number>`(${events.createdAt} / ${DAY_MS})`;
        const rows = await db
          .select({ day, type: events.type, n: sql<number>`count(*)` })
          .from(events)
          .where(
            and(
              eq(events.guildId, input.guildId),
              inArray(events.whitelistId, [...input.whitelistIds]),
              gte(events.createdAt, first * DAY_MS),
              or(
                sql`${events.detail} IS NULL`,
                and(notLike(events.detail, '%"replacedBy"%'), notLike(events.detail, '%"replaces"%')),
              ),
            ),
          )
          .groupBy(day, events.type);
        for (const row of rows) {
          const count = counts.get(Math.floor(Number(row.day)));
          if (!count) continue;
          if (row.type === "entry.added") count.added += Number(row.n);
          else count.removed += Number(row.n);
        }
      }
      return [...counts].map(
        ([day, count]): DayCount => ({
          day: new Date(day * DAY_MS).toISOString().slice(0, 10),
          ...count,
        }),
      );
    },
  };
}

/** The history of a guild's changes (see createHistory). */
export type History = ReturnType<typeof createHistory>;
