import type { deniedNicks, registrationRequests } from "../db/schema.ts";
import type { Db } from "../db/store.ts";
import type { EntryRecord, RoleFailure } from "../entries/model.ts";
import type { NicknameGateway } from "../nicknames/model.ts";
import type { FormAnswer } from "../whitelists/form.ts";
import type { Whitelist } from "../whitelists/model.ts";

/** A guild member as the rules see them: who they are, the roles they hold now, and Manage Server. */
export type Member = { userId: string; roleIds: string[]; canManageGuild: boolean };

/**
 * Roles a change did not try because Discord asked the bot to wait longer than its client waits by itself (a
 * long rate limit, or Cloudflare's ban after too many invalid requests): the caller asks again after `afterMs`.
 */
export type RolesLater = { roleIds: string[]; afterMs: number };

/** The port the bot implements to change a member's roles; the domain never talks to Discord itself. */
export type RoleGateway = {
  /**
   * Grants roles to a member; returns which were granted and which failed (with a human reason), and which
   * are to be asked for again later (`later`, see RolesLater).
   */
  grant(
    guildId: string,
    userId: string,
    roleIds: string[],
  ): Promise<{ granted: string[]; failed: RoleFailure[]; later?: RolesLater }>;
  /** Revokes roles from a member; as `grant`. */
  revoke(
    guildId: string,
    userId: string,
    roleIds: string[],
  ): Promise<{ revoked: string[]; failed: RoleFailure[]; later?: RolesLater }>;
  /**
   * The roles a member holds now as far as the bot knows without asking Discord (the gateway's view, kept current
   * by member updates): null when they are not in the guild (any more); undefined when the bot cannot tell
   * without a request (the caller then goes by the roles it was given with the member). Never a Discord call.
   */
  rolesOf(guildId: string, userId: string): Promise<string[] | null | undefined>;
  /**
   * What Discord's budget for changing members' roles in the guild had left at its last answer (the bucket its
   * rate limit headers describe), while that window lasts; undefined when unknown (no change yet, or no limit).
   */
  room?(guildId: string): RoleRoom | undefined;
};

/** A guild's budget of role changes as Discord last described it: `remaining` of `limit`, for `resetInMs` more. */
export type RoleRoom = { remaining: number; limit: number; resetInMs: number };

/**
 * The port the bot implements to show staff a request: it posts the request, with its Approve and Reject
 * buttons, in `channelId` (the guild's log channel) and resolves with the post's id; it rejects when it cannot.
 */
export type RequestBoard = {
  post(input: {
    channelId: string;
    request: RegistrationRequest;
    whitelist: Whitelist;
    /** The member's answers to the whitelist's form (none: it has no form), shown to staff with the request. */
    answers: readonly FormAnswer[];
  }): Promise<string>;
};

/** What the services need of Discord: roles to grant and revert, a board for requests, members' nicknames. */
export type DiscordPorts = { roles: RoleGateway; board: RequestBoard; nicknames: NicknameGateway };

/** A member's request to be registered on an `approval` whitelist. */
export type RegistrationRequest = Omit<typeof registrationRequests.$inferSelect, "nickKey">;

/**
 * The roles of a registration, granted after it was stored (so the member is answered first): `failures`
 * resolves once Discord granted them, with those it refused (none: all given); `waiting` says other role changes
 * of the guild are under way, so this one may take a while (Discord's role bucket).
 */
export type RolesUnderWay = { waiting: boolean; failures: Promise<RoleFailure[]> };

/** A nick stored by a registration, and what the bot must report. */
export type Registration = {
  entry: EntryRecord;
  whitelist: Whitelist;
  /**
   * The roles being granted; those that could not be are reported to the log channel by the role grants' failure
   * listeners, and the bot tells the actor. The registration stands either way.
   */
  roles: RolesUnderWay;
};

/** What `/register` led to: a registration, or (on an `approval` whitelist) a request posted for staff. */
export type Submission =
  | ({ kind: "registered" } & Registration)
  | { kind: "requested"; request: RegistrationRequest; whitelist: Whitelist };

/** The outcome of a manager's decision, with what the bot tells the requesting member. */
export type Decision =
  | ({ outcome: "approved"; request: RegistrationRequest } & Registration)
  | { outcome: "rejected"; request: RegistrationRequest; whitelist: Whitelist };

/** One of a member's nicks with its whitelist. */
export type MemberEntry = { entry: EntryRecord; whitelist: Whitelist };

/** A nick staff deny on a whitelist (docs/decisions.md, Deny list): by name, and a premium or Bedrock one by UUID. */
export type Denial = Omit<typeof deniedNicks.$inferSelect, "nickKey">;

/**
 * How the registrar asks the deny list about a nick: the denial matching its comparison key or its UUID, read
 * through `q` when given (the storing transaction, whose other checks go in the same round trip).
 */
export type DenialLookup = {
  find(whitelistId: string, nick: string, uuid: string | null, q?: Db): Promise<Denial | undefined>;
};
