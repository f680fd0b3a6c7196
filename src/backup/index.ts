import type { Database } from "bun:sqlite";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { SQL } from "bun";
import { type Config, flagsToEnv, loadConfig } from "../config.ts";
import { userDataDirectory } from "../shared/data-dir.ts";
import { readFlags } from "../shared/flags.ts";
import { redactUrl } from "../shared/redact.ts";
import { type CopyReport, type Source, StoreCommandError } from "./copy.ts";
import {
  openPostgresFor,
  postgresContents,
  readPostgres,
  refuseOtherVersion,
  refuseWhileServed,
  writePostgres,
} from "./postgres.ts";
import {
  backupSqlite,
  type Contents,
  current,
  openAlone,
  readSqlite,
  replaceFile,
  sqliteContents,
  writeSqlite,
} from "./sqlite.ts";
import { TABLES } from "./tables.ts";

/** The store commands (src/main.ts lists them too, so that other commands never load this module). */
export type StoreCommand = "copy" | "backup" | "restore";

/** What a store command reads and writes; the defaults are the process's own. */
export type StoreCommandIo = {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
};

/** Exit codes: done; refused or failed (the message says why, nothing changed); the command line is wrong. */
const EXIT = { ok: 0, refused: 1, usage: 2 } as const;

/**
 * `whitelist-sync copy|backup|restore` (docs/operations.md, Moving to PostgreSQL; Backups): parses the command
 * line, runs the command and answers its exit code. A configuration error (a bad DATABASE_URL) is thrown as the
 * ConfigError it is, for start-up's exit 78.
 */
export async function runStoreCommand(
  command: StoreCommand,
  argv: readonly string[],
  io: Partial<StoreCommandIo> = {},
): Promise<number> {
  const out = io.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const err = io.err ?? ((line: string) => process.stderr.write(`${line}\n`));
  const env = io.env ?? process.env;
  let options: ReturnType<typeof parseArguments>;
  try {
    options = parseArguments(command, argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err(`whitelist-sync ${command}: ${error.message}`);
    return EXIT.usage;
  }
  const config = loadConfig({ ...env, ...flagsToEnv(options.settings) });
  const store = config.DATABASE_URL ?? databasePath(config, env, options.settings);
  try {
    if (command === "copy") await copy(options.from ?? store, options.to ?? store, out);
    else if (command === "backup") await backup(store, options.file as string, out);
    else if (!(await restore(options.file as string, store, options.yes, out))) return EXIT.refused;
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof StoreCommandError)) throw error;
    err(`whitelist-sync ${command}: ${error.message}`);
    return EXIT.refused;
  }
}

/** A command line that cannot be run as written. */
class UsageError extends Error {}

/** The command's own options and file, and the settings flags (`--database-url …`) left for the configuration. */
function parseArguments(command: StoreCommand, argv: readonly string[]) {
  const own = command === "copy" ? ["from", "to"] : command === "restore" ? ["yes"] : [];
  const files = argv.filter((argument) => !argument.startsWith("--"));
  const flagArgs = argv.filter((argument, i) => argument.startsWith("--") || argv[i - 1]?.startsWith("--"));
  const positional = files.filter((file) => !flagArgs.includes(file));
  const flags = readFlags(
    flagArgs,
    (flag) => flag === "yes",
    (problem) =>
      new UsageError(
        problem.kind === "missing-value"
          ? `--${problem.flag} needs a value`
          : `unexpected ${problem.argument}`,
      ),
  );
  const value = (name: string) => flags.find((flag) => flag.flag === name)?.value ?? undefined;
  const settings = flags
    .filter((flag) => !own.includes(flag.flag))
    .flatMap((flag) => [`--${flag.flag}`, flag.value ?? ""]);
  const parsed = {
    from: value("from"),
    to: value("to"),
    yes: flags.some((f) => f.flag === "yes"),
    file: positional[0],
    settings,
  };
  if (command === "copy") {
    if (positional.length > 0) throw new UsageError(`unexpected ${positional[0]}; give --from and --to`);
    if (parsed.from === undefined && parsed.to === undefined) {
      throw new UsageError("give --from, --to or both (a side left out is the configured store)");
    }
  } else if (positional.length !== 1) {
    throw new UsageError(`give one file: whitelist-sync ${command} <file>`);
  }
  return parsed;
}

/** The SQLite file the service would use: DATABASE_PATH, or (unset) `./data/…` or the user data directory's. */
function databasePath(config: Config, env: StoreCommandIo["env"], settings: string[]): string {
  if (env.DATABASE_PATH || settings.includes("--database-path")) return resolve(config.DATABASE_PATH);
  const fallback = join(userDataDirectory(process.platform, env, homedir()), "whitelist-sync.db");
  return resolve([config.DATABASE_PATH, fallback].find((path) => existsSync(path)) ?? config.DATABASE_PATH);
}

const isPostgres = (store: string) => /^postgres(ql)?:\/\//i.test(store);
const shown = (store: string) => (isPostgres(store) ? redactUrl(store) : resolve(store));

/** A store read as one state; `close` gives back what opening it took. */
type Opened = { read: <T>(work: (source: Source) => Promise<T>) => Promise<T>; close(): Promise<void> };

/** `copy --from … --to …`: a stopped store into an empty one, of either kind, checked table by table. */
async function copy(from: string, to: string, out: StoreCommandIo["out"]): Promise<void> {
  if (shown(from) === shown(to)) throw new StoreCommandError("--from and --to are the same database");
  const source = await openStopped(from, "copying it");
  try {
    const report = await copyInto(to, source.read);
    out(`Copied ${shown(from)} into ${shown(to)}:`);
    printReport(report, out);
  } finally {
    await source.close();
  }
}

/** Opens `store` to be read by a copy: no service may be running on it, and it must be at this version. */
async function openStopped(store: string, doing: string): Promise<Opened> {
  if (isPostgres(store)) {
    const client = await openPostgresFor(store, "copy");
    try {
      await refuseWhileServed(client, store, doing);
      await refuseOtherVersion(client, store);
    } catch (error) {
      await client.close();
      throw error;
    }
    return { read: (work) => readPostgres(client, work), close: () => client.close() };
  }
  if (!existsSync(store)) throw new StoreCommandError(`there is no database at ${resolve(store)}`);
  return openSqliteSource(openAlone(store, doing), store);
}

/** A SQLite database to read, from a migrated copy when it is older than this version. */
function openSqliteSource(db: Database, path: string): Opened {
  let made: ReturnType<typeof current>;
  try {
    made = current(db, path, false);
  } catch (error) {
    db.close();
    throw error;
  }
  return {
    read: (work) => readSqlite(made.db, work),
    async close() {
      if (made.db !== db) made.db.close();
      if (made.temporary) rmSync(made.temporary, { force: true });
      db.close();
    },
  };
}

/** Writes what `read` reads into the empty store `to` (created when it is a SQLite file not there yet). */
async function copyInto(to: string, read: Opened["read"]): Promise<CopyReport> {
  if (isPostgres(to)) {
    const client: SQL = await openPostgresFor(to, "copy");
    try {
      await refuseWhileServed(client, to, "copying into it");
      return await writePostgres(client, redactUrl(to), read);
    } finally {
      await client.close();
    }
  }
  const created = !existsSync(to);
  const db = openAlone(to, "copying into it");
  try {
    current(db, to, true);
    const report = await writeSqlite(db, resolve(to), read);
    db.close();
    return report;
  } catch (error) {
    db.close();
    if (created) for (const suffix of ["", "-wal", "-shm"]) rmSync(`${to}${suffix}`, { force: true });
    throw error;
  }
}

/** `backup <file>`: a consistent copy of the running store into a new SQLite file. */
async function backup(store: string, file: string, out: StoreCommandIo["out"]): Promise<void> {
  if (existsSync(file)) throw new StoreCommandError(`${resolve(file)} exists: back up into a new file`);
  mkdirSync(dirname(resolve(file)), { recursive: true });
  if (isPostgres(store)) {
    // One repeatable-read snapshot of PostgreSQL, written as a SQLite file at this version's schema.
    const client = await openPostgresFor(store, "backup");
    try {
      await refuseOtherVersion(client, store);
      await copyInto(file, (work) => readPostgres(client, work));
    } finally {
      await client.close();
    }
  } else {
    backupSqlite(store, file);
  }
  const db = openAlone(file, "reading the backup");
  try {
    out(`Backed up ${shown(store)} into ${resolve(file)}:`);
    printContents(sqliteContents(db), out);
    out(`Restore it with: whitelist-sync restore ${file}`);
  } finally {
    db.close();
  }
}

/**
 * `restore <file> [--yes]`: says what the backup would replace in the configured store, and with `--yes` replaces
 * it (the store's tables emptied and filled from the backup in one transaction on PostgreSQL; on SQLite the file
 * swapped for a copy of the backup, the old one kept beside it). Resolves false when it only said so.
 */
async function restore(
  file: string,
  store: string,
  yes: boolean,
  out: StoreCommandIo["out"],
): Promise<boolean> {
  if (!existsSync(file)) throw new StoreCommandError(`there is no backup at ${resolve(file)}`);
  const backupFile = openSqliteSource(openAlone(file, "restoring from it"), file);
  try {
    const incoming = await backupFile.read(contentsOf);
    if (isPostgres(store)) {
      const client = await openPostgresFor(store, "restore");
      try {
        await refuseWhileServed(client, store, "restoring into it");
        if (!tell(file, store, await postgresContents(client), incoming, yes, out)) return false;
        const report = await writePostgres(client, redactUrl(store), backupFile.read, { replace: true });
        out(`Restored ${resolve(file)} into ${shown(store)}:`);
        printReport(report, out);
        return true;
      } finally {
        await client.close();
      }
    }
    let replaced: Contents | undefined;
    if (existsSync(store)) {
      const existing = openAlone(store, "restoring over it");
      replaced = sqliteContents(existing);
      existing.close();
    }
    if (!tell(file, store, replaced, incoming, yes, out)) return false;
    mkdirSync(dirname(resolve(store)), { recursive: true });
    const staged = `${store}.restoring`;
    rmSync(staged, { force: true });
    const report = await copyInto(staged, backupFile.read);
    const kept = replaceFile(store, staged, new Date());
    out(`Restored ${resolve(file)} into ${resolve(store)}:`);
    printReport(report, out);
    if (kept) out(`The database it replaced is kept as ${kept}.`);
    return true;
  } finally {
    await backupFile.close();
  }
}

/** Says what a restore replaces with what; without `yes`, that nothing was changed. Returns `yes`. */
function tell(
  file: string,
  store: string,
  replaced: Contents | undefined,
  incoming: Contents,
  yes: boolean,
  out: StoreCommandIo["out"],
): boolean {
  out(`Restoring ${resolve(file)} into ${shown(store)} replaces everything the database holds:`);
  out(`  ${"table".padEnd(NAME_WIDTH)} ${"now".padStart(10)} ${"backup".padStart(10)}`);
  for (const [i, table] of incoming.tables.entries()) {
    const now = replaced?.tables[i]?.rows ?? 0;
    out(`  ${table.name.padEnd(NAME_WIDTH)} ${count(now)} ${count(table.rows)}`);
  }
  out(
    `  ${"last event id".padEnd(NAME_WIDTH)} ${count(replaced?.lastEvent ?? 0)} ${count(incoming.lastEvent)}`,
  );
  if (!replaced) out("(There is no database there yet.)");
  if (!yes) {
    out("Nothing was changed: run it again with --yes to replace it.");
    return false;
  }
  return true;
}

/** What a copy's source holds. */
async function contentsOf(source: Source): Promise<Contents> {
  const tables = [];
  for (const table of TABLES) tables.push({ name: table.name, rows: await source.count(table) });
  return { tables, lastEvent: (await source.positions()).get("events") ?? 0 };
}

const NAME_WIDTH = Math.max(13, ...TABLES.map((table) => table.name.length));
const count = (rows: number) => rows.toLocaleString("en-US").padStart(10);

/** A copy's rows per table, and where event ids go on from. */
function printReport(report: CopyReport, out: StoreCommandIo["out"]): void {
  const last = report.positions.get("events") ?? 0;
  printContents({ tables: report.tables, lastEvent: last }, out);
  const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
  out(
    `${count(rows).trim()} rows in ${report.tables.length} tables, each table's count checked against the source.`,
  );
  out(`Event ids are kept: plugins resume where they were, and new events are numbered from ${last + 1}.`);
}

/** Rows per table and the last event id, one line each. */
function printContents(contents: Contents, out: StoreCommandIo["out"]): void {
  for (const table of contents.tables) out(`  ${table.name.padEnd(NAME_WIDTH)} ${count(table.rows)}`);
  out(`  ${"last event id".padEnd(NAME_WIDTH)} ${count(contents.lastEvent)}`);
}
