import { accessSync, constants, mkdirSync } from "node:fs";
import { posix, win32 } from "node:path";

/**
 * The per-user data directory of this platform, for when the working directory cannot hold `./data` (a program
 * started from `C:\Program Files`, a read-only folder): `%LOCALAPPDATA%\whitelist-sync` on Windows,
 * `~/Library/Application Support/whitelist-sync` on macOS, `$XDG_DATA_HOME/whitelist-sync` (or
 * `~/.local/share/whitelist-sync`) elsewhere.
 */
export function userDataDirectory(
  platform: NodeJS.Platform,
  env: Record<string, string | undefined>,
  home: string,
): string {
  if (platform === "win32")
    return win32.join(env.LOCALAPPDATA || win32.join(home, "AppData", "Local"), "whitelist-sync");
  if (platform === "darwin") return posix.join(home, "Library", "Application Support", "whitelist-sync");
  return posix.join(env.XDG_DATA_HOME || posix.join(home, ".local", "share"), "whitelist-sync");
}

/** Whether `directory` exists (or can be made) and can be written: where a database may live. */
export function usableDirectory(directory: string): boolean {
  try {
    mkdirSync(directory, { recursive: true });
    accessSync(directory, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where the database goes when DATABASE_PATH is not set: `./data/whitelist-sync.db` as documented when `./data`
 * is usable, else the same file name in the platform's per-user data directory (`fallback` says so).
 */
export function defaultDatabasePath(
  configured: string,
  options: {
    platform: NodeJS.Platform;
    env: Record<string, string | undefined>;
    home: string;
    usable?: (directory: string) => boolean;
  },
): { path: string; fallback: boolean } {
  const usable = options.usable ?? usableDirectory;
  const path = options.platform === "win32" ? win32 : posix;
  if (usable(path.dirname(configured))) return { path: configured, fallback: false };
  const directory = userDataDirectory(options.platform, options.env, options.home);
  return { path: path.join(directory, path.basename(configured)), fallback: true };
}
