import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { registrationRequests } from "../db/schema.ts";
import type { Write } from "../db/writer.ts";
import type { EntryRecord } from "../entries/model.ts";
import type { EntryService } from "../entries/service.ts";
import type { MojangClient } from "../mojang/client.ts";
import { nickKey } from "../nicks/key.ts";
import { normaliseNick } from "../nicks/validate.ts";
import type { Clock } from "../shared/clock.ts";
import { DomainError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import type { Logger } from "../shared/logger.ts";
import type { Whitelist } from "../whitelists/model.ts";
import type { WhitelistService } from "../whitelists/service.ts";
import type {
  Decision,
  Member,
  MemberEntry,
  Registration,
  RegistrationRequest,
  RoleGateway,
  Submission,
  WhitelistRef,
} from "./model.ts";
import { holdsRequiredRole, isManager, nicks, roleMentions, settleRoleChange } from "./rules.ts";

/**
 * The registration rules (docs/design.md, Registration rules), for the bot's commands, buttons and member
 * events.
 */
export type RegistrationService = ReturnType<typeof createRegistrationService>;

/** A nick as it will be stored: normalised, in the account's own spelling when premium. */
type Identity = { nick: string; uuid: string | null; premium: boolean };

/** Who registers a nick for whom; see `register`. */
export type RegisterInput = WhitelistRef & {
  member: Member;
  nick: string;
  actor: Member;
  origin: "discord" | "staff";
};

/** Which request a manager decides; approving needs the requesting member as they are now. */
export type DecideInput = { requestId: string; actor: Member } & (
  | { approve: true; member: Member }
  | { approve: false }
);

const toRequest = ({ nickKey: _key, ...request }: typeof registrationRequests.$inferSelect) => request;

/** Creates the registration service. */
export function createRegistrationService(deps: {
  db: Db;
  write: Write;
  clock: Clock;
  whitelists: WhitelistService;
  entries: EntryService;
  mojang: MojangClient;
  roles: RoleGateway;
  logger: Logger;
}) {
  const { db, write, clock, whitelists, entries, mojang, roles, logger } = deps;
  /** Requests being approved right now: a second click waits for nothing and is refused. */
  const deciding = new Set<string>();

  // ---- the rules, each once ----

  const resolveWhitelist = (ref: WhitelistRef): Whitelist => {
    const named = ref.whitelist?.trim();
    if (named) {
      const found = whitelists.find(ref.guildId, named);
      if (!found) {
        throw new DomainError(
          "whitelist-not-found",
          `There is no whitelist “${named}” on this server. Pick one of the names the command suggests.`,
        );
      }
      return found;
    }
    const all = whitelists.listForGuild(ref.guildId);
    const bound = ref.channelId ? all.filter((wl) => wl.channelId === ref.channelId) : [];
    const candidates = bound.length > 0 ? bound : all;
    if (candidates.length === 1) return candidates[0] as Whitelist;
    if (candidates.length === 0) {
      throw new DomainError(
        "whitelist-not-found",
        "This server has no whitelist yet. Ask staff to create one with /whitelist create.",
      );
    }
    throw new DomainError(
      "whitelist-required",
      `Which whitelist? This server has ${candidates.map((wl) => wl.name).join(", ")}: ` +
        "name one in the `whitelist` option, or run the command in a whitelist's channel.",
    );
  };

  const requireManager = (whitelist: Whitelist, actor: Member) => {
    if (!isManager(whitelist, actor)) {
      throw new DomainError(
        "not-manager",
        `Only staff of ${whitelist.name} (Manage Server or one of its manager roles) can do that.`,
      );
    }
  };

  const requireEnabled = (whitelist: Whitelist) => {
    if (!whitelist.enabled) {
      throw new DomainError(
        "whitelist-disabled",
        `${whitelist.name} is closed for registrations right now. Ask staff when it reopens.`,
      );
    }
  };

  const requireRole = (whitelist: Whitelist, member: Member, self: boolean) => {
    if (holdsRequiredRole(whitelist, member)) return;
    const roleList = roleMentions(whitelist.requiredRoleIds);
    throw new DomainError(
      "missing-role",
      self
        ? `To register on ${whitelist.name} you need one of these roles: ${roleList}. ` +
            "Ask staff for one, then try again."
        : `That member no longer holds any of the roles ${whitelist.name} requires (${roleList}). ` +
            "Give them one and approve again, or reject the request.",
    );
  };

  const requireFree = (whitelist: Whitelist, nick: string) => {
    const taken = entries.find(whitelist.id, nick);
    if (taken) {
      throw new DomainError(
        "nick-taken",
        `${taken.nick} is already on ${whitelist.name}. If it is yours, ask staff to check; ` +
          "otherwise register another nick.",
      );
    }
  };

  const pendingCount = (whitelistId: string, userId: string) =>
    db
      .select({ n: count() })
      .from(registrationRequests)
      .where(
        and(
          eq(registrationRequests.whitelistId, whitelistId),
          eq(registrationRequests.userId, userId),
          eq(registrationRequests.status, "pending"),
        ),
      )
      .get()?.n ?? 0;

  /** `includePending`: a request counts against the limit while it waits, so a member cannot flood staff. */
  const requireUnderLimit = (
    whitelist: Whitelist,
    member: Member,
    self: boolean,
    includePending: boolean,
  ) => {
    const registered = entries.countForUser(whitelist.id, member.userId);
    const waiting = includePending ? pendingCount(whitelist.id, member.userId) : 0;
    if (registered + waiting < whitelist.maxNicksPerUser) return;
    const max = whitelist.maxNicksPerUser;
    const held =
      waiting > 0 ? `${nicks(registered + waiting)} registered or awaiting approval` : nicks(registered);
    throw new DomainError(
      "limit-reached",
      self
        ? `You already have ${held} on ${whitelist.name}, the most allowed (${max}). ` +
            "Remove one with /unregister first."
        : `That member already has ${held} on ${whitelist.name}, the most allowed (${max}). ` +
            "Remove one first, or raise the limit with /whitelist edit.",
    );
  };

  const requireNoPendingRequest = (whitelist: Whitelist, member: Member, nick: string) => {
    const pending = db
      .select({ id: registrationRequests.id })
      .from(registrationRequests)
      .where(
        and(
          eq(registrationRequests.whitelistId, whitelist.id),
          eq(registrationRequests.userId, member.userId),
          eq(registrationRequests.nickKey, nickKey(nick)),
          eq(registrationRequests.status, "pending"),
        ),
      )
      .get();
    if (pending) throw pendingError(whitelist, nick);
  };

  const pendingError = (whitelist: Whitelist, nick: string) =>
    new DomainError(
      "request-pending",
      `You already asked for ${nick} on ${whitelist.name}; staff will review it soon. No need to ask again.`,
    );

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
   * Every registration rule of docs/design.md (Registration rules) after "which whitelist", in its order,
   * ending with the premium lookup. The cheap checks run again after the lookup, since another registration
   * may have won meanwhile.
   */
  const check = async (
    whitelist: Whitelist,
    member: Member,
    rawNick: string,
    options: { requireRole: boolean; self: boolean; request: boolean },
  ): Promise<Identity> => {
    requireEnabled(whitelist);
    if (options.requireRole) requireRole(whitelist, member, options.self);
    const nick = normaliseNick(whitelist.nickType, rawNick);
    requireFree(whitelist, nick);
    if (options.request) requireNoPendingRequest(whitelist, member, nick);
    requireUnderLimit(whitelist, member, options.self, options.request);
    const identity = await identify(whitelist, nick);
    requireFree(whitelist, identity.nick);
    if (options.request) requireNoPendingRequest(whitelist, member, identity.nick);
    requireUnderLimit(whitelist, member, options.self, options.request);
    return identity;
  };

  // ---- roles ----

  /**
   * Grants the whitelist's roles the member lacks. Records those granted, plus those the member holds only
   * because the bot granted them for another of their entries in this guild: then removing either entry keeps
   * the role while the other remains (docs/design.md, Roles). Roles the member had on their own are never
   * recorded.
   */
  const grantRoles = async (whitelist: Whitelist, member: Member) => {
    const wanted = [...new Set(whitelist.grantedRoleIds)];
    const held = new Set(member.roleIds);
    const botGranted = new Set(
      entries.listForUserInGuild(whitelist.guildId, member.userId).flatMap((entry) => entry.grantedRoleIds),
    );
    const missing = wanted.filter((roleId) => !held.has(roleId));
    const { done: granted, failed: failures } =
      missing.length === 0
        ? { done: [], failed: [] }
        : await settleRoleChange(
            missing,
            async () => {
              const result = await roles.grant(whitelist.guildId, member.userId, missing);
              return { done: result.granted, failed: result.failed };
            },
            "Discord did not confirm the role was given.",
          );
    const recorded = wanted.filter(
      (roleId) => granted.includes(roleId) || (held.has(roleId) && botGranted.has(roleId)),
    );
    if (failures.length > 0) {
      logger.warn("roles not granted", {
        guildId: whitelist.guildId,
        whitelistId: whitelist.id,
        userId: member.userId,
        roleIds: failures.map((failure) => failure.roleId).join(","),
      });
    }
    return { granted, recorded, failures };
  };

  /**
   * Takes back roles granted for a registration that then could not be stored, except those a stored entry of
   * the member records (a concurrent registration of theirs that won may have been granted the same role).
   */
  const revertQuietly = async (guildId: string, userId: string, granted: string[]) => {
    const needed = new Set(
      entries.listForUserInGuild(guildId, userId).flatMap((entry) => entry.grantedRoleIds),
    );
    const roleIds = granted.filter((roleId) => !needed.has(roleId));
    if (roleIds.length === 0) return;
    try {
      const result = await roles.revoke(guildId, userId, roleIds);
      if (result.failed.length > 0) {
        logger.warn("roles of a failed registration not reverted", {
          guildId,
          userId,
          roleIds: result.failed.map((failure) => failure.roleId).join(","),
        });
      }
    } catch (error) {
      logger.warn("roles of a failed registration not reverted", { guildId, userId, error: String(error) });
    }
  };

  /** Grants roles, then stores the entry (and its event); a store that fails takes the granted roles back. */
  const store = async (
    whitelist: Whitelist,
    member: Member,
    identity: Identity,
    who: { addedBy: string; origin: "discord" | "staff"; self: boolean },
  ): Promise<Registration> => {
    const { granted, recorded, failures } = await grantRoles(whitelist, member);
    try {
      // The limit is checked again in the entry's own transaction: no other registration can interleave.
      const entry = await entries.add(
        {
          whitelistId: whitelist.id,
          ...identity,
          userId: member.userId,
          addedBy: who.addedBy,
          origin: who.origin,
          grantedRoleIds: recorded,
        },
        () => {
          requireFree(whitelist, identity.nick);
          requireUnderLimit(whitelist, member, who.self, false);
        },
      );
      logger.info("nick registered", {
        guildId: whitelist.guildId,
        whitelistId: whitelist.id,
        nick: entry.nick,
        userId: entry.userId,
        addedBy: entry.addedBy,
        origin: entry.origin,
      });
      return { entry, whitelist, grantFailures: failures };
    } catch (error) {
      await revertQuietly(whitelist.guildId, member.userId, granted);
      if (isUniqueViolation(error)) {
        throw new DomainError(
          "nick-taken",
          `${identity.nick} was just registered on ${whitelist.name} by someone else.`,
        );
      }
      throw error;
    }
  };

  // ---- requests ----

  const getRequestRow = (requestId: string) =>
    db.select().from(registrationRequests).where(eq(registrationRequests.id, requestId)).get();

  const requireRequest = (requestId: string) => {
    const row = getRequestRow(requestId);
    const whitelist = row && whitelists.get(row.whitelistId);
    if (!row || !whitelist) {
      throw new DomainError(
        "request-not-found",
        "That request no longer exists (its whitelist may have been deleted). The member can ask again.",
      );
    }
    return { request: toRequest(row), whitelist };
  };

  const requirePending = (request: RegistrationRequest) => {
    if (deciding.has(request.id)) {
      throw new DomainError("request-decided", "Another manager is deciding this request right now.");
    }
    if (request.status !== "pending") {
      throw new DomainError("request-decided", `This request was already ${request.status}; nothing to do.`);
    }
  };

  /** Moves a pending request to its final status; resolves with it as stored afterwards. */
  const close = (
    requestId: string,
    status: "approved" | "rejected" | "cancelled",
    decidedBy: string | null,
  ): Promise<RegistrationRequest> =>
    write((tx) => {
      tx.update(registrationRequests)
        .set({ status, decidedBy, decidedAt: clock.now() })
        .where(and(eq(registrationRequests.id, requestId), eq(registrationRequests.status, "pending")))
        .run();
      return toRequest(getRequestRow(requestId) as typeof registrationRequests.$inferSelect);
    });

  const service = {
    /** Whether `member` manages `whitelist` (Manage Server or one of its manager roles). */
    isManager,

    /**
     * The whitelist a command means: by id or name (`whitelist`), else the one bound to `channelId`, else the
     * guild's only one. Throws "whitelist-not-found" or "whitelist-required" (several fit) with the names.
     */
    resolveWhitelist,

    /**
     * The `message`-mode whitelist a plain message in `channelId` registers on, if any (the bot ignores other
     * messages). Several in one channel: the first by name.
     */
    whitelistForMessage(guildId: string, channelId: string): Whitelist | undefined {
      return whitelists
        .listForGuild(guildId)
        .find((wl) => wl.channelId === channelId && wl.registrationMode === "message");
    },

    /**
     * Registers a nick (docs/design.md, Registration rules) and grants the whitelist's roles the member
     * lacks.
     * - `origin: "discord"`: the member registers themselves (`actor` is the member). The whitelist must be in
     *   `command` or `message` mode (an `approval` one answers "wrong-mode": use `submit` or `requestApproval`)
     *   and the member must hold a required role.
     * - `origin: "staff"`: a manager adds a nick for `member` (`/whitelist add`), in any mode. The required
     *   roles do not apply: a manager adding someone is the decision the role gate stands for. Every other
     *   rule does (enabled, nick syntax, taken, the limit, premium).
     * A failed grant keeps the registration and is returned in `grantFailures`.
     */
    async register(input: RegisterInput): Promise<Registration> {
      const whitelist = resolveWhitelist(input);
      const self = input.origin === "discord";
      if (self) {
        if (input.actor.userId !== input.member.userId) {
          throw new TypeError("a self-registration's actor is the member; use origin staff for someone else");
        }
        if (whitelist.registrationMode === "approval") {
          throw new DomainError(
            "wrong-mode",
            `Registrations on ${whitelist.name} need staff approval: use /register and staff will review it.`,
          );
        }
      } else {
        requireManager(whitelist, input.actor);
      }
      const identity = await check(whitelist, input.member, input.nick, {
        requireRole: self,
        self,
        request: false,
      });
      return store(whitelist, input.member, identity, {
        addedBy: input.actor.userId,
        origin: input.origin,
        self,
      });
    },

    /**
     * What `/register` does for a member: registers on `command`/`message` whitelists, files a request on
     * `approval` ones. The mode rule lives here so the command stays a thin adapter.
     */
    async submit(input: WhitelistRef & { member: Member; nick: string }): Promise<Submission> {
      const whitelist = resolveWhitelist(input);
      const ref = { guildId: input.guildId, whitelist: whitelist.id };
      if (whitelist.registrationMode === "approval") {
        const request = await service.requestApproval({ ...ref, member: input.member, nick: input.nick });
        return { kind: "requested", request, whitelist };
      }
      const registration = await service.register({
        ...ref,
        member: input.member,
        nick: input.nick,
        actor: input.member,
        origin: "discord",
      });
      return { kind: "registered", ...registration };
    },

    /**
     * Removes a nick (matched in any letter case; a Bedrock gamertag with or without its `.`). The owner may
     * (origin `discord`), and so may a manager (origin `staff` when the nick is someone else's). Roles are
     * reverted by the role reverter listening to the bus.
     */
    async unregister(input: WhitelistRef & { nick: string; actor: Member }): Promise<{
      entry: EntryRecord;
      whitelist: Whitelist;
    }> {
      const whitelist = resolveWhitelist(input);
      const typed = input.nick.trim();
      const candidates =
        whitelist.nickType === "bedrock" && !typed.startsWith(".") ? [typed, `.${typed}`] : [typed];
      const entry = candidates.map((nick) => entries.find(whitelist.id, nick)).find((found) => found);
      if (!entry) {
        throw new DomainError(
          "entry-not-found",
          `${typed || "That nick"} is not on ${whitelist.name}. Check the spelling and try again.`,
        );
      }
      const owner = entry.userId === input.actor.userId;
      if (!owner && !isManager(whitelist, input.actor)) {
        throw new DomainError(
          "not-owner",
          `${entry.nick} on ${whitelist.name} belongs to another member; only they or staff can remove it.`,
        );
      }
      const removed = await entries.remove({
        whitelistId: whitelist.id,
        nick: entry.nick,
        origin: owner ? "discord" : "staff",
        actorId: input.actor.userId,
      });
      logger.info("nick removed", {
        guildId: whitelist.guildId,
        whitelistId: whitelist.id,
        nick: removed.nick,
        userId: removed.userId,
        actorId: input.actor.userId,
      });
      return { entry: removed, whitelist };
    },

    /**
     * Files a request on an `approval` whitelist: the self-registration rules (enabled, required role, nick,
     * taken, limit counting pending requests too, premium) without roles or entry. Refuses a second pending
     * request for the same nick. The bot then posts it to the log channel and calls `attachRequestMessage`.
     */
    async requestApproval(
      input: WhitelistRef & { member: Member; nick: string },
    ): Promise<RegistrationRequest> {
      const whitelist = resolveWhitelist(input);
      if (whitelist.registrationMode !== "approval") {
        throw new DomainError(
          "wrong-mode",
          `${whitelist.name} does not need approval: register directly with /register.`,
        );
      }
      const identity = await check(whitelist, input.member, input.nick, {
        requireRole: true,
        self: true,
        request: true,
      });
      try {
        const row = await write((tx) => {
          // Counted again where the request is stored: two requests racing cannot both pass the limit.
          requireUnderLimit(whitelist, input.member, true, true);
          return tx
            .insert(registrationRequests)
            .values({
              id: newId(12),
              whitelistId: whitelist.id,
              userId: input.member.userId,
              ...identity,
              nickKey: nickKey(identity.nick),
              status: "pending",
              createdAt: clock.now(),
            })
            .returning()
            .get();
        });
        logger.info("registration requested", {
          guildId: whitelist.guildId,
          whitelistId: whitelist.id,
          requestId: row.id,
          nick: row.nick,
          userId: row.userId,
        });
        return toRequest(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw pendingError(whitelist, identity.nick);
        throw error;
      }
    },

    /** Records the log-channel message that carries a request's buttons. */
    attachRequestMessage(requestId: string, messageId: string): Promise<RegistrationRequest> {
      return write((tx) => {
        requireRequest(requestId);
        tx.update(registrationRequests)
          .set({ requestMessageId: messageId })
          .where(eq(registrationRequests.id, requestId))
          .run();
        return requireRequest(requestId).request;
      });
    },

    /** A request and its whitelist; throws "request-not-found". */
    getRequest(requestId: string): { request: RegistrationRequest; whitelist: Whitelist } {
      return requireRequest(requestId);
    },

    /** The pending requests of a guild's whitelists, oldest first. */
    listPendingRequests(guildId: string): RegistrationRequest[] {
      const ids = whitelists.listForGuild(guildId).map((wl) => wl.id);
      if (ids.length === 0) return [];
      return db
        .select()
        .from(registrationRequests)
        .where(
          and(inArray(registrationRequests.whitelistId, ids), eq(registrationRequests.status, "pending")),
        )
        .orderBy(asc(registrationRequests.createdAt), asc(registrationRequests.id))
        .all()
        .map(toRequest);
    },

    /**
     * A manager approves or rejects a pending request. Approving re-runs the self-registration rules for the
     * requesting `member` as they are now (required role included: they asked for themselves), grants the
     * roles and stores the entry with origin `staff` and `addedBy` the approver: the change happens at the
     * manager's click, so the log reads "added by <manager> for <member>". If a rule now refuses (e.g. the nick
     * was taken meanwhile), the error is thrown and the request stays pending for the manager to reject.
     */
    async decide(input: DecideInput): Promise<Decision> {
      const { request, whitelist } = requireRequest(input.requestId);
      requireManager(whitelist, input.actor);
      requirePending(request);
      if (!input.approve) {
        const rejected = await close(request.id, "rejected", input.actor.userId);
        logger.info("registration rejected", {
          guildId: whitelist.guildId,
          requestId: request.id,
          actorId: input.actor.userId,
        });
        return { outcome: "rejected", request: rejected, whitelist };
      }
      if (input.member.userId !== request.userId) {
        throw new TypeError("decide() needs the requesting member, not another one");
      }
      deciding.add(request.id);
      try {
        // The manager who clicked reads any refusal, so it is worded about the member (`self: false`).
        const identity = await check(whitelist, input.member, request.nick, {
          requireRole: true,
          self: false,
          request: false,
        });
        const registration = await store(whitelist, input.member, identity, {
          addedBy: input.actor.userId,
          origin: "staff",
          self: false,
        });
        return {
          outcome: "approved",
          request: await close(request.id, "approved", input.actor.userId),
          ...registration,
        };
      } finally {
        deciding.delete(request.id);
      }
    },

    /** Withdraws a pending request: the requester or a manager may. */
    async cancelRequest(input: { requestId: string; actor: Member }): Promise<RegistrationRequest> {
      const { request, whitelist } = requireRequest(input.requestId);
      if (request.userId !== input.actor.userId && !isManager(whitelist, input.actor)) {
        throw new DomainError("not-owner", "Only the member who asked, or staff, can withdraw this request.");
      }
      requirePending(request);
      return close(request.id, "cancelled", input.actor.userId);
    },

    /**
     * A member left the guild: removes their entries on the guild's whitelists that have `removeOnLeave`
     * (origin `member-left`, one event each; roles are not touched, the member is gone) and cancels their
     * pending requests on every whitelist of the guild. Returns both so the bot can log them.
     */
    async removeMember(input: { guildId: string; userId: string }): Promise<{
      removed: EntryRecord[];
      cancelledRequests: RegistrationRequest[];
    }> {
      const guildWhitelists = whitelists.listForGuild(input.guildId);
      const removed = await entries.removeAllForUser({
        userId: input.userId,
        whitelistIds: guildWhitelists.filter((wl) => wl.removeOnLeave).map((wl) => wl.id),
        origin: "member-left",
      });
      const ids = guildWhitelists.map((wl) => wl.id);
      const cancelledRequests =
        ids.length === 0
          ? []
          : await write((tx) =>
              tx
                .update(registrationRequests)
                .set({ status: "cancelled", decidedAt: clock.now() })
                .where(
                  and(
                    inArray(registrationRequests.whitelistId, ids),
                    eq(registrationRequests.userId, input.userId),
                    eq(registrationRequests.status, "pending"),
                  ),
                )
                .returning()
                .all()
                .map(toRequest),
            );
      if (removed.length > 0 || cancelledRequests.length > 0) {
        logger.info("member left", {
          guildId: input.guildId,
          userId: input.userId,
          removed: removed.length,
          cancelledRequests: cancelledRequests.length,
        });
      }
      return { removed, cancelledRequests };
    },

    /** A member's nicks on the guild's whitelists, oldest first. */
    listMemberEntries(guildId: string, userId: string): MemberEntry[] {
      const byId = new Map(whitelists.listForGuild(guildId).map((wl) => [wl.id, wl]));
      return entries
        .listForUserInGuild(guildId, userId)
        .map((entry) => ({ entry, whitelist: byId.get(entry.whitelistId) as Whitelist }));
    },
  };
  return service;
}
