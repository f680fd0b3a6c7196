import { type FileFormatName, fileOf, renderFormat } from "../formats/index.ts";
import { UnreadableFileError } from "../formats/spec.ts";
import { ExitCode, SyncStopError } from "./errors.ts";
import { sameBytes, updateFile } from "./file.ts";
import { entriesOf, type MergedList } from "./merge.ts";
import type { SyncEvent } from "./report.ts";
import { type SyncState, saveState, statePath } from "./state.ts";

/** Names in a message: the first ten, then how many more. */
export const shortList = (names: readonly string[]) =>
  names.length <= 10 ? names.join(", ") : `${names.slice(0, 10).join(", ")} and ${names.length - 10} more`;

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

/**
 * The two files the agent writes: the one the game server reads, and its `<out>.cursor`. Both are replaced
 * atomically; a failure to write either stops the agent (exit 1) naming the file.
 */
export function createOutput(
  out: string,
  format: FileFormatName,
  report: (event: SyncEvent) => void = () => {},
) {
  const { update, name, lists } = fileOf(format);
  /** The state write under way: the next one starts after it. */
  let persisting: Promise<void> = Promise.resolve();
  /** Players the file leaves out that were already named in a warning. */
  const leftOut = new Set<string>();

  /** Warns once about each player the format does not list (Java nicks on a Bedrock server's allowlist). */
  function warnLeftOut(list: MergedList): void {
    if (!lists) return;
    const fresh = [...list.entries()].filter(([key, { entry }]) => !lists.player(entry) && !leftOut.has(key));
    if (fresh.length === 0) return;
    for (const [key] of fresh) leftOut.add(key);
    const names = fresh.map(([, { entry, whitelist }]) => `${entry.nick} (${whitelist})`);
    report({ type: "warning", message: `left out of ${name}: ${shortList(names)}: ${lists.others}` });
  }

  return {
    /**
     * Brings the file in line with a merged list rendered in the format (the bytes of `?format=`): those bytes,
     * or for a format whose file holds more than the list (EasyWhitelist's config.yml), the same list fitted
     * into what the file holds (the format's `update`). Answers whether it wrote, and the file's bytes now.
     */
    async write(list: MergedList): Promise<{ written: boolean; bytes: Uint8Array | null }> {
      // Always the server's own renderer over the whole list: the bytes equal `?format=`, whatever the order.
      const rendered = renderFormat(format, entriesOf(list));
      warnLeftOut(list);
      try {
        return await updateFile(out, (current) =>
          update ? update(current, rendered) : sameBytes(current, rendered) ? null : rendered,
        );
      } catch (error) {
        if (error instanceof UnreadableFileError) {
          throw new SyncStopError(
            `cannot update ${out}: it is ${error.message}, and its other settings would be lost; fix it, or ` +
              "delete it to start from the file a fresh install would use",
            ExitCode.failure,
          );
        }
        throw new SyncStopError(`cannot write ${out} (${errorCode(error)})`, ExitCode.failure);
      }
    },

    /**
     * Stores the resume state as it is when this write's turn comes: writes go one after the other, so the last
     * one stored is the newest state.
     */
    persist(state: SyncState): Promise<void> {
      const write = async () => {
        try {
          await saveState(out, state);
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
