import { isUniqueViolation } from "../db/errors.ts";
import type { GuildService } from "../guilds/service.ts";
import { text } from "../i18n/messages.ts";
import { DomainError } from "../shared/errors.ts";
import type { Logger } from "../shared/logger.ts";
import type { Whitelist, WhitelistRef } from "../whitelists/model.ts";
import type { WhitelistService } from "../whitelists/service.ts";
import type { AnswerStore } from "./answers.ts";
import { cleanLine } from "./deny.ts";
import type { Decision, DiscordPorts, Member, RegistrationRequest } from "./model.ts";
import type { Observed } from "./observed.ts";
import type { createRegistrar } from "./registrar.ts";
import type { RequestStore } from "./requests.ts";
import {
  answersOf,
  isManager,
  lifetimeOf,
  pendingRequest,
  requireApprovalMode,
  requireManager,
  requireUnderLimit,
} from "./rules.ts";
import type { Proven, WithForm } from "./service.ts";

/**
 * Which request a manager decides, and why when they say (the dashboard asks it of a rejection; the member reads
 * it); approving needs the requesting member as they are now. `rolesByLeader`: this process does not lead, so the
 * approval's roles are recorded on the entry and granted by the leader (`grantRecorded`; docs/dashboard.md,
 * Replicas), not here.
 */
export type DecideInput = { requestId: string; actor: Member; reason?: string | null } & (
  | { approve: true; member: Member; rolesByLeader?: boolean }
  | { approve: false }
);

/**
 * Registration by staff approval (docs/decisions.md, Registration modes): a member's request, checked by the
 * registration rules and posted for staff, then approved (the rules again, the entry) or rejected; part of the
 * registration service.
 */
export function createApprovals(deps: {
  whitelists: WhitelistService;
  guilds: GuildService;
  requests: RequestStore;
  discord: Pick<DiscordPorts, "board">;
  logger: Logger;
  registrar: Pick<ReturnType<typeof createRegistrar>, "check" | "store" | "held">;
  answers: Pick<AnswerStore, "closeIn" | "ofRequest">;
  observed: Observed;
}) {
  const { whitelists, guilds, requests, discord, logger, observed, answers } = deps;
  const { check, store, held } = deps.registrar;
  /** Requests being approved right now: a second click waits for nothing and is refused. */
  const deciding = new Set<string>();

  const requireRequest = async (requestId: string) => {
    const request = await requests.get(requestId);
    const whitelist = request && (await whitelists.get(request.whitelistId));
    if (!request || !whitelist) {
      throw new DomainError("request-not-found", text("error.request.gone"));
    }
    return { request, whitelist };
  };

  const requirePending = (request: RegistrationRequest) => {
    if (deciding.has(request.id)) {
      throw new DomainError("request-decided", text("error.request.deciding"));
    }
    if (request.status !== "pending") {
      throw new DomainError("request-decided", text(`error.request.decided.${request.status}`));
    }
  };

  /** The refusal of a request staff cannot be shown. */
  const unpostable = (whitelist: Whitelist) =>
    DomainError.with("no-log-channel", text("error.request.noLogChannel", { whitelist: whitelist.name }), {
      whitelist: whitelist.name,
    });

  /** The log channel a request on `whitelist` is posted in; refused when there is none (staff could not see it). */
  const postableIn = async (whitelist: Whitelist): Promise<string> => {
    const channelId = (await guilds.get(whitelist.guildId))?.logChannelId;
    if (!channelId) throw unpostable(whitelist);
    return channelId;
  };

  /** Approving a request: the rules again for the member as they are now, then the entry (see `decide`). */
  const approve = async (
    request: RegistrationRequest,
    whitelist: Whitelist,
    input: DecideInput & { approve: true },
  ): Promise<Decision> => {
    // The manager who clicked reads any refusal, so it is worded about the member (`self: false`).
    // A Bedrock request is checked again from the gamertag the member typed, as Floodgate spells it now.
    const identity = await check(whitelist, input.member, request.gamertag ?? request.nick, {
      role: "approval",
      self: false,
      request: false,
      proof: true,
    });
    // The member asked for it: their own registration, so it lasts the whitelist's entry lifetime.
    const registration = await store(whitelist, input.member, identity, {
      addedBy: input.actor.userId,
      origin: "staff",
      self: false,
      lifetimeSeconds: lifetimeOf(whitelist, true),
      role: "approval",
      own: true,
      // The request's answers go with the entry it becomes (and their retention starts), in its transaction.
      alongside: (tx, entry) => answers.closeIn(tx, request.id, entry.id),
      rolesByLeader: input.rolesByLeader,
    });
    const approved = await requests.close(
      request.id,
      "approved",
      input.actor.userId,
      cleanLine(input.reason),
    );
    return { outcome: "approved", request: approved, ...registration };
  };

  return {
    /** `requestApproval` once its whitelist is resolved (see there). */
    async requestOn(
      whitelist: Whitelist,
      input: WhitelistRef & { member: Member; nick: string } & Proven & WithForm,
    ): Promise<RegistrationRequest> {
      requireApprovalMode(whitelist);
      const filled = answersOf(whitelist, input.form);
      const identity = await check(whitelist, input.member, input.nick, {
        role: "self",
        self: true,
        request: true,
        proof: true,
        account: input.account,
      });
      const channelId = await postableIn(whitelist);
      let request: RegistrationRequest;
      try {
        request = await requests.create(
          { whitelistId: whitelist.id, userId: input.member.userId, ...identity },
          async (tx) =>
            requireUnderLimit(whitelist, input.member, await held(whitelist, input.member, true, tx), true),
          filled === null ? undefined : { guildId: whitelist.guildId, answers: filled },
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw pendingRequest(whitelist, identity.nick);
        throw error;
      }
      logger.info("registration requested", {
        guildId: whitelist.guildId,
        whitelistId: whitelist.id,
        requestId: request.id,
        nick: request.nick,
        userId: request.userId,
      });
      let messageId: string;
      try {
        messageId = await discord.board.post({ channelId, request, whitelist, answers: filled ?? [] });
      } catch (error) {
        logger.warn("registration request not posted", { requestId: request.id, error: String(error) });
        await requests.close(request.id, "cancelled", input.member.userId);
        throw unpostable(whitelist);
      }
      return requests.attachMessage(request.id, messageId);
    },

    /** Refuses ("no-log-channel") where a request could not be shown to staff: asked before a form opens. */
    async requirePostable(whitelist: Whitelist): Promise<void> {
      await postableIn(whitelist);
    },

    /** A request and its whitelist; throws "request-not-found". */
    getRequest(requestId: string): Promise<{ request: RegistrationRequest; whitelist: Whitelist }> {
      return requireRequest(requestId);
    },

    /** The form answers a request came with, while kept (none: it had none, or they are past retention). */
    requestAnswers(requestId: string) {
      return answers.ofRequest(requestId);
    },

    /** The pending requests of a guild's whitelists, oldest first. */
    async listPendingRequests(guildId: string): Promise<RegistrationRequest[]> {
      return requests.listPending((await whitelists.listForGuild(guildId)).map((wl) => wl.id));
    },

    /**
     * A manager approves or rejects a pending request. Approving re-runs the self-registration rules for the
     * requesting `member` as they are now (required role included: they asked for themselves), grants the
     * roles and stores the entry with origin `staff` and `addedBy` the approver: the change happens at the
     * manager's click, so the log reads "added by <manager> for <member>". If a rule now refuses (e.g. the nick
     * was taken meanwhile), the error is thrown and the request stays pending for the manager to reject. The
     * member asked for it, so it lasts the whitelist's entry lifetime, counted from the approval.
     */
    async decide(input: DecideInput): Promise<Decision> {
      cleanLine(input.reason);
      const { request, whitelist } = await requireRequest(input.requestId);
      requireManager(whitelist, input.actor);
      requirePending(request);
      if (!input.approve) {
        const rejected = await requests.close(
          request.id,
          "rejected",
          input.actor.userId,
          cleanLine(input.reason),
        );
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
        return await observed("approval", "added", () => approve(request, whitelist, input));
      } finally {
        deciding.delete(request.id);
      }
    },

    /** Withdraws a pending request: the requester or a manager may. */
    async cancelRequest(input: { requestId: string; actor: Member }): Promise<RegistrationRequest> {
      const { request, whitelist } = await requireRequest(input.requestId);
      if (request.userId !== input.actor.userId && !isManager(whitelist, input.actor)) {
        throw new DomainError("not-owner", text("error.request.notYours"));
      }
      requirePending(request);
      return requests.close(request.id, "cancelled", input.actor.userId);
    },
  };
}
