import { CloseCode, RevokedReason } from "../entries/events.ts";
import { fileOf } from "../formats/index.ts";
import { type Clock, systemClock } from "../shared/clock.ts";
import { createBackoff, realSleep, type Sleep } from "./backoff.ts";
import { createApiClient } from "./client.ts";
import { createCommandMaker } from "./commands.ts";
import { openConsole, type RconConnect, type RunProgram } from "./console.ts";
import { ExitCode, SyncStopError, TransientError } from "./errors.ts";
import { createFetcher, emptiedLine, listTarget, newCore, ONCE_ATTEMPTS } from "./fetch.ts";
import { readIfExists } from "./file.ts";
import { createGameServer } from "./game-server.ts";
import { groupCommandsOf } from "./group-commands.ts";
import { acquireLock, type LockDeps } from "./lock.ts";
import { createManagementSession } from "./management/session.ts";
import { createListedWhitelists, diffMerged, type MergedList } from "./merge.ts";
import type { SyncOptions } from "./options.ts";
import { createOutput } from "./output.ts";
import { createProofPoller, type PendingEntry } from "./proof-poll.ts";
import { type EntryChange, type EventSession, openEventSocket, type SetTimer } from "./socket.ts";
import { loadState, type saveState, sha256 } from "./state.ts";
import { type Report, reportingStatus } from "./status-report.ts";
import { type WatchFile, watchFile } from "./watch.ts";
import { watchFiles } from "./watchers.ts";

/** What the agent takes from outside, so tests control time, randomness and the game server. */
export type SyncAgentDeps = {
  clock?: Clock;
  /** Waits between retries; tests release these waits by hand instead of letting time pass. */
  sleep?: Sleep;
  /** The backoff's jitter source, like Math.random. */
  random?: () => number;
  /** Starts the socket's silence watchdog; tests fire it by hand. */
  setTimer?: SetTimer;
  /** Arms the wait between two reads of the player list (first-join proof); tests fire it by hand. */
  proofTimer?: SetTimer;
  fetch?: typeof globalThis.fetch;
  report?: Report;
  rconConnect?: RconConnect;
  /** Runs `--console-exec`'s program (tests record the commands instead). */
  runProgram?: RunProgram;
  /** Waits for a file someone else is saving to settle (tests finish the save in between). */
  settle?: (ms: number) => Promise<void>;
  /** Watches the file for changes someone else makes (drift). */
  watch?: WatchFile;
  /** The lock's view of this process (tests: another host, a process that is gone). */
  lock?: Omit<LockDeps, "clock">;
  /** Stores management mode's resume state (tests hold a write to see what waits for it). */
  saveState?: typeof saveState;
};

/** A running agent. */
export type SyncAgent = {
  /** Settles when the agent ends: resolves after `stop()` or a finished `--once`, rejects with SyncStopError. */
  done: Promise<void>;
  /** Closes the socket, finishes the current write and RCON command, and resolves once stopped. */
  stop(): Promise<void>;
};

/** A socket that stayed open this long proved the service healthy: the backoff starts over. */
const STABLE_MS = 30_000;

/**
 * Mirrors one whitelist, or the union of several, into a file and keeps it current: the reference client of
 * the API.
 *
 * Start: resolve the whitelists, open the socket (resuming after the stored cursor), fetch their entries,
 * write the file, then apply events as they come. Every write is atomic and only happens when the bytes
 * change; the file always equals what `GET …/entries?format=` serves (for several whitelists: what it would
 * serve for their merged list, see merge.ts), because events are applied to entry lists that are rendered by
 * the server's own `renderFormat`. One exception: an existing EasyWhitelist config.yml keeps its other
 * settings, and only its `whitelist` and `whitelisted` keys equal the format's (its `update`).
 * Disconnects resume with `?after=` (no re-fetch); a resync or an unknown cursor re-fetches with ETags (one
 * 304 per whitelist when nothing changed). A refused key stops the agent; a deleted whitelist leaves the file,
 * and the agent stops once none is left.
 */
export function startSyncAgent(options: SyncOptions, deps: SyncAgentDeps = {}): SyncAgent {
  const clock = deps.clock ?? systemClock;
  const sleep = deps.sleep ?? realSleep;
  const report = reportingStatus(options, deps, () => session);
  const controller = new AbortController();
  const { signal } = controller;
  const api = createApiClient({ apiUrl: options.apiUrl, key: options.key, clock, signal, fetch: deps.fetch });
  const backoff = createBackoff({ random: deps.random });
  const fileOutput = createOutput({
    out: options.out,
    format: options.format,
    report,
    keepForeign: options.keepForeign,
    written: null,
    settle: deps.settle,
    retry: {
      sleep,
      signal,
      random: deps.random,
      tries: options.once ? ONCE_ATTEMPTS : Number.POSITIVE_INFINITY,
    },
  });
  const gameConsole = options.console ? openConsole(options.console, deps) : null;
  const gameServer = gameConsole
    ? createGameServer({
        console: gameConsole,
        reloadCommand: options.reloadCommand,
        kickRemoved: options.kickRemoved,
        report,
        sleep,
        signal,
        random: deps.random,
        // Commands that ran leave the resume state: a restart does not run them again.
        onSettled: () => void persist().catch(() => {}),
      })
    : null;
  const commandsFor = createCommandMaker({ ...options, report });
  const groupCommands = groupCommandsOf(options, gameConsole, {
    report,
    sleep,
    signal,
    clock,
    random: deps.random,
  });
  /**
   * The listed entries awaiting proof at first join. Their windows are the service's to end (it removes them), so
   * the agent's own clock, which may differ from the service's, decides nothing here.
   */
  const awaitingProof = (): PendingEntry[] => core.listed.find((entry) => entry.proofDueAt !== undefined);
  // Only RCON answers with the player list; the options refuse --proof-poll for the other consoles.
  const proofPoller =
    gameConsole?.answers && options.proofPollMs !== null
      ? createProofPoller({
          console: gameConsole,
          proofCode: (whitelist, nick, uuid) => api.proofCode(whitelist, nick, uuid),
          pending: awaitingProof,
          report,
          clock,
          everyMs: options.proofPollMs,
          setTimer: deps.proofTimer,
        })
      : null;
  /** Whether the agent said it cannot ask the players awaiting proof for it (said once per run). */
  let unaskedNoted = false;
  /** Without the player list, entries awaiting proof are let in unasked until their window ends: say so once. */
  function noteUnasked(): void {
    if (proofPoller || management || unaskedNoted || options.once) return;
    const count = awaitingProof().length;
    if (count === 0) return;
    unaskedNoted = true;
    report({
      type: "warning",
      message:
        `${count} ${count === 1 ? "entry awaits" : "entries await"} proof at first join, but this agent cannot see ` +
        `who joins (that needs --rcon${options.proofPollMs === null && options.console?.kind === "rcon" ? " with --proof-poll above 0" : ""}): ` +
        "their players are let in without being asked, until their window ends and they are removed",
    });
  }

  const core = newCore({ options, api, output: fileOutput, report, sleep, signal, backoff });
  // Management mode: the list goes to the server's allowlist through its API, not to a file (src/sync/management/).
  const management = options.management
    ? createManagementSession(core, {
        management: options.management,
        clock,
        sleep,
        random: deps.random,
        save: deps.saveState,
      })
    : null;
  if (management) core.output = management.output;
  const output = core.output;
  const { retrying, store, fetchLists, checkDeleted } = createFetcher(core);
  let guildId: string | null = null;
  /** Whether the key is limited to one whitelist: then its socket closes when that whitelist is deleted. */
  let limitedKey = false;
  let session: EventSession | null = null;
  /** Stops watching the file for changes someone else makes (nothing before it is watched). */
  let unwatch = (): void => {};
  /** Gives up the file's lock (nothing before it is taken). */
  let unlock = async (): Promise<void> => {};

  /** Stores the resume state, with the commands that have not run yet. */
  function persist(): Promise<void> {
    core.state.pending = gameServer?.pending() ?? [];
    return output.persist(core.state);
  }

  /**
   * Tells what changed in the file (one line per nick) and the game server: a reload when the file was written,
   * and the commands of the changes.
   */
  function announce(before: MergedList, after: MergedList, written: boolean, commands: string[] = []): void {
    const { added, removed } = diffMerged(before, after);
    for (const { entry, whitelist } of added) report({ type: "added", nick: entry.nick, whitelist });
    for (const { entry, whitelist } of removed) report({ type: "removed", nick: entry.nick, whitelist });
    const nicks = (items: typeof added) => items.map(({ entry }) => entry.nick);
    if (written || commands.length > 0) {
      gameServer?.changed({ reload: written, added: nicks(added), removed: nicks(removed), commands });
    }
  }

  /**
   * `--once` keeps no lists: the stored ETags are sent while the file still holds the bytes rendered from the
   * lists they name (an edit by hand, or by the game server, must be repaired, not confirmed by a 304). When
   * every whitelist answers 304 the file is current; when any changed, the file is rendered from all of them,
   * so those that answered 304 are fetched in full.
   */
  async function runOnce(): Promise<void> {
    const onDisk = await readIfExists(options.out);
    const etags = onDisk !== null && core.state.sha256 === sha256(onDisk) ? core.state.etags : {};
    let file = { written: false, bytes: onDisk };
    if (await fetchLists(core.listed.whitelists, (id) => etags[id] ?? null)) {
      await fetchLists(core.listed.missing, () => null);
      file = await store(core.listed.merged());
    }
    const { written } = file;
    await persist();
    report({
      type: "started",
      whitelists: core.listed.whitelists,
      entries: file.bytes === null ? 0 : fileOf(options.format).count(file.bytes),
      file: options.out,
      format: options.format,
      written,
      once: true,
    });
    if (written && gameServer) {
      // No later change will retry a failure here: say so and fail, so cron (or whoever ran it) notices.
      await gameServer.runNow().catch((error: Error) => {
        const reload = options.reloadCommand
          ? `\`${options.reloadCommand}\` runs on its console`
          : "it reloads";
        throw new SyncStopError(
          `wrote ${options.out}, but could not tell the game server to read it: ${error.message}. ` +
            `It keeps its old list until ${reload} or it restarts`,
          ExitCode.failure,
        );
      });
    }
  }

  /**
   * Fetches every whitelist's entries and writes the file. The socket is already subscribed (its `connected`
   * came first), and events arriving meanwhile wait in its queue: they are applied right after, as one batch.
   * That closes the gap between fetch and subscribe without knowing the server's latest id (`connected` does
   * not carry one), and applying them is idempotent: an add of a present nick or a removal of an absent one
   * changes nothing, and because the batch is replayed in order each nick ends in the state of its last event.
   * Each whitelist's list is on its own, so lists fetched one after the other are each caught up by their own
   * events. A list still as fetched is asked with its ETag (304: kept); one changed by events since, in full.
   */
  async function fullSync(): Promise<void> {
    const previous = core.merged;
    await fetchLists(core.listed.whitelists, (id) => core.listed.etagOf(id));
    const list = core.listed.merged();
    const { written } = await store(list);
    core.merged = list;
    await persist();
    groupCommands?.follow(list);
    if (previous === null) {
      report({
        type: "started",
        whitelists: core.listed.whitelists,
        entries: list.size,
        // Management mode writes no file: the list goes to the server's allowlist.
        file: listTarget(options),
        format: management ? null : options.format,
        written,
        once: false,
      });
      gameServer?.changed();
      const watch = deps.watch ?? watchFile;
      if (management) management.start();
      else unwatch = watchFiles(core, { watch, gameServer, persist, clock, retrying, settle: deps.settle });
      proofPoller?.start();
    } else {
      announce(previous, list, written);
    }
    noteUnasked();
    report({ type: "synced", after: core.state.after, entries: list.size, written });
  }

  /** Applies a batch of events to the lists, then writes the file (once) and the cursor. */
  async function applyBatch(batch: readonly EntryChange[]): Promise<void> {
    const before = core.merged as MergedList;
    let after = core.state.after;
    let touched = false;
    const removedFrom = new Set<string>();
    // Each change's commands, in the order the changes came: replayed on resume, so none is missed or repeated.
    const commands: string[] = [];
    for (const event of batch) {
      // The server never repeats an event on resume; this only guards the cursor against going backwards.
      if (after !== null && BigInt(event.id) <= BigInt(after)) continue;
      after = event.id;
      if (!core.listed.has(event.whitelistId)) continue;
      if (guildId !== null && event.guildId !== guildId) {
        report({ type: "warning", message: `ignored event ${event.id} of another Discord server` });
        continue;
      }
      if (core.listed.apply(event) === null) continue;
      touched = true;
      commands.push(...commandsFor(event));
      if (event.type === "entry.removed") removedFrom.add(event.whitelistId);
    }
    let written = false;
    if (touched) {
      const list = core.listed.merged();
      written = (await output.write(list)).written;
      core.merged = list;
      announce(before, list, written, commands);
      groupCommands?.follow(list);
    }
    // File first, cursor second: a crash in between replays events the file already has, which is harmless.
    if (after !== core.state.after || commands.length > 0) {
      core.state.after = after;
      await persist();
    }
    if (!limitedKey) for (const id of removedFrom) await checkDeleted(id);
    if (touched) noteUnasked();
    report({ type: "synced", after: core.state.after, entries: (core.merged as MergedList).size, written });
  }

  /** One socket session: subscribe, catch up (fetch or replay), then follow until it closes. */
  async function follow(): Promise<void> {
    let resyncs = 0;
    while (!signal.aborted) {
      const after = core.state.after;
      // Without a list (start) or a cursor (fresh start, resync), only a fetch can tell what the file needs.
      const needFetch = core.merged === null || after === null;
      const current = openEventSocket({
        url: api.socketUrl(after),
        key: options.key,
        setTimer: deps.setTimer,
      });
      session = current;
      let failure: Error | null = null;
      let openedAt: number | null = null;
      try {
        const hello = await current.connected;
        if (hello) {
          openedAt = clock.now();
          guildId = hello.guildId;
          limitedKey = hello.limitedTo !== null;
          report({ type: "connected", after });
          if (needFetch) await fullSync();
          for (let batch = await current.take(); batch !== null; batch = await current.take()) {
            await applyBatch(batch);
          }
        }
      } catch (error) {
        current.close();
        if (!(error instanceof TransientError)) throw error;
        failure = error;
      }
      const end = await current.ended;
      session = null;
      if (signal.aborted) return;
      if (end.code === CloseCode.keyRevoked && end.reason === RevokedReason["whitelist-deleted"]) {
        // Only a key limited to the one whitelist listed closes so (several need a guild-wide key). Its removals
        // all came before the close and are in the file; an empty list is what is left either way.
        await output.write(new Map());
        const names = core.listed.whitelists.map((w) => w.name).join(", ");
        throw new SyncStopError(
          `the whitelist ${names} was deleted on Discord (the socket closed with 4001): ${emptiedLine(options)}; ` +
            "point this agent at another whitelist, with a key created for it",
          ExitCode.keyRefused,
        );
      }
      if (end.code === CloseCode.keyRevoked) {
        throw new SyncStopError(
          "the key was revoked (the socket closed with 4001): create a new one on Discord with /server-link create",
          ExitCode.keyRefused,
        );
      }
      if (failure === null && !end.opened) {
        failure = await api.explainHandshakeFailure().catch((error: Error) => error);
        if (!(failure instanceof TransientError)) throw failure;
      }
      if (end.resync || end.code === 4002 || end.unreadable) {
        core.state.after = null;
        report({
          type: "resync",
          reason:
            (end.unreadable ? "an event could not be read" : "resume cursor unusable") +
            (options.onAdd || options.onRemove
              ? "; --on-add/--on-remove do not run for what changed meanwhile"
              : ""),
        });
        // A resync is not a failure: reconnect at once, unless it keeps happening.
        if (++resyncs === 1) continue;
      } else if (failure === null) {
        resyncs = 0;
      }
      if (openedAt !== null && clock.now() - openedAt >= STABLE_MS) backoff.reset();
      const wait = (failure instanceof TransientError ? failure.retryAfterMs : null) ?? backoff.next();
      if (failure) report({ type: "retrying", error: failure.message, retryInMs: wait });
      else report({ type: "disconnected", code: end.code, reason: end.reason, retryInMs: wait });
      await sleep(wait, signal);
    }
  }

  async function run(): Promise<void> {
    // One agent per file, before anything is read or written.
    const lock = await acquireLock(options.out, { ...deps.lock, clock });
    unlock = lock.release;
    if (lock.tookOver) report({ type: "warning", message: lock.tookOver });
    const whitelists = await retrying(
      () => api.resolveWhitelists(options.whitelists),
      options.once ? ONCE_ATTEMPTS : undefined,
    );
    core.listed = createListedWhitelists(whitelists);
    core.state = await loadState(options.out, {
      api: options.apiUrl,
      whitelistIds: whitelists.map((w) => w.id),
      format: options.format,
    });
    output.remember(core.state.written);
    await groupCommands?.load();
    // Commands of changes applied before a stop that had not run: first in line.
    gameServer?.restore(core.state.pending);
    if (options.once) await runOnce();
    else if (management) await Promise.race([follow(), management.fatal]);
    else await follow();
  }

  const done = (async () => {
    try {
      await run();
    } catch (error) {
      // Stopping aborts whatever request is in flight; that is no failure.
      if (!(signal.aborted && error instanceof TransientError)) throw error;
    } finally {
      unwatch();
      controller.abort();
      await management?.stop();
      await proofPoller?.stop();
      await groupCommands?.close();
      await gameServer?.close();
      // What ran is out of the resume state, what did not is in it, before the agent says it stopped.
      if (core.state) await persist().catch(() => {});
      await unlock();
      report({ type: "stopped" });
    }
  })();
  done.catch(() => {});

  return {
    done,
    async stop() {
      controller.abort();
      session?.close();
      await done.catch(() => {});
    },
  };
}
