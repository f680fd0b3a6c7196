import { and, asc, eq, isNull } from "drizzle-orm";
import { type Db, tryWithoutWaiting } from "../db/client.ts";
import { linkKeys } from "../db/schema.ts";
import type { GuildService } from "../guilds/service.ts";
import type { Clock } from "../shared/clock.ts";
import { DomainError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { generateKey, hashKey, isWellFormedKey } from "./token.ts";

/** Who an authenticated request acts as: a link key and its scope. */
export type Principal = {
  readonly keyId: string;
  readonly guildId: string;
  /** Null for a guild-wide key. */
  readonly whitelistId: string | null;
};

/** A link key as staff see it in `/server-link list`: never the key itself. */
export type LinkKeyView = Omit<typeof linkKeys.$inferSelect, "keyHash" | "webhookSecret">;

/** What creating a key takes. */
export type NewKey = { guildId: string; name: string; whitelistId: string | null; createdBy: string };

/** Called when a key stops being valid (open sockets of that key close at once). */
export type RevocationListener = (keyId: string) => void;

/** Link keys: created on Discord, verified on every API request, revoked at once. */
export type KeyService = ReturnType<typeof createKeyService>;

/** `lastUsedAt` is written at most this often per key, so a busy plugin does not cause a write per request. */
const LAST_USED_RESOLUTION_MS = 60_000;

function toView(row: typeof linkKeys.$inferSelect): LinkKeyView {
  const { keyHash: _hash, webhookSecret: _secret, ...view } = row;
  return view;
}

/** Creates the key service. Verified keys are cached by hash; revocation drops them from the cache at once. */
export function createKeyService({ db, clock, guilds }: { db: Db; clock: Clock; guilds: GuildService }) {
  // Active keys by hash; the principal is frozen, so every request of a key can share the one object.
  const verified = new Map<string, { principal: Principal; lastUsedAt: number | null }>();
  const revocationListeners = new Set<RevocationListener>();

  return {
    /** Creates a key and returns its plaintext: the only time it exists outside the holder's hands. */
    create(input: NewKey): { key: LinkKeyView; plaintext: string } {
      const name = input.name.trim();
      if (name.length < 1 || name.length > 64) {
        throw new DomainError("invalid-input", "A link name is 1-64 characters.");
      }
      guilds.ensure(input.guildId);
      const plaintext = generateKey();
      const row = db
        .insert(linkKeys)
        .values({
          id: newId(8),
          guildId: input.guildId,
          name,
          whitelistId: input.whitelistId,
          keyHash: hashKey(plaintext),
          createdBy: input.createdBy,
          createdAt: clock.now(),
        })
        .returning()
        .get();
      return { key: toView(row), plaintext };
    },

    /**
     * The principal of a presented key, or null when it is malformed (checksum), unknown or revoked.
     * A key already verified is found by its hash alone (it passed the checksum then); any other key is
     * checked for shape and checksum first, so a malformed one never reaches the store.
     */
    verify(plaintext: string): Principal | null {
      const hash = hashKey(plaintext);
      let entry = verified.get(hash);
      if (!entry) {
        if (!isWellFormedKey(plaintext)) return null;
        const row = db
          .select({
            keyId: linkKeys.id,
            guildId: linkKeys.guildId,
            whitelistId: linkKeys.whitelistId,
            lastUsedAt: linkKeys.lastUsedAt,
          })
          .from(linkKeys)
          .where(and(eq(linkKeys.keyHash, hash), isNull(linkKeys.revokedAt)))
          .get();
        if (!row) return null;
        const { lastUsedAt, ...principal } = row;
        entry = { principal: Object.freeze(principal), lastUsedAt };
        verified.set(hash, entry);
      }
      const now = clock.now();
      if (entry.lastUsedAt === null || now - entry.lastUsedAt >= LAST_USED_RESOLUTION_MS) {
        const { keyId } = entry.principal;
        // Bookkeeping must never slow or fail the read it rides on: skipped while the store is locked.
        const written = tryWithoutWaiting(db, () =>
          db.update(linkKeys).set({ lastUsedAt: now }).where(eq(linkKeys.id, keyId)).run(),
        );
        if (written) entry.lastUsedAt = now;
      }
      return entry.principal;
    },

    /** Revokes a key of the guild: REST answers 401 from now on and revocation listeners run. */
    revoke(guildId: string, keyId: string): LinkKeyView {
      const row = db
        .update(linkKeys)
        .set({ revokedAt: clock.now() })
        .where(and(eq(linkKeys.id, keyId), eq(linkKeys.guildId, guildId), isNull(linkKeys.revokedAt)))
        .returning()
        .get();
      if (!row) throw new DomainError("key-not-found", `No active link with id ${keyId}.`);
      verified.delete(row.keyHash);
      for (const listener of revocationListeners) listener(row.id);
      return toView(row);
    },

    /** Revokes every active key of the guild limited to `whitelistId` (the whitelist is being deleted). */
    revokeForWhitelist(guildId: string, whitelistId: string): LinkKeyView[] {
      const ids = db
        .select({ id: linkKeys.id })
        .from(linkKeys)
        .where(
          and(
            eq(linkKeys.guildId, guildId),
            eq(linkKeys.whitelistId, whitelistId),
            isNull(linkKeys.revokedAt),
          ),
        )
        .all();
      return ids.map(({ id }) => this.revoke(guildId, id));
    },

    /** A guild's keys, revoked ones included, oldest first. */
    list(guildId: string): LinkKeyView[] {
      return db
        .select()
        .from(linkKeys)
        .where(eq(linkKeys.guildId, guildId))
        .orderBy(asc(linkKeys.createdAt))
        .all()
        .map(toView);
    },

    /** Subscribes to revocations; returns the unsubscribe function. */
    onRevoked(listener: RevocationListener): () => void {
      revocationListeners.add(listener);
      return () => revocationListeners.delete(listener);
    },
  };
}
