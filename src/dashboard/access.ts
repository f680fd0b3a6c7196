import type { Member } from "../registration/model.ts";
import { isManager } from "../registration/rules.ts";
import type { Whitelist } from "../whitelists/model.ts";

// Who sees what in the dashboard: one rule, read from Discord as it is now (docs/decisions.md, The dashboard), the
// same Discord permissions the slash commands ask for. test/dashboard/access.test.ts holds it as a table.

/**
 * What a person may reach in one server: everything (Manage Server), the whitelists they manage (a manager role of
 * each), their own things (a member), or nothing (not on the server, or the bot cannot tell).
 */
export type Access =
  | { kind: "server" }
  | { kind: "manager"; whitelistIds: ReadonlySet<string> }
  | { kind: "member" }
  | { kind: "none" };

/**
 * The access of `member` (null: not on the server; undefined: the bot cannot tell now, which grants nothing) among
 * the server's whitelists. Manage Server is `/whitelist`'s configuration permission; a manager role is what lets
 * `/whitelist remove`, `export` and the approval buttons act on a whitelist (`isManager`).
 */
export function accessOf(member: Member | null | undefined, whitelists: readonly Whitelist[]): Access {
  if (!member) return { kind: "none" };
  if (member.canManageGuild) return { kind: "server" };
  const managed = whitelists
    .filter((whitelist) => isManager(whitelist, member))
    .map((whitelist) => whitelist.id);
  if (managed.length > 0) return { kind: "manager", whitelistIds: new Set(managed) };
  return { kind: "member" };
}

/** What a page or a form asks to do; `self` where the target is the person themselves. */
export type Action =
  /** The server's page: its name, what the person may open there. */
  | { do: "see-server" }
  /** A whitelist's settings, entries, export, requests, its part of the log and the chart. */
  | { do: "see-whitelist"; whitelistId: string }
  /** Remove an entry with a reason, approve or reject a request. */
  | { do: "manage-entries"; whitelistId: string }
  /** Change a whitelist's settings (`/whitelist edit`). */
  | { do: "edit-whitelist"; whitelistId: string }
  /** A member's page: nicks, linked accounts, history (of the whitelists the viewer sees). */
  | { do: "see-member"; userId: string }
  /** The server's audit log and chart (of the whitelists the viewer sees). */
  | { do: "see-log" }
  /** Link keys: list, create, revoke (`/server-link`). */
  | { do: "manage-keys" };

/** Whether `viewerId` with `access` may do `action`. Anything not said here is refused. */
export function may(access: Access, viewerId: string, action: Action): boolean {
  switch (action.do) {
    case "see-server":
      return access.kind !== "none";
    case "see-whitelist":
    case "manage-entries":
      return (
        access.kind === "server" || (access.kind === "manager" && access.whitelistIds.has(action.whitelistId))
      );
    case "edit-whitelist":
    case "manage-keys":
      return access.kind === "server";
    case "see-member":
      return (
        access.kind === "server" ||
        access.kind === "manager" ||
        (access.kind === "member" && action.userId === viewerId)
      );
    case "see-log":
      return access.kind === "server" || access.kind === "manager";
  }
}

/** The whitelists whose entries, requests and log a person with `access` sees, of the server's. */
export function visibleWhitelists(access: Access, whitelists: readonly Whitelist[]): Whitelist[] {
  if (access.kind === "server") return [...whitelists];
  if (access.kind === "manager")
    return whitelists.filter((whitelist) => access.whitelistIds.has(whitelist.id));
  return [];
}
