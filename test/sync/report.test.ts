import { expect, test } from "bun:test";
import { humanReporter, jsonReporter, type SyncEvent } from "../../src/sync/report.ts";

const events: SyncEvent[] = [
  {
    type: "started",
    whitelists: [{ id: "k3v9x0q2ab", name: "survival" }],
    entries: 12,
    file: "/srv/mc/whitelist.json",
    format: "vanilla",
    written: true,
    once: false,
  },
  { type: "connected", after: null },
  { type: "synced", after: "41", entries: 12, written: true },
  { type: "added", nick: "Notch", whitelist: "survival" },
  { type: "removed", nick: "Notch", whitelist: "survival" },
  { type: "command", command: "whitelist reload", console: "RCON 127.0.0.1:25575" },
  { type: "disconnected", code: 1001, reason: "server shutting down", retryInMs: 1234 },
  { type: "retrying", error: "cannot reach http://h/api/v1/ws (ECONNREFUSED)", retryInMs: 2000 },
  { type: "connected", after: "42" },
  { type: "resync", reason: "resume cursor unusable" },
  {
    type: "command-failed",
    console: "RCON 127.0.0.1:25575",
    error: "RCON password refused by 127.0.0.1:25575: it must equal rcon.password in server.properties",
    retryInMs: 4000,
  },
  { type: "console-back", console: "RCON 127.0.0.1:25575", attempts: 3 },
  { type: "warning", message: "something odd" },
  { type: "stopped" },
];

test("human output: a status line, one line per change, problems on stderr, routine events quiet", () => {
  const out: string[] = [];
  const err: string[] = [];
  const report = humanReporter({ out: (line) => out.push(line), err: (line) => err.push(line) });
  for (const event of events) report(event);
  expect(out).toEqual([
    'Syncing whitelist "survival" (k3v9x0q2ab): 12 entries → /srv/mc/whitelist.json (vanilla); following changes live',
    "+ Notch (survival)",
    "- Notch",
    "Reconnected; following changes live",
    "Re-fetching the whole list (resume cursor unusable)",
    "RCON 127.0.0.1:25575 takes commands again: what waited ran (3 attempts)",
  ]);
  expect(err).toEqual([
    "Connection lost (1001, server shutting down); reconnecting in 1.2 s",
    "cannot reach http://h/api/v1/ws (ECONNREFUSED); retrying in 2.0 s",
    "RCON password refused by 127.0.0.1:25575: it must equal rcon.password in server.properties; trying again in 4.0 s (or with the next change)",
    "Warning: something odd",
  ]);
});

test("several whitelists: the status line names each, the JSON line lists them as --whitelist does", () => {
  const started: SyncEvent = {
    type: "started",
    whitelists: [
      { id: "k3v9x0q2ab", name: "survival" },
      { id: "p8d2m4c7ze", name: "bedrock" },
    ],
    entries: 14,
    file: "/srv/mc/whitelist.json",
    format: "vanilla",
    written: false,
    once: true,
  };
  const out: string[] = [];
  humanReporter({ out: (line) => out.push(line), err: () => {} })(started);
  expect(out).toEqual([
    'Unchanged: whitelists "survival" (k3v9x0q2ab) and "bedrock" (p8d2m4c7ze): 14 entries → /srv/mc/whitelist.json (vanilla)',
  ]);
  const lines: string[] = [];
  jsonReporter((line) => lines.push(line))(started);
  expect(JSON.parse(lines[0] as string)).toEqual({
    time: expect.any(String),
    level: "info",
    msg: "started",
    whitelist: "survival,bedrock",
    whitelistId: "k3v9x0q2ab,p8d2m4c7ze",
    entries: 14,
    file: "/srv/mc/whitelist.json",
    format: "vanilla",
    written: false,
    once: true,
  });
});

test("JSON output: one parseable object per line, the event type as msg", () => {
  const lines: string[] = [];
  const report = jsonReporter((line) => lines.push(line));
  for (const event of events) report(event);
  const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines.every((line) => line.endsWith("\n") && !line.slice(0, -1).includes("\n"))).toBe(true);
  // Routine events (each write) are debug, left out by default; each console command is in the log.
  expect(parsed.map((line) => `${line.level} ${line.msg}`)).toEqual([
    "info started",
    "info connected",
    "info added",
    "info removed",
    "info command",
    "warn disconnected",
    "warn retrying",
    "info connected",
    "info resync",
    "warn command-failed",
    "info console-back",
    "warn warning",
    "info stopped",
  ]);
  expect(parsed[2]).toEqual({
    time: expect.any(String),
    level: "info",
    msg: "added",
    nick: "Notch",
    whitelist: "survival",
  });
});

test("--verbose: each console command that ran is printed too", () => {
  const out: string[] = [];
  const report = humanReporter({ out: (line) => out.push(line), err: () => {} }, true);
  report({ type: "command", command: "allowlist reload", console: "the named pipe /run/bds/console" });
  expect(out).toEqual(["> allowlist reload (the named pipe /run/bds/console)"]);
});
