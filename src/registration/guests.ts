import type { EntryRecord } from "../entries/model.ts";
import type { EntryService } from "../entries/service.ts";
import { text } from "../i18n/messages.ts";
import type { Clock } from "../shared/clock.ts";
import { DomainError } from "../shared/errors.ts";
import type { Logger } from "../shared/logger.ts";
import { expiryOf } from "../whitelists/lifetime.ts";
import type { Whitelist, WhitelistRef } from "../whitelists/model.ts";
import type { WhitelistService } from "../whitelists/service.ts";
import { cleanLine } from "./deny.ts";
import type { DenialLookup, Member } from "./model.ts";
import type { createRegistrar } from "./registrar.ts";
import { lifetimeOf, requireFree, requireManager, requireNotDenied } from "./rules.ts";

/** Staff add a player who is not on the Discord server. */
export type GuestInput = WhitelistRef & {
  nick: string;
  /** Who the player is (a friend of, a streamer's guest, a console player): required, one line, 200 at most. */
  note: string;
  actor: Member;
  /** How long they stay, in seconds (1 minute to 366 days); none: for good. */
  expiresIn?: number | null;
};

/**
 * Players without Discord (docs/decisions.md, Players without Discord): a manager adds a nick that no member owns.
 * The entry is tied to that manager (`userId`), marked a guest with their note, granted no role, counted against
 * nobody's limit, and kept when the manager leaves; every other rule of `/whitelist add` applies (enabled, the nick's
 * syntax and look-up, the deny list, taken, an account another member proved).
 */
export function createGuests(deps: {
  whitelists: WhitelistService;
  entries: EntryService;
  denials: DenialLookup;
  registrar: Pick<ReturnType<typeof createRegistrar>, "check">;
  clock: Clock;
  logger: Logger;
}) {
  const { whitelists, entries, denials, registrar, clock, logger } = deps;
  return {
    /** Adds a guest (see createGuests); refuses a note that is missing or too long before anything is looked up. */
    async add(input: GuestInput): Promise<{ entry: EntryRecord; whitelist: Whitelist }> {
      const whitelist = await whitelists.resolve(input);
      requireManager(whitelist, input.actor);
      const note = cleanLine(input.note, "note");
      if (note === null) {
        throw new DomainError("invalid-input", text("error.guest.noNote"));
      }
      const lifetimeSeconds = lifetimeOf(whitelist, false, input.expiresIn ?? null);
      // The manager stands in for the member the rules ask about: no role, no limit, no proof, as for staff.
      const sponsor: Member = { userId: input.actor.userId, roleIds: [], canManageGuild: false };
      const identity = await registrar.check(whitelist, sponsor, input.nick, {
        role: null,
        self: false,
        request: false,
        limit: false,
      });
      const entry = await entries.add(
        {
          whitelistId: whitelist.id,
          ...identity,
          userId: input.actor.userId,
          addedBy: input.actor.userId,
          origin: "staff",
          guest: true,
          note,
          expiresAt: expiryOf(clock.now(), lifetimeSeconds),
        },
        async (tx) => {
          // A denial or a registration committed while the look-up ran wins.
          requireNotDenied(
            whitelist,
            identity.nick,
            // Through the transaction, not what is kept in memory: another replica's denial may not be told yet.
            await denials.find(whitelist.id, identity.nick, identity.uuid, tx),
            false,
          );
          requireFree(whitelist, await entries.find(whitelist.id, identity.nick, tx));
        },
      );
      logger.info("guest added", {
        guildId: whitelist.guildId,
        whitelistId: whitelist.id,
        nick: entry.nick,
        actorId: input.actor.userId,
      });
      return { entry, whitelist };
    },
  };
}

/** The guests use case. */
export type Guests = ReturnType<typeof createGuests>;
