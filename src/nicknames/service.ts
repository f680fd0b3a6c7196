import { and, eq, isNotNull, sql } from "drizzle-orm";
import { preparedRead } from "../db/driver.ts";
import type { Store } from "../db/store.ts";
import type { Write } from "../db/writer.ts";
import type { EventBus } from "../entries/bus.ts";
import type { EntryService } from "../entries/service.ts";
import type { Clock } from "../shared/clock.ts";
import type { Logger } from "../shared/logger.ts";
import { renderNickname } from "../whitelists/nickname-template.ts";
import type { WhitelistService } from "../whitelists/service.ts";
import type { NicknameGateway, NicknameOutcome, NicknameRecord, NicknameRefusal } from "./model.ts";

/** What following a member's nicks did to their nickname. */
export type NicknameSync =
  | { kind: "unchanged" }
  | { kind: "set"; nick: string | null }
  | { kind: "released" }
  | { kind: "refused"; refusal: NicknameRefusal; reason: string };

/** The longest a nickname change waits before it is asked again, whatever Discord said (a ban lasts an hour). */
const LONGEST_RETRY_MS = 10 * 60_000;

/** Nicknames that follow the Minecraft name (docs/decisions.md, Nicknames that follow the Minecraft name). */
export type Nicknames = ReturnType<typeof createNicknames>;

/**
 * Creates the nicknames: a subscriber of the changes (the outbox: side effects happen once) that, after every
 * change of a member's nicks, brings their server nickname in line with the whitelists' templates through the
 * port. A member's nickname follows their oldest nick on a whitelist with a template; when none is left, the
 * nickname they had before the bot set one comes back. The bot never overwrites a nickname it did not set: one
 * the member (or staff) changed since is theirs from then on. Each member's changes run one at a time, and a change
 * asked for while another waits is the same change (it reads the nicks when its turn comes), so an import of a
 * thousand nicks costs one or two requests.
 */
export function createNicknames(deps: {
  store: Store;
  write: Write;
  clock: Clock;
  entries: Pick<EntryService, "listForUserInGuild">;
  whitelists: Pick<WhitelistService, "nicknameTemplates">;
  gateway: NicknameGateway;
  logger: Logger;
  /** Sleeps before a change Discord asked to wait for is tried again (tests resolve it when they say). */
  wait?: (ms: number) => Promise<void>;
}) {
  const { store, write, clock, entries, whitelists, gateway, logger } = deps;
  const wait = deps.wait ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  const {
    db,
    tables: { memberNicknames },
  } = store;
  const key = (guildId: string, userId: string) => `${guildId}:${userId}`;
  const tails = new Map<string, Promise<NicknameSync>>();
  const waiting = new Set<string>();

  // Built once: read after every change of a member's entries (docs/performance.md, Launch day, queries built once).
  const stateOf = preparedRead<NicknameRecord>(db, "member_nickname", (q) =>
    q
      .select()
      .from(memberNicknames)
      .where(
        and(
          eq(memberNicknames.guildId, sql.placeholder("guildId")),
          eq(memberNicknames.userId, sql.placeholder("userId")),
        ),
      ),
  );
  const read = async (guildId: string, userId: string): Promise<NicknameRecord | undefined> => {
    const [row] = await stateOf(db, { guildId, userId });
    return row;
  };
  const save = (
    guildId: string,
    userId: string,
    state: Pick<NicknameRecord, "original" | "applied" | "released" | "failure">,
  ) =>
    write(async (tx) => {
      const row = { guildId, userId, ...state, updatedAt: clock.now() };
      await tx
        .insert(memberNicknames)
        .values(row)
        .onConflictDoUpdate({ target: [memberNicknames.guildId, memberNicknames.userId], set: row });
    });
  const drop = (guildId: string, userId: string) =>
    write(async (tx) => {
      await tx
        .delete(memberNicknames)
        .where(and(eq(memberNicknames.guildId, guildId), eq(memberNicknames.userId, userId)));
    });

  /**
   * Sets the nickname if it is still `expected`, asking again after every wait Discord asks for: a rate limit
   * delays it, never drops it, and a nickname the member changed during the wait is not overwritten.
   */
  const set = async (
    guildId: string,
    userId: string,
    nick: string | null,
    expected: string | null,
  ): Promise<NicknameOutcome> => {
    for (;;) {
      const outcome = await gateway.set(guildId, userId, nick, expected);
      if (outcome.done || !("laterMs" in outcome)) return outcome;
      await wait(Math.min(Math.max(outcome.laterMs, 0), LONGEST_RETRY_MS));
    }
  };

  /** Leaves the member's own nickname alone from now on (forgetting them once no nick names them). */
  const release = async (
    guildId: string,
    userId: string,
    record: Pick<NicknameRecord, "original" | "applied" | "released"> | undefined,
    named: boolean,
  ) => {
    if (!named) await drop(guildId, userId);
    else if (!record?.released) {
      await save(guildId, userId, {
        original: record?.original ?? null,
        applied: record?.applied ?? null,
        released: true,
        failure: null,
      });
      logger.info("nickname left alone: the member changed it", { guildId, userId });
    }
    return { kind: "released" } as const;
  };

  /** How often a change the member's own renames kept overtaking is decided again before it is left. */
  const ATTEMPTS = 3;

  /** Brings one member's nickname in line with their nicks now (see createNicknames). */
  const sync = async (guildId: string, userId: string, attempt = 1): Promise<NicknameSync> => {
    const templates = await whitelists.nicknameTemplates(guildId);
    const record = await read(guildId, userId);
    if (templates.size === 0 && !record) return { kind: "unchanged" };
    const held = templates.size === 0 ? [] : await entries.listForUserInGuild(guildId, userId);
    const named = held.find((entry) => templates.has(entry.whitelistId));
    if (!named && !record) return { kind: "unchanged" };
    const member = await gateway.current(guildId, userId);
    // Nothing to go by (no bot, Discord unreachable): the next change tries again.
    if (member === undefined) return { kind: "unchanged" };
    if (member === null) {
      // They left: nothing to restore, and a member who comes back starts afresh.
      if (record) await drop(guildId, userId);
      return { kind: "unchanged" };
    }
    const changedByOthers = record !== undefined && record.applied !== null && member.nick !== record.applied;
    if (record?.released || changedByOthers) return release(guildId, userId, record, named !== undefined);
    // Until the bot has set one, the nickname they have is their own.
    const original = record?.applied != null ? record.original : member.nick;
    const wanted = named
      ? renderNickname(templates.get(named.whitelistId) as string, {
          mc: named.nick,
          discord: original ?? member.name,
        })
      : original;
    const settled = async () => {
      if (named) await save(guildId, userId, { original, applied: wanted, released: false, failure: null });
      else await drop(guildId, userId);
    };
    if (member.nick === wanted) {
      if (!record || record.applied !== wanted || record.failure !== null || !named) await settled();
      return { kind: "unchanged" };
    }
    const outcome = await set(guildId, userId, wanted, member.nick);
    if ("changed" in outcome) {
      // The member renamed themselves since the bot read their nickname: one the bot had set is theirs now;
      // before it ever set one, the change is decided again from the name they chose.
      if (record?.applied != null) return release(guildId, userId, record, named !== undefined);
      return attempt < ATTEMPTS ? sync(guildId, userId, attempt + 1) : { kind: "unchanged" };
    }
    if (outcome.done && outcome.overwrote !== undefined) {
      // Their own rename reached Discord just before the bot's: give it back, and leave it alone from now on.
      const back = await set(guildId, userId, outcome.overwrote, wanted);
      logger.info("nickname given back: the member changed it as the bot did", {
        guildId,
        userId,
        givenBack: back.done,
      });
      const state = { original, applied: wanted, released: false, failure: null };
      return release(guildId, userId, named ? state : undefined, named !== undefined);
    }
    if (outcome.done) {
      await settled();
      logger.info(named ? "nickname set" : "nickname restored", { guildId, userId });
      return { kind: "set", nick: wanted };
    }
    const { refusal, reason } = outcome as Extract<NicknameOutcome, { refusal: NicknameRefusal }>;
    if (refusal === "gone") {
      if (record) await drop(guildId, userId);
    } else {
      await save(guildId, userId, {
        original,
        applied: record?.applied ?? null,
        released: false,
        failure: refusal === "other" ? reason : refusal,
      });
    }
    logger.warn("nickname not changed", { guildId, userId, refusal, reason });
    return { kind: "refused", refusal, reason };
  };

  const nicknames = {
    /**
     * Brings a member's nickname in line with their nicks, in their queue: a change asked for while another one of
     * theirs waits is that one. Resolves with what it did; never rejects (a failure is logged).
     */
    follow(guildId: string, userId: string): Promise<NicknameSync> {
      const id = key(guildId, userId);
      const pending = tails.get(id);
      if (pending && waiting.has(id)) return pending;
      waiting.add(id);
      const run = () => {
        waiting.delete(id);
        return sync(guildId, userId).catch((error: unknown): NicknameSync => {
          logger.warn("nickname not followed", { guildId, userId, error: String(error) });
          return { kind: "unchanged" };
        });
      };
      const tail = (pending ?? Promise.resolve()).then(run, run);
      tails.set(id, tail);
      void tail.then(() => {
        if (tails.get(id) === tail) tails.delete(id);
      });
      return tail;
    },

    /** Resolves once every nickname change asked for so far (and meanwhile) is done: tests, shutdown. */
    async settled(): Promise<void> {
      while (tails.size > 0) await Promise.allSettled([...tails.values()]);
    },

    /** The member's record, if the bot manages their nickname. */
    record: read,

    /** Members of a guild whose nickname Discord refused to change, with why (doctor). */
    async refused(guildId: string): Promise<NicknameRecord[]> {
      return db
        .select()
        .from(memberNicknames)
        .where(and(eq(memberNicknames.guildId, guildId), isNotNull(memberNicknames.failure)));
    },

    /**
     * Follows every change of entries: after each addition or removal of a member's nick (a rename and a respelling
     * are both), their nickname follows. Not a departure's (the member is gone) nor a guest's (no member).
     */
    listen(bus: EventBus): () => void {
      return bus.subscribe((notice) => {
        if (notice.event.origin === "member-left" || notice.entry.guest) return;
        return nicknames.follow(notice.event.guildId, notice.entry.userId);
      });
    },
  };
  return nicknames;
}
