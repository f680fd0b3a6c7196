import { getTableColumns, sql } from "drizzle-orm";
import { preparedRead } from "../db/driver.ts";
import type { Db, Tables, Tx } from "../db/store.ts";
import { together } from "../db/together.ts";
import { text } from "../i18n/messages.ts";
import { nickKey } from "../nicks/key.ts";
import { DomainError } from "../shared/errors.ts";
import type { ChangeNotice } from "./bus.ts";
import { type ChangeKit, GROUPABLE } from "./change-kit.ts";
import type { EntryRecord } from "./model.ts";
import { type EntryRow, toEntry } from "./rows.ts";
import type { Guard, NewEntry } from "./service.ts";

/** Every column of a new entry's row but its id, each given: the insert is built once, with a placeholder each. */
type EntryInsert = Required<Omit<Tables["entries"]["$inferInsert"], "id">>;

/**
 * The insert of an entry, its SQL built once per connection of `db` (src/db/driver.ts, preparedRead): building it
 * for every registration (drizzle's SQL text, SQLite's statement) took about a sixth of a registering member's CPU
 * on launch day (docs/performance.md, Launch day, what a member's answer costs).
 */
function entryInsert(db: Db, entries: Tables["entries"]) {
  const columns = Object.keys(getTableColumns(entries)).filter((column) => column !== "id");
  const insert = preparedRead<EntryRow>(db, "entries_insert", (q) =>
    q
      .insert(entries)
      .values(
        Object.fromEntries(
          columns.map((column) => [column, sql.placeholder(column)]),
        ) as unknown as EntryInsert,
      )
      .returning(),
  );
  return async (q: Db, row: EntryInsert): Promise<EntryRow> => {
    const [stored] = await insert(q, row);
    return stored as EntryRow;
  };
}

/** Storing entries, one or many, each with its `entry.added` event in the same transaction. Part of `EntryService`. */
export function createAdditions(kit: ChangeKit, db: Db) {
  const { clock, write, entries, findByKey, publish, appendAddition, requireWhitelist, groups } = kit;
  const insertEntry = entryInsert(db, entries);
  /** Whose roles a new entry's groups follow: its owner's, unless it is a guest's (docs/decisions.md, Ranks). */
  const ownerOf = (input: NewEntry) => ({
    userId: input.userId,
    guest: input.guest ?? false,
    verified: input.verified ?? false,
  });
  /** The row of a new entry: what the input leaves out, as the table's defaults have it. */
  const rowOf = (input: NewEntry, nickKey: string, groupIds: string[], createdAt: number): EntryInsert => ({
    whitelistId: input.whitelistId,
    nick: input.nick,
    nickKey,
    uuid: input.uuid,
    premium: input.premium,
    gamertag: input.gamertag ?? null,
    xuid: input.xuid ?? null,
    userId: input.userId,
    addedBy: input.addedBy,
    origin: input.origin,
    grantedRoleIds: input.grantedRoleIds ?? [],
    createdAt,
    expiresAt: input.expiresAt ?? null,
    nameCheckedAt: null,
    verified: input.verified ?? false,
    proofDueAt: input.proofDueAt ?? null,
    guest: input.guest ?? false,
    note: input.note ?? null,
    groups: groupIds,
  });
  return {
    /**
     * Stores an entry and its `entry.added` event atomically, then publishes the event. `guard` runs inside the
     * transaction, so a rule it checks (a member's limit) still holds when the entry commits; `before` runs in it
     * beside the guard (their first reads go together), for what the entry is made from (a registering member's
     * roles, its groups' source), its notices published before the entry's, its changes undone with the rest when
     * the guard refuses; `alongside` runs in it once the entry is stored, for what commits with it (a form's
     * answers).
     */
    async add(
      input: NewEntry,
      guard?: Guard,
      also: {
        before?: (tx: Tx) => Promise<readonly ChangeNotice[]>;
        alongside?: (tx: Tx, entry: EntryRecord) => Promise<void>;
      } = {},
    ): Promise<EntryRecord> {
      let noted: readonly ChangeNotice[] = [];
      const notice = await write(
        async (tx): Promise<ChangeNotice> => {
          // The whitelist may have been deleted while this registration waited (for Mojang, for a role).
          const whitelist = await requireWhitelist(input.whitelistId);
          const key = nickKey(input.nick);
          // The guard's reads, the nick, the rank mappings and the first read of `before` in one round trip (on
          // PostgreSQL each round trip of a write holds the write line: docs/performance.md, Launch day on
          // PostgreSQL); the guard's refusal comes first, and undoes whatever `before` wrote with the rest.
          // `before` runs before the insert, which reads the member's roles as noted there for the entry's groups.
          const [, taken, groupsOf, before] = await together([
            guard?.(tx),
            findByKey(tx, input.whitelistId, key),
            groups.grouper(tx, whitelist),
            also.before?.(tx),
          ]);
          if (taken)
            throw new DomainError(
              "nick-taken",
              text("error.takenPlain", { nick: taken.nick, whitelist: whitelist.name }),
            );
          noted = before ?? [];
          const row = rowOf(input, key, await groupsOf(ownerOf(input)), clock.now());
          const entry = toEntry(await insertEntry(tx, row));
          await also.alongside?.(tx, entry);
          const { grantFailures } = input;
          const detail = {
            entry,
            actorId: input.addedBy,
            ...(grantFailures?.length ? { grantFailures } : {}),
          };
          const event = await appendAddition(tx, whitelist, input.origin, detail);
          return { event, ...detail };
        },
        (committed) => publish([...noted, committed]),
        // Entries are read through `tx` (a guard's limit, the nick taken); what is read otherwise (the whitelist,
        // the deny list, a departure) only writes that are never grouped change (src/db/writer.ts, WriteOptions).
        GROUPABLE,
      );
      return notice.entry;
    },

    /**
     * Stores many entries of one whitelist in one transaction, each with its `entry.added` event, then publishes
     * the events in order (notices marked `bulk`). A nick the whitelist already holds (in any letter case,
     * including one stored earlier in the same call) is not stored and is returned in `taken`. `guard` runs
     * inside the transaction first; when it throws, nothing is stored.
     */
    async addMany(
      inputs: readonly NewEntry[],
      guard?: Guard,
    ): Promise<{ added: EntryRecord[]; taken: NewEntry[] }> {
      const whitelistId = inputs[0]?.whitelistId;
      if (whitelistId === undefined) return { added: [], taken: [] };
      if (inputs.some((input) => input.whitelistId !== whitelistId)) {
        throw new TypeError("addMany stores entries of one whitelist");
      }
      const taken: NewEntry[] = [];
      const notices = await write(async (tx) => {
        taken.length = 0;
        const whitelist = await requireWhitelist(whitelistId);
        await guard?.(tx);
        const createdAt = clock.now();
        const groupsOf = await groups.grouper(tx, whitelist);
        const done: ChangeNotice[] = [];
        for (const input of inputs) {
          const key = nickKey(input.nick);
          // Read through the transaction: it sees the rows stored just before.
          if (await findByKey(tx, whitelistId, key)) {
            taken.push(input);
            continue;
          }
          const row = rowOf(input, key, await groupsOf(ownerOf(input)), createdAt);
          const entry = toEntry(await insertEntry(tx, row));
          const detail = { entry, actorId: input.addedBy, bulk: true as const };
          const event = await appendAddition(tx, whitelist, input.origin, detail);
          done.push({ event, ...detail });
        }
        return done;
      }, publish);
      return { added: notices.map((notice) => notice.entry), taken };
    },
  };
}
