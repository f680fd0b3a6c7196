import {
  type Client,
  DiscordAPIError,
  GatewayIntentBits,
  RateLimitError,
  type REST,
  RESTJSONErrorCodes,
  Routes,
} from "discord.js";
import type { RoleFailure } from "../entries/model.ts";
import { type Text, text } from "../i18n/messages.ts";
import type { RoleGateway, RolesLater } from "../registration/model.ts";
import { watchBudgets } from "./budgets.ts";
import { roleIdsOf } from "./members.ts";
import { retryAfterOf } from "./rate-limits.ts";
import { afterReplies } from "./replies.ts";

/** What the role gateway reads of the bot besides REST: the gateway connection's client, and a ban's hold. */
export type GatewayView = { client(): Client | undefined; heldUntil(): number };

/** A reason a server admin can act on, for a failed role change (`managed`: an integration manages the role). */
function reasonOf(error: unknown, managed: boolean): Text {
  if (error instanceof DiscordAPIError) {
    if (error.code === RESTJSONErrorCodes.MissingPermissions) {
      // Discord lets nobody give or take a role an integration manages: moving the bot's role up cannot help.
      return text(managed ? "log.roleReason.managed" : "log.roleReason.permission");
    }
    if (error.code === RESTJSONErrorCodes.UnknownRole) return text("log.roleReason.unknownRole");
    if (error.code === RESTJSONErrorCodes.UnknownMember) return text("log.roleReason.unknownMember");
    return text("log.roleReason.refused", { code: String(error.code), message: error.message });
  }
  return text("log.roleReason.unreachable", { message: String((error as Error)?.message ?? error) });
}

const isCode = (error: unknown, code: number) => error instanceof DiscordAPIError && error.code === code;

/**
 * How long the bot overlays its own role changes on the gateway's view of a member: the member update Discord
 * sends after a change comes a moment after the change's answer.
 */
const OWN_CHANGES_MS = 60_000;

type Change = { done: string[]; failed: RoleFailure[]; later?: RolesLater };

/**
 * The routes that change a member's roles (and nickname), by guild: `PUT`/`DELETE …/roles/{role}` and `PATCH` of the
 * member, two buckets of Discord's; `room` tells the one with less left (src/bot/budgets.ts).
 */
const MEMBER_CHANGE = /^\/guilds\/(\d+)\/members\/\d+(?:\/roles\/\d+)?$/;

/**
 * The RoleGateway over Discord's REST API. One role: `PUT`/`DELETE …/roles/{role}`, which changes that role alone
 * whatever else happens to the member. Several: one `PATCH /guilds/{g}/members/{u}` with the whole list, when the
 * gateway knows the member's roles now (the Server Members intent keeps them current); Discord applies a list as
 * a whole, so a role someone else changed on that member in the moment between the bot's view and Discord's
 * (the gateway's delay, a few hundred milliseconds) would be undone: docs/decisions.md, Roles, weighs this. A
 * refused list (a role above the bot, a role gone) is tried role by role, so each refusal gets its own reason
 * while the other roles are still given. Once Discord says the member is gone (10007), the roles not yet tried
 * fail with the same reason, unasked. A wait discord.js hands back (a long rate limit, a ban; every wait of a
 * member edit, whose list is then read again) returns the roles not tried as `later`. `room` says what Discord's
 * budget for member changes in the guild has left (src/bot/budgets.ts).
 */
export function createDiscordRoleGateway(rest: REST, gateway: GatewayView): RoleGateway {
  const room = watchBudgets(rest, (path) => MEMBER_CHANGE.exec(path)?.[1]);
  const own = new Map<string, Map<string, { added: boolean; at: number }>>();
  const key = (guildId: string, userId: string) => `${guildId}:${userId}`;
  const note = (guildId: string, userId: string, roleIds: string[], added: boolean) => {
    if (roleIds.length === 0) return;
    // Kept in bounds whatever the load: once many members were changed, those changed over a minute ago go.
    if (own.size >= 1_000) {
      for (const [member, changes] of own) {
        for (const [roleId, change] of changes)
          if (Date.now() - change.at > OWN_CHANGES_MS) changes.delete(roleId);
        if (changes.size === 0) own.delete(member);
      }
    }
    const changes = own.get(key(guildId, userId)) ?? new Map<string, { added: boolean; at: number }>();
    for (const roleId of roleIds) changes.set(roleId, { added, at: Date.now() });
    own.set(key(guildId, userId), changes);
  };

  /** The member's roles as the bot knows them without asking: the gateway's, with its own changes since. */
  const known = (guildId: string, userId: string): string[] | undefined => {
    const client = gateway.client();
    if (!client?.options.intents.has(GatewayIntentBits.GuildMembers)) return undefined;
    const member = client.guilds.cache.get(guildId)?.members.cache.get(userId);
    if (!member) return undefined;
    const roles = new Set(roleIdsOf(member));
    const changes = own.get(key(guildId, userId));
    for (const [roleId, change] of changes ?? []) {
      if (Date.now() - change.at > OWN_CHANGES_MS) changes?.delete(roleId);
      else if (change.added) roles.add(roleId);
      else roles.delete(roleId);
    }
    if (changes?.size === 0) own.delete(key(guildId, userId));
    return [...roles];
  };

  /** Whether an integration manages the role, as the gateway's cache knows it (Discord says only 50013). */
  const managed = (guildId: string, roleId: string): boolean =>
    gateway.client()?.guilds.cache.get(guildId)?.roles.cache.get(roleId)?.managed === true;

  const later = (roleIds: string[], error: RateLimitError): RolesLater => ({
    roleIds,
    afterMs: retryAfterOf(error, gateway.heldUntil()),
  });

  const oneByOne = async (
    method: "put" | "delete",
    guildId: string,
    userId: string,
    roleIds: string[],
  ): Promise<Change> => {
    const done: string[] = [];
    const failed: RoleFailure[] = [];
    let memberGone: Text | null = null;
    for (const [index, roleId] of roleIds.entries()) {
      if (memberGone !== null) {
        failed.push({ roleId, reason: memberGone });
        continue;
      }
      try {
        await rest[method](Routes.guildMemberRole(guildId, userId, roleId), {
          reason: method === "put" ? "whitelist-sync: nick registered" : "whitelist-sync: nick removed",
        });
        done.push(roleId);
      } catch (error) {
        if (error instanceof RateLimitError)
          return { done, failed, later: later(roleIds.slice(index), error) };
        const reason = reasonOf(error, managed(guildId, roleId));
        failed.push({ roleId, reason });
        if (isCode(error, RESTJSONErrorCodes.UnknownMember)) memberGone = reason;
      }
    }
    note(guildId, userId, done, method === "put");
    return { done, failed };
  };

  const change = async (
    add: boolean,
    guildId: string,
    userId: string,
    roleIds: string[],
  ): Promise<Change> => {
    const current = roleIds.length > 1 ? known(guildId, userId) : undefined;
    if (current === undefined) return oneByOne(add ? "put" : "delete", guildId, userId, roleIds);
    const roles = add
      ? [...new Set([...current, ...roleIds])]
      : current.filter((roleId) => !roleIds.includes(roleId));
    try {
      await rest.patch(Routes.guildMember(guildId, userId), {
        body: { roles },
        reason: add ? "whitelist-sync: nick registered" : "whitelist-sync: nick removed",
      });
      note(guildId, userId, roleIds, add);
      return { done: roleIds, failed: [] };
    } catch (error) {
      if (error instanceof RateLimitError) return { done: [], failed: [], later: later(roleIds, error) };
      if (
        isCode(error, RESTJSONErrorCodes.MissingPermissions) ||
        isCode(error, RESTJSONErrorCodes.UnknownRole)
      ) {
        return oneByOne(add ? "put" : "delete", guildId, userId, roleIds);
      }
      return {
        done: [],
        failed: roleIds.map((roleId) => ({ roleId, reason: reasonOf(error, managed(guildId, roleId)) })),
      };
    }
  };

  return {
    async grant(guildId, userId, roleIds) {
      const { done, ...others } = await change(true, guildId, userId, roleIds);
      return { granted: done, ...others };
    },
    async revoke(guildId, userId, roleIds) {
      const { done, ...others } = await change(false, guildId, userId, roleIds);
      return { revoked: done, ...others };
    },
    async rolesOf(guildId, userId) {
      return known(guildId, userId);
    },
    room,
  };
}

/**
 * The role gateway with its changes put after the direct replies under way (`afterReplies`: replies.ts, the one
 * watch of the process, which the log poster waits on too): at a busy time a grant's request, the member update
 * Discord sends back and the write that update sets off would otherwise take the CPU the other members' replies
 * need (docs/decisions.md, What the bot does with Discord's limits). Reads go at once.
 */
export function afterRepliesFirst(roles: RoleGateway): RoleGateway {
  return {
    ...roles,
    async grant(guildId, userId, roleIds) {
      await afterReplies();
      return roles.grant(guildId, userId, roleIds);
    },
    async revoke(guildId, userId, roleIds) {
      await afterReplies();
      return roles.revoke(guildId, userId, roleIds);
    },
  };
}
