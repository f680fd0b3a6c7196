import type { Sleep } from "./backoff.ts";
import type { createApiClient, WhitelistRef } from "./client.ts";
import { ExitCode, SyncStopError, TransientError } from "./errors.ts";
import { createListedWhitelists, type ListedWhitelists, type MergedList, namesOf } from "./merge.ts";
import type { SyncOptions } from "./options.ts";
import type { createOutput } from "./output.ts";
import type { SyncEvent } from "./report.ts";
import { type SyncState, sha256 } from "./state.ts";

/** Where the agent's list goes, as its messages name it: the file, or the server's allowlist (management mode). */
export const listTarget = (options: SyncOptions): string =>
  options.management ? `the allowlist of ${options.management.url}` : options.out;

/** What emptying the list did, as the messages of a last whitelist deleted say it. */
export const emptiedLine = (options: SyncOptions): string =>
  options.management
    ? `the players this agent put on the allowlist of ${options.management.url} are off it now`
    : `${options.out} is now empty`;

/** `--once` (cron) tries a few times, then leaves the next run to the scheduler. */
export const ONCE_ATTEMPTS = 3;

/**
 * What one agent holds while it runs: its settings and tools, and what it knows (the listed whitelists and their
 * entries, the resume state, the list the file was last rendered from). The agent's parts share it.
 */
export type AgentCore = {
  options: SyncOptions;
  api: ReturnType<typeof createApiClient>;
  output: ReturnType<typeof createOutput>;
  report: (event: SyncEvent) => void;
  sleep: Sleep;
  signal: AbortSignal;
  backoff: { next(): number; reset(): void };
  listed: ListedWhitelists;
  /** Set once the whitelists are resolved. */
  state: SyncState;
  /** The nicks the file was last rendered from; null until the first fetch. */
  merged: MergedList | null;
};

/** A core before anything is resolved. */
export function newCore(core: Omit<AgentCore, "listed" | "state" | "merged">): AgentCore {
  return { ...core, listed: createListedWhitelists([]), state: null as unknown as SyncState, merged: null };
}

/**
 * The REST side of the agent: requests retried as they should be, the lists fetched (conditionally), written
 * and stored with their ETags, and whitelists deleted on Discord noticed.
 */
export function createFetcher(core: AgentCore) {
  const { options, api, report, sleep, signal, backoff } = core;

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
   * Writes freshly fetched lists and remembers the file's hash beside their ETags: the ETags are only sent
   * again while the file still holds these bytes. An EasyWhitelist config.yml is not the rendered bytes byte
   * for byte, so the hash is of the file as written (or as found, when it already listed the same players): any
   * later edit of it, by hand or by the plugin saving its config, costs one full download, after which only a
   * list that differs is written again.
   */
  async function store(list: MergedList): Promise<{ written: boolean; bytes: Uint8Array | null }> {
    const result = await core.output.write(list);
    core.state.sha256 = result.bytes === null ? null : sha256(result.bytes);
    core.state.etags = core.listed.etags() ?? {};
    return result;
  }

  /**
   * A listed whitelist the service no longer has (deleted on Discord): it leaves the file and the others are
   * still served. With none left the file is emptied and the agent stops (77): there is nothing to sync.
   */
  async function dropDeleted(whitelist: WhitelistRef): Promise<void> {
    core.listed.drop(whitelist.id);
    if (core.listed.whitelists.length === 0) {
      await core.output.write(new Map());
      throw new SyncStopError(
        `the whitelist ${whitelist.name} was deleted on Discord: ${emptiedLine(options)}; point this agent at ` +
          "another whitelist",
        ExitCode.keyRefused,
      );
    }
    report({
      type: "warning",
      message:
        `the whitelist "${whitelist.name}" was deleted on Discord: its nicks leave ${listTarget(options)}, ` +
        `which keeps following ${namesOf(core.listed.whitelists)}`,
    });
  }

  /**
   * Fetches the entries of `whitelists` with the ETag `etagOf` gives (304: the list held, or the file, is
   * current), dropping any the service no longer has. Answers whether anything changed (a 200 or a deletion).
   * `--once` retries each request a few times; the running agent retries by reconnecting.
   */
  async function fetchLists(
    whitelists: readonly WhitelistRef[],
    etagOf: (id: string) => string | null,
  ): Promise<boolean> {
    let changed = false;
    for (const whitelist of whitelists) {
      const ask = () => api.entries(whitelist, etagOf(whitelist.id));
      const answer = options.once ? await retrying(ask, ONCE_ATTEMPTS) : await ask();
      if (answer.status === 200) core.listed.set(whitelist.id, answer.entries, answer.etag);
      else if (answer.status === 404) await dropDeleted(whitelist);
      changed ||= answer.status !== 304;
    }
    return changed;
  }

  /**
   * A guild-wide key's socket stays open when a whitelist of its guild is deleted: the whitelist's removals
   * come, then nothing. So a listed whitelist that removals emptied is looked up: 404 means deleted (the
   * deletion commits before its removals are published). A service that cannot answer now is no failure: the
   * next full fetch asks again.
   */
  async function checkDeleted(id: string): Promise<void> {
    const whitelist = core.listed.whitelists.find((w) => w.id === id);
    if (!whitelist || core.listed.size(id) > 0) return;
    const answer = await api.entries(whitelist, null).catch((error: unknown) => {
      if (error instanceof TransientError) return null;
      throw error;
    });
    if (answer?.status === 404) await dropDeleted(whitelist);
  }

  return { retrying, store, fetchLists, checkDeleted };
}
