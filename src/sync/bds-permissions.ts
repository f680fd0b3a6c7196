import { dirname, join } from "node:path";
import { type Static, Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { xuidOfFloodgateUuid } from "../nicks/floodgate.ts";
import type { GameConsole } from "./console.ts";
import { readIfExists, writeAtomically } from "./file.ts";
import type { MergedList } from "./merge.ts";
import type { SyncEvent } from "./report.ts";

/**
 * Ranks on a Bedrock Dedicated Server (docs/sync.md, Ranks): `--groups bds-permissions` keeps BDS's own
 * `permissions.json` beside `allowlist.json` from the groups entries carry. Its format (Mojang's
 * bedrock_server_how_to.html, Permissions; https://next.endstone.dev/docs/reference/config/permissions): a JSON
 * array of `{"permission", "xuid"}`, `permission` one of `operator`, `member`, `visitor`, `xuid` the Xbox user ID as
 * a string; a player it does not list gets server.properties' `default-player-permission-level`; `permission reload`
 * on the console reads it again.
 *
 * A player whose entry carries the group `operator`, `member` or `visitor` (the highest, if several) is listed at that
 * level; the others are not listed. Only players with a known XUID can be (BDS lists nobody by gamertag): the others
 * are reported once. Entries the agent did not write (`op` typed in game, a hand edit) are kept as they are. The file
 * is read back before each write, so a change made by hand is seen: where an entry names a player the agent would
 * list differently, or an entry the agent wrote is gone, that is reported once (`groups-by-hand`) and left as it is;
 * with `--groups-authoritative` the player is put back at their groups' level instead. What the agent wrote is
 * recorded beside the file (`permissions.json.wls`), so a restart neither writes anything twice nor takes an
 * operator's own entry for its own.
 */

/** The preset of `--groups` that keeps permissions.json. */
export const BDS_PERMISSIONS = "bds-permissions";

/** BDS's levels, lowest first: a player in several of these groups gets the highest. */
const LEVELS = ["visitor", "member", "operator"] as const;
type Level = (typeof LEVELS)[number];

/** The agent's ranks option that asks for permissions.json; `authoritative`: changes by hand are undone. */
export type BdsPermissionsOptions = { kind: typeof BDS_PERMISSIONS; authoritative: boolean };

/** permissions.json beside the allowlist an agent writes (BDS keeps both in its own directory). */
export const permissionsPathOf = (out: string) => join(dirname(out), "permissions.json");

const Written = Type.Object({
  version: Type.Literal(1),
  /** Per XUID, the levels the agent may have written (more than one only while a change is being written). */
  written: Type.Record(Type.String(), Type.Array(Type.Union(LEVELS.map((level) => Type.Literal(level))))),
  /**
   * The XUIDs the write under way adds: after a crash before the file was written, their absence is that write's,
   * not an entry someone removed by hand.
   */
  adding: Type.Optional(Type.Array(Type.String())),
});
type Written = Static<typeof Written>;

/** Where what the agent wrote into a permissions.json is recorded. */
export const bdsWrittenPath = (file: string) => `${file}.wls`;

type FileEntry = Record<string, unknown> & { permission?: unknown; xuid?: unknown };

/** The level each listed player should have, by XUID, and the names of those who cannot be listed. */
function wanted(list: MergedList): { levels: Map<string, Level>; noXuid: string[] } {
  const levels = new Map<string, Level>();
  const noXuid: string[] = [];
  for (const { entry } of list.values()) {
    if (entry.gamertag == null) continue;
    const level = LEVELS.findLast((candidate) => entry.groups?.includes(candidate));
    if (!level) continue;
    const xuid = entry.uuid ? xuidOfFloodgateUuid(entry.uuid) : null;
    if (xuid) levels.set(xuid, level);
    else noXuid.push(entry.gamertag);
  }
  return { levels, noXuid };
}

/**
 * The file's bytes: the array laid out as in the files BDS writes after `op` (three spaces, `"key" : value`), each
 * entry's keys in their order, one final newline. BDS reads any JSON array; the layout keeps a hand diff small.
 */
export function renderPermissions(entries: readonly FileEntry[]): string {
  if (entries.length === 0) return "[]\n";
  const body = entries.map((entry) => {
    const fields = Object.entries(entry).map(
      ([key, value]) => `      ${JSON.stringify(key)} : ${JSON.stringify(value)}`,
    );
    return `   {\n${fields.join(",\n")}\n   }`;
  });
  return `[\n${body.join(",\n")}\n]\n`;
}

/** The keeper of one permissions.json (see the file's comment). */
export function createBdsPermissions(deps: {
  file: string;
  console: GameConsole | null;
  report: (event: SyncEvent) => void;
  /** `--groups-authoritative`: a player changed by hand is put back at their groups' level. */
  authoritative?: boolean;
}) {
  const { file, console, report, authoritative = false } = deps;
  let written: Written = { version: 1, written: {} };
  /** Things said once: a player without an XUID, an entry of someone else's that differs. */
  const said = new Set<string>();
  let running: Promise<void> = Promise.resolve();

  const sayOnce = (key: string, message: string) => {
    if (said.has(key)) return;
    said.add(key);
    report({ type: "warning", message });
  };
  /** A player someone changed by hand: said once while left as it is, each time it is put back. */
  const byHand = (xuid: string, found: string | null, wanted: Level) => {
    const key = `hand ${xuid} ${found} ${wanted}`;
    if (!authoritative && said.has(key)) return;
    said.add(key);
    report({ type: "groups-by-hand", file, player: xuid, found, wanted, restored: authoritative });
  };
  const persist = () =>
    writeAtomically(bdsWrittenPath(file), new TextEncoder().encode(`${JSON.stringify(written)}\n`));

  async function apply(list: MergedList): Promise<void> {
    const { levels, noXuid } = wanted(list);
    for (const name of noXuid)
      sayOnce(
        `xuid ${name}`,
        `not in permissions.json: ${name} has no XUID yet (BDS lists players by XUID only)`,
      );
    const bytes = await readIfExists(file);
    let current: FileEntry[] = [];
    if (bytes !== null) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(new TextDecoder().decode(bytes));
      } catch {
        parsed = null;
      }
      if (!Array.isArray(parsed) || parsed.some((item) => typeof item !== "object" || item === null)) {
        sayOnce("unreadable", `${file} is not a JSON array of entries: left as it is`);
        return;
      }
      current = parsed as FileEntry[];
    }
    // An entry is the agent's while it says a level the agent wrote for that XUID; any other is someone else's.
    const ours = (entry: FileEntry) =>
      typeof entry.xuid === "string" &&
      (written.written[entry.xuid] ?? []).includes(entry.permission as Level) &&
      Object.keys(entry).length === 2;
    // Entries stay where they are (someone else's, and the agent's still right), so a restart changes no byte.
    let next = current.filter(
      (entry) => !ours(entry) || levels.get(entry.xuid as string) === entry.permission,
    );
    const present = new Set(current.map((entry) => String(entry.xuid)));
    const listed = new Map(next.map((entry) => [String(entry.xuid), entry]));
    const nextWritten: Written = { version: 1, written: {} };
    const adding: string[] = [];
    for (const [xuid, level] of [...levels].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const there = listed.get(xuid);
      const had = written.written[xuid] ?? [];
      if (there && ours(there)) nextWritten.written[xuid] = [level];
      else if (there) {
        if (there.permission === level) continue;
        byHand(xuid, String(there.permission), level);
        if (!authoritative) continue;
        // Put back where it was, as the agent's: other entries naming the player go, BDS would read only one.
        const mine: FileEntry = { permission: level, xuid };
        next = next.flatMap((entry) => (entry === there ? [mine] : entry.xuid === xuid ? [] : [entry]));
        nextWritten.written[xuid] = [level];
      } else if (
        !present.has(xuid) &&
        had.length === 1 &&
        had[0] === level &&
        !(written.adding ?? []).includes(xuid)
      ) {
        // The agent's entry, still called for, is gone: someone removed it.
        byHand(xuid, null, level);
        nextWritten.written[xuid] = [level];
        if (authoritative) next.push({ permission: level, xuid });
      } else {
        next.push({ permission: level, xuid });
        nextWritten.written[xuid] = [level];
        adding.push(xuid);
      }
    }
    const rendered = renderPermissions(next);
    // Nothing to list and no file yet: BDS is not handed an empty file it did not have.
    const unchanged = bytes === null ? next.length === 0 : new TextDecoder().decode(bytes) === rendered;
    if (unchanged) {
      if (JSON.stringify(written) !== JSON.stringify(nextWritten)) {
        written = nextWritten;
        await persist();
      }
      return;
    }
    // The record first holds both what was and what will be, so an entry is never the agent's on neither side of
    // a crash: a restart between the two writes still knows every entry it may have written.
    const both: Written = { version: 1, written: { ...written.written }, adding };
    for (const [xuid, levelsOf] of Object.entries(nextWritten.written))
      both.written[xuid] = [...new Set([...(both.written[xuid] ?? []), ...levelsOf])];
    written = both;
    await persist();
    await writeAtomically(file, new TextEncoder().encode(rendered));
    written = nextWritten;
    await persist();
    report({ type: "permissions-written", file, entries: next.length });
    if (console) {
      await console.send("permission reload").then(
        () => report({ type: "command", command: "permission reload", console: console.label }),
        (error: Error) => report({ type: "warning", message: `permission reload failed: ${error.message}` }),
      );
    }
  }

  return {
    /** Reads what the agent wrote before (a missing record: nothing; an unreadable one is said). */
    async load(): Promise<void> {
      const bytes = await readIfExists(bdsWrittenPath(file));
      if (bytes === null) return;
      let stored: unknown = null;
      try {
        stored = JSON.parse(new TextDecoder().decode(bytes));
      } catch {}
      if (Value.Check(Written, stored)) written = stored;
      else
        report({
          type: "warning",
          message: `${bdsWrittenPath(file)} is unreadable: every entry of permissions.json is taken as someone else's`,
        });
    },

    /** The file's players as they are now: permissions.json is brought to their groups, one write at a time. */
    follow(list: MergedList): void {
      running = running
        .then(() => apply(list))
        .catch((error: Error) =>
          report({ type: "warning", message: `${file} not written: ${error.message}` }),
        );
    },

    /** Resolves once the last list's write is done. */
    settled: (): Promise<void> => running,

    /** Waits for the write under way; the agent is stopping. */
    close: (): Promise<void> => running,
  };
}
