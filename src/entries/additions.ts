import type { Tx } from "../db/store.ts";
import { together } from "../db/together.ts";
import { text } from "../i18n/messages.ts";
import { nickKey } from "../nicks/key.ts";
import { DomainError } from "../shared/errors.ts";
import type { ChangeNotice } from "./bus.ts";
import { type ChangeKit, GROUPABLE } from "./change-kit.ts";
import type { EntryRecord } from "./model.ts";
import { type EntryRow, toEntry } from "./rows.ts";
import type { Guard, NewEntry } from "./service.ts";

/** Storing entries, one or many, each with its `entry.added` event in the same transaction. Part of `EntryService`. */
export function createAdditions(kit: ChangeKit) {
  const { clock, write, entries, findByKey, publish, appendAddition, requireWhitelist, groups } = kit;
  /** Whose roles a new entry's groups follow: its owner's, unless it is a guest's (docs/decisions.md, Ranks). */
  const ownerOf = (input: NewEntry) => ({
    userId: input.userId,
    guest: input.guest ?? false,
    verified: input.verified ?? false,
  });
  return {
    /**
     * Stores an entry and its `entry.added` event atomically, then publishes the event. `guard` runs inside the
     * transaction first, so a rule it checks (a member's limit) still holds when the entry commits; `before` runs in
     * it next, for what the entry is made from (a registering member's roles, its groups' source), its notices
     * published before the entry's; `alongside` runs in it once the entry is stored, for what commits with it (a
     * form's answers).
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
          // The guard's reads, the nick and the rank mappings in one round trip; the guard's refusal comes first.
          const [, taken, groupsOf] = await together([
            guard?.(tx),
            findByKey(tx, input.whitelistId, key),
            groups.grouper(tx, whitelist),
          ]);
          if (taken)
            throw new DomainError(
              "nick-taken",
              text("error.takenPlain", { nick: taken.nick, whitelist: whitelist.name }),
            );
          // Before the insert, which reads the member's roles as noted here for the entry's groups.
          noted = (await also.before?.(tx)) ?? [];
          const { grantFailures, ...stored } = input;
          const [row] = await tx
            .insert(entries)
            .values({
              ...stored,
              nickKey: key,
              grantedRoleIds: input.grantedRoleIds ?? [],
              groups: await groupsOf(ownerOf(input)),
              createdAt: clock.now(),
            })
            .returning();
          const entry = toEntry(row as EntryRow);
          await also.alongside?.(tx, entry);
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
          const { grantFailures: _failures, ...stored } = input;
          const [row] = await tx
            .insert(entries)
            .values({
              ...stored,
              nickKey: key,
              grantedRoleIds: input.grantedRoleIds ?? [],
              groups: await groupsOf(ownerOf(input)),
              createdAt,
            })
            .returning();
          const entry = toEntry(row as EntryRow);
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
