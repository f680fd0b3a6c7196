import type { Tables, Tx } from "../db/store.ts";
import type { Write, WriteOptions } from "../db/writer.ts";
import { text } from "../i18n/messages.ts";
import type { Clock } from "../shared/clock.ts";
import { DomainError } from "../shared/errors.ts";
import type { Whitelist } from "../whitelists/model.ts";
import type { WhitelistService } from "../whitelists/service.ts";
import type { ChangeDetail, ChangeNotice, EventBus } from "./bus.ts";
import type { EventLog } from "./event-log.ts";
import type { EntryEvent } from "./events.ts";
import type { EntryGroups } from "./groups.ts";
import type { Origin } from "./model.ts";
import type { FindByKey } from "./rows.ts";

/**
 * A single addition or removal may share a transaction with the ones queued beside it (src/db/writer.ts,
 * WriteOptions): hundreds of members registering at once, a plugin removing nicks, commit together.
 */
export const GROUPABLE: WriteOptions = { groupable: true };

/** What the changes of entries are made over: the store's table and writer, the clock, the log and the bus. */
export type ChangeDeps = {
  clock: Clock;
  write: Write;
  whitelists: WhitelistService;
  events: EventLog;
  bus: EventBus;
  entries: Tables["entries"];
  findByKey: FindByKey;
  /** How a new entry's groups are read, and an entry regrouped (src/entries/groups.ts). */
  groups: Pick<EntryGroups, "grouper" | "regroupIn">;
};

/**
 * What every change of entries is written with (additions.ts, removals.ts, in-place.ts): its event appended in the
 * changing transaction, the notices published once committed, the whitelist it is on read afresh.
 */
export type ChangeKit = ReturnType<typeof createChangeKit>;

/** The kit of the changes of entries over `deps` (see ChangeKit). */
export function createChangeKit(deps: ChangeDeps) {
  const { whitelists, events, bus } = deps;

  /** Publishes committed changes in order (the writer calls this right after the commit). */
  const publish = (notices: readonly ChangeNotice[]) => {
    for (const notice of notices) bus.publish(notice);
  };

  /** Writes the event of a change of `type`, in the changing transaction. */
  const appendEvent =
    (type: EntryEvent["type"]) =>
    (
      tx: Tx,
      whitelist: Whitelist,
      origin: Origin,
      detail: ChangeDetail,
      reason?: string | null,
    ): Promise<EntryEvent> =>
      events.append(
        tx,
        {
          type,
          guildId: whitelist.guildId,
          whitelistId: whitelist.id,
          whitelistName: whitelist.name,
          entry: detail.entry,
          origin,
          reason,
        },
        detail,
      );
  /** The `entry.removed` event of a deletion, written in the deleting transaction. */
  const appendRemoval = appendEvent("entry.removed");
  /** The `entry.added` event of an entry stored (or of its new state), written in the storing transaction. */
  const appendAddition = appendEvent("entry.added");

  /** The whitelist `id`, as it is now; refused ("whitelist-not-found") once it is deleted. */
  const requireWhitelist = async (id: string) => {
    const whitelist = await whitelists.get(id);
    if (!whitelist) throw new DomainError("whitelist-not-found", text("error.whitelist.gone"));
    return whitelist;
  };

  return { ...deps, publish, appendRemoval, appendAddition, requireWhitelist };
}
