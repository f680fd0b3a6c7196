import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Db, Store, Tables, Tx } from "../db/store.ts";
import type { Write } from "../db/writer.ts";
import type { Guard } from "../entries/service.ts";
import { nickKey } from "../nicks/key.ts";
import type { Clock } from "../shared/clock.ts";
import { newId } from "../shared/ids.ts";
import type { FormAnswer } from "../whitelists/form.ts";
import type { AnswerStore } from "./answers.ts";
import type { RegistrationRequest } from "./model.ts";

type Row = Tables["registrationRequests"]["$inferSelect"];

const toRequest = ({ nickKey: _key, ...request }: Row): RegistrationRequest => request;

/** What filing a request stores. */
export type NewRequest = {
  whitelistId: string;
  userId: string;
  nick: string;
  uuid: string | null;
  premium: boolean;
  gamertag?: string | null;
  xuid?: string | null;
};

/** The store of registration requests on `approval` whitelists: filed, posted, decided or cancelled. */
export type RequestStore = ReturnType<typeof createRequestStore>;

/**
 * Creates the request store. A request's form answers (`answers`) are stored, and their retention started, in the
 * same transactions as the request itself.
 */
export function createRequestStore({
  store,
  write,
  clock,
  answers,
}: {
  store: Store;
  write: Write;
  clock: Clock;
  answers: Pick<AnswerStore, "addIn" | "closeIn">;
}) {
  const {
    db,
    tables: { registrationRequests },
  } = store;
  const row = async (requestId: string, q: Db = db) => {
    const [found] = await q.select().from(registrationRequests).where(eq(registrationRequests.id, requestId));
    return found;
  };

  return {
    /** A request by id. */
    async get(requestId: string): Promise<RegistrationRequest | undefined> {
      const found = await row(requestId);
      return found && toRequest(found);
    },

    /** How many requests of `userId` wait on a whitelist (they count against its limit); `q`: a transaction. */
    async pendingCount(whitelistId: string, userId: string, q: Db = db): Promise<number> {
      const [found] = await q
        .select({ n: count() })
        .from(registrationRequests)
        .where(
          and(
            eq(registrationRequests.whitelistId, whitelistId),
            eq(registrationRequests.userId, userId),
            eq(registrationRequests.status, "pending"),
          ),
        );
      return found?.n ?? 0;
    },

    /** Whether `userId` already waits for `nick` (any letter case) on a whitelist. */
    async isPending(whitelistId: string, userId: string, nick: string): Promise<boolean> {
      const found = await db
        .select({ id: registrationRequests.id })
        .from(registrationRequests)
        .where(
          and(
            eq(registrationRequests.whitelistId, whitelistId),
            eq(registrationRequests.userId, userId),
            eq(registrationRequests.nickKey, nickKey(nick)),
            eq(registrationRequests.status, "pending"),
          ),
        )
        .limit(1);
      return found.length > 0;
    },

    /**
     * Files a pending request, with the member's answers to the whitelist's form if it has one (`form`, their
     * guild and answers). `guard` runs inside the write first, so a rule it checks (the member's limit) still holds
     * when the request commits. A second pending request for the same nick is refused by the store itself (a
     * unique violation, for the caller to word).
     */
    create(
      input: NewRequest,
      guard: Guard,
      form?: { guildId: string; answers: readonly FormAnswer[] },
    ): Promise<RegistrationRequest> {
      return write(async (tx) => {
        await guard(tx);
        const [created] = await tx
          .insert(registrationRequests)
          .values({
            id: newId(12),
            ...input,
            nickKey: nickKey(input.nick),
            status: "pending",
            createdAt: clock.now(),
          })
          .returning();
        const request = toRequest(created as Row);
        if (form) {
          await answers.addIn(tx, {
            guildId: form.guildId,
            whitelistId: request.whitelistId,
            userId: request.userId,
            requestId: request.id,
            answers: form.answers,
          });
        }
        return request;
      });
    },

    /** Records the post that carries a request's buttons. */
    attachMessage(requestId: string, messageId: string): Promise<RegistrationRequest> {
      return write(async (tx) => {
        await tx
          .update(registrationRequests)
          .set({ requestMessageId: messageId })
          .where(eq(registrationRequests.id, requestId));
        return toRequest((await row(requestId, tx)) as Row);
      });
    },

    /**
     * Moves a pending request to its final status (its answers' retention starts), with staff's reason when they
     * gave one; resolves with it as stored afterwards.
     */
    close(
      requestId: string,
      status: "approved" | "rejected" | "cancelled",
      decidedBy: string | null,
      reason: string | null = null,
    ): Promise<RegistrationRequest> {
      return write(async (tx) => {
        await tx
          .update(registrationRequests)
          .set({ status, decidedBy, decidedAt: clock.now(), decisionReason: reason })
          .where(and(eq(registrationRequests.id, requestId), eq(registrationRequests.status, "pending")));
        await answers.closeIn(tx, requestId);
        return toRequest((await row(requestId, tx)) as Row);
      });
    },

    /** The pending requests on these whitelists, oldest first. */
    async listPending(whitelistIds: string[]): Promise<RegistrationRequest[]> {
      if (whitelistIds.length === 0) return [];
      const rows = await db
        .select()
        .from(registrationRequests)
        .where(
          and(
            inArray(registrationRequests.whitelistId, whitelistIds),
            eq(registrationRequests.status, "pending"),
          ),
        )
        .orderBy(asc(registrationRequests.createdAt), asc(registrationRequests.id));
      return rows.map(toRequest);
    },

    /** Inside the caller's transaction: cancels every pending request on a whitelist (it is being deleted). */
    async cancelPendingIn(tx: Tx, whitelistId: string): Promise<RegistrationRequest[]> {
      const rows = await tx
        .update(registrationRequests)
        .set({ status: "cancelled", decidedAt: clock.now() })
        .where(
          and(eq(registrationRequests.whitelistId, whitelistId), eq(registrationRequests.status, "pending")),
        )
        .returning();
      return rows.map(toRequest);
    },

    /** Cancels every pending request of `userId` on these whitelists (the member left); resolves with them. */
    async cancelAllOf(userId: string, whitelistIds: string[]): Promise<RegistrationRequest[]> {
      if (whitelistIds.length === 0) return [];
      const rows = await write((tx) =>
        tx
          .update(registrationRequests)
          .set({ status: "cancelled", decidedAt: clock.now() })
          .where(
            and(
              inArray(registrationRequests.whitelistId, whitelistIds),
              eq(registrationRequests.userId, userId),
              eq(registrationRequests.status, "pending"),
            ),
          )
          .returning(),
      );
      return rows.map(toRequest);
    },
  };
}
