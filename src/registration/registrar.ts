import { isUniqueViolation } from "../db/errors.ts";
import type { EntryService } from "../entries/service.ts";
import type { MojangClient } from "../mojang/client.ts";
import { normaliseNick } from "../nicks/validate.ts";
import { DomainError } from "../shared/errors.ts";
import type { Whitelist } from "../whitelists/model.ts";
import type { Departures } from "./departures.ts";
import type { Member, Registration } from "./model.ts";
import type { RequestStore } from "./requests.ts";
import type { RoleGrants } from "./roles.ts";
import {
  requireEnabled,
  requireFree,
  requireNoPendingRequest,
  requireRole,
  requireUnderLimit,
} from "./rules.ts";

/** A nick as it will be stored: normalised, in the account's own spelling when premium. */
export type Identity = { nick: string; uuid: string | null; premium: boolean };

/**
 * The way from a typed nick to a stored entry that every registration takes (a member's own, staff's, an
 * approval): the rules in their order with the premium lookup, then the roles and the insert.
 */
export function createRegistrar(deps: {
  entries: EntryService;
  requests: RequestStore;
  grants: RoleGrants;
  mojang: MojangClient;
  departures: Departures;
}) {
  const { entries, requests, grants, mojang, departures } = deps;

  /** A member who left while their registration was under way gets nothing stored. */
  const requirePresent = (guildId: string, userId: string) => {
    if (departures.has(guildId, userId)) {
      throw new DomainError("member-left", "That member is no longer in the server; nothing was registered.");
    }
  };

  /** What a member holds on a whitelist; requests waiting for staff count where `withPending`. */
  const held = (whitelist: Whitelist, member: Member, withPending: boolean) => ({
    registered: entries.countForUser(whitelist.id, member.userId),
    waiting: withPending ? requests.pendingCount(whitelist.id, member.userId) : 0,
  });

  /** Premium lookup for `java` and `premium`: the account's own spelling and UUID are what gets stored. */
  const identify = async (whitelist: Whitelist, nick: string): Promise<Identity> => {
    if (whitelist.nickType !== "java" && whitelist.nickType !== "premium") {
      return { nick, uuid: null, premium: false };
    }
    const status = await mojang.lookup(nick);
    if (status.premium) return { nick: status.name, uuid: status.uuid, premium: true };
    if (whitelist.nickType === "premium") {
      throw new DomainError(
        "not-premium",
        `${nick} is not a premium (paid) Minecraft account, and ${whitelist.name} accepts premium accounts ` +
          "only. Check the spelling, or register the nick of your premium account.",
      );
    }
    return { nick, uuid: null, premium: false };
  };

  /**
   * Every registration rule after "the whitelist exists", in the documented order, ending with the premium
   * lookup. The cheap checks run again after the lookup, since another registration may have won meanwhile.
   */
  const check = async (
    whitelist: Whitelist,
    member: Member,
    rawNick: string,
    options: { requireRole: boolean; self: boolean; request: boolean },
  ): Promise<Identity> => {
    requireEnabled(whitelist);
    if (options.requireRole) requireRole(whitelist, member, options.self);
    const available = (nick: string) => {
      requireFree(whitelist, entries.find(whitelist.id, nick));
      if (options.request) {
        requireNoPendingRequest(whitelist, nick, requests.isPending(whitelist.id, member.userId, nick));
      }
      requireUnderLimit(whitelist, held(whitelist, member, options.request), options.self);
    };
    const nick = normaliseNick(whitelist.nickType, rawNick);
    available(nick);
    const identity = await identify(whitelist, nick);
    available(identity.nick);
    return identity;
  };

  /**
   * Grants roles, then stores the entry (and its event); a store that fails takes the granted roles back. It runs
   * in the member's queue (see RoleGrants.exclusive): a revert of their roles published before it finishes
   * first, and their departure waits for it. The member's roles are read again from Discord, not taken from the
   * moment the command was typed. The free-nick, limit and presence rules are checked again inside the entry's
   * own transaction: no other registration can interleave between them and the insert.
   */
  const store = (
    whitelist: Whitelist,
    member: Member,
    identity: Identity,
    who: { addedBy: string; origin: "discord" | "staff"; self: boolean },
  ): Promise<Registration> =>
    grants.exclusive(whitelist.guildId, member.userId, async () => {
      requirePresent(whitelist.guildId, member.userId);
      const roleIds = await grants.currentRoles(whitelist.guildId, member);
      if (roleIds === null) {
        departures.record(whitelist.guildId, member.userId);
        requirePresent(whitelist.guildId, member.userId);
      }
      return insert(whitelist, { ...member, roleIds: roleIds ?? [] }, identity, who);
    });

  const insert = async (
    whitelist: Whitelist,
    member: Member,
    identity: Identity,
    who: { addedBy: string; origin: "discord" | "staff"; self: boolean },
  ): Promise<Registration> => {
    const { granted, recorded, failures } = await grants.grant(whitelist, member);
    try {
      const entry = await entries.add(
        {
          whitelistId: whitelist.id,
          ...identity,
          userId: member.userId,
          addedBy: who.addedBy,
          origin: who.origin,
          grantedRoleIds: recorded,
          grantFailures: failures,
        },
        () => {
          requirePresent(whitelist.guildId, member.userId);
          requireFree(whitelist, entries.find(whitelist.id, identity.nick));
          requireUnderLimit(whitelist, held(whitelist, member, false), who.self);
        },
      );
      return { entry, whitelist, grantFailures: failures };
    } catch (error) {
      await grants.takeBack(whitelist.guildId, member.userId, granted);
      if (isUniqueViolation(error)) {
        throw new DomainError(
          "nick-taken",
          `${identity.nick} was just registered on ${whitelist.name} by someone else.`,
        );
      }
      throw error;
    }
  };

  return { check, store, held };
}
