import type { linkedAccounts } from "../db/schema.ts";

/**
 * How an account was proven: `java-login`, a login at the link endpoint (Mojang's `hasJoined`); `first-join`, a
 * join of the game server that the `sync` agent saw in its player list (docs/link.md, First-join proof).
 */
export type ProofMethod = (typeof linkedAccounts.method.enumValues)[number];

/** An account proven to be in a player's hands: Mojang's UUID (dashed, lower case) and its current name. */
export type ProvenIdentity = { uuid: string; name: string };

/** A Java account linked to a member in one guild: one owner per account per guild. */
export type LinkedAccount = Omit<typeof linkedAccounts.$inferSelect, "id">;

/** A code just issued: what the player reads (`K7QX-29MD`) and when it stops working. */
export type IssuedCode = { code: string; expiresAt: number };

/**
 * Who alone may type a first-join code: the member whose registration it proves, in that registration's guild; and
 * how far it reaches: `whitelistId`, the one whitelist the key that asked for it is limited to (the code proves the
 * account there alone), or null for a guild-wide key's (docs/decisions.md, Proof of ownership).
 */
export type CodeBinding = { guildId: string; userId: string; whitelistId: string | null };

/** Who types a code, and where. */
export type Redeemer = { guildId: string; userId: string };

/**
 * What a typed code turned out to be, inside the redeeming transaction: a live code, the account it proves and the
 * one whitelist it proves it on (`whitelistId`; null: the guild);
 * `malformed` (it cannot be a code; not counted as an attempt); a refused one (`wrong`, `expired`, `reused`, or
 * `foreign`: live, but bound to another member or guild; each counted), with the attempts left and how the code
 * was issued (null: no such code); or `limited` (too many refused lately), with when the next may be tried.
 */
export type CodeLookup =
  | { kind: "live"; hash: string; account: ProvenIdentity; method: ProofMethod; whitelistId: string | null }
  | { kind: "malformed" }
  | {
      kind: "wrong" | "expired" | "reused" | "foreign";
      attemptsLeft: number;
      method: ProofMethod | null;
      /** `foreign`: what the code is bound to that the typing does not match. */
      boundTo?: "guild" | "member";
    }
  | { kind: "limited"; retryAt: number };
