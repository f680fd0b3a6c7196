import { dirname, sep } from "node:path";
import { AGENT_ERROR_MAX, AgentStatusMessage } from "../keys/agent-status-message.ts";
import { type Clock, systemClock } from "../shared/clock.ts";
import { check } from "../shared/schema.ts";
import { VERSION } from "../version.ts";
import type { SyncOptions } from "./options.ts";
import type { SyncEvent } from "./report.ts";
import { realSetTimer, type SetTimer } from "./socket.ts";

/** Where the agent's events go (the printed output, or a test). */
export type Report = (event: SyncEvent) => void;

/** The agent sends its status at most this often (and at each connection): the service records no more. */
export const STATUS_EVERY_MS = 5_000;

/** What the status reporter needs of the agent's dependencies. */
export type StatusDeps = {
  report?: Report;
  clock?: Clock;
  /** The wait before a status that changed too soon after the last; tests fire it by hand. */
  statusTimer?: SetTimer;
};

/**
 * Text for the service from an error line: without what is this host's own (the file's folder and every path,
 * the key, the console's and management API's secrets, a URL's credentials), on one line, at most AGENT_ERROR_MAX
 * characters. Staff read it on the dashboard; the paths stay in the agent's own output.
 */
export function scrubError(line: string, options: SyncOptions): string {
  const secrets = [
    options.key,
    options.management?.secret,
    options.console?.kind === "rcon" ? options.console.password : undefined,
  ].filter((secret): secret is string => typeof secret === "string" && secret.length > 0);
  // The file's folder first, as a whole: it may hold spaces, which the word-by-word pass below would split.
  let text = line.split(`${dirname(options.out)}${sep}`).join("");
  for (const secret of secrets) text = text.split(secret).join("[secret]");
  text = text
    .split(/(\s+)/)
    .map((word) => {
      if (/^\W*[a-z][a-z0-9+.-]*:\/\//i.test(word)) return word.replace(/\/\/[^/@]*@/, "//");
      // A path keeps its last part only: `/srv/mc/banned-players.json` → `banned-players.json`.
      const path = /^([("'`]*)((?:[A-Za-z]:|~|\.{1,2})?[\\/][^\s]*?)([)"'`,.;:]*)$/.exec(word);
      if (!path) return word;
      return `${path[1]}${path[2]?.split(/[\\/]/).filter(Boolean).at(-1) ?? ""}${path[3]}`;
    })
    .join("")
    .replace(/wls_[0-9A-Za-z]{20,}/g, "[secret]")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: one line for the service, which refuses them
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .trim();
  const chars = [...text];
  return chars.length > AGENT_ERROR_MAX ? `${chars.slice(0, AGENT_ERROR_MAX - 1).join("")}…` : text;
}

/**
 * The agent's status for the service (docs/api.md, The agent's status): its version and mode, the last event
 * applied, the drift seen, the last error. It watches the agent's own events, and sends the status on the socket
 * of the session when it connects and when it changes, at most every STATUS_EVERY_MS. Returns the agent's report,
 * which it passes every event on to.
 */
export function reportingStatus(
  options: SyncOptions,
  deps: StatusDeps,
  session: () => { send(text: string): boolean } | null,
): Report {
  const report = deps.report ?? (() => {});
  const clock = deps.clock ?? systemClock;
  const setTimer = deps.statusTimer ?? realSetTimer;
  const status: AgentStatusMessage = {
    type: "status",
    agent: `whitelist-sync-agent/${VERSION}`.replace(/[^\x21-\x7e]/g, "").slice(0, 64),
    mode: options.management ? "management" : "file",
    format: options.management ? null : options.format,
    applied: null,
    drift: 0,
    error: null,
  };
  let sentAt: number | null = null;
  let cancel: (() => void) | null = null;
  const send = () => {
    cancel?.();
    cancel = null;
    // Never a status the service would refuse (it closes the socket on one).
    if (check(AgentStatusMessage, status) && session()?.send(JSON.stringify(status))) {
      sentAt = clock.now();
    }
  };
  const changed = () => {
    if (sentAt === null || cancel !== null) return;
    const wait = sentAt + STATUS_EVERY_MS - clock.now();
    if (wait <= 0) send();
    else cancel = setTimer(send, wait);
  };
  return (event) => {
    report(event);
    switch (event.type) {
      case "connected":
        sentAt = null;
        return send();
      case "synced":
        if (event.after === status.applied) return;
        status.applied = event.after;
        return changed();
      case "drift":
        status.drift += event.foreign.length + event.removed.length;
        return changed();
      case "retrying":
      case "command-failed": {
        const error = scrubError(event.error, options);
        if (error === "" || error === status.error) return;
        status.error = error;
        return changed();
      }
      case "disconnected":
      case "stopped":
        cancel?.();
        cancel = null;
        sentAt = null;
    }
  };
}
