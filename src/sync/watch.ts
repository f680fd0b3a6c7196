import { watch } from "node:fs";
import { basename, dirname } from "node:path";

/** Calls `onChange` (debounced) whenever a file may have changed; returns the stop. Injected in tests. */
export type WatchFile = (path: string, onChange: () => void) => () => void;

/** Changes closer together than this make one call. */
const DEBOUNCE_MS = 100;

/**
 * Watches a file through its directory, so a file replaced by a rename (as the agent, and many servers, save
 * one) is followed as well as one written in place. Other files of the directory are ignored.
 */
export const watchFile: WatchFile = (path, onChange) => {
  const name = basename(path);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const watcher = watch(dirname(path), (_event, filename) => {
    if (filename !== null && filename !== name) return;
    clearTimeout(timer);
    timer = setTimeout(onChange, DEBOUNCE_MS);
    timer.unref();
  });
  watcher.on("error", () => {});
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
};
