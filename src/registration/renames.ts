import type { DueAccount, NameChecks } from "../entries/name-checks.ts";
import type { EntryChange, EntryService } from "../entries/service.ts";
import type { AccountName, MojangNames } from "../mojang/names.ts";
import type { Clock } from "../shared/clock.ts";
import { DomainError } from "../shared/errors.ts";
import type { Logger } from "../shared/logger.ts";

/** What one pass of the rename refresh did. */
export type RenameReport = {
  /** Accounts asked of Mojang (one call each). */
  asked: number;
  /** Entries renamed, each published as a removal of the old nick and an addition of the new (origin `renamed`). */
  renamed: number;
  /** Entries left as they were because another entry of their whitelist holds the new name (logged). */
  clashes: number;
  /** Accounts Mojang no longer knows: their entries are kept (logged). */
  unknown: number;
  /** Mojang could not answer (down, 429, no answer in time): the pass stopped there, to be retried later. */
  unavailable: boolean;
};

/** What the rename refresh takes. */
export type RenameRefreshOptions = {
  entries: EntryService;
  checks: NameChecks;
  names: MojangNames;
  clock: Clock;
  logger: Logger;
  /** RENAME_CHECK_DAYS in ms: how long a name is trusted before Mojang is asked again; 0 turns the refresh off. */
  checkEveryMs: number;
  /** RENAME_CHECKS_PER_MINUTE: at most this many Mojang calls in any 60 s. */
  callsPerMinute: number;
  /**
   * How often passes run (default a minute, as the service runs them): a pass asks at most its share of the
   * minute's budget, `callsPerMinute × passMs / 1 min` and at least 1, so passes more frequent than a minute
   * spread the calls over it instead of spending the whole budget in the first passes and then none for the rest
   * of the minute (the demo's rename then waited up to 40 s, issue 30).
   */
  passMs?: number;
  /** After Mojang could not answer, how long no call is made (default 10 minutes). */
  retryAfterMs?: number;
};

const MINUTE_MS = 60_000;

/** After Mojang could not answer, the refresh makes no call for this long (then one, which may fail again). */
export const RETRY_AFTER_UNAVAILABLE_MS = 10 * MINUTE_MS;

/** An entry that could not take its account's new name in a pass, and where. */
type Clash = { whitelistId: string; change: EntryChange };

/**
 * Follows premium accounts' name changes (docs/decisions.md, Renames): each pass asks Mojang's session server
 * for the current name of the accounts checked longest ago, at most `callsPerMinute` in any minute (and a pass
 * its share of them, `passMs`) and each account at most once per `checkEveryMs`, and renames their entries in place with origin `renamed`. Progress is
 * the entries' `nameCheckedAt`, so a restart resumes where the last pass stopped. The service runs a pass a
 * minute (src/server.ts); tests call `pass` with a manual clock.
 */
export function createRenameRefresh(options: RenameRefreshOptions) {
  const { entries, checks, names, clock, logger, checkEveryMs, callsPerMinute } = options;
  const retryAfterMs = options.retryAfterMs ?? RETRY_AFTER_UNAVAILABLE_MS;
  const perPass = Math.max(1, Math.floor((callsPerMinute * (options.passMs ?? MINUTE_MS)) / MINUTE_MS));
  /** When each call of the last minute was made, oldest first. */
  const calls: number[] = [];
  /** No call before this time: Mojang could not answer the last one. */
  let pausedUntil = Number.NEGATIVE_INFINITY;
  let previous: Promise<unknown> = Promise.resolve();

  /** How many calls the last minute leaves. */
  const budget = (now: number) => {
    while (calls.length > 0 && (calls[0] as number) <= now - MINUTE_MS) calls.shift();
    return callsPerMinute - calls.length;
  };

  /** Mojang's answer about an account, or null once `signal` aborts (the service stops without waiting for it). */
  const ask = (uuid: string, signal?: AbortSignal): Promise<AccountName | null> => {
    const stopped = new Promise<null>((resolve) => {
      if (signal?.aborted) resolve(null);
      signal?.addEventListener("abort", () => resolve(null), { once: true });
    });
    return Promise.race([names.nameOf(uuid), stopped]);
  };

  /** Applies renames on one whitelist; a whitelist deleted meanwhile has nothing left to rename. */
  const apply = async (whitelistId: string, changes: EntryChange[]) => {
    try {
      return await entries.change(whitelistId, changes, "renamed", null);
    } catch (error) {
      if (error instanceof DomainError && error.code === "whitelist-not-found") {
        return { changed: [], clashes: [] };
      }
      throw error;
    }
  };

  /** Renames every entry of the account whose nick is not its current name, whitelist by whitelist. */
  const rename = async (account: DueAccount, name: string, clashes: Clash[]): Promise<number> => {
    const byWhitelist = new Map<string, EntryChange[]>();
    for (const entry of account.entries) {
      if (entry.nick === name) continue;
      const changes = byWhitelist.get(entry.whitelistId) ?? [];
      changes.push({ id: entry.id, nick: name, uuid: entry.uuid, xuid: entry.xuid });
      byWhitelist.set(entry.whitelistId, changes);
    }
    let renamed = 0;
    for (const [whitelistId, changes] of byWhitelist) {
      const outcome = await apply(whitelistId, changes);
      renamed += outcome.changed.length;
      for (const change of outcome.clashes) clashes.push({ whitelistId, change });
    }
    return renamed;
  };

  /**
   * Tries the clashes of a pass again while that renames some: a name freed later in the same pass (two
   * accounts that passed a name on) is taken then. Resolves with how many were renamed; logs those left.
   */
  const settleClashes = async (clashes: Clash[]): Promise<{ renamed: number; left: number }> => {
    let left = clashes;
    let renamed = 0;
    for (let progress = true; progress && left.length > 0; ) {
      const byWhitelist = Map.groupBy(left, (clash) => clash.whitelistId);
      left = [];
      progress = false;
      for (const [whitelistId, group] of byWhitelist) {
        const outcome = await apply(
          whitelistId,
          group.map((clash) => clash.change),
        );
        renamed += outcome.changed.length;
        progress ||= outcome.changed.length > 0;
        for (const change of outcome.clashes) left.push({ whitelistId, change });
      }
    }
    for (const { whitelistId, change } of left) {
      const holder = await entries.find(whitelistId, change.nick);
      logger.warn("premium nick not renamed: another entry of the whitelist holds the new name", {
        whitelistId,
        entryId: change.id,
        newName: change.nick,
        heldBy: holder?.id ?? null,
      });
    }
    return { renamed, left: left.length };
  };

  const run = async (signal?: AbortSignal): Promise<RenameReport> => {
    const report: RenameReport = { asked: 0, renamed: 0, clashes: 0, unknown: 0, unavailable: false };
    const now = clock.now();
    if (checkEveryMs <= 0 || now < pausedUntil) return report;
    const clashes: Clash[] = [];
    for (const account of await checks.due(now - checkEveryMs, Math.min(perPass, budget(now)))) {
      if (signal?.aborted) break;
      calls.push(clock.now());
      report.asked++;
      let answer: AccountName | null;
      try {
        answer = await ask(account.uuid, signal);
      } catch (error) {
        if (!(error instanceof DomainError && error.code === "mojang-unavailable")) throw error;
        pausedUntil = clock.now() + retryAfterMs;
        report.unavailable = true;
        logger.info("name refresh paused: Mojang could not answer", { retryAfterMs });
        break;
      }
      if (answer === null) break;
      if (answer.found) {
        report.renamed += await rename(account, answer.name, clashes);
      } else {
        report.unknown++;
        logger.warn("premium account unknown to Mojang: its entries are kept", {
          uuid: account.uuid,
          nicks: account.entries.map((entry) => entry.nick).join(", "),
        });
      }
      await checks.checked(account.uuid, clock.now());
    }
    if (clashes.length > 0 && !signal?.aborted) {
      const settled = await settleClashes(clashes);
      report.renamed += settled.renamed;
      report.clashes = settled.left;
    } else {
      report.clashes = clashes.length;
    }
    return report;
  };

  return {
    /**
     * One pass: the accounts due now, as many as the last minute's calls leave, longest unchecked first. It
     * stops at the first call Mojang cannot answer (and makes none for `retryAfterMs`), and between calls once
     * `signal` aborts. Passes run one at a time: a pass asked for while another runs starts after it.
     */
    pass(signal?: AbortSignal): Promise<RenameReport> {
      const next = previous.then(() => run(signal));
      previous = next.catch(() => undefined);
      return next;
    },
  };
}
