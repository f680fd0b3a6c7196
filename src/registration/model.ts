import type { deniedNicks, registrationRequests } from "../db/schema.ts";
import type { EntryRecord, RoleFailure } from "../entries/model.ts";
import type { Whitelist } from "../whitelists/model.ts";

/** A guild member as the rules see them: who they are, the roles they hold now, and Manage Server. */
export type Member = { userId: string; roleIds: string[]; canManageGuild: boolean };

/** The port the bot implements to change a member's roles; the domain never talks to Discord itself. */
export type RoleGateway = {
  /** Grants roles to a member; returns which were granted and which failed (with a human reason). */
  grant(
    guildId: string,
    userId: string,
    roleIds: string[],
  ): Promise<{ granted: string[]; failed: RoleFailure[] }>;
  /** Revokes roles from a member; returns which were revoked and which failed (with a human reason). */
  revoke(
    guildId: string,
    userId: string,
    roleIds: string[],
  ): Promise<{ revoked: string[]; failed: RoleFailure[] }>;
  /**
   * The roles a member holds now, as Discord has them (not as some earlier event said): null when they are not
   * in the guild (any more). Rejects when Discord cannot tell now.
   */
  rolesOf(guildId: string, userId: string): Promise<string[] | null>;
};

/**
 * The port the bot implements to show staff a request: it posts the request, with its Approve and Reject
 * buttons, in `channelId` (the guild's log channel) and resolves with the post's id; it rejects when it cannot.
 */
export type RequestBoard = {
  post(input: { channelId: string; request: RegistrationRequest; whitelist: Whitelist }): Promise<string>;
};

/** What registration needs of Discord: roles to grant and revert, and a board for requests. */
export type DiscordPorts = { roles: RoleGateway; board: RequestBoard };

/** A member's request to be registered on an `approval` whitelist. */
export type RegistrationRequest = Omit<typeof registrationRequests.$inferSelect, "nickKey">;

/** A nick stored by a registration, and what the bot must report. */
export type Registration = {
  entry: EntryRecord;
  whitelist: Whitelist;
  /** Roles that could not be granted; the registration stands, the log channel is told, the bot tells the actor. */
  grantFailures: RoleFailure[];
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

/** How the registrar asks the deny list about a nick: the denial matching its comparison key or its UUID. */
export type DenialLookup = {
  find(whitelistId: string, nick: string, uuid: string | null): Promise<Denial | undefined>;
};
