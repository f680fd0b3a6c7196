import type { Accounts } from "../accounts/service.ts";
import type { EntryRecord } from "../entries/model.ts";
import type { EntryService } from "../entries/service.ts";
import { authorizeWhitelist, authorizeWrite } from "../keys/scope.ts";
import type { Principal } from "../keys/service.ts";
import { DomainError } from "../shared/errors.ts";
import type { Logger } from "../shared/logger.ts";
import { clip } from "../shared/text.ts";
import type { Whitelist } from "../whitelists/model.ts";

/**
 * A code for a player awaiting proof: the nick as stored, the code, when it stops working (ms since the epoch), and
 * the one line the game server shows them when the agent disconnects them.
 */
export type FirstJoinCode = { nick: string; code: string; expiresAt: number; message: string };

/** The first-join proof use cases (docs/link.md, First-join proof). */
export type FirstJoin = ReturnType<typeof createFirstJoin>;

/**
 * What a player reads when the agent disconnects them with their code: one line of printable ASCII, no `@` (the
 * `kick` command's reason resolves selectors such as `@a`) and no name of anyone's, so it is safe to type into any
 * console. The command is `/link`: it verifies the entry whatever the whitelist's nick type.
 */
export function firstJoinMessage(code: string): string {
  return `Prove this account is yours: in Discord, type /link code:${code} within 10 minutes, then join again.`;
}

/**
 * Proof at first join (docs/link.md, First-join proof). A member's own registration on a whitelist with `proof:
 * first-join` is stored at once, awaiting proof until its window ends (the registrar sets `proofDueAt`). When the
 * player joins the game server, the `sync` agent sees them in its player list and asks here, with its link key, for
 * a code to disconnect them with: the code is bound to the entry's account and to its owner in its guild, so only
 * that member can type it (`/link code:`, src/registration/linking.ts), which verifies the entry and, for a
 * guild-wide key's code, links the account in the guild. A key asking for a code changes what typing it does, so
 * only a key that may change things may ask, and the code reaches no further than the key's scope. An entry still
 * unproven when its window ends is removed by the expiry (origin `expired`).
 */
export function createFirstJoin(deps: {
  entries: Pick<EntryService, "findTyped" | "settlePending">;
  accounts: Pick<Accounts, "issueBound">;
  logger: Logger;
}) {
  const { entries, accounts, logger } = deps;

  /** The refusal of a code for an entry that waits for no proof (or for another account's). */
  const notWaiting = (whitelist: Whitelist, entry: EntryRecord, why: string) =>
    new DomainError("proof-not-pending", `${entry.nick} on ${whitelist.name} ${why}.`);

  return {
    /**
     * A code for the player of `nick` (the stored nick, or on a Bedrock whitelist the gamertag), who joined the game
     * server: `whitelist` is in the asking key's scope already. `uuid`, the UUID the game server knows the player by
     * (from `list uuids`), must be the entry's account when given. Refused: no such nick ("entry-not-found"), an
     * entry awaiting no proof or another account ("proof-not-pending"), too many codes for the account lately
     * ("code-limited", with when the next may be asked), a read-only key ("key-read-only"), a whitelist outside the
     * key's scope ("whitelist-forbidden"). `key`: who asked; the code proves the account on its whitelist alone when
     * the key is limited to one (docs/decisions.md, Proof of ownership).
     */
    async issue(input: {
      whitelist: Whitelist;
      nick: string;
      uuid?: string | null;
      key: Pick<Principal, "keyId" | "guildId" | "whitelistId" | "mayRemove">;
    }): Promise<FirstJoinCode> {
      const { whitelist, key } = input;
      // The adapter checked both already; a code is a capability, so the service holds the line too.
      authorizeWrite(key);
      authorizeWhitelist(key, whitelist.id, whitelist);
      const entry = await entries.findTyped(whitelist, input.nick);
      if (!entry) {
        throw new DomainError("entry-not-found", `${clip(input.nick.trim())} is not on ${whitelist.name}.`);
      }
      if (entry.proofDueAt === null) {
        throw notWaiting(
          whitelist,
          entry,
          entry.verified
            ? "is verified already"
            : "awaits no proof (staff added it, or proof is not asked there)",
        );
      }
      // Registrations awaiting proof always have an account: a nick without one is refused to members.
      if (entry.uuid === null) throw notWaiting(whitelist, entry, "has no account known to prove yet");
      const seen = input.uuid?.toLowerCase() ?? null;
      if (seen !== null && seen !== entry.uuid) {
        throw notWaiting(whitelist, entry, `is registered for the account ${entry.uuid}, not ${clip(seen)}`);
      }
      const issued = await accounts.issueBound(
        { uuid: entry.uuid, name: entry.nick },
        { guildId: whitelist.guildId, userId: entry.userId, whitelistId: key.whitelistId },
      );
      if (issued.kind === "limited") {
        throw DomainError.with(
          "code-limited",
          `${entry.nick} was given 3 codes in the last 10 minutes: show the player the last one (it works until ` +
            `it expires) rather than asking again.`,
          { retryAt: issued.retryAt },
        );
      }
      logger.info("first-join code issued", {
        guildId: whitelist.guildId,
        whitelistId: whitelist.id,
        nick: entry.nick,
        userId: entry.userId,
        keyId: key.keyId,
      });
      return {
        nick: entry.nick,
        code: issued.code,
        expiresAt: issued.expiresAt,
        message: firstJoinMessage(issued.code),
      };
    },

    /**
     * After staff changed a whitelist's proof setting: if it no longer asks proof at first join, its entries that
     * awaited it stay, unverified, and wait no more (each a change in place, origin `staff`). Resolves with them.
     */
    settle(whitelistId: string, actorId: string): Promise<EntryRecord[]> {
      return entries.settlePending(whitelistId, "staff", actorId);
    },
  };
}
