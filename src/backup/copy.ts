import { type Row, TABLES, type TableSpec } from "./tables.ts";

/** A store read as one consistent state: what a copy reads (src/backup/sqlite.ts, postgres.ts). */
export type Source = {
  /** The rows of `table`, in primary-key order, `limit` at most, after `after` (from the start without). */
  page(table: TableSpec, after: Row | undefined, limit: number): Promise<Row[]>;
  count(table: TableSpec): Promise<number>;
  /**
   * The last id each table's auto-increment gave, by table name (SQLite's `sqlite_sequence`, PostgreSQL's
   * identity sequences): the ids of rows deleted since (pruned events) are never given again.
   */
  positions(): Promise<Map<string, number>>;
};

/** A store written in one transaction: where a copy writes. Nothing of it stays when the copy throws. */
export type Target = {
  insert(table: TableSpec, rows: Row[]): Promise<void>;
  count(table: TableSpec): Promise<number>;
  /** Moves each table's auto-increment on to at least its `positions` entry, and past the highest id it holds. */
  advance(positions: Map<string, number>): Promise<void>;
};

/** What a copy moved: the rows of each table, and where each auto-increment goes on from. */
export type CopyReport = { tables: { name: string; rows: number }[]; positions: Map<string, number> };

/** Rows read at once, and values in one insert (both engines take many more; memory stays flat). */
const PAGE = 1_000;
const VALUES_PER_INSERT = 10_000;

/**
 * Copies every table of the schema (TABLES: parents first) from `source` into `target`, which must be empty:
 * each row as it is, its ids included, so event ids keep their values and order and a plugin's cursor stays
 * good; then each auto-increment goes on from where the source's had got, so new ids continue above. The counts
 * of every table are checked against the source's before the caller commits: a difference throws, and the
 * target's transaction leaves nothing behind.
 */
export async function copyTables(source: Source, target: Target, where: string): Promise<CopyReport> {
  const filled: string[] = [];
  for (const table of TABLES) {
    const rows = await target.count(table);
    if (rows > 0) filled.push(`${table.name}: ${rows}`);
  }
  if (filled.length > 0) {
    throw new StoreCommandError(
      `${where} is not empty (${filled.join(", ")}): copy into a new, empty database; nothing was changed`,
    );
  }
  const tables: CopyReport["tables"] = [];
  for (const table of TABLES) {
    const perInsert = Math.max(1, Math.floor(VALUES_PER_INSERT / table.columns));
    let after: Row | undefined;
    let copied = 0;
    for (;;) {
      const page = await source.page(table, after, PAGE);
      for (let i = 0; i < page.length; i += perInsert)
        await target.insert(table, page.slice(i, i + perInsert));
      copied += page.length;
      after = page.at(-1);
      if (page.length < PAGE) break;
    }
    const [expected, written] = [await source.count(table), await target.count(table)];
    if (copied !== expected || written !== expected) {
      throw new StoreCommandError(
        `the rows of ${table.name} do not add up (${expected} in the source, ${copied} read, ${written} written): nothing was changed`,
      );
    }
    tables.push({ name: table.name, rows: written });
  }
  const positions = await source.positions();
  await target.advance(positions);
  return { tables, positions };
}

/** A store command that cannot go on, for a reason its message says (exit code 1). */
export class StoreCommandError extends Error {
  override readonly name = "StoreCommandError";
}
