import { text } from "../i18n/messages.ts";
import { nickTypeSpecs } from "../nicks/types.ts";
import { DomainError } from "../shared/errors.ts";
import type { Logger } from "../shared/logger.ts";
import type { Whitelist } from "../whitelists/model.ts";
import type { WhitelistChanges, WhitelistService } from "../whitelists/service.ts";
import type { createBedrockUpkeep, UpkeepReport } from "./bedrock.ts";
import type { FirstJoin } from "./first-join.ts";
import { followsRoles } from "./rules.ts";

/** Staff changing a whitelist's settings: which, on whose behalf, in which guild. */
export type WhitelistEditInput = {
  guildId: string;
  whitelistId: string;
  /** The staff member who changes it: the actor of the respellings and settlements it causes. */
  actorId: string;
  changes: WhitelistChanges;
};

/** What changing a whitelist's settings did, for whoever asked to tell staff in their own words. */
export type WhitelistEdit = {
  before: Whitelist;
  after: Whitelist;
  /** The settings given, in the order given (an empty change writes nothing). */
  changed: (keyof WhitelistChanges)[];
  /** Bedrock nicks respelled as Floodgate now names their players; null when its Floodgate settings stayed. */
  respelled: UpkeepReport | null;
  /** How many entries waited for proof at first join and wait no more (they stay, unverified). */
  settled: number;
  /**
   * Whether the owners of its nicks should be checked against its required roles now, as the bot does at its next
   * start (docs/decisions.md, Access follows roles): its nicks follow roles, and what they need changed.
   */
  recheckOwners: boolean;
};

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/** Whether `changes` move how Floodgate names the players of a Bedrock whitelist (their nicks are respelled). */
function movesFloodgate(whitelist: Whitelist, changes: WhitelistChanges): boolean {
  if (!nickTypeSpecs[changes.nickType ?? whitelist.nickType].floodgate) return false;
  return (
    (changes.floodgatePrefix !== undefined && changes.floodgatePrefix !== whitelist.floodgatePrefix) ||
    (changes.replaceSpaces !== undefined && changes.replaceSpaces !== whitelist.replaceSpaces)
  );
}

/**
 * Changing a whitelist's settings, and what follows from the change in the domain: a Bedrock whitelist's nicks
 * respelled when its Floodgate settings change (one removal and one addition each, as staff's), entries that
 * waited for proof at first join settled when it no longer asks for it, and whether its owners' roles must be
 * checked now. The bot's `/whitelist edit` and `/whitelist roles` are adapters over it; a dashboard would be one
 * more.
 */
export function createWhitelistEdits(deps: {
  whitelists: Pick<WhitelistService, "get" | "update">;
  bedrock: Pick<ReturnType<typeof createBedrockUpkeep>, "catchUp">;
  firstJoin: Pick<FirstJoin, "settle">;
  logger: Logger;
}) {
  const { whitelists, bedrock, firstJoin, logger } = deps;

  const current = async (guildId: string, whitelistId: string): Promise<Whitelist> => {
    const whitelist = await whitelists.get(whitelistId);
    if (!whitelist || whitelist.guildId !== guildId) {
      throw new DomainError("whitelist-not-found", text("error.whitelist.gone"));
    }
    return whitelist;
  };

  return {
    /**
     * Whether editing `whitelist` so may wait on a remote service (GeyserMC, for the respelled nicks' XUIDs), so an
     * adapter that must answer in time acknowledges first.
     */
    asksRemotely(whitelist: Whitelist, changes: WhitelistChanges): boolean {
      return movesFloodgate(whitelist, changes);
    },

    /** Changes a whitelist's settings (checked by the whitelist service) and does what follows from them. */
    async editWhitelist({
      guildId,
      whitelistId,
      actorId,
      changes,
    }: WhitelistEditInput): Promise<WhitelistEdit> {
      const before = await current(guildId, whitelistId);
      const changed = (Object.keys(changes) as (keyof WhitelistChanges)[]).filter(
        (key) => changes[key] !== undefined,
      );
      if (changed.length === 0) {
        return { before, after: before, changed, respelled: null, settled: 0, recheckOwners: false };
      }
      const after = await whitelists.update(whitelistId, changes);
      logger.info("whitelist changed", { guildId, whitelistId, settings: changed.join(","), actorId });
      const respelled = movesFloodgate(before, changes)
        ? await bedrock.catchUp({ whitelistId, actorId })
        : null;
      const settled =
        before.proof === "first-join" && after.proof !== "first-join"
          ? (await firstJoin.settle(whitelistId, actorId)).length
          : 0;
      const needsChanged =
        !sameSet(before.requiredRoleIds, after.requiredRoleIds) || before.onRoleLoss !== after.onRoleLoss;
      return {
        before,
        after,
        changed,
        respelled,
        settled,
        recheckOwners: needsChanged && followsRoles(after),
      };
    },
  };
}

/** Changing whitelists' settings and what follows from it (see createWhitelistEdits). */
export type WhitelistEdits = ReturnType<typeof createWhitelistEdits>;
