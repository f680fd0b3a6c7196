import { type Column, getTableColumns, getTableName, is, type SQL, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as pgSchema from "../db/pg/schema.ts";
import * as sqliteSchema from "../db/schema.ts";

/** One table of the store, as both schemas declare it under the same export name. */
export type TableSpec = {
  /** Its name in SQL (`entries`). */
  name: string;
  sqlite: SQLiteTable;
  pg: PgTable;
  /** The properties of its primary key's columns, in order: rows are read in that order, a page at a time. */
  primaryKey: string[];
  /** How many columns it has: how many rows fit in one insert. */
  columns: number;
};

/**
 * Every table of the schema, parents before the tables whose foreign keys point at them, read from the schema
 * objects themselves (src/db/schema.ts and its PostgreSQL twin, which hold the same tables under the same export
 * names: test/db/postgres.full.test.ts): a table added to the schema is copied, backed up and restored with no change
 * here (test/backup/copy.test.ts fills and checks every one).
 */
export const TABLES: readonly TableSpec[] = inDependencyOrder(
  Object.entries(sqliteSchema as Record<string, unknown>)
    .filter((entry): entry is [string, SQLiteTable] => is(entry[1], SQLiteTable))
    .map(([key, table]) => {
      const pg = (pgSchema as Record<string, unknown>)[key];
      if (!is(pg, PgTable)) throw new Error(`the table ${key} is in src/db/schema.ts only, not in its twin`);
      const columns = Object.entries(getTableColumns(table)) as [string, Column][];
      const { primaryKeys } = getTableConfig(table);
      const keyColumns =
        primaryKeys[0]?.columns ?? columns.filter(([, column]) => column.primary).map(([, c]) => c);
      return {
        name: getTableName(table),
        sqlite: table,
        pg,
        primaryKey: keyColumns.map((column) => columns.find(([, c]) => c === column)?.[0] as string),
        columns: columns.length,
      };
    }),
);

/** The tables sorted so that each comes after every table its foreign keys reference. */
function inDependencyOrder(tables: TableSpec[]): TableSpec[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const sorted: TableSpec[] = [];
  const placed = new Set<string>();
  const place = (table: TableSpec, path: string[]) => {
    if (placed.has(table.name)) return;
    if (path.includes(table.name))
      throw new Error(`foreign keys form a loop: ${[...path, table.name].join(" → ")}`);
    for (const key of getTableConfig(table.sqlite).foreignKeys) {
      const parent = byName.get(getTableName(key.reference().foreignTable));
      if (parent && parent !== table) place(parent, [...path, table.name]);
    }
    placed.add(table.name);
    sorted.push(table);
  };
  for (const table of tables) place(table, []);
  return sorted;
}

/** A row as drizzle reads and writes it: the same shape on both stores. */
export type Row = Record<string, unknown>;

/** The condition "after `row` in primary-key order" on `table` (of either dialect), for paging through it. */
export function afterRow(table: SQLiteTable | PgTable, spec: TableSpec, row: Row): SQL {
  const columns = getTableColumns(table) as Record<string, Column>;
  const keys = spec.primaryKey.map((key) => columns[key] as Column);
  const values = spec.primaryKey.map((key) => sql`${row[key]}`);
  return sql`(${sql.join(keys, sql`, `)}) > (${sql.join(values, sql`, `)})`;
}

/** The primary key's columns of `table` (of either dialect), to order by. */
export function keyColumns(table: SQLiteTable | PgTable, spec: TableSpec): SQL[] {
  const columns = getTableColumns(table) as Record<string, Column>;
  return spec.primaryKey.map((key) => sql`${columns[key] as Column}`);
}
