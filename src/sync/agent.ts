import { CloseCode, RevokedReason } from "../entries/events.ts";
import { renderExport } from "../entries/export.ts";
import type { EntryView } from "../entries/model.ts";
import { nickKey } from "../nicks/key.ts";
import { type Clock, systemClock } from "../shared/clock.ts";
import { createBackoff, realSleep, type Sleep } from "./backoff.ts";
import { createApiClient, type WhitelistRef } from "./client.ts";
import { EasyWhitelistConfigError } from "./easywhitelist.ts";
import { ExitCode, SyncStopError, TransientError } from "./errors.ts";
import { readIfExists, updateFile } from "./file.ts";
import { countEntries, fileContent } from "./formats.ts";
import type { SyncOptions } from "./options.ts";
import { createRconNotifier, type RconConnect } from "./rcon.ts";
import type { SyncEvent } from "./report.ts";
import { type EntryChange, type EventSession, openEventSocket, type SetTimer } from "./socket.ts";
import { loadState, type SyncState, saveState, sha256 } from "./state.ts";

/** What the agent takes from outside, so tests control time, randomness and the game server. */
export type SyncAgentDeps = {
  clock?: Clock;
  /** Waits between retries; tests release these waits by hand instead of letting time pass. */
  sleep?: Sleep;
  /** The backoff's jitter source, like Math.random. */
  random?: () => number;
  /** Starts the socket's silence watchdog; tests fire it by hand. */
  setTimer?: SetTimer;
  fetch?: typeof globalThis.fetch;
  report?: (event: SyncEvent) => void;
  rconConnect?: RconConnect;
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
/** `--once` (cron) tries a few times, then leaves the next run to the scheduler. */
const ONCE_ATTEMPTS = 3;

/** The entries by nick key: a nick is unique per whitelist whatever its letter case. */
type EntryMap = Map<string, EntryView>;

const toMap = (entries: readonly EntryView[]): EntryMap =>
  new Map(
    entries.map((entry) => [
      nickKey(entry.nick),
      { nick: entry.nick, uuid: entry.uuid, premium: entry.premium },
    ]),
  );

const sameEntry = (a: EntryView, b: EntryView) =>
  a.nick === b.nick && a.uuid === b.uuid && a.premium === b.premium;

/** Nicks added (or changed) and removed between two lists. */
function diff(before: EntryMap, after: EntryMap): { added: string[]; removed: string[] } {
  const added: string[] = [];
  const removed: string[] = [];
  for (const [key, entry] of after) {
    const old = before.get(key);
    if (!old || !sameEntry(old, entry)) added.push(entry.nick);
  }
  for (const [key, entry] of before) if (!after.has(key)) removed.push(entry.nick);
  return { added, removed };
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

/**
 * Mirrors one whitelist into a file and keeps it current: the reference client of the API.
 *
 * Start: resolve the whitelist, open the socket (resuming after the stored cursor), fetch the entries, write
 * the file, then apply events as they come. Every write is atomic and only happens when the bytes change; the
 * file always equals what `GET …/entries?format=` serves, because events are applied to an entry list that is
 * rendered by the server's own `renderExport`. One exception: an existing EasyWhitelist config.yml keeps its
 * other settings, and only its `whitelist` and `whitelisted` keys equal the export's (see fileContent).
 * Disconnects resume with `?after=` (no re-fetch); a resync or an unknown cursor re-fetches with ETags (two
 * 304s when nothing changed). A refused key stops the agent.
 */
export function startSyncAgent(options: SyncOptions, deps: SyncAgentDeps = {}): SyncAgent {
  const clock = deps.clock ?? systemClock;
  const sleep = deps.sleep ?? realSleep;
  const report = deps.report ?? (() => {});
  const controller = new AbortController();
  const { signal } = controller;
  const api = createApiClient({ apiUrl: options.apiUrl, key: options.key, clock, signal, fetch: deps.fetch });
  const backoff = createBackoff({ random: deps.random });
  const rcon = options.rcon
    ? createRconNotifier({
        target: options.rcon,
        reloadCommand: options.reloadCommand,
        kickRemoved: options.kickRemoved,
        report,
        connect: deps.rconConnect,
      })
    : null;

  let whitelist: WhitelistRef = { id: "", name: options.whitelist };
  let state: SyncState;
  /** The entries the file was rendered from; null until the first fetch. */
  let entries: EntryMap | null = null;
  /** The ETag of `entries` as JSON, for the next re-fetch. */
  let listEtag: string | null = null;
  let guildId: string | null = null;
  let session: EventSession | null = null;

  /** Runs an attempt, waiting out transient failures (Retry-After first, else the backoff). */
  async function retrying<T>(attempt: () => Promise<T>, limit = Number.POSITIVE_INFINITY): Promise<T> {
    for (let tries = 1; ; tries++) {
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof TransientError) || signal.aborted) throw error;
        if (tries >= limit) {
          throw new SyncStopError(`${error.message}; gave up after ${tries} attempts`, ExitCode.failure);
        }
        const wait = error.retryAfterMs ?? backoff.next();
        report({ type: "retrying", error: error.message, retryInMs: wait });
        await sleep(wait, signal);
        if (signal.aborted) throw error;
      }
    }
  }

  /**
   * Brings the file in line with the service's export (the bytes of `?format=`): the export itself, or for an
   * existing EasyWhitelist config.yml, the same list merged into its other settings. Answers whether it wrote,
   * and the file's bytes now.
   */
  async function write(exported: Uint8Array): Promise<{ written: boolean; bytes: Uint8Array | null }> {
    try {
      return await updateFile(options.out, (current) => fileContent(options.format, exported, current));
    } catch (error) {
      if (error instanceof EasyWhitelistConfigError) {
        throw new SyncStopError(
          `cannot update ${options.out}: it is ${error.message}, and its other settings would be lost; fix ` +
            "it, or delete it to start from the file a fresh install would use",
          ExitCode.failure,
        );
      }
      throw new SyncStopError(`cannot write ${options.out} (${errorCode(error)})`, ExitCode.failure);
    }
  }

  /**
   * Writes a downloaded export and remembers the file's hash beside its ETag: the ETag is only sent again
   * while the file still holds these bytes. An EasyWhitelist config.yml is not the export byte for byte, so
   * the hash is of the file as written (or as found, when it already listed the same players): any later edit
   * of it, by hand or by the plugin saving its config, costs one full download, after which only a list that
   * differs is written again.
   */
  async function store(exported: Uint8Array): Promise<boolean> {
    const { written, bytes } = await write(exported);
    state.sha256 = bytes === null ? null : sha256(bytes);
    return written;
  }

  async function persist(): Promise<void> {
    try {
      await saveState(options.out, state);
    } catch (error) {
      throw new SyncStopError(`cannot write ${options.out}.cursor (${errorCode(error)})`, ExitCode.failure);
    }
  }

  /**
   * The export file, fetched with the stored ETag when the file still holds the bytes it held when that ETag
   * was stored (an edit by hand, or by the game server, must be repaired, not confirmed by a 304). Null: the
   * file is current. The caller stores the body (`store`), which records the new hash.
   */
  async function fetchFile(): Promise<Uint8Array | null> {
    const onDisk = await readIfExists(options.out);
    const valid = onDisk !== null && state.etag !== null && state.sha256 === sha256(onDisk);
    const answer = await api.exportFile(whitelist, options.format, valid ? state.etag : null);
    if (answer.status === 304) return null;
    state.etag = answer.etag;
    return answer.body;
  }

  async function runOnce(): Promise<void> {
    const body = await retrying(fetchFile, ONCE_ATTEMPTS);
    const written = body !== null && (await store(body));
    await persist();
    report({
      type: "started",
      whitelist: whitelist.name,
      whitelistId: whitelist.id,
      entries: countEntries(options.format, body ?? (await readIfExists(options.out))),
      file: options.out,
      format: options.format,
      written,
      once: true,
    });
    if (written && rcon) {
      // No later change will retry a failure here: say so and fail, so cron (or whoever ran it) notices.
      await rcon.runNow().catch((error: Error) => {
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
   * Fetches the whole list and the file. The socket is already subscribed (its `connected` came first), and
   * events arriving meanwhile wait in its queue: they are applied right after, as one batch. That closes the
   * gap between fetch and subscribe without knowing the server's latest id (`connected` does not carry one),
   * and applying them is idempotent: an add of a present nick or a removal of an absent one changes nothing,
   * and because the batch is replayed in order each nick ends in the state of its last event.
   * The list is fetched before the file: a change landing in between is then in the file and in the queue,
   * never in the list alone (where the queued event would change nothing and leave the file behind).
   */
  async function fullSync(): Promise<void> {
    const previous = entries;
    const answer = await api.entries(whitelist, previous === null ? null : listEtag);
    // 304 only answers an ETag, and one is only sent while a list is held.
    const list = answer.status === 200 ? toMap(answer.entries) : (previous as EntryMap);
    if (answer.status === 200) listEtag = answer.etag;
    const body = await fetchFile();
    const written = body !== null && (await store(body));
    entries = list;
    await persist();
    if (previous === null) {
      report({
        type: "started",
        whitelist: whitelist.name,
        whitelistId: whitelist.id,
        entries: list.size,
        file: options.out,
        format: options.format,
        written,
        once: false,
      });
      rcon?.afterChange();
    } else {
      const { added, removed } = diff(previous, list);
      for (const nick of added) report({ type: "added", nick, whitelist: whitelist.name });
      for (const nick of removed) report({ type: "removed", nick, whitelist: whitelist.name });
      if (written) rcon?.afterChange({ added, removed });
    }
    report({ type: "synced", after: state.after, entries: list.size, written });
  }

  /** Applies a batch of events to the list, then writes the file (once) and the cursor. */
  async function applyBatch(batch: readonly EntryChange[]): Promise<void> {
    const list = entries as EntryMap;
    const before = new Map(list);
    let after = state.after;
    let touched = false;
    for (const event of batch) {
      // The server never repeats an event on resume; this only guards the cursor against going backwards.
      if (after !== null && BigInt(event.id) <= BigInt(after)) continue;
      after = event.id;
      if (event.whitelistId !== whitelist.id) continue;
      if (guildId !== null && event.guildId !== guildId) {
        report({ type: "warning", message: `ignored event ${event.id} of another Discord server` });
        continue;
      }
      touched = true;
      whitelist = { id: whitelist.id, name: event.whitelistName };
      const key = nickKey(event.entry.nick);
      if (event.type === "entry.added") list.set(key, { ...event.entry });
      else list.delete(key);
    }
    let written = false;
    if (touched) {
      // Always the server's own renderer over the whole list: the bytes equal `?format=`, whatever the order.
      written = (await write(renderExport(options.format, [...list.values()]).body)).written;
      const { added, removed } = diff(before, list);
      for (const nick of added) report({ type: "added", nick, whitelist: whitelist.name });
      for (const nick of removed) report({ type: "removed", nick, whitelist: whitelist.name });
      if (written) rcon?.afterChange({ added, removed });
    }
    // File first, cursor second: a crash in between replays events the file already has, which is harmless.
    if (after !== state.after) {
      state.after = after;
      await persist();
    }
    report({ type: "synced", after: state.after, entries: list.size, written });
  }

  /** One socket session: subscribe, catch up (fetch or replay), then follow until it closes. */
  async function follow(): Promise<void> {
    let resyncs = 0;
    while (!signal.aborted) {
      const after = state.after;
      // Without a list (start) or a cursor (fresh start, resync), only a fetch can tell what the file needs.
      const needFetch = entries === null || after === null;
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
        // Its removals all came before the close and are in the file; an empty list is what is left either way.
        await write(renderExport(options.format, []).body);
        throw new SyncStopError(
          `the whitelist ${whitelist.name} was deleted on Discord (the socket closed with 4001): ${options.out} ` +
            "is now empty; point this agent at another whitelist, with a key created for it",
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
        state.after = null;
        report({
          type: "resync",
          reason: end.unreadable ? "an event could not be read" : "resume cursor unusable",
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
    whitelist = await retrying(
      () => api.resolveWhitelist(options.whitelist),
      options.once ? ONCE_ATTEMPTS : undefined,
    );
    state = await loadState(options.out, {
      api: options.apiUrl,
      whitelistId: whitelist.id,
      format: options.format,
    });
    if (options.once) await runOnce();
    else await follow();
  }

  const done = (async () => {
    try {
      await run();
    } catch (error) {
      // Stopping aborts whatever request is in flight; that is no failure.
      if (!(signal.aborted && error instanceof TransientError)) throw error;
    } finally {
      await rcon?.close();
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
