import type { EntryRecord } from "../entries/model.ts";
import { notOn } from "../entries/reads.ts";
import type { EntryService } from "../entries/service.ts";
import { text } from "../i18n/messages.ts";
import { nickKey } from "../nicks/key.ts";
import { namesOf } from "../nicks/types.ts";
import { DomainError } from "../shared/errors.ts";
import type { Whitelist } from "../whitelists/model.ts";
import type { WhitelistService } from "../whitelists/service.ts";
import type { AnswerRecord, AnswerStore } from "./answers.ts";
import type { DenyList } from "./deny.ts";
import type { Denial, Member, MemberEntry } from "./model.ts";
import { isManager, maySeeOwner } from "./rules.ts";

/** Discord's limit on autocomplete suggestions, and so the most `suggest` returns. */
export const MAX_SUGGESTIONS = 25;

/** What `/whitelist whois` shows: the entries the actor may see, and (to managers) the denials. */
export type WhoisResult = {
  nick: string;
  found: MemberEntry[];
  /** How many more whitelists hold the nick for another member, which the actor does not manage. */
  hidden: number;
  denied: { denial: Denial; whitelist: Whitelist }[];
};

/** A member's answers to a whitelist's form, with the whitelist. */
export type MemberAnswers = { record: AnswerRecord; whitelist: Whitelist };

/** A member's nicks as the actor may see them. */
export type MemberNicks = {
  userId: string;
  entries: MemberEntry[];
  /** Their answers to the forms of those whitelists, within the guild's retention, oldest first. */
  answers: MemberAnswers[];
  /** The guests the member added (players without Discord), on the same whitelists. */
  guests: MemberEntry[];
  /** Some of the member's whitelists were left out: the actor manages only some of them. */
  partial: boolean;
};

/** A suggested nick and the whitelist holding (or denying) it. */
export type NickSuggestion = { nick: string; whitelist: Whitelist };

/**
 * Which nicks a `nick` option names: stored entries (managers: the whitelist's, members: their own), entries for
 * staff only (`/whitelist deny`: members cannot deny), or denials (`/whitelist undeny`, staff only).
 */
export type NickSource = "entries" | "staff-entries" | "denied";

/**
 * Look-ups both ways, nick → owner and member → nicks, and the nick suggestions of autocomplete. Who may see
 * what is one rule (`maySeeOwner`): managers of a whitelist see every entry on it, a member their own.
 */
export function createLookups(deps: {
  whitelists: WhitelistService;
  entries: EntryService;
  denials: DenyList;
  answers: Pick<AnswerStore, "ofMember">;
}) {
  const { whitelists, entries, denials, answers } = deps;

  /** The whitelists a command means: the one named, else every whitelist of the guild. */
  const candidates = async (guildId: string, whitelist: string | null | undefined): Promise<Whitelist[]> =>
    whitelist?.trim() ? [await whitelists.resolve({ guildId, whitelist })] : whitelists.listForGuild(guildId);

  return {
    /**
     * Who holds `nick` on the named whitelist, or on every whitelist of the guild: the entries the actor may
     * see (their own, and all on whitelists they manage) and, for managers, the denials of the nick. Throws
     * "entry-not-found" when no whitelist holds or denies it, and "not-manager" when it is only on whitelists
     * the actor does not manage, for another member.
     */
    async whois(input: {
      guildId: string;
      whitelist?: string | null;
      nick: string;
      actor: Member;
    }): Promise<WhoisResult> {
      const nick = input.nick.trim();
      const scope = await candidates(input.guildId, input.whitelist);
      const held: { entry: EntryRecord; whitelist: Whitelist }[] = [];
      const denied: { denial: Denial; whitelist: Whitelist }[] = [];
      for (const whitelist of scope) {
        const entry = nick ? await entries.findTyped(whitelist, nick) : undefined;
        if (entry) held.push({ entry, whitelist });
        const denial =
          nick && isManager(whitelist, input.actor) ? await denials.findTyped(whitelist, nick) : undefined;
        if (denial) denied.push({ denial, whitelist });
      }
      const found = held.filter(({ entry, whitelist }) => maySeeOwner(whitelist, entry, input.actor));
      if (found.length === 0 && denied.length === 0) {
        const where = input.whitelist?.trim() ? (scope[0] as Whitelist).name : "any whitelist of this server";
        if (held.length === 0) {
          throw notOn(nick, where);
        }
        const names = held.map(({ whitelist }) => whitelist.name).join(", ");
        throw new DomainError(
          "not-manager",
          text("error.lookup.others", { nick: held[0]?.entry.nick ?? "", whitelists: names }),
        );
      }
      return { nick, found, hidden: held.length - found.length, denied };
    },

    /**
     * A member's nicks on every whitelist of the guild, and their form answers there: all of them for the member
     * themselves and for Manage Server; for a manager role, those on the whitelists it manages. Anyone else is
     * refused ("not-manager").
     */
    async memberNicks(input: { guildId: string; userId: string; actor: Member }): Promise<MemberNicks> {
      const all = await whitelists.listForGuild(input.guildId);
      const self = input.actor.userId === input.userId;
      const visible = self ? all : all.filter((whitelist) => isManager(whitelist, input.actor));
      if (visible.length === 0) {
        throw new DomainError("not-manager", text("error.lookup.notStaff"));
      }
      const ids = new Set(visible.map((whitelist) => whitelist.id));
      const byId = new Map(all.map((whitelist) => [whitelist.id, whitelist]));
      const owned = await entries.listForUserInGuild(input.guildId, input.userId);
      const answered = await answers.ofMember(input.guildId, input.userId, [...ids]);
      const guests = await entries.guestsAddedBy(input.guildId, input.userId);
      const shown = (list: EntryRecord[]) =>
        list
          .filter((entry) => ids.has(entry.whitelistId))
          .map((entry) => ({ entry, whitelist: byId.get(entry.whitelistId) as Whitelist }));
      return {
        userId: input.userId,
        entries: shown(owned),
        guests: shown(guests),
        answers: answered.map((record) => ({ record, whitelist: byId.get(record.whitelistId) as Whitelist })),
        partial: [...owned, ...guests].some((entry) => !ids.has(entry.whitelistId)),
      };
    },

    /**
     * The nicks a `nick` option suggests while `typed` is typed, at most 25, those starting with it first:
     * on the named whitelist (else every whitelist of the guild), every entry (or denial) of the whitelists the
     * actor manages, read as a prefix range of the nick key index (a whitelist's size never matters), and (for
     * `entries`) the actor's own entries, which also match where the text appears inside.
     */
    async suggest(input: {
      guildId: string;
      whitelist?: string | null;
      typed: string;
      actor: Member;
      source: NickSource;
    }): Promise<NickSuggestion[]> {
      const named = input.whitelist?.trim();
      const found = named ? await whitelists.find(input.guildId, named) : undefined;
      if (named && !found) return [];
      const scope = found ? [found] : await whitelists.listForGuild(input.guildId);
      const typed = input.typed.trim();
      const starting: (NickSuggestion & { key: string })[] = [];
      for (const whitelist of scope.filter((wl) => isManager(wl, input.actor))) {
        for (const prefix of namesOf(whitelist, typed)) {
          const held =
            input.source === "denied"
              ? await denials.startingWith(whitelist.id, prefix, MAX_SUGGESTIONS)
              : await entries.startingWith(whitelist.id, prefix, MAX_SUGGESTIONS);
          for (const { nick } of held) starting.push({ nick, whitelist, key: nickKey(nick) });
        }
      }
      const inside: (NickSuggestion & { key: string })[] = [];
      // The actor's own nicks, which a member may act on where the command is not for staff only.
      if (input.source === "entries") {
        const byId = new Map(scope.map((wl) => [wl.id, wl]));
        const lower = typed.toLowerCase();
        for (const entry of await entries.listForUserInGuild(input.guildId, input.actor.userId)) {
          const whitelist = byId.get(entry.whitelistId);
          if (!whitelist) continue;
          const suggestion = { nick: entry.nick, whitelist, key: nickKey(entry.nick) };
          if (namesOf(whitelist, typed).some((prefix) => suggestion.key.startsWith(nickKey(prefix)))) {
            starting.push(suggestion);
          } else if (suggestion.key.includes(lower)) {
            inside.push(suggestion);
          }
        }
      }
      const byKey = (a: { key: string; whitelist: Whitelist }, b: { key: string; whitelist: Whitelist }) =>
        a.key < b.key ? -1 : a.key > b.key ? 1 : a.whitelist.name.localeCompare(b.whitelist.name);
      const seen = new Set<string>();
      return [...starting.sort(byKey), ...inside.sort(byKey)]
        .filter(({ whitelist, key }) => {
          const id = `${whitelist.id}:${key}`;
          if (seen.has(id)) return false;
          seen.add(id);
          return true;
        })
        .slice(0, MAX_SUGGESTIONS)
        .map(({ nick, whitelist }) => ({ nick, whitelist }));
    },
  };
}
