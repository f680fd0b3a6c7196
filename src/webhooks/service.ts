import { and, eq, inArray, isNotNull, isNull, or } from "drizzle-orm";
import type { Db, Store, Tx } from "../db/store.ts";
import type { Write } from "../db/writer.ts";
import { text } from "../i18n/messages.ts";
import { inScope } from "../keys/scope.ts";
import type { KeyService } from "../keys/service.ts";
import { DomainError } from "../shared/errors.ts";
import type { Logger } from "../shared/logger.ts";
import { clip } from "../shared/text.ts";
import { generateWebhookSecret } from "./signature.ts";
import { assertPublicUrl, type Resolver } from "./ssrf.ts";

/** A key that receives webhooks: where to, signed with what, and its scope. */
export type WebhookTarget = {
  keyId: string;
  guildId: string;
  /** Null for a guild-wide key. */
  whitelistId: string | null;
  url: string;
  secret: string;
};

/** How one delivery ended: the HTTP status, or why there was none; `at` is when it started (epoch ms). */
export type DeliveryOutcome = (
  | { status: number; error?: undefined }
  | { status?: undefined; error: string }
) & {
  durationMs: number;
  at: number;
};

/** Webhook settings of link keys: set and clear (Discord), targets of an event and outcomes (the sender). */
export type WebhookService = ReturnType<typeof createWebhookService>;

/**
 * Outcomes are written in one transaction per this interval rather than one per delivery: with
 * `synchronous=FULL` every commit is a disk flush, and a thousand of them would stall the event loop.
 */
const OUTCOME_FLUSH_MS = 50;

/** Creates the webhook service. Targets are cached per guild and dropped on set, clear and revocation. */
export function createWebhookService(deps: {
  store: Store;
  write: Write;
  allowPrivate: boolean;
  /** Revocations stop a key's webhooks at once; keys retiring with their whitelist get its last removals. */
  keys: Pick<KeyService, "onRevoked" | "onRetiring">;
  resolve?: Resolver;
  logger?: Logger;
}) {
  const {
    store: {
      db,
      tables: { linkKeys },
    },
    write,
    allowPrivate,
    keys,
    resolve,
    logger,
  } = deps;
  /**
   * Every active key of a guild that has a webhook, loaded on first use. The load itself is kept, so changes
   * asking while it runs all wait for the one read and go on in the order they asked.
   */
  const targetsByGuild = new Map<string, Promise<WebhookTarget[]>>();
  /** Keys revoked with their deleted whitelist but still owed its last removals (see `retire`). */
  const retiring = new Set<string>();
  const pendingOutcomes = new Map<string, DeliveryOutcome>();
  let flushTimer: ReturnType<typeof setTimeout> | undefined;

  const requireActiveKey = async (guildId: string, keyId: string, tx: Db | Tx = db) => {
    const [row] = await tx
      .select({ id: linkKeys.id })
      .from(linkKeys)
      .where(and(eq(linkKeys.id, keyId), eq(linkKeys.guildId, guildId), isNull(linkKeys.revokedAt)));
    if (!row) throw new DomainError("key-not-found", text("error.key.notFound", { id: clip(keyId) }));
  };

  /** Stores the webhook columns of an active key of the guild, resetting the last outcome. */
  const store = async (guildId: string, keyId: string, url: string | null, secret: string | null) => {
    await write(
      async (tx) => {
        await requireActiveKey(guildId, keyId, tx);
        await tx
          .update(linkKeys)
          .set({
            webhookUrl: url,
            webhookSecret: secret,
            webhookLastStatus: null,
            webhookLastError: null,
            webhookLastDurationMs: null,
            webhookLastAt: null,
          })
          .where(eq(linkKeys.id, keyId));
      },
      () => {
        pendingOutcomes.delete(keyId);
        targetsByGuild.delete(guildId);
      },
    );
  };

  const read = async (guildId: string): Promise<WebhookTarget[]> => {
    const rows = await db
      .select({
        keyId: linkKeys.id,
        guildId: linkKeys.guildId,
        whitelistId: linkKeys.whitelistId,
        url: linkKeys.webhookUrl,
        secret: linkKeys.webhookSecret,
      })
      .from(linkKeys)
      .where(
        and(
          eq(linkKeys.guildId, guildId),
          retiring.size === 0
            ? isNull(linkKeys.revokedAt)
            : or(isNull(linkKeys.revokedAt), inArray(linkKeys.id, [...retiring])),
          isNotNull(linkKeys.webhookUrl),
          isNotNull(linkKeys.webhookSecret),
        ),
      );
    return rows.flatMap(({ url, secret, ...rest }) => (url && secret ? [{ ...rest, url, secret }] : []));
  };

  const load = (guildId: string): Promise<WebhookTarget[]> => {
    let targets = targetsByGuild.get(guildId);
    if (!targets) {
      targets = read(guildId);
      targetsByGuild.set(guildId, targets);
      // A failed read is not kept: the next change asks again.
      targets.catch(() => {
        if (targetsByGuild.get(guildId) === targets) targetsByGuild.delete(guildId);
      });
    }
    return targets;
  };

  const flushOutcomes = async (): Promise<void> => {
    if (flushTimer !== undefined) clearTimeout(flushTimer);
    flushTimer = undefined;
    if (pendingOutcomes.size === 0) return;
    const batch = [...pendingOutcomes];
    pendingOutcomes.clear();
    try {
      await write(async (tx) => {
        for (const [keyId, outcome] of batch) {
          await tx
            .update(linkKeys)
            .set({
              webhookLastStatus: outcome.status ?? null,
              webhookLastError: outcome.error ?? null,
              webhookLastDurationMs: outcome.durationMs,
              webhookLastAt: outcome.at,
            })
            .where(eq(linkKeys.id, keyId));
        }
      });
    } catch (error) {
      // The outcome is informational: losing one is better than failing deliveries over a busy store.
      logger?.warn("webhook outcomes not recorded", { count: batch.length, error: String(error) });
    }
  };

  // Keys revoked with their deleted whitelist stay targets until their revocation is announced: the whitelist's
  // last removals, published in between, still reach their webhooks.
  keys.onRetiring((retired) => {
    for (const key of retired) {
      retiring.add(key.id);
      targetsByGuild.delete(key.guildId);
    }
  });

  keys.onRevoked((keyId) => {
    retiring.delete(keyId);
    // Which guild's targets held the key is not known without waiting for them: drop every cached guild.
    targetsByGuild.clear();
    pendingOutcomes.delete(keyId);
  });

  return {
    /**
     * Sets the webhook of an active key of the guild and returns its new signing secret, the only time it is
     * shown. The URL must pass the SSRF guard now and is checked again at every delivery.
     */
    async set(guildId: string, keyId: string, url: string): Promise<{ secret: string }> {
      await requireActiveKey(guildId, keyId);
      const checked = await assertPublicUrl(url.trim(), { allowPrivate, resolve });
      const secret = generateWebhookSecret();
      await store(guildId, keyId, checked.url.href, secret);
      return { secret };
    },

    /** Removes the webhook of an active key of the guild (the Discord command with an empty url). */
    clear(guildId: string, keyId: string): Promise<void> {
      return store(guildId, keyId, null, null);
    },

    /** Every active key of the guild with a webhook (`whitelist-sync doctor` checks their URLs). */
    async listFor(guildId: string): Promise<WebhookTarget[]> {
      return [...(await load(guildId))];
    },

    /** Active keys with a webhook whose scope includes a change of `whitelistId` in `guildId`. */
    async targetsFor(guildId: string, whitelistId: string): Promise<WebhookTarget[]> {
      return (await load(guildId)).filter((target) => inScope(target, guildId, whitelistId));
    },

    /** Keeps the last outcome of a key's webhook; written to the store within ~50 ms, coalesced per key. */
    recordOutcome(keyId: string, outcome: DeliveryOutcome): void {
      pendingOutcomes.set(keyId, outcome);
      if (flushTimer === undefined) {
        flushTimer = setTimeout(flushOutcomes, OUTCOME_FLUSH_MS);
        flushTimer.unref?.();
      }
    },

    /** Writes the outcomes not stored yet (shutdown, tests). */
    flushOutcomes,
  };
}
