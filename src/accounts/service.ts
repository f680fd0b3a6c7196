import { and, asc, count, eq, gt, isNull, lt, min } from "drizzle-orm";
import type { Db, Store, Tx } from "../db/store.ts";
import type { Write } from "../db/writer.ts";
import type { Clock } from "../shared/clock.ts";
import { noObserver, type Observer } from "../shared/observer.ts";
import { hashCode, newCode, normaliseCode } from "./codes.ts";
import type {
  CodeBinding,
  CodeLookup,
  IssuedCode,
  LinkedAccount,
  ProofMethod,
  ProvenIdentity,
  Redeemer,
} from "./model.ts";

/** How long a code works after it was shown. */
export const CODE_LIFETIME_MS = 10 * 60_000;
/** Codes a Discord user may type that link nothing, per window, before they are refused until it passes. */
export const MAX_REFUSED_CODES = 5;
/** The window refused codes are counted in (sliding: the oldest one counted leaves it first). */
export const ATTEMPT_WINDOW_MS = 10 * 60_000;
/** How long a used or expired code is kept, so typing it says "used" or "expired" rather than "wrong". */
const KEPT_MS = 24 * 3_600_000;
/**
 * First-join codes one account may be given in a guild per CODE_LIFETIME_MS: the agent shows a player the same code
 * on each join while it lives, so more means something asks for codes it does not need.
 */
export const MAX_BOUND_CODES = 3;

/** Proof codes and linked accounts (docs/decisions.md, Proof of ownership). */
export type Accounts = ReturnType<typeof createAccounts>;

/**
 * The store of proof codes and of the accounts they link: codes are issued when an account is proven (the link
 * endpoint's login, or another `ProofMethod`), bound to the account and to no guild, and redeemed once by a
 * member in a guild, inside the caller's transaction (src/registration/linking.ts); codes typed that link nothing
 * are counted per Discord user. Rules about entries are the registration service's, not this store's.
 */
export function createAccounts(deps: { store: Store; write: Write; clock: Clock; observer?: Observer }) {
  const { write, clock } = deps;
  const {
    db,
    tables: { linkedAccounts, proofCodes, proofAttempts },
  } = deps.store;
  const observer = deps.observer ?? noObserver;

  const toLinked = ({ id: _id, ...account }: typeof linkedAccounts.$inferSelect): LinkedAccount => account;

  /** The refused codes `userId` typed within the window now, and when the oldest of them leaves it. */
  const attemptsOf = async (tx: Tx, userId: string, now: number) => {
    const [row] = await tx
      .select({ n: count(), oldest: min(proofAttempts.at) })
      .from(proofAttempts)
      .where(and(eq(proofAttempts.userId, userId), gt(proofAttempts.at, now - ATTEMPT_WINDOW_MS)));
    return { refused: row?.n ?? 0, oldest: row?.oldest ?? now };
  };

  /**
   * Inside a write: a new code for an account, bound to `binding` when given, expiring in 10 minutes. Codes expired
   * long ago and attempts out of the window are pruned first.
   */
  const insertCode = async (
    tx: Tx,
    account: ProvenIdentity,
    method: ProofMethod,
    binding: CodeBinding | null,
    now: number,
  ): Promise<IssuedCode> => {
    await tx.delete(proofCodes).where(lt(proofCodes.expiresAt, now - KEPT_MS));
    await tx.delete(proofAttempts).where(lt(proofAttempts.at, now - ATTEMPT_WINDOW_MS));
    for (;;) {
      const code = newCode();
      const hash = hashCode(normaliseCode(code) as string);
      // One in a trillion that a code is drawn twice within a day; draw again rather than fail.
      const [taken] = await tx
        .select({ hash: proofCodes.codeHash })
        .from(proofCodes)
        .where(eq(proofCodes.codeHash, hash));
      if (taken) continue;
      const expiresAt = now + CODE_LIFETIME_MS;
      await tx.insert(proofCodes).values({
        codeHash: hash,
        uuid: account.uuid,
        name: account.name,
        method,
        guildId: binding?.guildId ?? null,
        userId: binding?.userId ?? null,
        whitelistId: binding?.whitelistId ?? null,
        createdAt: now,
        expiresAt,
      });
      return { code, expiresAt };
    }
  };

  return {
    /**
     * Issues a code for an account just proven: a new row, bound to the account, expiring in 10 minutes. Earlier
     * codes of the account stay valid (two people sharing an account each get theirs; the first typed links it).
     * Codes expired long ago and attempts out of the window are pruned in the same write.
     */
    async issue(account: ProvenIdentity, method: ProofMethod): Promise<IssuedCode> {
      const now = clock.now();
      const issued = await write((tx) => insertCode(tx, account, method, null, now));
      observer.proofCode("issued");
      return issued;
    },

    /**
     * Issues a first-join code (docs/link.md, First-join proof): bound to the account and to the member and guild
     * whose registration it proves, so nobody else, and nowhere else, can type it, and to the whitelist of a key
     * limited to one, so that it proves nothing beyond it. At most MAX_BOUND_CODES per
     * account and guild within a code's lifetime: past that, `limited` with when the oldest of them expires.
     */
    async issueBound(
      account: ProvenIdentity,
      binding: CodeBinding,
    ): Promise<({ kind: "issued" } & IssuedCode) | { kind: "limited"; retryAt: number }> {
      const now = clock.now();
      const outcome = await write(async (tx) => {
        const [recent] = await tx
          .select({ n: count(), oldest: min(proofCodes.createdAt) })
          .from(proofCodes)
          .where(
            and(
              eq(proofCodes.guildId, binding.guildId),
              eq(proofCodes.uuid, account.uuid),
              eq(proofCodes.method, "first-join"),
              gt(proofCodes.createdAt, now - CODE_LIFETIME_MS),
            ),
          );
        if ((recent?.n ?? 0) >= MAX_BOUND_CODES) {
          return { kind: "limited" as const, retryAt: (recent?.oldest ?? now) + CODE_LIFETIME_MS };
        }
        return { kind: "issued" as const, ...(await insertCode(tx, account, "first-join", binding, now)) };
      });
      if (outcome.kind === "issued") observer.proofCode("issued-first-join");
      return outcome;
    },

    /**
     * Inside the caller's transaction: what `typed` is for `by` (a member typing it in a guild). A user refused
     * MAX_REFUSED_CODES times within the window is `limited` until the oldest of those leaves it, whatever they
     * type. A code that is no live one for them (wrong, expired, used, or bound to another member or guild) is
     * counted as a refusal, written with the caller's transaction: the caller commits it (and answers the refusal)
     * rather than throwing. A live code is not used up here (see `useIn`).
     */
    async lookIn(tx: Tx, by: Redeemer, typed: string): Promise<CodeLookup> {
      const symbols = normaliseCode(typed);
      if (symbols === null) return { kind: "malformed" };
      const now = clock.now();
      const attempts = await attemptsOf(tx, by.userId, now);
      if (attempts.refused >= MAX_REFUSED_CODES) {
        return { kind: "limited", retryAt: attempts.oldest + ATTEMPT_WINDOW_MS };
      }
      const hash = hashCode(symbols);
      const [row] = await tx.select().from(proofCodes).where(eq(proofCodes.codeHash, hash));
      const live = row !== undefined && row.usedAt === null && row.expiresAt > now;
      const boundTo =
        !row || row.guildId === null
          ? undefined
          : row.guildId !== by.guildId
            ? "guild"
            : row.userId !== by.userId
              ? "member"
              : undefined;
      if (live && boundTo === undefined) {
        return {
          kind: "live",
          hash,
          account: { uuid: row.uuid, name: row.name },
          method: row.method,
          whitelistId: row.whitelistId,
        };
      }
      await tx.insert(proofAttempts).values({ userId: by.userId, at: now });
      const attemptsLeft = MAX_REFUSED_CODES - attempts.refused - 1;
      const method = row?.method ?? null;
      if (!row) return { kind: "wrong", attemptsLeft, method };
      if (live) return { kind: "foreign", attemptsLeft, method, boundTo };
      return { kind: row.usedAt !== null ? "reused" : "expired", attemptsLeft, method };
    },

    /** Inside the caller's transaction: uses a live code up, recording who typed it in which guild. */
    async useIn(tx: Tx, hash: string, by: { guildId: string; userId: string }): Promise<void> {
      await tx
        .update(proofCodes)
        .set({ usedAt: clock.now(), usedBy: by.userId, usedIn: by.guildId })
        .where(and(eq(proofCodes.codeHash, hash), isNull(proofCodes.usedAt)));
    },

    /**
     * Inside the caller's transaction: links an account to a member in a guild, or renews the member's own link
     * (its name and time). The caller has checked that no other member holds it (the store refuses a second owner).
     */
    async linkIn(
      tx: Tx,
      link: Pick<LinkedAccount, "guildId" | "userId" | "uuid" | "name" | "method">,
    ): Promise<LinkedAccount> {
      const linkedAt = clock.now();
      const [row] = await tx
        .insert(linkedAccounts)
        .values({ ...link, linkedAt })
        .onConflictDoUpdate({
          target: [linkedAccounts.guildId, linkedAccounts.uuid],
          set: { name: link.name, method: link.method, linkedAt },
          setWhere: eq(linkedAccounts.userId, link.userId),
        })
        .returning();
      if (!row) throw new Error(`account ${link.uuid} is linked to another member of guild ${link.guildId}`);
      return toLinked(row);
    },

    /** The member an account is linked to in a guild, if any; `q`: a transaction, to see its own rows. */
    async ownerOf(guildId: string, uuid: string, q: Db = db): Promise<LinkedAccount | undefined> {
      const [row] = await q
        .select()
        .from(linkedAccounts)
        .where(and(eq(linkedAccounts.guildId, guildId), eq(linkedAccounts.uuid, uuid)));
      return row && toLinked(row);
    },

    /** A member's linked accounts in a guild, by name. */
    async linksOf(guildId: string, userId: string): Promise<LinkedAccount[]> {
      const rows = await db
        .select()
        .from(linkedAccounts)
        .where(and(eq(linkedAccounts.guildId, guildId), eq(linkedAccounts.userId, userId)))
        .orderBy(asc(linkedAccounts.name));
      return rows.map(toLinked);
    },

    /** Forgets a member's link of an account in a guild; resolves with it, or undefined when there was none. */
    async unlink(guildId: string, userId: string, uuid: string): Promise<LinkedAccount | undefined> {
      const [row] = await write((tx) =>
        tx
          .delete(linkedAccounts)
          .where(
            and(
              eq(linkedAccounts.guildId, guildId),
              eq(linkedAccounts.userId, userId),
              eq(linkedAccounts.uuid, uuid),
            ),
          )
          .returning(),
      );
      return row && toLinked(row);
    },

    /** Forgets every account a member linked in a guild (they left it); resolves with how many. */
    async forgetMember(guildId: string, userId: string): Promise<number> {
      const rows = await write((tx) =>
        tx
          .delete(linkedAccounts)
          .where(and(eq(linkedAccounts.guildId, guildId), eq(linkedAccounts.userId, userId)))
          .returning({ id: linkedAccounts.id }),
      );
      return rows.length;
    },
  };
}
