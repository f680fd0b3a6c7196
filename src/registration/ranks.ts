import type { Tx } from "../db/store.ts";
import type { Write } from "../db/writer.ts";
import type { EntryRecord } from "../entries/model.ts";
import type { EntryService } from "../entries/service.ts";
import { text } from "../i18n/messages.ts";
import type { Clock } from "../shared/clock.ts";
import { DomainError } from "../shared/errors.ts";
import type { Logger } from "../shared/logger.ts";
import {
  groupName,
  type RankHolder,
  type RankMapping,
  type RankMappings,
  rankHolder,
} from "../whitelists/ranks.ts";
import type { WhitelistService } from "../whitelists/service.ts";

/** What a mapping edit did: whether it changed the mappings, and the entries whose groups it changed. */
export type RankEdit<T> = T & { changed: EntryRecord[] };

/**
 * `/whitelist ranks` (docs/decisions.md, Ranks that follow roles): staff map Discord roles to game groups per
 * whitelist. Each edit and the groups it changes commit together: every entry of the whitelist is regrouped in the
 * same transaction, each change an `entry.groups` event (origin `staff`, marked `bulk`: the log channel posts the
 * edit once, not each nick). Permission (Manage Server) is the bot's precondition, as for the whitelist's roles.
 */
export function createRanks(deps: {
  whitelists: WhitelistService;
  entries: Pick<EntryService, "groups">;
  mappings: RankMappings;
  write: Write;
  clock: Clock;
  logger: Logger;
}) {
  const { whitelists, entries, mappings, write, clock, logger } = deps;

  const requireWhitelist = async (id: string) => {
    const whitelist = await whitelists.get(id);
    if (!whitelist) throw new DomainError("whitelist-not-found", text("error.whitelist.gone"));
    return whitelist;
  };

  /** Runs a mapping edit and regroups the whitelist's entries with it, in one transaction; publishes once committed. */
  async function edit<T>(
    whitelistId: string,
    actorId: string,
    change: (tx: Tx) => Promise<{ result: T; changedMappings: boolean }>,
  ): Promise<RankEdit<T>> {
    const { result, notices } = await write(
      async (tx) => {
        const whitelist = await requireWhitelist(whitelistId);
        const { result, changedMappings } = await change(tx);
        const notices = changedMappings
          ? await entries.groups.regroupWhitelistIn(tx, whitelist, "staff", actorId)
          : [];
        return { result, notices };
      },
      ({ notices }) => entries.groups.publish(notices),
    );
    if (notices.length > 0) {
      logger.info("rank mapping changed groups", { whitelistId, actorId, entries: notices.length });
    }
    return { ...result, changed: notices.map((notice) => notice.entry) };
  }

  return {
    /** A whitelist's mappings, by group then holder. */
    list(whitelistId: string): Promise<RankMapping[]> {
      return mappings.list(whitelistId);
    },

    /** The mappings of several whitelists (a guild's, for `/whitelist member`), by whitelist id. */
    byWhitelist(whitelistIds: readonly string[]): Promise<Map<string, RankMapping[]>> {
      return mappings.byWhitelist(whitelistIds);
    },

    /**
     * Maps a role (its id; the guild's own id, @everyone, means everyone on the whitelist) or a pseudo-role to a
     * group on a whitelist. Several roles may map to one group and one role to several groups; a role Discord
     * manages (Server Booster, a subscription) maps like any other, since the bot never has to grant it. The
     * group's name is checked and lower-cased (`groupName`).
     */
    async map(input: {
      whitelistId: string;
      guildId: string;
      roleId: string;
      group: string;
      actorId: string;
    }): Promise<RankEdit<{ mapping: RankMapping; added: boolean }>> {
      const mapping = {
        whitelistId: input.whitelistId,
        roleId: rankHolder(input.guildId, input.roleId),
        group: groupName(input.group),
      };
      return edit(input.whitelistId, input.actorId, async (tx) => {
        const added = await mappings.addIn(tx, {
          ...mapping,
          createdBy: input.actorId,
          createdAt: clock.now(),
        });
        return { result: { mapping, added }, changedMappings: added };
      });
    },

    /** Removes the mappings of a group on a whitelist (those of one holder only, when `roleId` is given). */
    async unmap(input: {
      whitelistId: string;
      guildId: string;
      group: string;
      roleId?: string;
      actorId: string;
    }): Promise<RankEdit<{ group: string; holder: RankHolder | null; removed: RankMapping[] }>> {
      const group = groupName(input.group);
      const holder = input.roleId === undefined ? null : rankHolder(input.guildId, input.roleId);
      return edit(input.whitelistId, input.actorId, async (tx) => {
        const removed = await mappings.removeIn(tx, {
          whitelistId: input.whitelistId,
          group,
          ...(holder === null ? {} : { roleId: holder }),
        });
        return { result: { group, holder, removed }, changedMappings: removed.length > 0 };
      });
    },
  };
}

/** The rank mapping use cases. */
export type Ranks = ReturnType<typeof createRanks>;
