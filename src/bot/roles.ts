import { type APIGuildMember, DiscordAPIError, type REST, RESTJSONErrorCodes, Routes } from "discord.js";
import type { RoleFailure } from "../entries/model.ts";
import type { RoleGateway } from "../registration/model.ts";

/** A reason a server admin can act on, for a failed role change. */
function reasonOf(error: unknown): string {
  if (error instanceof DiscordAPIError) {
    if (error.code === RESTJSONErrorCodes.MissingPermissions) {
      return "missing permission: give the bot Manage Roles and move its role above this one";
    }
    if (error.code === RESTJSONErrorCodes.UnknownRole) return "the role no longer exists";
    if (error.code === RESTJSONErrorCodes.UnknownMember) return "the member is no longer in the server";
    return `Discord refused (${error.code}: ${error.message})`;
  }
  return `Discord could not be reached (${String((error as Error)?.message ?? error)})`;
}

/**
 * The RoleGateway over Discord's REST API: one request per role, each refusal reported with its reason while the
 * other roles are still tried (one role above the bot does not cost the member the rest). A 429 never shows
 * here: discord.js waits out `retry_after` and sends the request again. Once Discord says the member is gone
 * (10007), the roles not yet tried fail with the same reason, unasked.
 */
export function createDiscordRoleGateway(rest: REST): RoleGateway {
  const change = async (method: "put" | "delete", guildId: string, userId: string, roleIds: string[]) => {
    const done: string[] = [];
    const failed: RoleFailure[] = [];
    let memberGone: string | null = null;
    for (const roleId of roleIds) {
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
        const reason = reasonOf(error);
        failed.push({ roleId, reason });
        if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownMember)
          memberGone = reason;
      }
    }
    return { done, failed };
  };
  return {
    async grant(guildId, userId, roleIds) {
      const { done, failed } = await change("put", guildId, userId, roleIds);
      return { granted: done, failed };
    },
    async revoke(guildId, userId, roleIds) {
      const { done, failed } = await change("delete", guildId, userId, roleIds);
      return { revoked: done, failed };
    },
    async rolesOf(guildId, userId) {
      try {
        const member = (await rest.get(Routes.guildMember(guildId, userId))) as APIGuildMember;
        return member.roles;
      } catch (error) {
        if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownMember) return null;
        throw error;
      }
    },
  };
}
