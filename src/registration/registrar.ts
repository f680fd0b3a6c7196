import type { Accounts } from "../accounts/service.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { Tx } from "../db/store.ts";
import { together } from "../db/together.ts";
import type { EntryOrigin, EntryRecord } from "../entries/model.ts";
import type { EntryService } from "../entries/service.ts";
import type { GeyserClient } from "../geyser/client.ts";
import { text } from "../i18n/messages.ts";
import type { MojangClient } from "../mojang/client.ts";
import { type Identity, nickTypeSpecs, parseNick, type Typed } from "../nicks/types.ts";
import type { Clock } from "../shared/clock.ts";
import { DomainError } from "../shared/errors.ts";
import { expiryOf } from "../whitelists/lifetime.ts";
import type { Whitelist } from "../whitelists/model.ts";
import type { Departures } from "./departures.ts";
import type { DenialLookup, Member, Registration, RolesUnderWay } from "./model.ts";
import type { RequestStore } from "./requests.ts";
import type { RoleGrants } from "./roles.ts";
import {
  proofDueOf,
  type RoleCheck,
  requireEnabled,
  requireFree,
  requireNoPendingRequest,
  requireNotDenied,
  requireNotLinkedElsewhere,
  requireProof,
  requireRole,
  requireUnderLimit,
} from "./rules.ts";
import type { StandingLookup } from "./standing.ts";

/** What the registration asks of linked accounts (src/accounts): who owns an account in a guild, if anyone. */
export type AccountLinks = Pick<Accounts, "ownerOf">;

/**
 * Who stores an entry: the Discord user acting, the origin, whether the member acts for themselves (wording),
 * who the required role is asked of, if anyone (see RoleCheck; null: no role asked), how long the entry
 * lasts (seconds; null: for good; see `lifetimeOf` in rules.ts), and whether the member asked for it (`own`: their
 * registration, or their request approved), so an account they have not proven waits for proof at first join.
 */
export type Storing = {
  addedBy: string;
  origin: EntryOrigin;
  self: boolean;
  role: RoleCheck | null;
  lifetimeSeconds: number | null;
  own: boolean;
  /** What commits with the entry, in its transaction (the member's form answers). */
  alongside?: (tx: Tx, entry: EntryRecord) => Promise<void>;
  /**
   * The roles are the leader's to grant (a replica that does not lead sends nothing to Discord): the entry
   * records them, nothing is granted here, and the leader grants them with `grantRecorded`.
   */
  rolesByLeader?: boolean;
};

/** No role under way: none to grant, or none granted by this process. */
const NO_ROLES: RolesUnderWay = { waiting: false, failures: Promise.resolve([]) };

/** What a check asks: who the required role is asked of, whether the member acts themselves, for a request. */
type Checking = { role: RoleCheck | null; self: boolean; request: boolean; limit?: boolean };

/**
 * The way from a typed nick to a stored entry that every registration takes (a member's own, staff's, an
 * approval): the rules in their order with the premium lookup, then the roles and the insert.
 */
export function createRegistrar(deps: {
  entries: EntryService;
  requests: RequestStore;
  grants: RoleGrants;
  mojang: MojangClient;
  geyser: GeyserClient;
  departures: Departures;
  clock: Clock;
  denials: DenialLookup;
  links: AccountLinks;
  /** "Not taken" and the member's count before the entry's transaction, in one read. */
  standing: StandingLookup;
}) {
  const { entries, requests, grants, mojang, geyser, departures, clock, denials, links, standing } = deps;

  /** A member who left while their registration was under way gets nothing stored. */
  const requirePresent = (guildId: string, userId: string) => {
    if (departures.has(guildId, userId)) {
      throw new DomainError("member-left", text("error.memberLeft.register"));
    }
  };

  /** What a member holds on a whitelist; requests waiting for staff count where `withPending`. */
  const held = async (whitelist: Whitelist, member: Member, withPending: boolean, q?: Tx) => {
    const [registered, waiting] = await together([
      entries.countForUser(whitelist.id, member.userId, q),
      withPending ? requests.pendingCount(whitelist.id, member.userId, q) : 0,
    ]);
    return { registered, waiting };
  };

  /**
   * The look-up of the whitelist's nick type (src/nicks/types.ts): the account it finds is what gets stored
   * (a premium account's own spelling and UUID, a Bedrock player's XUID and Floodgate UUID); where it finds
   * none, the type refuses the nick or stores it as typed. A type without look-up stores it as typed.
   */
  const identify = async (whitelist: Whitelist, typed: Typed): Promise<Identity> => {
    const { lookUp, noAccount } = nickTypeSpecs[whitelist.nickType];
    const account = lookUp ? await lookUp.one({ mojang, geyser }, typed) : null;
    if (account) return account;
    if (lookUp && noAccount) throw noAccount(typed, whitelist.name);
    return { nick: typed.nick, uuid: null, premium: false, gamertag: null, xuid: null };
  };

  /** Who has linked an account in the whitelist's guild (docs/decisions.md, Proof of ownership), if anyone. */
  const ownerOf = (whitelist: Whitelist, identity: Identity, q?: Tx) =>
    identity.uuid === null ? Promise.resolve(undefined) : links.ownerOf(whitelist.guildId, identity.uuid, q);

  /**
   * Staff have not denied the nick (by name; once looked up, a premium or Bedrock account by UUID too), it is free,
   * not waiting for staff already, and the member is under their limit (as `check` asks). Read together (on
   * PostgreSQL the pool's calls of a burst queue in turn: each read after another waits its turn again), the deny
   * list from memory and "not taken" with the member's count in one read, then checked in that order: a refusal
   * is the one the first rule broken gives.
   */
  const available = async (
    whitelist: Whitelist,
    member: Member,
    nick: string,
    uuid: string | null,
    options: Checking,
  ) => {
    const limit = options.limit !== false;
    const [denial, stands, pending, waiting] = await together([
      denials.find(whitelist.id, nick, uuid),
      standing(whitelist.id, member.userId, nick),
      options.request ? requests.isPending(whitelist.id, member.userId, nick) : false,
      limit && options.request ? requests.pendingCount(whitelist.id, member.userId) : 0,
    ]);
    requireNotDenied(whitelist, nick, denial, options.self);
    requireFree(whitelist, stands.taken, nick);
    if (options.request) requireNoPendingRequest(whitelist, nick, pending);
    if (limit) requireUnderLimit(whitelist, member, { registered: stands.registered, waiting }, options.self);
  };

  /**
   * The rules `check` runs before the look-up, from the store alone (enabled, the required role, the nick's syntax,
   * denied by name, taken, waiting, the limit): quick enough to run before a form opens, so a member never fills
   * one in for a registration refused anyway. Resolves with the typed nick.
   */
  const precheck = async (
    whitelist: Whitelist,
    member: Member,
    rawNick: string,
    options: Checking,
  ): Promise<Typed> => {
    requireEnabled(whitelist);
    if (options.role) requireRole(whitelist, member, options.role);
    const typed = parseNick(whitelist, rawNick);
    await available(whitelist, member, typed.nick, null, options);
    return typed;
  };

  /**
   * Every registration rule after "the whitelist exists", in the documented order, ending with the lookup
   * (Mojang or GeyserMC). The cheap checks run again after the lookup, since another registration may have won
   * meanwhile; the deny list is asked before it by name and after it by the account's name and UUID, so every
   * way in (a member, staff, an approval, an import) meets it here, and so does the account's owner in the guild,
   * if another member proved it. `role`: who the required role is asked of, if anyone. `limit: false` leaves out
   * the member's limit (an import: docs/decisions.md, Import and transfer). `proof`: the member asks for the nick
   * themselves, so a whitelist requiring proof takes only an account they linked. `account`: an account the
   * member just proved, stored as it is (no look-up).
   */
  const check = async (
    whitelist: Whitelist,
    member: Member,
    rawNick: string,
    options: Checking & { proof?: boolean; account?: Identity },
  ): Promise<Identity> => {
    const typed = await precheck(whitelist, member, rawNick, options);
    const identity = options.account ?? (await identify(whitelist, typed));
    // Without a look-up nothing was waited for and the identity is the nick as typed: the checks just made hold
    // (the entry's transaction checks them again in any case).
    if (options.account !== undefined || nickTypeSpecs[whitelist.nickType].lookUp !== null) {
      await available(whitelist, member, identity.nick, identity.uuid, options);
    }
    const owner = await ownerOf(whitelist, identity);
    requireNotLinkedElsewhere(identity, owner, member, options.self);
    if (options.proof) requireProof(whitelist, identity, owner, member, options.self);
    return identity;
  };

  /**
   * Stores the entry (and its event), then queues the grant of its roles: the member is answered once the entry
   * commits, and a role bucket Discord keeps full delays the role, not the answer (docs/decisions.md, Roles). It
   * runs in the member's queue (see RoleGrants.exclusive): their departure or loss of a required role waits for
   * it. The member's roles are those the gateway knows now (kept current by member updates), else those they were
   * seen with, and the required role is asked of those (a role lost meanwhile was checked in this queue before
   * this ran, and found no entry to remove). The free-nick, limit and presence rules are checked again inside the
   * entry's own transaction: no other registration can interleave between them and the insert. The roles it
   * records are those it is about to grant (plan): a grant Discord refuses takes them off the record again.
   */
  const store = (
    whitelist: Whitelist,
    member: Member,
    identity: Identity,
    who: Storing,
  ): Promise<Registration> =>
    grants.exclusive(whitelist.guildId, member.userId, async () => {
      requirePresent(whitelist.guildId, member.userId);
      const roleIds = await grants.currentRoles(whitelist.guildId, member);
      if (roleIds === null) {
        departures.record(whitelist.guildId, member.userId);
        requirePresent(whitelist.guildId, member.userId);
      }
      const current = { ...member, roleIds: roleIds ?? [] };
      if (who.role) requireRole(whitelist, current, who.role);
      return insert(whitelist, current, identity, who);
    });

  const insert = async (
    whitelist: Whitelist,
    member: Member,
    identity: Identity,
    who: Storing,
  ): Promise<Registration> => {
    const { recorded, toGrant } = await grants.plan(whitelist, member);
    // Verified when the member has linked the account in the guild (docs/decisions.md, Proof of ownership).
    const verified = (await ownerOf(whitelist, identity))?.userId === member.userId;
    const now = clock.now();
    let entry: EntryRecord;
    try {
      entry = await entries.add(
        {
          whitelistId: whitelist.id,
          ...identity,
          userId: member.userId,
          addedBy: who.addedBy,
          origin: who.origin,
          grantedRoleIds: recorded,
          // From when it is stored, not from when it was asked for (an approval may come days later).
          expiresAt: expiryOf(now, who.lifetimeSeconds),
          verified,
          proofDueAt: proofDueOf(whitelist, who.own, verified, now),
        },
        async (tx) => {
          requirePresent(whitelist.guildId, member.userId);
          // Read together through the transaction, in one round trip on its connection (src/db/together.ts), then
          // checked in order. The deny list too: only writes never grouped change it, so the transaction sees the
          // same denials as the pool would, and no second connection of the write line has to answer.
          const [denial, taken, holding, owner] = await together([
            denials.find(whitelist.id, identity.nick, identity.uuid, tx),
            entries.find(whitelist.id, identity.nick, tx),
            held(whitelist, member, false, tx),
            ownerOf(whitelist, identity, tx),
          ]);
          // A denial committed while this registration waited for a lookup wins.
          requireNotDenied(whitelist, identity.nick, denial, who.self);
          requireFree(whitelist, taken);
          requireUnderLimit(whitelist, member, holding, who.self);
          // Another member may have proven the account while this registration waited.
          requireNotLinkedElsewhere(identity, owner, member, who.self);
        },
        {
          // The entry's groups are read from the member's roles as stored (docs/decisions.md, Ranks that follow
          // roles), noted in the entry's own transaction: one commit and one flush for the registration.
          before: (tx) =>
            entries.groups.noteRegistering(tx, {
              guildId: whitelist.guildId,
              userId: member.userId,
              roleIds: member.roleIds,
            }),
          ...(who.alongside ? { alongside: who.alongside } : {}),
        },
      );
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new DomainError(
          "nick-taken",
          text("error.takenJustNow", { nick: identity.nick, whitelist: whitelist.name }),
        );
      }
      throw error;
    }
    const roles = who.rolesByLeader
      ? NO_ROLES
      : grants.grantFor({
          whitelist,
          entry,
          roleIds: toGrant,
          recorded,
          skip: () => departures.has(whitelist.guildId, member.userId),
        });
    return { entry, whitelist, roles };
  };

  /**
   * Grants the roles a stored entry records that were left to the leader (`rolesByLeader`: an approval in the
   * dashboard of a replica that does not lead, docs/dashboard.md, Replicas), as `store` grants its own: in the
   * member's queue of role changes, those they lack now (all recorded when the gateway cannot tell), a refusal
   * taken off the record and reported. When its turn comes, nothing if the member left or the entry is gone: its
   * removal's revert took back nothing granted, so a grant then would leave a role no entry records. Discord keeps
   * a role granted twice once: the same entry granted again after a change of leader changes nothing.
   */
  const grantRecorded = async (whitelist: Whitelist, entry: EntryRecord): Promise<RolesUnderWay> => {
    const { guildId } = whitelist;
    const { userId } = entry;
    const recorded = [...new Set(entry.grantedRoleIds)];
    const held = await grants.currentRoles(guildId, { userId, roleIds: [], canManageGuild: false });
    if (held === null || recorded.length === 0) return NO_ROLES;
    const stored = async () =>
      (await entries.listForUserInGuild(guildId, userId)).some((candidate) => candidate.id === entry.id);
    return grants.grantFor({
      whitelist,
      entry,
      roleIds: recorded.filter((roleId) => !held.includes(roleId)),
      recorded,
      skip: async () => departures.has(guildId, userId) || !(await stored()),
    });
  };

  return { check, precheck, store, held, grantRecorded, parse: parseNick, requirePresent };
}
