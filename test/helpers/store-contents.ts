import { join } from "node:path";
import { type Column, getTableColumns } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/sqlite-core";
import { type Row, TABLES, type TableSpec } from "../../src/backup/tables.ts";
import { openDatabase } from "../../src/db/client.ts";
import { closeStore, lastEventId } from "../../src/db/driver.ts";
import type { Store } from "../../src/db/store.ts";
import { createServices, type Services } from "../../src/services.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { seedEntries, seedKey, seedWhitelist } from "./services.ts";

const GUILD = "100000000000000001";

/** A table's rows as drizzle reads them, in primary-key order: the same shape on either store. */
async function rowsOf(store: Store, spec: TableSpec): Promise<Row[]> {
  const table = store.kind === "sqlite" ? spec.sqlite : spec.pg;
  const columns = getTableColumns(table) as Record<string, Column>;
  const query = (
    store.db as unknown as { select(): { from(t: unknown): { orderBy(...c: Column[]): Promise<Row[]> } } }
  )
    .select()
    .from(table);
  return query.orderBy(...spec.primaryKey.map((key) => columns[key] as Column));
}

/** Every table's rows (TABLES, by name): what a copy must carry over unchanged. */
export async function contentsOf(store: Store): Promise<Record<string, Row[]>> {
  const contents: Record<string, Row[]> = {};
  for (const spec of TABLES) contents[spec.name] = await rowsOf(store, spec);
  return contents;
}

/**
 * Fills a store as use would: a guild with a log channel, whitelists (one on approval), entries added and some
 * removed (events, and ids with gaps), a key; then gives every table still empty one row made from its columns
 * (a value of each column's type, the first of an enum, a parent's key for a foreign key), so a table someone adds
 * to the schema is filled, and so checked, without a change here.
 */
export async function fillEveryTable(services: Services): Promise<void> {
  await services.guilds.setLogChannel(GUILD, "200000000000000009");
  const survival = await seedWhitelist(services, {
    guildId: GUILD,
    name: "survival",
    grantedRoleIds: ["400000000000000001"],
  });
  const creative = await seedWhitelist(services, {
    guildId: GUILD,
    name: "creative",
    registrationMode: "approval",
  });
  await seedEntries(services, survival.id, [
    "Notch",
    "jeb_",
    "Dinnerbone",
    { nick: "Alex", premium: true, uuid: "069a79f444e94726a5befca90e38aaf5" },
  ]);
  await seedEntries(services, creative.id, ["Grumm", "Herobrine"]);
  // The newest entries removed: their ids are not given again, on either store.
  await services.entries.remove({ whitelistId: creative.id, nick: "Herobrine", origin: "api" });
  await services.entries.remove({ whitelistId: survival.id, nick: "jeb_", origin: "api" });
  await seedKey(services, GUILD, survival.id);
  await seedKey(services, GUILD);
  for (const spec of TABLES) {
    const { db } = services.store;
    const table = services.store.kind === "sqlite" ? spec.sqlite : spec.pg;
    if ((await rowsOf(services.store, spec)).length > 0) continue;
    const row: Row = {};
    const columns = Object.entries(getTableColumns(spec.sqlite)) as [string, Column][];
    const parents = getTableConfig(spec.sqlite).foreignKeys.map((key) => key.reference());
    for (const [name, column] of columns) {
      const parent = parents.find((reference) => reference.columns.includes(column as never));
      if (parent) {
        const foreign = parent.foreignColumns[parent.columns.indexOf(column as never)] as Column;
        const parentSpec = TABLES.find((other) => other.sqlite === parent.foreignTable) as TableSpec;
        const [first] = await rowsOf(services.store, parentSpec);
        const key = Object.entries(getTableColumns(parentSpec.sqlite)).find(
          ([, c]) => c === foreign,
        )?.[0] as string;
        row[name] = first?.[key];
      } else if (column.enumValues?.length) row[name] = column.enumValues[0];
      else if (column.dataType === "number") row[name] = 7;
      else if (column.dataType === "boolean") row[name] = true;
      else if (column.dataType === "json") row[name] = { filled: true };
      else row[name] = `${spec.name}-${name}`;
    }
    await (db as unknown as { insert(t: unknown): { values(r: Row): Promise<unknown> } })
      .insert(table)
      .values(row);
  }
}

/** Services over a store, as the service wires them. */
export const servicesOver = (store: Store): Services =>
  createServices({ store, clock: manualClock(Date.UTC(2026, 10, 25)), logger: silentLogger });

/**
 * A SQLite database with a row in every table (fillEveryTable) at `<dir>/<name>`, closed for good, with what it
 * holds. It is written as a copy (VACUUM INTO) of one the services filled: a connection the services used stays
 * open in this process after it is closed (its drizzle statements are finalized only by the garbage collector),
 * and a store command would take that for the service still running.
 */
export async function filledSqliteFile(dir: string, name: string) {
  const services = servicesOver(openDatabase({ path: join(dir, `${name}.filling.db`) }));
  await fillEveryTable(services);
  const contents = await contentsOf(services.store);
  const last = await lastEventId(services.db);
  const path = join(dir, name);
  (services.store.client as import("bun:sqlite").Database).run("VACUUM INTO ?", [path]);
  await closeStore(services.db);
  return { path, contents, last };
}
