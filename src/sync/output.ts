import { type ExportFormat, renderExport } from "../entries/export.ts";
import { EasyWhitelistConfigError } from "./easywhitelist.ts";
import { ExitCode, SyncStopError } from "./errors.ts";
import { updateFile } from "./file.ts";
import { fileContent } from "./formats.ts";
import { entriesOf, type MergedList } from "./merge.ts";
import { type SyncState, saveState, statePath } from "./state.ts";

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

/**
 * The two files the agent writes: the one the game server reads, and its `<out>.cursor`. Both are replaced
 * atomically; a failure to write either stops the agent (exit 1) naming the file.
 */
export function createOutput(out: string, format: ExportFormat) {
  return {
    /**
     * Brings the file in line with the export of a merged list (the bytes of `?format=`): the export itself,
     * or for an existing EasyWhitelist config.yml, the same list merged into its other settings. Answers
     * whether it wrote, and the file's bytes now.
     */
    async write(list: MergedList): Promise<{ written: boolean; bytes: Uint8Array | null }> {
      // Always the server's own renderer over the whole list: the bytes equal `?format=`, whatever the order.
      const exported = renderExport(format, entriesOf(list)).body;
      try {
        return await updateFile(out, (current) => fileContent(format, exported, current));
      } catch (error) {
        if (error instanceof EasyWhitelistConfigError) {
          throw new SyncStopError(
            `cannot update ${out}: it is ${error.message}, and its other settings would be lost; fix it, or ` +
              "delete it to start from the file a fresh install would use",
            ExitCode.failure,
          );
        }
        throw new SyncStopError(`cannot write ${out} (${errorCode(error)})`, ExitCode.failure);
      }
    },

    /** Stores the resume state. */
    async persist(state: SyncState): Promise<void> {
      try {
        await saveState(out, state);
      } catch (error) {
        throw new SyncStopError(`cannot write ${statePath(out)} (${errorCode(error)})`, ExitCode.failure);
      }
    },
  };
}
