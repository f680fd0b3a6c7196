import type { linkedAccounts } from "../db/schema.ts";

/**
 * How an account was proven: `java-login`, a login at the link endpoint (Mojang's `hasJoined`). Another way (the
 * sync agent's first-join proof over RCON) is one more name here and in the columns' enums.
 */
export type ProofMethod = (typeof linkedAccounts.method.enumValues)[number];

/** An account proven to be in a player's hands: Mojang's UUID (dashed, lower case) and its current name. */
export type ProvenIdentity = { uuid: string; name: string };

/** A Java account linked to a member in one guild: one owner per account per guild. */
export type LinkedAccount = Omit<typeof linkedAccounts.$inferSelect, "id">;

/** A code just issued: what the player reads (`K7QX-29MD`) and when it stops working. */
export type IssuedCode = { code: string; expiresAt: number };

/**
 * What a typed code turned out to be, inside the redeeming transaction: a live code and the account it proves;
 * `malformed` (it cannot be a code; not counted as an attempt); a refused one (`wrong`, `expired`, `reused`:
 * each counted), with the attempts left; or `limited` (too many refused lately), with when the next may be tried.
 */
export type CodeLookup =
  | { kind: "live"; hash: string; account: ProvenIdentity; method: ProofMethod }
  | { kind: "malformed" }
  | { kind: "wrong" | "expired" | "reused"; attemptsLeft: number }
  | { kind: "limited"; retryAt: number };
