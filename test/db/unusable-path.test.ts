import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { closeDatabase, openDatabase } from "../../src/db/client.ts";
import { ConfigError } from "../../src/shared/errors.ts";
import { spawnServe } from "../helpers/serve.ts";
import { tempDir } from "../helpers/services.ts";

// Root ignores permission bits, so the cases that must hold for every user put a regular file where a
// directory should be; the permission cases run only when the bits are enforced.
const isRoot = process.getuid?.() === 0;
const dir = tempDir("wls-unusable-");
afterAll(() => dir.cleanup());
let cases = 0;
/** A fresh folder holding a regular file `file.txt`. */
function folder(): { path: string; file: string } {
  const path = join(dir.path, `case-${++cases}`);
  mkdirSync(path);
  writeFileSync(join(path, "file.txt"), "not a directory\n");
  return { path, file: join(path, "file.txt") };
}

/** The ConfigError `openDatabase` throws for `path`. */
function refusal(path: string): ConfigError {
  try {
    closeDatabase(openDatabase({ path }).db);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`openDatabase(${path}) succeeded`);
}

describe("a DATABASE_PATH that cannot be used stops start-up with a ConfigError naming it", () => {
  test("a file where a parent directory should be", () => {
    const { file } = folder();
    expect(refusal(join(file, "data", "db.sqlite")).message).toBe(
      `DATABASE_PATH: cannot create the directory ${file}/data (a part of the path is a file, not a directory)`,
    );
  });

  test("a file where the directory itself should be", () => {
    const { file } = folder();
    expect(refusal(join(file, "db.sqlite")).message).toBe(
      `DATABASE_PATH: cannot create the directory ${file} (a file of that name is in the way)`,
    );
  });

  test("a directory where the database file should be", () => {
    const { path } = folder();
    expect(refusal(path).message).toBe(`DATABASE_PATH: cannot open ${path} (it is a directory)`);
  });

  test.skipIf(isRoot)("a read-only directory, found before SQLite opens anything read-only", () => {
    const { path } = folder();
    chmodSync(path, 0o555);
    try {
      expect(refusal(join(path, "db.sqlite")).message).toBe(
        `DATABASE_PATH: the directory ${path} is not writable (permission denied)`,
      );
    } finally {
      chmodSync(path, 0o755);
    }
  });

  test.skipIf(isRoot)("a write-protected database file", () => {
    const { path } = folder();
    const file = join(path, "db.sqlite");
    closeDatabase(openDatabase({ path: file }).db);
    chmodSync(file, 0o444);
    expect(refusal(file).message).toBe(`DATABASE_PATH: cannot write ${file} (permission denied)`);
  });
});

describe("the CLI with an unusable DATABASE_PATH", () => {
  test("serve prints a configuration error naming DATABASE_PATH and the path, and exits 78", async () => {
    const { path, file } = folder();
    // Without LOG_FORMAT: the text an operator reads at a terminal.
    const serve = spawnServe({
      dir: path,
      env: { LOG_FORMAT: undefined, DATABASE_PATH: join(file, "data", "whitelist-sync.db") },
    });
    const { exitCode, stderr } = await serve.exit();
    expect({ exitCode, stderr }).toEqual({
      exitCode: 78,
      stderr: `Configuration error: DATABASE_PATH: cannot create the directory ${file}/data (a part of the path is a file, not a directory)\n`,
    });
  });
});
