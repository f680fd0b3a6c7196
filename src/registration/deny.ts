import { and, asc, count, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { preparedRead } from "../db/driver.ts";
import type { Db, Store, Tables } from "../db/store.ts";
import { together } from "../db/together.ts";
import type { Write } from "../db/writer.ts";
import type { EntryRecord } from "../entries/model.ts";
import type { EntryService } from "../entries/service.ts";
import type { GeyserClient } from "../geyser/client.ts";
import { text } from "../i18n/messages.ts";
import type { MojangClient } from "../mojang/client.ts";
import { keyPrefixEnd, nickKey } from "../nicks/key.ts";
import { namesOf, nickTypeSpecs, parseNick, type Typed } from "../nicks/types.ts";
import type { Clock } from "../shared/clock.ts";
import { DomainError } from "../shared/errors.ts";
import type { Droppable } from "../shared/kept.ts";
import type { Logger } from "../shared/logger.ts";
import { clip } from "../shared/text.ts";
import type { Whitelist, WhitelistRef } from "../whitelists/model.ts";
import type { WhitelistService } from "../whitelists/service.ts";
import { keptDenial, keptDenials, toDenial } from "./deny-kept.ts";
import type { Denial, Member } from "./model.ts";
import { requireManager } from "./rules.ts";

type Row = Tables["deniedNicks"]["$inferSelect"];

/** The longest reason staff may give (the `/whitelist deny` option takes no more either). */
export const REASON_MAX = 200;

/** The reason of a denial a Discord ban made, and of the removals it caused (docs/decisions.md, Bans). */
export const BANNED_REASON = "banned on Discord";

/** What a ban did on one whitelist: the denials it made, those already there (left as they were), the removals. */
export type BanDenials = { whitelist: Whitelist; denied: Denial[]; kept: Denial[]; removed: EntryRecord[] };

/**
 * What a deny learnt of the account behind the nick: its UUID (a premium account at Mojang, an Xbox one at
 * GeyserMC), that there is none, that the lookup could not be made (denied by name only), or that the nick
 * type has nothing to look up (`offline`).
 */
export type AccountCheck = "found" | "none" | "unavailable" | "not-looked-up";

/** What denying a nick did. */
export type DenyOutcome = {
  denial: Denial;
  whitelist: Whitelist;
  /** The entries it removed from the whitelist (origin `staff`), by name or by UUID. */
  removed: EntryRecord[];
  account: AccountCheck;
  /** The nick was denied already: the reason (when given) and the UUID (when found) are updated. */
  updated: boolean;
};

/** The deny list of each whitelist (docs/decisions.md, Deny list). */
export type DenyList = ReturnType<typeof createDenyList>;

/**
 * Staff's text about a player (a denial's reason, a guest's note) as stored: on one line, trimmed, null when
 * empty; refused when longer than REASON_MAX characters.
 */
export function cleanLine(
  line: string | null | undefined,
  what: "reason" | "note" = "reason",
): string | null {
  const flat = (line ?? "").replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, " ").trim();
  if (flat.length === 0) return null;
  if ([...flat].length > REASON_MAX) {
    const key = what === "note" ? "error.guest.noteTooLong" : "error.deny.reasonTooLong";
    throw new DomainError("invalid-input", text(key, { max: REASON_MAX }));
  }
  return flat;
}

/** Creates the deny list over the `denied_nicks` table. */
export function createDenyList(deps: {
  store: Store;
  write: Write;
  clock: Clock;
  whitelists: WhitelistService;
  entries: EntryService;
  mojang: MojangClient;
  geyser: GeyserClient;
  logger: Logger;
}) {
  const { store, write, clock, whitelists, entries, mojang, geyser, logger } = deps;

  const {
    db,
    tables: { deniedNicks },
  } = store;
  // Prepared once per connection: every registration asks it twice, an import for every line.
  const deniedByKey = preparedRead<Row>(db, "denied_by_key", (q) =>
    q
      .select()
      .from(deniedNicks)
      .where(
        and(
          eq(deniedNicks.whitelistId, sql.placeholder("whitelistId")),
          eq(deniedNicks.nickKey, sql.placeholder("key")),
        ),
      ),
  );
  // Prepared too: every registration of a premium or Bedrock account asks it, after the look-up.
  const deniedByUuid = preparedRead<Row>(db, "denied_by_uuid", (q) =>
    q
      .select()
      .from(deniedNicks)
      .where(
        and(
          eq(deniedNicks.whitelistId, sql.placeholder("whitelistId")),
          eq(deniedNicks.uuid, sql.placeholder("uuid")),
        ),
      )
      .limit(1),
  );
  const ofWhitelist = keptDenials(store);
  const byKey = async (whitelistId: string, nick: string, q: Db = db) => {
    const [row] = await deniedByKey(q, { whitelistId, key: nickKey(nick) });
    return row;
  };

  /**
   * The account behind a nick, looked up as registration does, but never refusing: a nick with no account, or
   * one Mojang or GeyserMC cannot tell about now, is denied by name.
   */
  const accountBehind = async (
    whitelist: Whitelist,
    typed: Typed,
  ): Promise<{ nick: string; uuid: string | null; account: AccountCheck }> => {
    const byName = { nick: typed.nick, uuid: null };
    const { lookUp } = nickTypeSpecs[whitelist.nickType];
    if (!lookUp) return { ...byName, account: "not-looked-up" };
    try {
      const account = await lookUp.one({ mojang, geyser }, typed);
      return account
        ? { nick: account.nick, uuid: account.uuid, account: "found" }
        : { ...byName, account: "none" };
    } catch (error) {
      if (
        error instanceof DomainError &&
        (error.code === "mojang-unavailable" || error.code === "geyser-unavailable")
      ) {
        return { ...byName, account: "unavailable" };
      }
      throw error;
    }
  };

  const list = {
    /** The deny lists kept in memory, each whitelist's dropped here once changed, and by the replica. */
    ofWhitelist: ofWhitelist as Droppable,

    /**
     * The denial a nick meets on a whitelist: by its comparison key, else (a premium or Bedrock account) by
     * UUID, so an account renamed since it was denied stays denied.
     */
    async find(whitelistId: string, nick: string, uuid: string | null, q?: Db): Promise<Denial | undefined> {
      if (q === undefined) return keptDenial(await ofWhitelist.get(whitelistId), nick, uuid);
      // Both asked at once (one round trip on PostgreSQL); the denial by name wins.
      const [named, owned] = await together([
        byKey(whitelistId, nick, q),
        uuid === null ? undefined : deniedByUuid(q, { whitelistId, uuid }).then(([row]) => row),
      ]);
      const found = named ?? owned;
      return found && toDenial(found);
    },

    /** The denial staff mean by `typed`: any letter case; on a Bedrock whitelist also the gamertag forms. */
    async findTyped(whitelist: Whitelist, typed: string): Promise<Denial | undefined> {
      for (const name of namesOf(whitelist, typed)) {
        const found = await byKey(whitelist.id, name);
        if (found) return toDenial(found);
      }
      return undefined;
    },

    /** The first `limit` denials of a whitelist by nick (any letter case), and how many there are in all. */
    async list(whitelistId: string, limit: number): Promise<{ denials: Denial[]; total: number }> {
      const rows = await db
        .select()
        .from(deniedNicks)
        .where(eq(deniedNicks.whitelistId, whitelistId))
        .orderBy(asc(deniedNicks.nickKey))
        .limit(limit);
      const [counted] = await db
        .select({ n: count() })
        .from(deniedNicks)
        .where(eq(deniedNicks.whitelistId, whitelistId));
      return { denials: rows.map(toDenial), total: counted?.n ?? 0 };
    },

    /** At most `limit` denials of a whitelist whose nick starts with `prefix`: a range over the nick key index. */
    async startingWith(whitelistId: string, prefix: string, limit: number): Promise<Denial[]> {
      const key = nickKey(prefix);
      const rows = await db
        .select()
        .from(deniedNicks)
        .where(
          and(
            eq(deniedNicks.whitelistId, whitelistId),
            gte(deniedNicks.nickKey, key),
            lt(deniedNicks.nickKey, keyPrefixEnd(key)),
          ),
        )
        .orderBy(asc(deniedNicks.nickKey))
        .limit(limit);
      return rows.map(toDenial);
    },

    /**
     * A manager denies a nick on a whitelist: valid in the whitelist's syntax, stored by name (a premium
     * account in Mojang's spelling) and, when Mojang or GeyserMC knows the account, by UUID. When they cannot
     * be reached it is denied by name only, and `account` says so. In the same transaction every entry holding
     * the nick (by name, or by that UUID) is removed with origin `staff`, whoever owns it, managers included;
     * the role reverter and the log channel hear each removal. Denying a denied nick again updates it.
     */
    async deny(
      input: WhitelistRef & { nick: string; reason?: string | null; actor: Member },
    ): Promise<DenyOutcome> {
      const whitelist = await whitelists.resolve(input);
      requireManager(whitelist, input.actor);
      const reason = cleanLine(input.reason);
      const typed = parseNick(whitelist, input.nick);
      const found = await accountBehind(whitelist, typed);
      const done = await write(
        async (tx) => {
          if (!(await whitelists.get(whitelist.id))) {
            throw new DomainError("whitelist-not-found", text("error.whitelist.justDeleted"));
          }
          const existing = await byKey(whitelist.id, found.nick, tx);
          const values = {
            nick: found.nick,
            nickKey: nickKey(found.nick),
            uuid: found.uuid ?? existing?.uuid ?? null,
            reason: reason ?? existing?.reason ?? null,
            deniedBy: input.actor.userId,
            createdAt: clock.now(),
            // Staff denying a nick a ban denied make the denial theirs: an unban no longer lifts it.
            bannedUserId: null,
          };
          const [row] = existing
            ? await tx.update(deniedNicks).set(values).where(eq(deniedNicks.id, existing.id)).returning()
            : await tx
                .insert(deniedNicks)
                .values({ whitelistId: whitelist.id, ...values })
                .returning();
          const holding = new Map<number, EntryRecord>();
          for (const name of new Set([typed.nick, found.nick])) {
            const entry = await entries.findTyped(whitelist, name, tx);
            if (entry) holding.set(entry.id, entry);
          }
          if (values.uuid !== null) {
            for (const entry of await entries.findByUuid(whitelist.id, values.uuid, tx))
              holding.set(entry.id, entry);
          }
          const notices = await entries.removeIn(
            tx,
            whitelist,
            [...holding.keys()],
            "staff",
            input.actor.userId,
          );
          return { denial: toDenial(row as Row), notices, updated: existing !== undefined };
        },
        (committed) => {
          ofWhitelist.drop(whitelist.id);
          entries.publish(committed.notices);
        },
      );
      logger.info("nick denied", {
        guildId: whitelist.guildId,
        whitelistId: whitelist.id,
        nick: done.denial.nick,
        byUuid: done.denial.uuid !== null,
        removed: done.notices.length,
        actorId: input.actor.userId,
      });
      return {
        denial: done.denial,
        whitelist,
        removed: done.notices.map((notice) => notice.entry),
        account: found.account,
        updated: done.updated,
      };
    },

    /**
     * A Discord ban reaches the whitelist (docs/decisions.md, Bans): in one transaction, each nick the banned member
     * held is denied by name and account, marked as the ban's (`bannedUserId`, so their unban lifts exactly these),
     * reason "banned on Discord", by the bot (`actorId`); a nick denied already (by staff, or by another ban) is left
     * as it is. Every entry holding one of them is removed (origin `system`, the same reason), whoever holds it.
     */
    async denyBanned(input: {
      whitelist: Whitelist;
      nicks: readonly { nick: string; uuid: string | null }[];
      userId: string;
      actorId: string;
    }): Promise<BanDenials> {
      const { whitelist } = input;
      const done = await write(
        async (tx) => {
          const denied: Denial[] = [];
          const kept: Denial[] = [];
          if (!(await whitelists.get(whitelist.id))) return { denied, kept, notices: [] };
          const holding = new Map<number, EntryRecord>();
          const seen = new Set<string>();
          for (const { nick, uuid } of input.nicks) {
            if (seen.has(nickKey(nick))) continue;
            seen.add(nickKey(nick));
            const [byUuid] =
              uuid === null
                ? []
                : await tx
                    .select()
                    .from(deniedNicks)
                    .where(and(eq(deniedNicks.whitelistId, whitelist.id), eq(deniedNicks.uuid, uuid)))
                    .limit(1);
            const existing = (await byKey(whitelist.id, nick, tx)) ?? byUuid;
            if (existing) kept.push(toDenial(existing));
            else {
              const [row] = await tx
                .insert(deniedNicks)
                .values({
                  whitelistId: whitelist.id,
                  nick,
                  nickKey: nickKey(nick),
                  uuid,
                  reason: BANNED_REASON,
                  deniedBy: input.actorId,
                  createdAt: clock.now(),
                  bannedUserId: input.userId,
                })
                .returning();
              denied.push(toDenial(row as Row));
            }
            const entry = await entries.find(whitelist.id, nick, tx);
            if (entry) holding.set(entry.id, entry);
            if (uuid !== null) {
              for (const held of await entries.findByUuid(whitelist.id, uuid, tx)) holding.set(held.id, held);
            }
          }
          const notices = await entries.removeIn(
            tx,
            whitelist,
            [...holding.keys()],
            "system",
            null,
            {},
            BANNED_REASON,
          );
          return { denied, kept, notices };
        },
        (committed) => {
          ofWhitelist.drop(whitelist.id);
          entries.publish(committed.notices);
        },
      );
      return {
        whitelist,
        denied: done.denied,
        kept: done.kept,
        removed: done.notices.map((notice) => notice.entry),
      };
    },

    /** An unban lifts the denials that user's ban made on these whitelists (not staff's own); answers them. */
    async liftBanned(input: { whitelistIds: readonly string[]; userId: string }): Promise<Denial[]> {
      if (input.whitelistIds.length === 0) return [];
      const rows = await write(
        (tx) =>
          tx
            .delete(deniedNicks)
            .where(
              and(
                eq(deniedNicks.bannedUserId, input.userId),
                inArray(deniedNicks.whitelistId, [...input.whitelistIds]),
              ),
            )
            .returning(),
        () => {
          for (const whitelistId of input.whitelistIds) ofWhitelist.drop(whitelistId);
        },
      );
      return rows.map(toDenial);
    },

    /** A manager lifts a denial (found as `findTyped` finds it); nothing is added back. */
    async undeny(input: WhitelistRef & { nick: string; actor: Member }): Promise<{
      denial: Denial;
      whitelist: Whitelist;
    }> {
      const whitelist = await whitelists.resolve(input);
      requireManager(whitelist, input.actor);
      const typed = input.nick.trim();
      const denial = await list.findTyped(whitelist, typed);
      if (!denial) {
        throw new DomainError(
          "not-denied",
          text("error.deny.notDenied", {
            nick: clip(typed) || text("error.thatNick"),
            whitelist: whitelist.name,
          }),
        );
      }
      await write(
        async (tx) => {
          await tx.delete(deniedNicks).where(eq(deniedNicks.id, denial.id));
        },
        () => ofWhitelist.drop(whitelist.id),
      );
      logger.info("nick allowed again", {
        guildId: whitelist.guildId,
        whitelistId: whitelist.id,
        nick: denial.nick,
        actorId: input.actor.userId,
      });
      return { denial, whitelist };
    },
  };
  return list;
}
