import type { EventLog } from "../entries/event-log.ts";
import type { EntryRecord } from "../entries/model.ts";
import type { EntryService } from "../entries/service.ts";
import type { GuildService } from "../guilds/service.ts";
import type { Logger } from "../shared/logger.ts";
import type { Whitelist } from "../whitelists/model.ts";
import type { WhitelistService } from "../whitelists/service.ts";
import type { BanDenials, DenyList } from "./deny.ts";
import type { Departures } from "./departures.ts";
import type { Denial } from "./model.ts";
import type { RoleGrants } from "./roles.ts";

/** What a ban did to the guild's whitelists: per whitelist, the denials made, those already there, the removals. */
export type BanOutcome = { userId: string; whitelists: BanDenials[] };

/** What an unban lifted: the denials its ban had made, with their whitelists. */
export type UnbanOutcome = { userId: string; lifted: { denial: Denial; whitelist: Whitelist }[] };

/**
 * Discord bans reach the whitelists (docs/decisions.md, Bans), where the guild turned it on (`banSync`). A ban
 * denies every nick the member held in the guild, on its whitelist, with the reason "banned on Discord", so another
 * account cannot register them: their entries now (on every whitelist, whether or not it removes nicks on leave)
 * and those their departure took, as the event log still holds them (Discord sends the ban and the departure as two
 * events, in either order). An unban lifts the denials that ban made, never staff's own. Both run in the member's
 * queue, as a departure does, so whichever of the ban and the departure comes first, the other finds its result.
 */
export function createBanSync(deps: {
  guilds: Pick<GuildService, "get">;
  whitelists: Pick<WhitelistService, "listForGuild">;
  entries: Pick<EntryService, "listForUserInGuild">;
  events: Pick<EventLog, "removedOnLeave">;
  denials: Pick<DenyList, "denyBanned" | "liftBanned">;
  grants: Pick<RoleGrants, "exclusive">;
  departures: Pick<Departures, "record">;
  logger: Logger;
}) {
  const { guilds, whitelists, entries, events, denials, grants, departures, logger } = deps;

  /** The nicks a member held, by whitelist: their entries now and those their departure removed. */
  const heldBy = async (guildId: string, userId: string) => {
    const byWhitelist = new Map<string, { nick: string; uuid: string | null }[]>();
    const add = (entry: Pick<EntryRecord, "whitelistId" | "nick" | "uuid">) => {
      const list = byWhitelist.get(entry.whitelistId) ?? [];
      list.push({ nick: entry.nick, uuid: entry.uuid });
      byWhitelist.set(entry.whitelistId, list);
    };
    for (const entry of await entries.listForUserInGuild(guildId, userId)) add(entry);
    for (const removed of await events.removedOnLeave(guildId, userId)) add(removed);
    return byWhitelist;
  };

  return {
    /**
     * A member was banned (`actorId`: the bot, who denies on the ban's behalf). Null when the guild has ban sync
     * off; else what was denied and removed, per whitelist of the guild the member held nicks on.
     */
    async banned(input: { guildId: string; userId: string; actorId: string }): Promise<BanOutcome | null> {
      // A ban removes the member from the server, whichever of the two events comes first: nothing is theirs to
      // register, and no role is theirs to take back (they have none any more).
      departures.record(input.guildId, input.userId);
      if (!(await guilds.get(input.guildId))?.banSync) return null;
      return grants.exclusive(input.guildId, input.userId, async () => {
        const held = await heldBy(input.guildId, input.userId);
        const outcome: BanOutcome = { userId: input.userId, whitelists: [] };
        for (const whitelist of await whitelists.listForGuild(input.guildId)) {
          const nicks = held.get(whitelist.id);
          if (!nicks) continue;
          outcome.whitelists.push(
            await denials.denyBanned({ whitelist, nicks, userId: input.userId, actorId: input.actorId }),
          );
        }
        const denied = outcome.whitelists.reduce((sum, one) => sum + one.denied.length, 0);
        const removed = outcome.whitelists.reduce((sum, one) => sum + one.removed.length, 0);
        logger.info("member banned: nicks denied", {
          guildId: input.guildId,
          userId: input.userId,
          denied,
          removed,
        });
        return outcome;
      });
    },

    /**
     * A member was unbanned: the denials their ban made on the guild's whitelists are lifted (whether or not ban sync
     * is still on: they are the ban's, and it is gone). Nothing is added back.
     */
    async unbanned(input: { guildId: string; userId: string }): Promise<UnbanOutcome> {
      return grants.exclusive(input.guildId, input.userId, async () => {
        const guildWhitelists = await whitelists.listForGuild(input.guildId);
        const byId = new Map(guildWhitelists.map((whitelist) => [whitelist.id, whitelist]));
        const lifted = await denials.liftBanned({ whitelistIds: [...byId.keys()], userId: input.userId });
        if (lifted.length > 0) {
          logger.info("member unbanned: denials lifted", {
            guildId: input.guildId,
            userId: input.userId,
            lifted: lifted.length,
          });
        }
        return {
          userId: input.userId,
          lifted: lifted.map((denial) => ({ denial, whitelist: byId.get(denial.whitelistId) as Whitelist })),
        };
      });
    },
  };
}

/** The ban sync use cases. */
export type BanSync = ReturnType<typeof createBanSync>;
