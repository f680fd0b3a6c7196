import type { LinkedAccount } from "../accounts/model.ts";
import type { EntryRecord } from "../entries/model.ts";
import { text } from "../i18n/messages.ts";
import { type Identity, nickTypeSpecs } from "../nicks/types.ts";
import { DomainError } from "../shared/errors.ts";
import { type FormAnswer, formVersion, readAnswers } from "../whitelists/form.ts";
import { requireLifetime } from "../whitelists/lifetime.ts";
import type { Whitelist } from "../whitelists/model.ts";
import type { Denial, Member } from "./model.ts";

// The registration rules (docs/decisions.md, Registration rules), each once, as pure checks over what the caller
// read: each throws the domain error that names what the member (or the staff acting) can do next. The
// registration service runs them in their order; the bot's preconditions reuse the manager rule.

/** Whether `member` manages `whitelist`: Manage Server, or any of its manager roles. The one place for this rule. */
export function isManager(whitelist: Pick<Whitelist, "managerRoleIds">, member: Member): boolean {
  return member.canManageGuild || member.roleIds.some((roleId) => whitelist.managerRoleIds.includes(roleId));
}

/** Whether `member` may register on `whitelist` themselves: it requires no role, or they hold one of them. */
export function holdsRequiredRole(whitelist: Pick<Whitelist, "requiredRoleIds">, member: Member): boolean {
  return (
    whitelist.requiredRoleIds.length === 0 ||
    member.roleIds.some((roleId) => whitelist.requiredRoleIds.includes(roleId))
  );
}

/**
 * Whether a whitelist's nicks follow its required roles (docs/decisions.md, Access follows roles): it has some, and
 * `onRoleLoss` is `remove`. Then every nick on it, whoever added it, is held only while its owner holds one of them.
 */
export function followsRoles(whitelist: Pick<Whitelist, "requiredRoleIds" | "onRoleLoss">): boolean {
  return whitelist.requiredRoleIds.length > 0 && whitelist.onRoleLoss === "remove";
}

/** Whether a member holding `roleIds` has lost their nicks on `whitelist`: they follow roles and none is held. */
export function lostAccess(
  whitelist: Pick<Whitelist, "requiredRoleIds" | "onRoleLoss">,
  roleIds: readonly string[],
): boolean {
  return followsRoles(whitelist) && !roleIds.some((roleId) => whitelist.requiredRoleIds.includes(roleId));
}

/**
 * How many nicks a member holding `roleIds` may have on `whitelist`: the highest limit among their roles that have
 * one (`roleLimits`), else `maxNicksPerUser`. The one place for this rule.
 */
export function nickLimit(
  whitelist: Pick<Whitelist, "maxNicksPerUser" | "roleLimits">,
  roleIds: readonly string[],
): number {
  const limits = roleIds.filter((roleId) => Object.hasOwn(whitelist.roleLimits, roleId));
  if (limits.length === 0) return whitelist.maxNicksPerUser;
  return Math.max(...limits.map((roleId) => whitelist.roleLimits[roleId] as number));
}

/** "1 nick", "2 nicks". */
export function nicks(count: number): string {
  return count === 1 ? "1 nick" : `${count} nicks`;
}

/** Only a manager of the whitelist (Manage Server or one of its manager roles) may go on. */
export function requireManager(whitelist: Whitelist, actor: Member): void {
  if (!isManager(whitelist, actor)) {
    throw new DomainError("not-manager", text("error.notManager", { whitelist: whitelist.name }));
  }
}

/** A disabled whitelist takes no registrations. */
export function requireEnabled(whitelist: Whitelist): void {
  if (!whitelist.enabled) {
    throw new DomainError("whitelist-disabled", text("error.closed", { whitelist: whitelist.name }));
  }
}

/**
 * Who a required role is asked of: the member registering or asking (`self`), the member a manager approves
 * (`approval`), or the member a manager adds a nick for on a whitelist whose nicks follow roles (`staff`).
 */
export type RoleCheck = "self" | "approval" | "staff";

/** The member holds one of the whitelist's required roles (if it has any). */
export function requireRole(whitelist: Whitelist, member: Member, who: RoleCheck): void {
  if (holdsRequiredRole(whitelist, member)) return;
  const details = { whitelist: whitelist.name, roleIds: whitelist.requiredRoleIds, self: who === "self" };
  const message = {
    self: text("error.missingRole.self", { whitelist: whitelist.name }),
    approval: text("error.missingRole.approval", { whitelist: whitelist.name }),
    staff: text("error.missingRole.staff", { whitelist: whitelist.name }),
  }[who];
  throw DomainError.with("missing-role", message, who === "staff" ? { ...details, staff: true } : details);
}

/**
 * The nick is not on the whitelist's deny list (`denial`: the one matching it by name or UUID, if any); the
 * refusal carries staff's reason. `nick` is the nick as it would be stored, which a renamed premium account
 * denied by UUID spells differently from the denial.
 */
export function requireNotDenied(
  whitelist: Whitelist,
  nick: string,
  denial: Denial | undefined,
  self: boolean,
): void {
  if (!denial) return;
  // The same name in another letter case reads as staff spelt it; another name says which it was denied as.
  const same = denial.nick.toLowerCase() === nick.toLowerCase();
  const shown = same ? denial.nick : nick;
  throw DomainError.with(
    "nick-denied",
    text("error.denied", {
      nick: shown,
      whitelist: whitelist.name,
      as: same ? "" : text("error.denied.as", { nick: denial.nick }),
      reason: denial.reason ? text("error.denied.reason", { reason: denial.reason }) : "",
    }),
    { whitelist: whitelist.name, nick: shown, deniedAs: denial.nick, reason: denial.reason, self },
  );
}

/** Whether `actor` may see who owns `entry`: its owner, and managers of its whitelist. */
export function maySeeOwner(
  whitelist: Whitelist,
  entry: Pick<EntryRecord, "userId">,
  actor: Member,
): boolean {
  return entry.userId === actor.userId || isManager(whitelist, actor);
}

/**
 * The nick is not on the whitelist yet, in any letter case (`taken`: the entry holding it, if any). Where the game
 * tells letter case apart, a nick taken in another spelling says which one joins.
 */
export function requireFree(whitelist: Whitelist, taken: EntryRecord | undefined, typed?: string): void {
  if (taken) {
    const spelling =
      typed !== undefined && typed !== taken.nick ? nickTypeSpecs[whitelist.nickType].spelling(taken) : null;
    throw new DomainError(
      "nick-taken",
      spelling
        ? text("error.taken.spelled", { nick: taken.nick, whitelist: whitelist.name, spelling })
        : text("error.taken", { nick: taken.nick, whitelist: whitelist.name }),
    );
  }
}

/**
 * The member is under their limit on the whitelist (`nickLimit`: their roles' highest, else the whitelist's),
 * counting requests still waiting for staff where they count.
 */
export function requireUnderLimit(
  whitelist: Whitelist,
  member: Pick<Member, "roleIds">,
  held: { registered: number; waiting: number },
  self: boolean,
): void {
  const { registered, waiting } = held;
  const max = nickLimit(whitelist, member.roleIds);
  if (registered + waiting < max) return;
  const count =
    waiting > 0
      ? text("error.limit.withWaiting", { count: registered + waiting })
      : text("error.limit.nicks", { count: registered });
  throw DomainError.with(
    "limit-reached",
    text(self ? "error.limit.self" : "error.limit.other", { held: count, whitelist: whitelist.name, max }),
    { whitelist: whitelist.name, max, registered, waiting, self },
  );
}

/** A member asks once for a nick: not again while that request waits. */
export function requireNoPendingRequest(whitelist: Whitelist, nick: string, pending: boolean): void {
  if (pending) throw pendingRequest(whitelist, nick);
}

/** The refusal of a second request for one nick. */
export function pendingRequest(whitelist: Whitelist, nick: string): DomainError {
  return new DomainError("request-pending", text("error.pending", { nick, whitelist: whitelist.name }));
}

/** Members register themselves directly only on `command` and `message` whitelists. */
export function requireDirectMode(whitelist: Whitelist): void {
  if (whitelist.registrationMode === "approval") {
    throw DomainError.with("wrong-mode", text("error.wrongMode.approval", { whitelist: whitelist.name }), {
      whitelist: whitelist.name,
      approval: true,
    });
  }
}

/** A member's form as they submitted it: the version of the questions they were shown, and one value per question. */
export type FilledForm = { version: string; values: readonly string[] };

/**
 * The answers a member's own registration (or request) brings (docs/decisions.md, Application forms): none on a
 * whitelist without a form; else the form they filled in, which must be the one the whitelist has now
 * ("form-changed" when staff changed it meanwhile) and answered as it asks (`readAnswers`). Without a filled form
 * ("form-required": a plain message cannot open one), the member is told to use `/register`.
 */
export function answersOf(whitelist: Whitelist, form: FilledForm | undefined): FormAnswer[] | null {
  if (form === undefined) {
    if (whitelist.form.length === 0) return null;
    throw DomainError.with("form-required", text("error.form.needed", { whitelist: whitelist.name }), {
      whitelist: whitelist.name,
      channelId: whitelist.channelId,
    });
  }
  if (form.version !== formVersion(whitelist.form)) {
    throw new DomainError("form-changed", text("error.form.changed", { whitelist: whitelist.name }));
  }
  return whitelist.form.length === 0 ? null : readAnswers(whitelist.form, form.values);
}

/** Requests are filed only on `approval` whitelists. */
export function requireApprovalMode(whitelist: Whitelist): void {
  if (whitelist.registrationMode !== "approval") {
    throw DomainError.with("wrong-mode", text("error.wrongMode.direct", { whitelist: whitelist.name }), {
      whitelist: whitelist.name,
      approval: false,
    });
  }
}

/**
 * One owner per account per guild (docs/decisions.md, Proof of ownership): an account another member has proven
 * (`owner`: its link in the guild, if any) is registered for them only, by them or by staff.
 */
export function requireNotLinkedElsewhere(
  identity: Pick<Identity, "nick">,
  owner: LinkedAccount | undefined,
  member: Pick<Member, "userId">,
  self: boolean,
): void {
  if (!owner || owner.userId === member.userId) return;
  throw DomainError.with(
    "account-linked",
    text(self ? "error.linkedElsewhere.self" : "error.linkedElsewhere.other", { nick: identity.nick }),
    { account: identity.nick, self },
  );
}

/**
 * On a whitelist requiring proof, a member registers (or asks for) only an account they have proven and linked in
 * the guild (`owner`: its link, if any); on one asking proof at first join, any account that can be proven (it then
 * waits for its proof, `awaitsProof`), but not a nick without an account. Staff additions are not asked (they are
 * stored unverified).
 */
export function requireProof(
  whitelist: Whitelist,
  identity: Pick<Identity, "nick" | "premium" | "uuid">,
  owner: LinkedAccount | undefined,
  member: Pick<Member, "userId">,
  self: boolean,
): void {
  if (whitelist.proof === "off" || !nickTypeSpecs[whitelist.nickType].proofs.includes(whitelist.proof))
    return;
  if (owner?.userId === member.userId) return;
  const nick = identity.nick;
  // Without an account (a Java nick Mojang does not know) there is nothing anyone could prove.
  const provable = identity.uuid !== null;
  if (whitelist.proof === "first-join" && provable) return;
  throw DomainError.with(
    "proof-required",
    text(!provable ? "error.proof.notPremium" : self ? "error.proof.self" : "error.proof.other", {
      whitelist: whitelist.name,
      nick,
    }),
    { whitelist: whitelist.name, nick, premium: provable, self },
  );
}

/**
 * When a new entry's proof is due (ms), or null: a member's own registration (`own`) on a whitelist asking proof at
 * first join waits for it unless the member had proven the account already (`verified`).
 */
export function proofDueOf(
  whitelist: Whitelist,
  own: boolean,
  verified: boolean,
  now: number,
): number | null {
  if (!own || verified || whitelist.proof !== "first-join") return null;
  if (!nickTypeSpecs[whitelist.nickType].proofs.includes("first-join")) return null;
  return now + whitelist.proofWindowSeconds * 1000;
}

/** A nick is removed by its owner or by a manager of its whitelist. */
export function requireOwnerOrManager(whitelist: Whitelist, entry: EntryRecord, actor: Member): void {
  if (entry.userId !== actor.userId && !isManager(whitelist, actor)) {
    throw new DomainError(
      "not-owner",
      text("error.notOwner", { nick: entry.nick, whitelist: whitelist.name }),
    );
  }
}

/**
 * How long a new entry lasts, in seconds (null: for good). A member's own registration (`/register`, a message,
 * an approved request: the member asked for it) lasts the whitelist's `entryLifetimeSeconds`; staff adding a
 * nick choose with `expires` (`chosen`), and without it the nick stays for good.
 */
export function lifetimeOf(whitelist: Whitelist, own: boolean, chosen: number | null = null): number | null {
  if (own) return whitelist.entryLifetimeSeconds;
  return chosen === null ? null : requireLifetime(chosen);
}
