import type { CodeLookup, LinkedAccount, ProvenIdentity } from "../accounts/model.ts";
import type { Accounts } from "../accounts/service.ts";
import type { Write } from "../db/writer.ts";
import type { ChangeNotice } from "../entries/bus.ts";
import { BY_MEMBER, type EntryRecord } from "../entries/model.ts";
import type { EntryService } from "../entries/service.ts";
import { text } from "../i18n/messages.ts";
import { type Identity, nickTypeSpecs } from "../nicks/types.ts";
import { DomainError } from "../shared/errors.ts";
import type { Logger } from "../shared/logger.ts";
import { noObserver, type Observer } from "../shared/observer.ts";
import { clip } from "../shared/text.ts";
import type { Whitelist } from "../whitelists/model.ts";
import type { WhitelistService } from "../whitelists/service.ts";
import type { Member, MemberEntry, Submission } from "./model.ts";
import type { FilledForm } from "./rules.ts";
import type { RegistrationService } from "./service.ts";

/**
 * What typing a code did: the account it proves; its link to the member in the guild (`link`), or, for a code asked
 * through a key limited to one whitelist, none and that whitelist's id (`within`: the proof counts there alone); the
 * entries of other members that held it (removed: one owner per account per guild, or per whitelist `within`) and
 * the member's own entries of it now verified.
 */
export type Linked = {
  account: ProvenIdentity;
  link: LinkedAccount | null;
  within: string | null;
  took: MemberEntry[];
  verified: MemberEntry[];
};

/**
 * What `/register code:` did: the link, then the registration (`registered`, or a request on an `approval`
 * whitelist), `already` (the member holds it there already, verified now), or `refused` (the link stands, the
 * registration was refused: why).
 */
export type CodeRegistration = Linked &
  (
    | { outcome: "registered"; submission: Submission }
    | { outcome: "already"; entry: EntryRecord; whitelist: Whitelist }
    | { outcome: "refused"; whitelist: Whitelist; error: DomainError }
  );

/** The linking use cases (docs/decisions.md, Proof of ownership). */
export type Linking = ReturnType<typeof createLinking>;

/** What a redemption's write ends with: a link (and its notices), the code refused, or the account held. */
type Redemption =
  | Exclude<CodeLookup, { kind: "live" }>
  | { kind: "held"; name: string }
  | ({ kind: "linked"; notices: ChangeNotice[] } & Linked);

/**
 * Linking proven accounts to members (docs/decisions.md, Proof of ownership): a member types the code the link
 * endpoint showed; in one write the code is used up, the account linked to them in this guild, the entries other
 * members hold of it on the guild's whitelists removed (one owner per account per guild, origin `system`, the
 * log saying who proved it) and their own entries of it marked verified (changes in place). A code asked through a
 * key limited to one whitelist reaches no further than the key: it links nothing, and takes over and verifies on
 * that whitelist alone. Then, for `/register code:`, the account is registered as proven. Unlinking forgets a
 * link; entries stay as they are.
 */
export function createLinking(deps: {
  accounts: Accounts;
  whitelists: WhitelistService;
  entries: EntryService;
  registration: Pick<RegistrationService, "submit">;
  write: Write;
  logger: Logger;
  observer?: Observer;
}) {
  const { accounts, whitelists, entries, registration, write, logger } = deps;
  const observer = deps.observer ?? noObserver;

  /** The redemption's write: everything a code changes, in one commit (see `link`). */
  const redeem = async (guildId: string, member: Member, code: string): Promise<Redemption> => {
    const guildWhitelists = await whitelists.listForGuild(guildId);
    return write(
      async (tx): Promise<Redemption> => {
        const found = await accounts.lookIn(tx, { guildId, userId: member.userId }, code);
        if (found.kind !== "live") return found;
        const holder = await accounts.ownerOf(guildId, found.account.uuid, tx);
        if (holder && holder.userId !== member.userId) return { kind: "held", name: found.account.name };
        await accounts.useIn(tx, found.hash, { guildId, userId: member.userId });
        const within = found.whitelistId;
        const link =
          within === null
            ? await accounts.linkIn(tx, {
                guildId,
                userId: member.userId,
                ...found.account,
                method: found.method,
              })
            : null;
        const account = found.account;
        const notices: ChangeNotice[] = [];
        const took: MemberEntry[] = [];
        const verified: MemberEntry[] = [];
        const reached = within === null ? guildWhitelists : guildWhitelists.filter(({ id }) => id === within);
        for (const whitelist of reached) {
          const held = await entries.findByUuid(whitelist.id, account.uuid, tx);
          const others = held.filter((entry) => entry.userId !== member.userId);
          const own = held.filter((entry) => entry.userId === member.userId && !entry.verified);
          const ids = (list: EntryRecord[]) => list.map((entry) => entry.id);
          const removed = await entries.removeIn(tx, whitelist, ids(others), "system", member.userId, {
            provenBy: member.userId,
          });
          const changed = await entries.verifyIn(tx, whitelist, ids(own), BY_MEMBER, member.userId);
          notices.push(...removed, ...changed);
          took.push(...removed.map(({ entry }) => ({ entry, whitelist })));
          verified.push(...changed.filter((n) => n.replaces).map(({ entry }) => ({ entry, whitelist })));
        }
        return { kind: "linked", account, link, within, notices, took, verified };
      },
      (done) => {
        if (done.kind === "linked") entries.publish(done.notices);
      },
    );
  };

  /** The refusal of a redemption that linked nothing, told to the metrics. */
  const refusal = (outcome: Exclude<Redemption, { kind: "linked" }>): DomainError => {
    switch (outcome.kind) {
      case "malformed":
        return DomainError.with("code-invalid", text("error.code.malformed"), {
          reason: "malformed",
          attemptsLeft: null,
          via: null,
        });
      case "limited":
        observer.proofCode("limited");
        return DomainError.with("code-limited", text("error.code.limited"), { retryAt: outcome.retryAt });
      case "held":
        return DomainError.with("account-linked", text("error.code.held", { account: outcome.name }), {
          account: outcome.name,
          self: true,
        });
      case "foreign": {
        observer.proofCode("foreign");
        const otherServer = outcome.boundTo === "guild";
        return DomainError.with(
          "code-invalid",
          text(otherServer ? "error.code.foreign.server" : "error.code.foreign.member"),
          {
            reason: otherServer ? "other-server" : "other-member",
            attemptsLeft: outcome.attemptsLeft,
            via: "game-server",
          },
        );
      }
      default: {
        observer.proofCode(outcome.kind);
        const atGame = outcome.method === "first-join";
        const what = {
          wrong: text("error.code.wrong"),
          expired: text(atGame ? "error.code.expired.firstJoin" : "error.code.expired"),
          reused: text(atGame ? "error.code.reused.firstJoin" : "error.code.reused"),
        }[outcome.kind];
        return DomainError.with("code-invalid", what, {
          reason: outcome.kind,
          attemptsLeft: outcome.attemptsLeft,
          via:
            outcome.method === null ? null : outcome.method === "first-join" ? "game-server" : "link-server",
        });
      }
    }
  };

  const service = {
    /**
     * Links the account a code proves to `member` in the guild (see createLinking). Refused: a malformed code
     * ("code-invalid", not counted), a wrong, expired or used one ("code-invalid", counted), too many of those
     * lately ("code-limited"), an account another member of the guild linked ("account-linked"; the code stays
     * usable, say once they unlinked it).
     */
    async link(input: { guildId: string; member: Member; code: string }): Promise<Linked> {
      const outcome = await redeem(input.guildId, input.member, input.code);
      if (outcome.kind !== "linked") throw refusal(outcome);
      observer.proofCode("redeemed");
      const { account, link, within, took, verified } = outcome;
      logger.info(link ? "account linked" : "account proven on one whitelist", {
        guildId: input.guildId,
        userId: input.member.userId,
        uuid: account.uuid,
        name: account.name,
        ...(within === null ? {} : { whitelistId: within }),
        took: took.length,
        verified: verified.length,
      });
      return { account, link, within, took, verified };
    },

    /**
     * `/register code:` on a whitelist: links the account (see `link`), then registers it as proven for the member
     * (`registration.submit`: a request on an `approval` whitelist). Only a whitelist whose nick type a Java login
     * proves takes a code; that is checked before the code is used. A refused registration leaves the link. A code
     * that proves the account on another whitelist alone (`within`) proves nothing here: the registration goes on as
     * one without a code.
     */
    async registerWithCode(input: {
      whitelist: Whitelist;
      member: Member;
      code: string;
      /** The whitelist's form as the member filled it in, when it has one (passed on to `submit`). */
      form?: FilledForm;
    }): Promise<CodeRegistration> {
      const { whitelist, member } = input;
      if (!nickTypeSpecs[whitelist.nickType].proofs.includes("required")) {
        throw new DomainError(
          "invalid-input",
          text("error.code.notJava", { whitelist: whitelist.name, nickType: whitelist.nickType }),
        );
      }
      const linked = await service.link({ guildId: whitelist.guildId, member, code: input.code });
      const { account } = linked;
      const [mine] = (await entries.findByUuid(whitelist.id, account.uuid)).filter(
        (entry) => entry.userId === member.userId,
      );
      if (mine) return { ...linked, outcome: "already", entry: mine, whitelist };
      const proven: Identity = {
        nick: account.name,
        uuid: account.uuid,
        premium: true,
        gamertag: null,
        xuid: null,
      };
      const provenHere = linked.within === null || linked.within === whitelist.id;
      try {
        const submission = await registration.submit({
          whitelist,
          member,
          nick: account.name,
          ...(provenHere ? { account: proven } : {}),
          ...(input.form ? { form: input.form } : {}),
        });
        return { ...linked, outcome: "registered", submission };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return { ...linked, outcome: "refused", whitelist, error };
      }
    },

    /** A member's linked accounts in a guild, by name. */
    linksOf(guildId: string, userId: string): Promise<LinkedAccount[]> {
      return accounts.linksOf(guildId, userId);
    },

    /**
     * Forgets a linked account: the member's own, or (Manage Server) another member's (`userId`). `account`: its
     * name or UUID, any letter case; none: the member's only one. Their entries stay, verified as they were: the
     * account was proven theirs when they were stored.
     */
    async unlink(input: {
      guildId: string;
      actor: Member;
      userId?: string | null;
      account?: string | null;
    }): Promise<LinkedAccount> {
      const userId = input.userId ?? input.actor.userId;
      const self = userId === input.actor.userId;
      if (!self && !input.actor.canManageGuild) {
        throw new DomainError("not-manager", text("error.unlink.notStaff"));
      }
      const links = await accounts.linksOf(input.guildId, userId);
      const typed = input.account?.trim().toLowerCase() ?? "";
      const chosen = typed
        ? links.filter((link) => link.name.toLowerCase() === typed || link.uuid === typed)
        : links;
      if (chosen.length === 0) {
        throw new DomainError(
          "not-linked",
          typed
            ? text(self ? "error.unlink.noneNamed.self" : "error.unlink.noneNamed.other", {
                account: clip(input.account?.trim() ?? ""),
              })
            : text(self ? "error.unlink.none.self" : "error.unlink.none.other"),
        );
      }
      if (chosen.length > 1) {
        throw new DomainError(
          "not-linked",
          text(self ? "error.unlink.several.self" : "error.unlink.several.other", {
            count: chosen.length,
            accounts: chosen.map((link) => link.name).join(", "),
          }),
        );
      }
      const link = chosen[0] as LinkedAccount;
      const gone = await accounts.unlink(input.guildId, userId, link.uuid);
      if (!gone) throw new DomainError("not-linked", text("error.unlink.gone", { account: link.name }));
      logger.info("account unlinked", {
        guildId: input.guildId,
        userId,
        uuid: gone.uuid,
        actorId: input.actor.userId,
      });
      return gone;
    },
  };
  return service;
}
