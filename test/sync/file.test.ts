import { afterEach, describe, expect, test } from "bun:test";
import {
  chmodSync,
  lstatSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { writeAtomically } from "../../src/sync/file.ts";
import { freshState, loadState, saveState, statePath } from "../../src/sync/state.ts";
import { tempDir } from "../helpers/services.ts";

let dir: ReturnType<typeof tempDir>;
afterEach(() => dir.cleanup());

const bytes = (text: string) => new TextEncoder().encode(text);

describe("atomic file writes", () => {
  test("creates the file, then replaces it keeping its mode; no temp file stays behind", async () => {
    dir = tempDir("wls-file-");
    const path = join(dir.path, "whitelist.txt");
    await writeAtomically(path, bytes("a\n"));
    chmodSync(path, 0o604);
    await writeAtomically(path, bytes("a\nb\n"));
    expect(readFileSync(path, "utf8")).toBe("a\nb\n");
    expect(statSync(path).mode & 0o777).toBe(0o604);
    expect(readdirSync(dir.path)).toEqual(["whitelist.txt"]);
  });

  test("a symlinked file: the target is replaced and the link stays a link", async () => {
    dir = tempDir("wls-file-");
    const target = join(dir.path, "real.json");
    const link = join(dir.path, "whitelist.json");
    writeFileSync(target, "[]\n");
    symlinkSync(target, link);
    await writeAtomically(link, bytes("[1]\n"));
    expect([lstatSync(link).isSymbolicLink(), readFileSync(target, "utf8")]).toEqual([true, "[1]\n"]);
  });

  test("a write into a missing directory fails without leaving anything", async () => {
    dir = tempDir("wls-file-");
    await expect(writeAtomically(join(dir.path, "nope", "f"), bytes("x"))).rejects.toThrow();
    expect(readdirSync(dir.path)).toEqual([]);
  });
});

describe("resume state", () => {
  const identity = { api: "http://h/api/v1", whitelistIds: ["abc", "def"], format: "vanilla" as const };

  test("round-trips, and belongs to one service, list of whitelists (in order) and format", async () => {
    dir = tempDir("wls-state-");
    const out = join(dir.path, "whitelist.json");
    const etags = { abc: '"json-x"', def: '"json-y"' };
    const state = { ...freshState(identity), after: "42", etags, sha256: "00" };
    await saveState(out, state);
    expect(await loadState(out, identity)).toEqual(state);
    for (const whitelistIds of [["abc"], ["def", "abc"], ["abc", "def", "ghi"]]) {
      expect(await loadState(out, { ...identity, whitelistIds })).toEqual(
        freshState({ ...identity, whitelistIds }),
      );
    }
    expect((await loadState(out, { ...identity, format: "plain" })).after).toBeNull();
  });

  test("the state of a one-whitelist version keeps its cursor, not its ETag (of the export file)", async () => {
    dir = tempDir("wls-state-");
    const out = join(dir.path, "whitelist.json");
    const v1 = { version: 1, api: identity.api, whitelistId: "abc", format: "vanilla" };
    writeFileSync(statePath(out), JSON.stringify({ ...v1, after: "42", etag: '"vanilla-x"', sha256: "00" }));
    const one = { ...identity, whitelistIds: ["abc"] };
    expect(await loadState(out, one)).toEqual({ ...freshState(one), after: "42" });
    expect(await loadState(out, identity)).toEqual(freshState(identity));
  });

  test("a missing or damaged state file means a fresh start", async () => {
    dir = tempDir("wls-state-");
    const out = join(dir.path, "whitelist.json");
    expect(await loadState(out, identity)).toEqual(freshState(identity));
    writeFileSync(statePath(out), "{not json");
    expect(await loadState(out, identity)).toEqual(freshState(identity));
    writeFileSync(statePath(out), JSON.stringify({ ...freshState(identity), after: "-1" }));
    expect(await loadState(out, identity)).toEqual(freshState(identity));
  });
});
