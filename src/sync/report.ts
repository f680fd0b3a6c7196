import type { FileFormatName } from "../formats/index.ts";
import { createLogger, type LogFields } from "../shared/logger.ts";
import { changeLine } from "../shared/script-lines.ts";

/** Everything the agent has to say, as data: printed for humans or as JSON lines, and awaited by tests. */
export type SyncEvent =
  | {
      type: "started";
      /** The whitelists the file is made of, in the order given. */
      whitelists: readonly { id: string; name: string }[];
      /** The file's players: the union of the whitelists' entries. */
      entries: number;
      /** The file, or in management mode the server's allowlist (`the allowlist of ws://…`). */
      file: string;
      /** The file's format; null in management mode (no file). */
      format: FileFormatName | null;
      /** False when the file already held these bytes (nothing was rewritten). */
      written: boolean;
      once: boolean;
    }
  | { type: "added" | "removed"; nick: string; whitelist: string }
  /** The file reflects every event up to `after` (after each fetch and each batch of events). */
  | { type: "synced"; after: string | null; entries: number; written: boolean }
  | { type: "connected"; after: string | null }
  | { type: "disconnected"; code: number; reason: string; retryInMs: number }
  | { type: "resync"; reason: string }
  | { type: "retrying"; error: string; retryInMs: number }
  /** A console command ran (`console`: `RCON 127.0.0.1:25575`, the named pipe, the program). */
  | { type: "command"; command: string; console: string }
  /** `error` is one line naming the console; tried again in `retryInMs`, or at once with the next change. */
  | { type: "command-failed"; console: string; error: string; retryInMs: number }
  /** The console took commands again after failures: what waited ran. */
  | { type: "console-back"; console: string; attempts: number }
  /**
   * Someone else changed the file (the game server, a plugin, a person): `foreign` players the agent did not
   * write, `removed` ones it wrote that are gone (put back); `kept`: the foreign ones stay (`--keep-foreign`).
   */
  | { type: "drift"; file: string; foreign: string[]; removed: string[]; kept: boolean }
  /**
   * First-join proof: a player whose entry awaits proof was disconnected with a code for Discord (never reported),
   * working until `codeExpiresAt`; `again`: the code they were shown before.
   */
  | { type: "proof-asked"; nick: string; whitelist: string; codeExpiresAt: string; again: boolean }
  /**
   * First-join proof read the player list (while entries await proof): players online, how many of them await
   * proof, and how many of those were disconnected with their code.
   */
  | { type: "players-checked"; online: number; awaitingProof: number; asked: number }
  /** `--ban-sync`: a player banned on the game server was removed from a whitelist, with the ban's reason. */
  | { type: "banned"; nick: string; whitelist: string; reason: string }
  | { type: "warning"; message: string }
  /** `--groups bds-permissions`: BDS's permissions.json was rewritten from the groups (`entries` it lists in all). */
  | { type: "permissions-written"; file: string; entries: number }
  /**
   * `--groups bds-permissions`: someone changed a player's entry in `file` by hand: it lists them as `found` (null: the
   * agent's entry was removed) where their groups say `wanted`. `restored`: put back (`--groups-authoritative`); else
   * left as it is, and said once.
   */
  | {
      type: "groups-by-hand";
      file: string;
      player: string;
      found: string | null;
      wanted: string;
      restored: boolean;
    }
  /** Management mode: what the connection to the game server's management API is doing (src/sync/management/). */
  | { type: "management"; message: string }
  | { type: "stopped" };

/** What someone else did to the file, in one line. */
export function driftLine(event: Extract<SyncEvent, { type: "drift" }>): string {
  const parts: string[] = [];
  if (event.foreign.length > 0) {
    parts.push(
      `${event.foreign.length} ${event.foreign.length === 1 ? "entry" : "entries"} the agent did not write ` +
        `(${shortNames(event.foreign)}): ${event.kept ? "kept (--keep-foreign)" : "dropped; --keep-foreign keeps such entries"}`,
    );
  }
  if (event.removed.length > 0) {
    parts.push(`${shortNames(event.removed)} removed there but still on the whitelist: put back`);
  }
  return `${event.file} was changed by someone else (an in-game command or a hand edit): ${parts.join("; ")}`;
}

const shortNames = (names: readonly string[]) =>
  names.length <= 10 ? names.join(", ") : `${names.slice(0, 10).join(", ")} and ${names.length - 10} more`;

/** Where printed lines go. */
export type Output = { out: (line: string) => void; err: (line: string) => void };

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/**
 * Human output: a status line on start, one line per change (`+ Notch (survival)`, `- Notch`), and problems on
 * stderr. Routine events stay quiet: each write, and each console command unless `verbose`.
 */
export function humanReporter({ out, err }: Output, verbose = false): (event: SyncEvent) => void {
  let interrupted = false;
  return (event) => {
    switch (event.type) {
      case "started": {
        const count = `${event.entries} ${event.entries === 1 ? "entry" : "entries"}`;
        const named = event.whitelists.map((w) => `"${w.name}" (${w.id})`);
        const whitelists =
          named.length === 1
            ? `whitelist ${named[0]}`
            : `whitelists ${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
        const what = `${whitelists}: ${count}`;
        const where = event.format === null ? event.file : `${event.file} (${event.format})`;
        if (event.once) out(`${event.written ? "Wrote" : "Unchanged:"} ${what} → ${where}`);
        else out(`Syncing ${what} → ${where}; following changes live`);
        return;
      }
      case "added":
        return out(changeLine.added(event.nick, event.whitelist));
      case "removed":
        return out(changeLine.removed(event.nick));
      case "connected":
        if (interrupted) out("Reconnected; following changes live");
        interrupted = false;
        return;
      case "disconnected": {
        interrupted = true;
        const why = event.reason ? `${event.code}, ${event.reason}` : `${event.code}`;
        return err(`Connection lost (${why}); reconnecting in ${seconds(event.retryInMs)}`);
      }
      case "resync":
        return out(`Re-fetching the whole list (${event.reason})`);
      case "retrying":
        interrupted = true;
        return err(`${event.error}; retrying in ${seconds(event.retryInMs)}`);
      case "command-failed":
        // The error names the console already ("RCON password refused by host:port …").
        return err(`${event.error}; trying again in ${seconds(event.retryInMs)} (or with the next change)`);
      case "console-back":
        return out(`${event.console} takes commands again: what waited ran (${event.attempts} attempts)`);
      case "command":
        if (verbose) out(`> ${event.command} (${event.console})`);
        return;
      case "warning":
        return err(`Warning: ${event.message}`);
      case "management":
        return out(`Game server: ${event.message}`);
      case "permissions-written":
        return out(`Wrote ${event.file} (${event.entries} entries)`);
      case "drift":
        return err(driftLine(event));
      case "groups-by-hand": {
        const made = event.found === null ? "was taken out" : `was made ${event.found}`;
        return err(
          `${event.file}: ${event.player} ${made} by hand, where their groups say ${event.wanted}: ` +
            (event.restored
              ? `put back to ${event.wanted} (--groups-authoritative)`
              : "left as it is (--groups-authoritative would put it back)"),
        );
      }
      case "proof-asked":
        return out(
          `Asked ${event.nick} (${event.whitelist}) for proof: disconnected with ${event.again ? "the" : "a"} code ` +
            `to type in Discord, valid until ${event.codeExpiresAt.slice(11, 16)} UTC`,
        );
      case "banned":
        return out(
          `Banned on the game server: ${event.nick} removed from ${event.whitelist} (${event.reason})`,
        );
      case "players-checked":
        if (verbose && event.awaitingProof > 0) {
          out(
            `Player list: ${event.online} online, ${event.awaitingProof} awaiting proof, ${event.asked} asked`,
          );
        }
        return;
      case "synced":
      case "stopped":
        return;
    }
  };
}

const levels: Record<SyncEvent["type"], "debug" | "info" | "warn"> = {
  started: "info",
  added: "info",
  removed: "info",
  synced: "debug",
  connected: "info",
  disconnected: "warn",
  resync: "info",
  retrying: "warn",
  // Every command the game server was given is in the log (a line per change): info, not debug.
  command: "info",
  "command-failed": "warn",
  "console-back": "info",
  warning: "warn",
  "permissions-written": "info",
  management: "info",
  drift: "warn",
  "groups-by-hand": "warn",
  banned: "info",
  "proof-asked": "info",
  "players-checked": "debug",
  stopped: "info",
};

/**
 * An event's fields as logged. `started` names its whitelists as `--whitelist` takes them, comma-separated
 * (`whitelist: "survival,bedrock"`, `whitelistId: "k3v9x0q2ab,p8d2m4c7ze"`), so one whitelist logs as it always did.
 */
function logFields(event: SyncEvent): LogFields {
  const { type: _type, ...fields } = event;
  if (event.type === "drift") {
    // Names never hold a comma: listed as --whitelist lists whitelists.
    return { ...fields, foreign: event.foreign.join(","), removed: event.removed.join(",") } as LogFields;
  }
  if (event.type !== "started") return fields as LogFields;
  const { whitelists, ...rest } = fields as Omit<Extract<SyncEvent, { type: "started" }>, "type">;
  return {
    whitelist: whitelists.map((w) => w.name).join(","),
    whitelistId: whitelists.map((w) => w.id).join(","),
    ...rest,
  } as LogFields;
}

/** One JSON object per line (`time`, `level`, `msg` = the event type, then its fields), for supervisors. */
export function jsonReporter(write: (line: string) => void, verbose = false): (event: SyncEvent) => void {
  const logger = createLogger(verbose ? "debug" : "info", write);
  return (event) => logger[levels[event.type]](event.type, logFields(event));
}
