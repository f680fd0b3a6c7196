import type { EntryRecord, Origin } from "../entries/model.ts";
import type { EntryChange, EntryService } from "../entries/service.ts";
import type { GeyserClient } from "../geyser/client.ts";
import { floodgateName, floodgateUuid } from "../nicks/floodgate.ts";
import { nickTypeSpecs, nickTypes } from "../nicks/types.ts";
import { DomainError } from "../shared/errors.ts";
import type { Logger } from "../shared/logger.ts";
import type { Whitelist } from "../whitelists/model.ts";
import type { WhitelistService } from "../whitelists/service.ts";

/** What one pass of the Bedrock upkeep did. */
export type UpkeepReport = {
  /** Entries respelled or given their Floodgate UUID, each published as a removal and an addition. */
  changed: number;
  /** Entries still without an XUID: GeyserMC was unreachable, or knows no such gamertag yet. */
  pending: number;
  /** Entries whose new spelling another entry already holds: left as they were, and logged. */
  clashes: number;
};

/** The nick types whose nicks Floodgate spells from gamertags: those the upkeep keeps. */
const floodgateTypes = nickTypes.filter((type) => nickTypeSpecs[type].floodgate);

/** How many GeyserMC lookups one pass keeps in flight. */
const LOOKUPS_AT_ONCE = 4;
/** Entries changed per transaction, so that a large whitelist never holds the store for long. */
const CHANGES_PER_WRITE = 100;

/**
 * Keeps Bedrock entries as Floodgate sees them (docs/decisions.md, Bedrock players): each nick spelled from its
 * gamertag under the whitelist's current Floodgate settings, and each XUID looked up, so that the entry's UUID
 * is the one Floodgate gives the player. It runs after an upgrade (entries stored before XUIDs were kept), after
 * staff change a whitelist's Floodgate settings, and periodically for lookups that could not be made.
 */
export function createBedrockUpkeep(deps: {
  whitelists: WhitelistService;
  entries: EntryService;
  geyser: GeyserClient;
  logger: Logger;
}) {
  const { whitelists, entries, geyser, logger } = deps;

  /** The XUID of a gamertag, or null when GeyserMC cannot tell now or does not know it. */
  const lookUp = async (entry: EntryRecord): Promise<string | null> => {
    try {
      return await geyser.xuidOf(entry.gamertag as string);
    } catch (error) {
      if (error instanceof DomainError && error.code === "geyser-unavailable") return null;
      throw error;
    }
  };

  /**
   * Looks up the XUIDs `wanting` entries lack, a few at a time. Once `signal` aborts, no lookup starts and none
   * is waited for: the service stops without waiting out a slow GeyserMC.
   */
  const lookUpAll = async (wanting: EntryRecord[], signal?: AbortSignal): Promise<Map<number, string>> => {
    const found = new Map<number, string>();
    const stopped = new Promise<null>((resolve) => {
      if (signal?.aborted) resolve(null);
      signal?.addEventListener("abort", () => resolve(null), { once: true });
    });
    let next = 0;
    const worker = async () => {
      while (next < wanting.length && !signal?.aborted) {
        const entry = wanting[next++] as EntryRecord;
        const xuid = await Promise.race([lookUp(entry), stopped]);
        if (xuid !== null && !signal?.aborted) found.set(entry.id, xuid);
      }
    };
    await Promise.all(Array.from({ length: LOOKUPS_AT_ONCE }, worker));
    return found;
  };

  /** Brings one whitelist's Bedrock entries up to date. */
  const keepUp = async (
    whitelist: Whitelist,
    who: { origin: Origin; actorId: string | null },
    signal?: AbortSignal,
  ): Promise<UpkeepReport> => {
    const stored = await entries.listBedrock(whitelist.id);
    const xuids = await lookUpAll(
      stored.filter((entry) => entry.xuid === null),
      signal,
    );
    const changes: EntryChange[] = [];
    for (const entry of stored) {
      const xuid = entry.xuid ?? xuids.get(entry.id) ?? null;
      const nick = floodgateName(whitelist, entry.gamertag as string);
      if (nick === entry.nick && xuid === entry.xuid) continue;
      changes.push({ id: entry.id, nick, xuid, uuid: xuid === null ? null : floodgateUuid(xuid) });
    }
    let changed = 0;
    let clashes = 0;
    for (let start = 0; start < changes.length && !signal?.aborted; start += CHANGES_PER_WRITE) {
      const batch = changes.slice(start, start + CHANGES_PER_WRITE);
      const outcome = await entries.change(whitelist.id, batch, who.origin, who.actorId);
      changed += outcome.changed.length;
      clashes += outcome.clashes.length;
      for (const clash of outcome.clashes) {
        logger.warn("bedrock nick not respelled: another entry holds the new spelling", {
          whitelistId: whitelist.id,
          entryId: clash.id,
          nick: clash.nick,
        });
      }
    }
    const pending = stored.filter((entry) => entry.xuid === null && !xuids.has(entry.id)).length;
    if (pending > 0) {
      logger.info("bedrock xuids pending", { whitelistId: whitelist.id, pending });
    }
    return { changed, pending, clashes };
  };

  return {
    /**
     * One whitelist, after staff changed its Floodgate settings (`origin` staff, the manager as actor), or every
     * Bedrock whitelist of every guild (`origin` system): at start and periodically. `signal` stops it between
     * lookups and between writes (the service is stopping).
     */
    async catchUp(
      scope: { whitelistId: string; actorId: string } | "all",
      signal?: AbortSignal,
    ): Promise<UpkeepReport> {
      const total: UpkeepReport = { changed: 0, pending: 0, clashes: 0 };
      const targets =
        scope === "all"
          ? (await Promise.all(floodgateTypes.map((type) => whitelists.listByNickType(type)))).flat()
          : [await whitelists.get(scope.whitelistId)].filter(
              (wl): wl is Whitelist => wl !== undefined && nickTypeSpecs[wl.nickType].floodgate,
            );
      const who =
        scope === "all"
          ? { origin: "system" as const, actorId: null }
          : { origin: "staff" as const, actorId: scope.actorId };
      for (const whitelist of targets) {
        if (signal?.aborted) break;
        const report = await keepUp(whitelist, who, signal);
        total.changed += report.changed;
        total.pending += report.pending;
        total.clashes += report.clashes;
      }
      return total;
    },
  };
}
