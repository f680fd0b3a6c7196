import { and, asc, eq, inArray, isNotNull, isNull, type SQL } from "drizzle-orm";
import { tryWithoutWaiting } from "../db/driver.ts";
import type { Store, Tables, Tx } from "../db/store.ts";
import type { Write } from "../db/writer.ts";
import type { GuildService } from "../guilds/service.ts";
import { text } from "../i18n/messages.ts";
import type { Clock } from "../shared/clock.ts";
import { DomainError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { clip } from "../shared/text.ts";
import { isLinkName, LINK_NAME_RULE } from "./name.ts";
import { generateKey, hashKey, isWellFormedKey } from "./token.ts";

/** Who an authenticated request acts as: a link key and its scope. */
export type Principal = {
  readonly keyId: string;
  /** The key's name, as staff gave it (the log channel names API removals by it). */
  readonly keyName: string;
  readonly guildId: string;
  /** Null for a guild-wide key. */
  readonly whitelistId: string | null;
  /** False for a read-only key: it reads and receives events but changes nothing (`authorizeWrite`). */
  readonly mayRemove: boolean;
};

/** A link key as staff see it in `/server-link list`: never the key itself. */
export type LinkKeyView = Omit<KeyRow, "keyHash" | "webhookSecret">;

type KeyRow = Tables["linkKeys"]["$inferSelect"];

/** What creating a key takes; `mayRemove` defaults to true (a key may remove unless made read-only). */
export type NewKey = {
  guildId: string;
  name: string;
  whitelistId: string | null;
  mayRemove?: boolean;
  createdBy: string;
};

/** Why a key stopped being valid: staff revoked it, or the whitelist it was limited to was deleted. */
export type RevocationReason = "revoked" | "whitelist-deleted";

/** Called when a key stops being valid (open sockets of that key close at once). */
export type RevocationListener = (keyId: string, reason: RevocationReason) => void;

/** Called with keys about to be revoked with their deleted whitelist, before its last removals are published. */
export type RetiringListener = (keys: readonly { id: string; guildId: string }[]) => void;

/** Link keys: created on Discord, verified on every API request, revoked at once. */
export type KeyService = ReturnType<typeof createKeyService>;

/** `lastUsedAt` is written at most this often per key, so a busy plugin does not cause a write per request. */
const LAST_USED_RESOLUTION_MS = 60_000;

function toView(row: KeyRow): LinkKeyView {
  const { keyHash: _hash, webhookSecret: _secret, ...view } = row;
  return view;
}

/** Creates the key service. Verified keys are cached by hash; revocation drops them from the cache at once. */
export function createKeyService({
  store,
  clock,
  write,
  guilds,
}: {
  store: Store;
  clock: Clock;
  write: Write;
  guilds: Pick<GuildService, "ensureIn">;
}) {
  const {
    db,
    tables: { linkKeys, whitelists },
  } = store;
  // Active keys by hash; the principal is frozen, so every request of a key can share the one object.
  const verified = new Map<string, { principal: Principal; lastUsedAt: number | null }>();
  const revocationListeners = new Set<RevocationListener>();
  const retiringListeners = new Set<RetiringListener>();
  /** Revocations announced so far: a verification that read the store across one does not cache its answer. */
  let revocations = 0;

  /** Inside the caller's transaction: marks active keys revoked; returns their rows for `announce`. */
  const revokeIn = (tx: Tx, where: SQL | undefined): Promise<KeyRow[]> =>
    tx
      .update(linkKeys)
      .set({ revokedAt: clock.now() })
      .where(and(where, isNull(linkKeys.revokedAt)))
      .returning();

  /** Once committed: the keys stop verifying at once and revocation listeners run (sockets close). */
  const announce = (rows: KeyRow[], reason: RevocationReason): LinkKeyView[] => {
    if (rows.length > 0) revocations++;
    for (const row of rows) {
      verified.delete(row.keyHash);
      announced.add(row.id);
      for (const listener of revocationListeners) listener(row.id, reason);
    }
    return rows.map(toView);
  };
  /** Keys whose revocation was announced here (another replica's notice of it changes nothing more). */
  const announced = new Set<string>();

  /**
   * Records when a key was last used, at most once per LAST_USED_RESOLUTION_MS, in the background: bookkeeping
   * never slows or fails the request it rides on, and is skipped while the store is locked.
   */
  const noteUse = (entry: { principal: Principal; lastUsedAt: number | null }) => {
    const now = clock.now();
    if (entry.lastUsedAt !== null && now - entry.lastUsedAt < LAST_USED_RESOLUTION_MS) return;
    entry.lastUsedAt = now;
    const { keyId } = entry.principal;
    void tryWithoutWaiting(db, () =>
      db.update(linkKeys).set({ lastUsedAt: now }).where(eq(linkKeys.id, keyId)),
    ).catch(() => false);
  };

  return {
    /**
     * The principal of a key verified before and not revoked since, found by its hash alone; undefined when it
     * is not cached (`verify` asks the store). Never waits.
     */
    verifyCached(plaintext: string): Principal | undefined {
      const entry = verified.get(hashKey(plaintext));
      if (!entry) return undefined;
      noteUse(entry);
      return entry.principal;
    },

    /** Creates a key and returns its plaintext: the only time it exists outside the holder's hands. */
    async create(input: NewKey): Promise<{ key: LinkKeyView; plaintext: string }> {
      const name = input.name.trim();
      if (!isLinkName(name)) {
        throw new DomainError("invalid-input", LINK_NAME_RULE);
      }
      const plaintext = generateKey();
      const [row] = await write(async (tx) => {
        await guilds.ensureIn(tx, input.guildId);
        return tx
          .insert(linkKeys)
          .values({
            id: newId(8),
            guildId: input.guildId,
            name,
            whitelistId: input.whitelistId,
            mayRemove: input.mayRemove ?? true,
            keyHash: hashKey(plaintext),
            createdBy: input.createdBy,
            createdAt: clock.now(),
          })
          .returning();
      });
      return { key: toView(row as KeyRow), plaintext };
    },

    /**
     * The principal of a presented key, or null when it is malformed (checksum), unknown or revoked.
     * A key already verified is found by its hash alone (it passed the checksum then); any other key is
     * checked for shape and checksum first, so a malformed one never reaches the store.
     */
    async verify(plaintext: string): Promise<Principal | null> {
      const hash = hashKey(plaintext);
      let entry = verified.get(hash);
      if (!entry) {
        if (!isWellFormedKey(plaintext)) return null;
        const seen = revocations;
        const [row] = await db
          .select({
            keyId: linkKeys.id,
            keyName: linkKeys.name,
            guildId: linkKeys.guildId,
            whitelistId: linkKeys.whitelistId,
            mayRemove: linkKeys.mayRemove,
            lastUsedAt: linkKeys.lastUsedAt,
          })
          .from(linkKeys)
          .where(and(eq(linkKeys.keyHash, hash), isNull(linkKeys.revokedAt)));
        // A revocation announced while the store answered may be this key's: ask again rather than cache it.
        if (revocations !== seen) return this.verify(plaintext);
        if (!row) return null;
        const { lastUsedAt, ...principal } = row;
        entry = { principal: Object.freeze(principal), lastUsedAt };
        verified.set(hash, entry);
      }
      noteUse(entry);
      return entry.principal;
    },

    /** Revokes a key of the guild: REST answers 401 from now on and revocation listeners run. */
    async revoke(guildId: string, keyId: string): Promise<LinkKeyView> {
      const rows = await write(
        (tx) => revokeIn(tx, and(eq(linkKeys.id, keyId), eq(linkKeys.guildId, guildId))),
        (committed) => announce(committed, "revoked"),
      );
      const [view] = rows.map(toView);
      if (!view) throw new DomainError("key-not-found", text("error.key.notFound", { id: clip(keyId) }));
      return view;
    },

    /**
     * Inside the caller's transaction: revokes every active key of the guild limited to `whitelistId` (the
     * whitelist is being deleted). Call `announceRevoked` with the result once committed.
     */
    revokeForWhitelistIn(tx: Tx, guildId: string, whitelistId: string) {
      return revokeIn(tx, and(eq(linkKeys.guildId, guildId), eq(linkKeys.whitelistId, whitelistId)));
    },

    /**
     * Once committed, before a deleted whitelist's last removals are published: the keys revoked with it are
     * still owed those removals (webhooks keep them as targets until `announceRevoked`).
     */
    announceRetiring(rows: readonly { id: string; guildId: string }[]): void {
      if (rows.length === 0) return;
      for (const listener of retiringListeners) listener(rows);
    },

    /**
     * A key revoked on another replica (PostgreSQL): it stops verifying here too and its sockets here close,
     * with the reason read from the store (its whitelist gone: deleted with it).
     */
    async revokedElsewhere(keyId: string): Promise<void> {
      if (announced.has(keyId)) return;
      const [row] = await db.select().from(linkKeys).where(eq(linkKeys.id, keyId));
      if (!row || row.revokedAt === null || announced.has(keyId)) return;
      const scoped =
        row.whitelistId === null
          ? []
          : await db.select({ id: whitelists.id }).from(whitelists).where(eq(whitelists.id, row.whitelistId));
      announce([row], row.whitelistId !== null && scoped.length === 0 ? "whitelist-deleted" : "revoked");
    },

    /**
     * Asks the store which cached keys were revoked (a replica that could not hear the others for a while may have
     * missed the notices): those stop verifying and their sockets close, as with `revokedElsewhere`.
     */
    async recheckCached(): Promise<void> {
      const ids = [...verified.values()].map((entry) => entry.principal.keyId);
      for (let at = 0; at < ids.length; at += 500) {
        const revoked = await db
          .select({ id: linkKeys.id })
          .from(linkKeys)
          .where(and(inArray(linkKeys.id, ids.slice(at, at + 500)), isNotNull(linkKeys.revokedAt)));
        for (const { id } of revoked) await this.revokedElsewhere(id);
      }
    },

    /** Once committed: revoked keys stop verifying and their sockets close (see `revokeForWhitelistIn`). */
    announceRevoked: announce,

    /** A guild's keys, revoked ones included, oldest first. */
    async list(guildId: string): Promise<LinkKeyView[]> {
      const rows = await db
        .select()
        .from(linkKeys)
        .where(eq(linkKeys.guildId, guildId))
        .orderBy(asc(linkKeys.createdAt));
      return rows.map(toView);
    },

    /** Subscribes to keys retiring with their whitelist (see `announceRetiring`); returns the unsubscribe. */
    onRetiring(listener: RetiringListener): () => void {
      retiringListeners.add(listener);
      return () => retiringListeners.delete(listener);
    },

    /** Subscribes to revocations; returns the unsubscribe function. */
    onRevoked(listener: RevocationListener): () => void {
      revocationListeners.add(listener);
      return () => revocationListeners.delete(listener);
    },
  };
}
