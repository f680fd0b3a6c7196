import { and, asc, eq, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import type { Store, Tables, Tx } from "../db/store.ts";
import type { Write } from "../db/writer.ts";
import type { GuildService } from "../guilds/service.ts";
import type { Clock } from "../shared/clock.ts";
import type { FormAnswer } from "../whitelists/form.ts";

const DAY_MS = 24 * 3_600_000;

/** A member's answers to a whitelist's form, as stored (docs/decisions.md, Application forms). */
export type AnswerRecord = Tables["formAnswers"]["$inferSelect"];

/**
 * Whether answers closed at `closedAt` are past a retention of `days` at `now`; answers whose request still waits
 * (`closedAt` null) never are. The one place for this rule: reads hide them at once, the pruning job deletes them.
 */
export function pastRetention(closedAt: number | null, days: number, now: number): boolean {
  return closedAt !== null && closedAt + days * DAY_MS <= now;
}

/** The store of form answers: personal data, kept only as long as docs/decisions.md, Application forms, says. */
export type AnswerStore = ReturnType<typeof createAnswerStore>;

/** Creates the answer store. */
export function createAnswerStore(deps: {
  store: Store;
  write: Write;
  clock: Clock;
  guilds: Pick<GuildService, "formRetentionDays">;
}) {
  const { write, clock, guilds } = deps;
  const {
    db,
    tables: { formAnswers },
  } = deps.store;

  return {
    /**
     * Inside the caller's transaction: stores a member's answers with the request they came with (pending: the
     * retention waits for its decision), or with the entry they led to (its retention starts now).
     */
    async addIn(
      tx: Tx,
      input: {
        guildId: string;
        whitelistId: string;
        userId: string;
        answers: readonly FormAnswer[];
      } & ({ requestId: string } | { entryId: number }),
    ): Promise<void> {
      const now = clock.now();
      await tx.insert(formAnswers).values({
        guildId: input.guildId,
        whitelistId: input.whitelistId,
        userId: input.userId,
        answers: [...input.answers],
        createdAt: now,
        ...("requestId" in input
          ? { requestId: input.requestId, closedAt: null }
          : { entryId: input.entryId, closedAt: now }),
      });
    },

    /**
     * Inside the caller's transaction: a request was decided (or withdrawn), so its answers' retention starts now;
     * `entryId`, the entry an approval stored, which they then go with.
     */
    async closeIn(tx: Tx, requestId: string, entryId: number | null = null): Promise<void> {
      await tx
        .update(formAnswers)
        .set({ closedAt: clock.now(), ...(entryId === null ? {} : { entryId }) })
        .where(and(eq(formAnswers.requestId, requestId), isNull(formAnswers.closedAt)));
    },

    /** The answers a request came with, unless past the retention (none: it had none). */
    async ofRequest(requestId: string): Promise<FormAnswer[] | undefined> {
      const [row] = await db.select().from(formAnswers).where(eq(formAnswers.requestId, requestId));
      if (!row) return undefined;
      const days = await guilds.formRetentionDays(row.guildId);
      return pastRetention(row.closedAt, days, clock.now()) ? undefined : row.answers;
    },

    /** A member's answers on these whitelists of a guild within its retention, oldest first. */
    async ofMember(
      guildId: string,
      userId: string,
      whitelistIds: readonly string[],
    ): Promise<AnswerRecord[]> {
      if (whitelistIds.length === 0) return [];
      const rows = await db
        .select()
        .from(formAnswers)
        .where(
          and(
            eq(formAnswers.guildId, guildId),
            eq(formAnswers.userId, userId),
            inArray(formAnswers.whitelistId, [...whitelistIds]),
          ),
        )
        .orderBy(asc(formAnswers.createdAt), asc(formAnswers.id));
      const days = await guilds.formRetentionDays(guildId);
      const now = clock.now();
      return rows.filter((row) => !pastRetention(row.closedAt, days, now));
    },

    /** Deletes every answer a member gave in a guild (they left); resolves with how many went. */
    async forgetMember(guildId: string, userId: string): Promise<number> {
      const rows = await write((tx) =>
        tx
          .delete(formAnswers)
          .where(and(eq(formAnswers.guildId, guildId), eq(formAnswers.userId, userId)))
          .returning({ id: formAnswers.id }),
      );
      return rows.length;
    },

    /** Deletes the answers past their guild's retention (the pruning job); resolves with how many went. */
    async prune(): Promise<number> {
      const closed = await db
        .selectDistinct({ guildId: formAnswers.guildId })
        .from(formAnswers)
        .where(isNotNull(formAnswers.closedAt));
      let pruned = 0;
      for (const { guildId } of closed) {
        const cutoff = clock.now() - (await guilds.formRetentionDays(guildId)) * DAY_MS;
        const rows = await write((tx) =>
          tx
            .delete(formAnswers)
            .where(and(eq(formAnswers.guildId, guildId), lte(formAnswers.closedAt, cutoff)))
            .returning({ id: formAnswers.id }),
        );
        pruned += rows.length;
      }
      return pruned;
    },
  };
}
