import { type FileFormatName, fileOf, renderFormat } from "../formats/index.ts";
import { type Player, UnreadableFileError } from "../formats/spec.ts";
import { createBackoff, type Sleep } from "./backoff.ts";
import { driftKey, findDrift } from "./drift.ts";
import { ExitCode, SyncStopError } from "./errors.ts";
import { FileBusyError, readIfExists, readSettled, sameBytes, writeAtomically } from "./file.ts";
import { entriesOf, type MergedList } from "./merge.ts";
import type { SyncEvent } from "./report.ts";
import { type SyncState, saveState, sha256, statePath, type WrittenRecord } from "./state.ts";

/** Names in a message: the first ten, then how many more. */
export const shortList = (names: readonly string[]) =>
  names.length <= 10 ? names.join(", ") : `${names.slice(0, 10).join(", ")} and ${names.length - 10} more`;

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

/**
 * The wait before a busy file is read again: its own backoff, from half a second up to 5 s, started over for each
 * write. A plugin's save takes a fraction of a second (EasyWhitelist's, measured: 400 ms), so a wait borrowed from
 * the reconnect backoff, which nothing resets while the socket stays up, grew with every save caught (up to 60 s).
 */
const FILE_WAIT = { baseMs: 500, maxMs: 5000 };

/** What the file keeper takes. */
export type OutputOptions = {
  out: string;
  format: FileFormatName;
  report: (event: SyncEvent) => void;
  /** Keep the players someone else added (`--keep-foreign`) instead of dropping them. */
  keepForeign: boolean;
  /** What the agent last wrote into the file (from `<out>.cursor`), or null. */
  written: WrittenRecord | null;
  /** Waits for a file being saved to settle (tests: to finish the save in between); real time by default. */
  settle?: (ms: number) => Promise<void>;
  /** Waits before trying a busy file again (`FILE_WAIT`), a bounded number of tries; `random` is its jitter's. */
  retry: { sleep: Sleep; signal: AbortSignal; tries: number; random?: () => number };
};

/**
 * The two files the agent writes: the one the game server reads, and its `<out>.cursor`. Both are replaced
 * atomically; a failure to write either stops the agent (exit 1) naming the file.
 *
 * Never over what could not be read whole: while the file holds exactly what the agent last wrote, it is
 * rewritten at once; when someone else wrote it (the game server, a plugin saving its config, a person), it is
 * read until two reads a moment apart agree, and an existing file that reads empty where settings belong
 * (EasyWhitelist's config.yml, caught mid-save) is left alone and tried again later. Whatever someone else
 * added or removed is said (drift), and with `keepForeign` what they added stays.
 */
export function createOutput({ out, format, report, keepForeign, written, settle, retry }: OutputOptions) {
  const file = fileOf(format);
  const wait = settle ?? ((ms: number) => Bun.sleep(ms));
  let record = written;
  /** Players someone else added that are kept; null until the file was read since the agent started. */
  let kept: Player[] | null = null;
  /** Foreign players already named in a drift report. */
  const announced = new Set<string>();
  /** Players the file leaves out that were already named in a warning. */
  const leftOut = new Set<string>();
  /** The file write under way (a watcher's recheck and a batch of events never write at once). */
  let writing: Promise<unknown> = Promise.resolve();
  /** The state write under way: the next one starts after it. */
  let persisting: Promise<void> = Promise.resolve();

  /** Warns once about each player the format does not list (Java nicks on a Bedrock server's allowlist). */
  function warnLeftOut(list: MergedList): void {
    const { lists } = file;
    if (!lists) return;
    const fresh = [...list.entries()].filter(([key, { entry }]) => !lists.player(entry) && !leftOut.has(key));
    if (fresh.length === 0) return;
    for (const [key] of fresh) leftOut.add(key);
    const names = fresh.map(([, { entry, whitelist }]) => `${entry.nick} (${whitelist})`);
    report({ type: "warning", message: `left out of ${file.name}: ${shortList(names)}: ${lists.others}` });
  }

  /** One attempt: reads what the file holds now, says what someone else changed, writes the list if it differs. */
  async function writeOnce(list: MergedList): Promise<{ written: boolean; bytes: Uint8Array | null }> {
    const ours = entriesOf(list);
    let current = await readIfExists(out);
    const untouched =
      current !== null && kept !== null && record !== null && sha256(current) === record.sha256;
    if (current !== null && !untouched) {
      current = await readSettled(out, current, wait);
      if (current !== null && file.update && new TextDecoder().decode(current).trim() === "") {
        throw new FileBusyError(
          `${out} is empty: the game server may be saving it, and its other settings are not there to keep, so it ` +
            "is not written over (if it really is empty, delete it: the agent then writes a fresh install's file)",
        );
      }
      const listed = current === null ? null : file.players(current);
      if (listed !== null) {
        const drift = findDrift(format, listed, record?.keys ?? null, ours);
        const fresh = drift.foreign.filter((player) => !announced.has(driftKey(format, player)));
        for (const player of fresh) announced.add(driftKey(format, player));
        if (fresh.length > 0 || drift.removed.length > 0) {
          report({
            type: "drift",
            file: out,
            foreign: fresh.map((player) => player.nick),
            removed: drift.removed,
            kept: keepForeign,
          });
        }
        kept = keepForeign ? drift.foreign : [];
      } else {
        kept = [];
      }
    }
    // A player someone else added that a whitelist holds now is the whitelist's: it goes when the whitelist drops it.
    const oursKeys = new Set(ours.map((player) => driftKey(format, player)));
    kept = (kept ?? []).filter((player) => !oursKeys.has(driftKey(format, player)));
    const players = keepForeign ? [...ours, ...kept] : ours;
    const rendered = renderFormat(format, players);
    const next = file.update
      ? file.update(current, rendered)
      : current !== null && sameBytes(current, rendered)
        ? null
        : rendered;
    if (next !== null) await writeAtomically(out, next);
    const bytes = next ?? current;
    const listedOurs = ours.filter((player) => !file.lists || file.lists.player(player));
    record =
      bytes === null ? null : { sha256: sha256(bytes), keys: listedOurs.map((p) => driftKey(format, p)) };
    return { written: next !== null, bytes };
  }

  async function writeRetrying(list: MergedList): Promise<{ written: boolean; bytes: Uint8Array | null }> {
    warnLeftOut(list);
    const fileWait = createBackoff({ ...FILE_WAIT, random: retry.random });
    for (let attempt = 1; ; attempt++) {
      try {
        return await writeOnce(list);
      } catch (error) {
        if (error instanceof FileBusyError && attempt < retry.tries && !retry.signal.aborted) {
          const ms = fileWait.next();
          report({
            type: "warning",
            message: `${error.message}; trying again in ${(ms / 1000).toFixed(1)} s`,
          });
          await retry.sleep(ms, retry.signal);
          continue;
        }
        if (error instanceof FileBusyError) throw new SyncStopError(error.message, ExitCode.failure);
        if (error instanceof UnreadableFileError) {
          throw new SyncStopError(
            `cannot update ${out}: it is ${error.message}, and its other settings would be lost; fix it, or ` +
              "delete it to start from the file a fresh install would use",
            ExitCode.failure,
          );
        }
        if (error instanceof SyncStopError) throw error;
        throw new SyncStopError(`cannot write ${out} (${errorCode(error)})`, ExitCode.failure);
      }
    }
  }

  return {
    /**
     * Brings the file in line with a merged list rendered in the format (the bytes of `?format=`): those bytes,
     * or for a format whose file holds more than the list (EasyWhitelist's config.yml), the same list fitted
     * into what the file holds (the format's `update`), plus with `keepForeign` the players someone else added.
     * Answers whether it wrote, and the file's bytes now.
     */
    write(list: MergedList): Promise<{ written: boolean; bytes: Uint8Array | null }> {
      const next = writing.then(() => writeRetrying(list));
      writing = next.catch(() => {});
      return next;
    },

    /** Whether the file holds something else than what the agent last wrote (someone else changed it). */
    async changedElsewhere(): Promise<boolean> {
      await writing;
      const current = await readIfExists(out);
      return current === null ? record !== null : record === null || sha256(current) !== record.sha256;
    },

    /** What the agent last wrote into the file, for `<out>.cursor`. */
    record: (): WrittenRecord | null => record,

    /** What a previous run wrote into the file (from `<out>.cursor`), before this one writes. */
    remember(previous: WrittenRecord | null): void {
      record ??= previous;
    },

    /**
     * Stores the resume state as it is when this write's turn comes: writes go one after the other, so the last
     * one stored is the newest state.
     */
    persist(state: SyncState): Promise<void> {
      const write = async () => {
        try {
          await saveState(out, { ...state, written: record });
        } catch (error) {
          throw new SyncStopError(`cannot write ${statePath(out)} (${errorCode(error)})`, ExitCode.failure);
        }
      };
      const next = persisting.then(write, write);
      persisting = next.catch(() => {});
      return next;
    },
  };
}
