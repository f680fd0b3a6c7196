import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { NewEntry } from "../../src/entries/service.ts";
import { type FileFormatName, fileOf, renderFormat } from "../../src/formats/index.ts";
import type { Player } from "../../src/formats/spec.ts";
import { nickKey } from "../../src/nicks/key.ts";
import type { RunningService } from "../../src/server.ts";
import type { Services } from "../../src/services.ts";
import type { Sleep } from "../../src/sync/backoff.ts";
import type { ConsoleSpec } from "../../src/sync/console.ts";
import {
  AGENT_DEFAULTS,
  type SyncAgentDeps,
  type SyncEvent,
  type SyncOptions,
  startSyncAgent,
} from "../../src/sync/index.ts";
import type { SetTimer } from "../../src/sync/socket.ts";
import { quietPort } from "../helpers/ports.ts";
import { seedEntries, seedKey, seedWhitelist } from "../helpers/services.ts";

export const GUILD = "100000000000000001";

/** A whitelist "survival" of GUILD holding `nicks`, and a key limited to it (`key` is its plaintext). */
export async function seedSurvival(services: Services, nicks: (string | Partial<NewEntry>)[]) {
  const wl = await seedWhitelist(services, { guildId: GUILD, name: "survival" });
  await seedEntries(services, wl.id, nicks);
  const { key, plaintext } = await seedKey(services, GUILD, wl.id);
  return { wl, keyId: key.id, key: plaintext };
}

/** Resolves when `check` holds, re-checking whenever `subscribe`'s callback fires. */
function until(check: () => boolean, subscribe: (wake: () => void) => () => void) {
  return new Promise<void>((resolve, reject) => {
    if (check()) return resolve();
    const unsubscribe = subscribe(() => {
      try {
        if (!check()) return;
      } catch (error) {
        reject(error);
      }
      unsubscribe();
      resolve();
    });
  });
}

/**
 * A Sleep that waits for the test: every wait is recorded and stays pending until released, so a test decides
 * when "time has passed" (after restarting a server, say) without any real delay.
 */
export function manualSleep() {
  const pending: { ms: number; release: () => void }[] = [];
  const requested: number[] = [];
  const wakers = new Set<() => void>();
  const sleep: Sleep = (ms, signal) =>
    new Promise<void>((resolve) => {
      requested.push(ms);
      const entry = {
        ms,
        release: () => {
          const at = pending.indexOf(entry);
          if (at >= 0) pending.splice(at, 1);
          resolve();
        },
      };
      pending.push(entry);
      signal.addEventListener("abort", entry.release, { once: true });
      for (const wake of wakers) wake();
    });
  return {
    sleep,
    /** Every delay asked for, in order. */
    requested,
    /** Resolves with the delay of the next pending wait (one already pending counts). */
    async waiting(): Promise<number> {
      await until(
        () => pending.length > 0,
        (wake) => {
          wakers.add(wake);
          return () => wakers.delete(wake);
        },
      );
      return (pending[0] as { ms: number }).ms;
    },
    /** Ends every pending wait. */
    releaseAll(): void {
      for (const entry of [...pending]) entry.release();
    },
  };
}

/** Timers that only fire when the test says so (the socket's silence watchdog). */
export function manualTimers() {
  const armed = new Set<() => void>();
  const setTimer: SetTimer = (fire) => {
    const entry = () => fire();
    armed.add(entry);
    return () => armed.delete(entry);
  };
  return {
    setTimer,
    /** How many timers are running. */
    get armed() {
      return armed.size;
    },
    /** Fires every running timer now. */
    fireAll(): void {
      for (const fire of [...armed]) {
        armed.delete(fire);
        fire();
      }
    },
  };
}

/** A Sleep that ends every wait on the next turn of the event loop (for tests where retries are incidental). */
export const immediateSleep: Sleep = () => new Promise((resolve) => setImmediate(resolve));

/** An agent run in-process, with everything it reports recorded and awaitable. */
export function runAgent(options: SyncOptions, deps: Omit<SyncAgentDeps, "report"> = {}) {
  const events: SyncEvent[] = [];
  const wakers = new Set<() => void>();
  const agent = startSyncAgent(options, {
    sleep: immediateSleep,
    // Nothing else writes the file here unless a test says so: a file read twice is settled at once.
    settle: () => new Promise((resolve) => setImmediate(resolve)),
    ...deps,
    report: (event) => {
      events.push(event);
      for (const wake of wakers) wake();
    },
  });
  let ended = false;
  agent.done.then(
    () => {
      ended = true;
      for (const wake of wakers) wake();
    },
    () => {
      ended = true;
      for (const wake of wakers) wake();
    },
  );
  return {
    ...agent,
    events,
    /** Resolves with the first reported event matching (already reported or future); rejects if the agent ends. */
    async waitFor<T extends SyncEvent["type"]>(
      type: T,
      predicate: (event: Extract<SyncEvent, { type: T }>) => boolean = () => true,
      from = 0,
    ): Promise<Extract<SyncEvent, { type: T }>> {
      const find = () =>
        events
          .slice(from)
          .find((e): e is Extract<SyncEvent, { type: T }> => e.type === type && predicate(e as never));
      await new Promise<void>((resolve, reject) => {
        const check = () => {
          if (find()) return true;
          if (ended) throw new Error(`agent ended without ${type}; got ${JSON.stringify(events)}`);
          return false;
        };
        try {
          if (check()) return resolve();
        } catch (error) {
          return reject(error);
        }
        const wake = () => {
          try {
            if (!check()) return;
            resolve();
          } catch (error) {
            reject(error);
          }
          wakers.delete(wake);
        };
        wakers.add(wake);
      });
      return find() as Extract<SyncEvent, { type: T }>;
    },
    /** Resolves once the file reflects every event up to `id` (looking at events reported from `from` on). */
    synced(id: string | number, from = 0) {
      return this.waitFor("synced", (e) => e.after !== null && BigInt(e.after) >= BigInt(id), from);
    },
  };
}

/** The running agent type. */
export type TestAgent = ReturnType<typeof runAgent>;

/** The console of a game server's RCON on loopback. */
export const rconAt = (port: number, password: string): ConsoleSpec => ({
  kind: "rcon",
  host: "127.0.0.1",
  port,
  password,
});

/** Agent options for a service, a key and a whitelist (or several), writing into `dir`. */
export function agentOptions(
  service: { url: string },
  key: string,
  whitelist: string | string[],
  dir: string,
  overrides: Partial<SyncOptions> = {},
): SyncOptions {
  const format = overrides.format ?? "vanilla";
  return {
    ...AGENT_DEFAULTS,
    apiUrl: `${service.url}/api/v1`,
    key,
    // As parseSyncOptions reads `--whitelist survival,bedrock`.
    whitelists: typeof whitelist === "string" ? whitelist.split(",").map((item) => item.trim()) : whitelist,
    format,
    out: join(dir, "whitelist.json"),
    // What parseSyncOptions picks for the format when there is a console.
    reloadCommand: overrides.console ? fileOf(format).reloadCommand : null,
    ...overrides,
  };
}

/** The bytes the API serves for `?format=`. */
export async function apiBytes(
  service: RunningService,
  key: string,
  whitelistId: string,
  format: FileFormatName,
): Promise<Uint8Array<ArrayBuffer>> {
  const response = await fetch(`${service.url}/api/v1/whitelists/${whitelistId}/entries?format=${format}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  if (!response.ok) throw new Error(`GET ?format=${format} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * What `GET …/entries?format=` would serve for the union of several whitelists: each one's entries as the API
 * serves them (JSON), a nick listed twice kept as the first whitelist holds it, rendered by the exporter.
 */
export async function mergedApiBytes(
  service: RunningService,
  key: string,
  whitelistIds: readonly string[],
  format: FileFormatName,
): Promise<Uint8Array<ArrayBuffer>> {
  const merged = new Map<string, Player>();
  for (const id of whitelistIds) {
    const response = await fetch(`${service.url}/api/v1/whitelists/${id}/entries`, {
      headers: { authorization: `Bearer ${key}` },
    });
    if (!response.ok) throw new Error(`GET entries of ${id} answered ${response.status}`);
    for (const entry of (await response.json()) as Player[]) {
      if (!merged.has(nickKey(entry.nick))) merged.set(nickKey(entry.nick), entry);
    }
  }
  return Uint8Array.from(renderFormat(format, [...merged.values()]));
}

/** A file's bytes, comparable with `apiBytes`. */
export const fileBytes = (path: string): Uint8Array<ArrayBuffer> => Uint8Array.from(readFileSync(path));

/** The last event id the service assigned. */
export const latestEventId = async (service: RunningService) =>
  (await service.services.events.bounds()).latest;

/** A TCP port nothing listens on (test/helpers/ports.ts). */
export const closedPort = quietPort;
