import { expect, test } from "bun:test";
import { AgentStatusMessage } from "../../src/keys/agent-status-message.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { check } from "../../src/shared/schema.ts";
import type { SyncOptions } from "../../src/sync/options.ts";
import { reportingStatus, STATUS_EVERY_MS, scrubError } from "../../src/sync/status-report.ts";
import { agentOptions, manualTimers } from "./helpers.ts";

// The agent's status (src/sync/status-report.ts): what it sends the service, when, and what it keeps out.

const KEY = "wls_abcdefghijklmnopqrstuvwxyz0123456";
const options: SyncOptions = {
  ...agentOptions({ url: "http://127.0.0.1:8080" }, KEY, "survival", "/srv/my server"),
  console: { kind: "rcon", host: "127.0.0.1", port: 25575, password: "hunter2" },
};

test("an error line loses the host's paths, the key, the console's password and a URL's credentials", () => {
  expect(
    [
      "could not write /srv/my server/whitelist.json: EACCES",
      "RCON 127.0.0.1:25575 refused the password hunter2",
      "the named pipe /run/bds/console (ENOENT)",
      `GET http://user:pw@127.0.0.1:8080/api/v1/whitelists failed with ${KEY}`,
      "C:\\games\\mc\\whitelist.json, locked",
      "two\nlines\tand wls_zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz",
    ].map((line) => scrubError(line, options)),
  ).toEqual([
    "could not write whitelist.json: EACCES",
    "RCON 127.0.0.1:25575 refused the password [secret]",
    "the named pipe console (ENOENT)",
    "GET http://127.0.0.1:8080/api/v1/whitelists failed with [secret]",
    "whitelist.json, locked",
    "two lines and [secret]",
  ]);
  const long = scrubError("x".repeat(1_000), options);
  expect([...long].length).toBe(300);
  expect(check(AgentStatusMessage.properties.error, long)).toBe(true);
});

test("sent when it connects, then on change at most every 5 s; what it sends the service accepts", () => {
  const clock = manualClock();
  const timers = manualTimers();
  const sent: Record<string, unknown>[] = [];
  const seen: string[] = [];
  let open = true;
  const report = reportingStatus(
    options,
    { clock, statusTimer: timers.setTimer, report: (event) => seen.push(event.type) },
    () => ({
      send: (text) => {
        if (!open) return false;
        sent.push(JSON.parse(text));
        return true;
      },
    }),
  );
  report({ type: "synced", after: "3", entries: 1, written: true });
  expect(sent).toEqual([]);
  report({ type: "connected", after: "3" });
  expect(sent).toEqual([
    {
      type: "status",
      agent: expect.stringMatching(/^whitelist-sync-agent\/\S+$/),
      mode: "file",
      format: "vanilla",
      applied: "3",
      drift: 0,
      error: null,
    },
  ]);
  report({ type: "drift", file: options.out, foreign: ["Steve", "Alex"], removed: ["jeb_"], kept: false });
  report({ type: "retrying", error: `could not reach ${options.out}`, retryInMs: 1_000 });
  expect({ sent: sent.length, armed: timers.armed }).toEqual({ sent: 1, armed: 1 });
  clock.advance(STATUS_EVERY_MS);
  timers.fireAll();
  expect(sent.at(-1)).toMatchObject({ applied: "3", drift: 3, error: "could not reach whitelist.json" });
  for (const message of sent) expect(check(AgentStatusMessage, message)).toBe(true);

  clock.advance(STATUS_EVERY_MS);
  report({ type: "synced", after: "4", entries: 2, written: true });
  expect(sent.at(-1)).toMatchObject({ applied: "4" });
  // Every event still reaches the agent's own output.
  expect(seen).toEqual(["synced", "connected", "drift", "retrying", "synced"]);

  // Disconnected: nothing waits for a socket that is gone; the next connection sends at once.
  report({ type: "disconnected", code: 1006, reason: "", retryInMs: 1_000 });
  open = false;
  report({ type: "synced", after: "5", entries: 2, written: true });
  expect(timers.armed).toBe(0);
  open = true;
  report({ type: "connected", after: "5" });
  expect(sent.at(-1)).toMatchObject({ applied: "5" });
});
