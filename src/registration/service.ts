import type { Accounts } from "../accounts/service.ts";
import { BY_MEMBER, type EntryOrigin, type EntryRecord } from "../entries/model.ts";
import type { EntryService } from "../entries/service.ts";
import type { GeyserClient } from "../geyser/client.ts";
import type { GuildService } from "../guilds/service.ts";
import type { MojangClient } from "../mojang/client.ts";
import { type Identity, nickTypeSpecs, parseNick } from "../nicks/types.ts";
import type { Clock } from "../shared/clock.ts";
import type { Logger } from "../shared/logger.ts";
import { noObserver, type Observer } from "../shared/observer.ts";
import type { FormAnswer } from "../whitelists/form.ts";
import type { Whitelist, WhitelistRef } from "../whitelists/model.ts";
import type { WhitelistService } from "../whitelists/service.ts";
import type { AnswerStore } from "./answers.ts";
import { createApprovals } from "./approvals.ts";
import { cleanLine } from "./deny.ts";
import type { Departures } from "./departures.ts";
import { createGuests } from "./guests.ts";
import type {
  DenialLookup,
  DiscordPorts,
  Member,
  MemberEntry,
  Registration,
  RegistrationRequest,
  Submission,
} from "./model.ts";
import { observedBy } from "./observed.ts";
import { createRegistrar } from "./registrar.ts";
import type { RequestStore } from "./requests.ts";
import { createRoleLoss } from "./role-loss.ts";
import type { RoleGrants } from "./roles.ts";
import {
  answersOf,
  type FilledForm,
  followsRoles,
  lifetimeOf,
  requireDirectMode,
  requireEnabled,
  requireManager,
  requireOwnerOrManager,
  requireRole,
} from "./rules.ts";
import type { StandingLookup } from "./standing.ts";

/** Who registers a nick for whom; see `register`. */
export type RegisterInput = WhitelistRef & {
  member: Member;
  nick: string;
  actor: Member;
  origin: EntryOrigin;
  /**
   * Staff only: how long the nick lasts, in seconds (1 minute to 366 days); none or null: for good. A member's
   * own registration lasts the whitelist's entry lifetime instead.
   */
  expiresIn?: number | null;
};

/** An account the member just proved (`/register code:`): registered as it is, without a look-up. */
export type Proven = { account?: Identity };

/** The whitelist's form as the member filled it in (docs/decisions.md, Application forms), when it has one. */
export type WithForm = { form?: FilledForm };

/** The registration use cases (docs/architecture.md, The life of a registration). */
export type RegistrationService = ReturnType<typeof createRegistrationService>;

/** Creates the registration service. */
export function createRegistrationService(deps: {
  whitelists: WhitelistService;
  entries: EntryService;
  guilds: GuildService;
  requests: RequestStore;
  /** Form answers: stored with entries here, forgotten when their member leaves. */
  answers: AnswerStore;
  grants: RoleGrants;
  mojang: MojangClient;
  geyser: GeyserClient;
  departures: Departures;
  denials: DenialLookup;
  /** "Not taken" and the member's count in one read (src/registration/standing.ts). */
  standing: StandingLookup;
  /** Who proved which account in a guild (src/accounts): one owner per account, proof, departures. */
  links: Pick<Accounts, "ownerOf" | "forgetMember">;
  discord: Pick<DiscordPorts, "board">;
  clock: Clock;
  logger: Logger;
  /** Counts registrations by how they came and how they ended (metrics). */
  observer?: Observer;
}) {
  const { whitelists, entries, guilds, requests, answers, grants, departures, discord, logger, links } = deps;
  const { check, precheck, store, held, grantRecorded } = createRegistrar(deps);
  const roleLoss = createRoleLoss({ whitelists, entries, grants, logger });
  const guests = createGuests({
    whitelists,
    entries,
    denials: deps.denials,
    registrar: { check },
    clock: deps.clock,
    logger,
  });
  /** `register` once its whitelist is resolved (see there). */
  const registerOn = async (
    whitelist: Whitelist,
    input: RegisterInput & Proven & WithForm,
  ): Promise<Registration> => {
    const self = input.origin === BY_MEMBER;
    // Staff adding a nick answer no form; a member does, and the answers commit with the entry.
    let filled: FormAnswer[] | null = null;
    if (self) {
      if (input.actor.userId !== input.member.userId) {
        throw new TypeError("a self-registration's actor is the member; use origin staff for someone else");
      }
      if (input.expiresIn != null) {
        throw new TypeError("a member's own registration lasts the whitelist's entry lifetime");
      }
      requireDirectMode(whitelist);
      filled = answersOf(whitelist, input.form);
    } else {
      requireManager(whitelist, input.actor);
    }
    const lifetimeSeconds = lifetimeOf(whitelist, self, input.expiresIn ?? null);
    const role = self ? "self" : followsRoles(whitelist) ? "staff" : null;
    const { account } = input;
    const identity = await check(whitelist, input.member, input.nick, {
      role,
      self,
      request: false,
      proof: self,
      account,
    });
    return store(whitelist, input.member, identity, {
      addedBy: input.actor.userId,
      origin: input.origin,
      self,
      lifetimeSeconds,
      role,
      own: self,
      ...(filled === null
        ? {}
        : {
            alongside: (tx, entry) =>
              answers.addIn(tx, {
                guildId: whitelist.guildId,
                whitelistId: whitelist.id,
                userId: entry.userId,
                entryId: entry.id,
                answers: filled,
              }),
          }),
    });
  };

  const observed = observedBy(deps.observer ?? noObserver);
  const approvals = createApprovals({
    whitelists,
    guilds,
    requests,
    discord,
    logger,
    registrar: { check, store, held },
    answers,
    observed,
  });

  const service = {
    /**
     * The `message`-mode whitelist a plain message in `channelId` registers on, if any (the bot ignores other
     * messages). Several in one channel: the first by name.
     */
    async whitelistForMessage(guildId: string, channelId: string): Promise<Whitelist | undefined> {
      return (await whitelists.listForGuild(guildId)).find(
        (wl) => wl.channelId === channelId && wl.registrationMode === "message",
      );
    },

    /**
     * Registers a nick and grants the whitelist's roles the member lacks.
     * - `origin: BY_MEMBER`: the member registers themselves (`actor` is the member). The whitelist must be in
     *   `command` or `message` mode (an `approval` one answers "wrong-mode": use `submit` or `requestApproval`)
     *   and the member must hold a required role.
     * - `origin: "staff"`: a manager adds a nick for `member` (`/whitelist add`), in any mode. The required
     *   roles do not apply (a manager adding someone is the decision the role gate stands for), except on a
     *   whitelist whose nicks follow roles (`followsRoles`): there the nick would be removed at once, so the
     *   member must hold one. Every other rule applies (enabled, nick syntax, taken, the limit, premium).
     * A failed grant keeps the registration and is returned in `grantFailures` (and told to the log channel).
     * How long the entry lasts: `lifetimeOf` (rules.ts): the whitelist's entry lifetime for the member's own,
     * `expiresIn` for staff (refused outside 1 minute to 366 days before anything is looked up).
     */
    async register(input: RegisterInput): Promise<Registration> {
      const whitelist = await whitelists.resolve(input);
      const kind = input.origin === BY_MEMBER ? whitelist.registrationMode : "staff";
      return observed(kind, "added", () => registerOn(whitelist, input));
    },

    /**
     * Whether registering `nick` on the whitelist may wait for Mojang or GeyserMC: its nick type looks accounts
     * up and the answer is not cached. The bot acknowledges such a command before the work, and answers any other
     * directly (src/bot/interaction/answer.ts, inTime). A nick that does not parse is refused at once: false.
     */
    asksRemotely(whitelist: Whitelist, nick: string): boolean {
      const { lookUp } = nickTypeSpecs[whitelist.nickType];
      if (!lookUp) return false;
      try {
        return !lookUp.known({ mojang: deps.mojang, geyser: deps.geyser }, parseNick(whitelist, nick));
      } catch {
        return false;
      }
    },

    /**
     * What `/register` does for a member, in one call, on the whitelist the command means (the caller resolved
     * it, and checked it first): registers on `command`/`message` whitelists, files a request on `approval` ones
     * and posts it for staff. `account`: one the member just proved (src/registration/linking.ts).
     */
    async submit(
      input: { whitelist: Whitelist; member: Member; nick: string } & Proven & WithForm,
    ): Promise<Submission> {
      const { whitelist, member, nick, account, form } = input;
      const ref = { guildId: whitelist.guildId, whitelist: whitelist.id };
      if (whitelist.registrationMode === "approval") {
        const request = await observed("approval", "requested", () =>
          approvals.requestOn(whitelist, { ...ref, member, nick, account, form }),
        );
        return { kind: "requested", request, whitelist };
      }
      const registration = await observed(whitelist.registrationMode, "added", () =>
        registerOn(whitelist, { ...ref, member, nick, actor: member, origin: BY_MEMBER, account, form }),
      );
      return { kind: "registered", ...registration };
    },

    /**
     * What `submit` would refuse before any look-up, from the store alone (a request staff could not see too):
     * the bot asks it before it opens the whitelist's form (docs/decisions.md, Application forms), so a member
     * never answers questions for a registration refused anyway. `nick` null: a proof code, whose account is
     * known only once typed.
     */
    async precheck(input: { whitelist: Whitelist; member: Member; nick: string | null }): Promise<void> {
      const { whitelist, member, nick } = input;
      const request = whitelist.registrationMode === "approval";
      if (request) await approvals.requirePostable(whitelist);
      if (nick === null) {
        requireEnabled(whitelist);
        requireRole(whitelist, member, "self");
        return;
      }
      await precheck(whitelist, member, nick, { role: "self", self: true, request });
    },

    /**
     * Removes a nick (matched in any letter case; on a Bedrock whitelist also by gamertag, see
     * EntryService.findTyped). The owner may (origin `BY_MEMBER`), and so may a manager (origin `staff` when the
     * nick is someone else's). Roles are reverted by the role reverter listening to the bus.
     */
    async unregister(
      input: WhitelistRef & { nick: string; actor: Member; reason?: string | null },
    ): Promise<{ entry: EntryRecord; whitelist: Whitelist }> {
      const reason = cleanLine(input.reason);
      const whitelist = await whitelists.resolve(input);
      const entry = await entries.requireTyped(whitelist, input.nick);
      requireOwnerOrManager(whitelist, entry, input.actor);
      const removed = await entries.remove({
        whitelistId: whitelist.id,
        nick: entry.nick,
        // A guest is nobody's own: whoever removes one does it as staff.
        origin: entry.userId === input.actor.userId && !entry.guest ? BY_MEMBER : "staff",
        actorId: input.actor.userId,
        reason,
      });
      return { entry: removed, whitelist };
    },

    /**
     * Files a request on an `approval` whitelist and posts it to the log channel for staff (the request board):
     * the self-registration rules (enabled, required role, nick, taken, limit counting pending requests too,
     * premium) without roles or entry. Refuses a second pending request for the same nick, and a request staff
     * could not see (no log channel, or the post failed: the request is withdrawn then).
     */
    async requestApproval(
      input: WhitelistRef & { member: Member; nick: string },
    ): Promise<RegistrationRequest> {
      const whitelist = await whitelists.resolve(input);
      return observed("approval", "requested", () => approvals.requestOn(whitelist, input));
    },

    /**
     * Staff add a player who is not on the Discord server (docs/decisions.md, Players without Discord): a guest
     * entry tied to the manager, with their note (src/registration/guests.ts).
     */
    addGuest: (input: Parameters<typeof guests.add>[0]) =>
      observed("staff", "added", () => guests.add(input)),

    getRequest: approvals.getRequest,
    requestAnswers: approvals.requestAnswers,
    listPendingRequests: approvals.listPendingRequests,
    decide: approvals.decide,
    /** The leader grants the roles of an approval decided with `rolesByLeader` (see the registrar's `grantRecorded`). */
    grantRecorded,
    cancelRequest: approvals.cancelRequest,

    /**
     * A member left the guild: removes their entries on the guild's whitelists that have `removeOnLeave`
     * (origin `member-left`, one event each; roles are not touched, the member is gone) and cancels their
     * pending requests on every whitelist of the guild. Returns both so the bot can update its posts. The
     * departure is recorded first: a registration of theirs still under way never commits after it, and one
     * that is committing is waited for and removed with the rest (they share the member's queue).
     */
    async removeMember(input: { guildId: string; userId: string }): Promise<{
      removed: EntryRecord[];
      cancelledRequests: RegistrationRequest[];
    }> {
      departures.record(input.guildId, input.userId);
      return grants.exclusive(input.guildId, input.userId, () => removeAllOf(input));
    },

    /**
     * A member's roles as Discord has them now (a member update, or the bot's check at start, after a resume, after
     * a role was deleted or a whitelist's required roles changed): their entries on whitelists whose nicks follow
     * roles and of whose required roles they hold none are removed, origin `role-lost` (see RoleLoss.check).
     */
    memberRoles(input: {
      guildId: string;
      userId: string;
      roleIds: readonly string[];
    }): Promise<EntryRecord[]> {
      return roleLoss.check(input);
    },

    /** Who may have lost nicks when `roleId` was deleted: owners on whitelists that follow it (RoleLoss). */
    ownersRequiringRole(guildId: string, roleId: string): Promise<string[]> {
      return roleLoss.ownersRequiring(guildId, roleId);
    },

    /** Who to check after a whitelist's required roles or role-loss policy changed (none unless it follows roles). */
    ownersFollowingRoles(whitelistId: string): Promise<string[]> {
      return roleLoss.ownersFollowing(whitelistId);
    },

    /** A member joined the guild (or came back): registrations are theirs to make again. */
    memberJoined(input: { guildId: string; userId: string }): void {
      departures.forget(input.guildId, input.userId);
    },

    /** A member's nicks on the guild's whitelists, oldest first. */
    async listMemberEntries(guildId: string, userId: string): Promise<MemberEntry[]> {
      const byId = new Map((await whitelists.listForGuild(guildId)).map((wl) => [wl.id, wl]));
      return (await entries.listForUserInGuild(guildId, userId)).map((entry) => ({
        entry,
        whitelist: byId.get(entry.whitelistId) as Whitelist,
      }));
    },
  };

  /** Removes a departed member's entries and cancels their requests (see `removeMember`). */
  async function removeAllOf(input: { guildId: string; userId: string }) {
    const guildWhitelists = await whitelists.listForGuild(input.guildId);
    const removed = await entries.removeAllForUser({
      userId: input.userId,
      whitelistIds: guildWhitelists.filter((wl) => wl.removeOnLeave).map((wl) => wl.id),
      origin: "member-left",
    });
    const cancelledRequests = await requests.cancelAllOf(
      input.userId,
      guildWhitelists.map((wl) => wl.id),
    );
    // What they proved was theirs here: another member may prove it now.
    await links.forgetMember(input.guildId, input.userId);
    // Nicks kept on whitelists that keep them (remove-on-leave off) hold no role now: their groups follow.
    await entries.groups.memberRoles({ guildId: input.guildId, userId: input.userId, roleIds: null });
    // Their form answers are personal data: they go with them (docs/decisions.md, Application forms).
    await answers.forgetMember(input.guildId, input.userId);
    if (removed.length > 0 || cancelledRequests.length > 0) {
      logger.info("member left", {
        guildId: input.guildId,
        userId: input.userId,
        removed: removed.length,
        cancelledRequests: cancelledRequests.length,
      });
    }
    return { removed, cancelledRequests };
  }

  return service;
}
