import { eq, sql } from "drizzle-orm";
import { preparedRead } from "../db/driver.ts";
import type { Store, Tables } from "../db/store.ts";
import { nickKey } from "../nicks/key.ts";
import { type Kept, kept } from "../shared/kept.ts";
import type { Denial } from "./model.ts";

type Row = Tables["deniedNicks"]["$inferSelect"];

/** A denial as the services see it: its row without the comparison key. */
export const toDenial = ({ nickKey: _key, ...denial }: Row): Denial => denial;

/** A whitelist's deny list as kept in memory: by nick key, and by UUID (the first denial of each). */
export type DenialIndex = { byName: Map<string, Denial>; byUuid: Map<string, Denial> };

/**
 * The deny lists kept in memory, per whitelist (docs/architecture.md, Settings kept in memory): every registration
 * asks its whitelist's before the answer, and staff change them rarely. The deny list drops one once a change of
 * it commits (src/registration/deny.ts), the replica when another one's is told (src/cluster/replica.ts). A
 * registration's transaction asks the store itself, so a denial committed while it waited wins all the same.
 */
export function keptDenials(store: Store): Kept<DenialIndex> {
  const {
    db,
    tables: { deniedNicks },
  } = store;
  const rowsOf = preparedRead<Row>(db, "denied_of_whitelist", (q) =>
    q
      .select()
      .from(deniedNicks)
      .where(eq(deniedNicks.whitelistId, sql.placeholder("whitelistId"))),
  );
  return kept(async (whitelistId) => {
    const byName = new Map<string, Denial>();
    const byUuid = new Map<string, Denial>();
    for (const row of await rowsOf(db, { whitelistId })) {
      const denial = Object.freeze(toDenial(row));
      byName.set(row.nickKey, denial);
      if (row.uuid !== null && !byUuid.has(row.uuid)) byUuid.set(row.uuid, denial);
    }
    return { byName, byUuid };
  });
}

/** The denial a nick meets in a kept list: by its comparison key, else by the account's UUID (as `find`). */
export function keptDenial(index: DenialIndex, nick: string, uuid: string | null): Denial | undefined {
  return index.byName.get(nickKey(nick)) ?? (uuid === null ? undefined : index.byUuid.get(uuid));
}
