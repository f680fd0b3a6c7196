import type { Write } from "../db/writer.ts";
import type { EntryRecord } from "../entries/model.ts";
import type { EntryService } from "../entries/service.ts";
import type { FormatCache } from "../formats/cache.ts";
import type { KeyService, LinkKeyView } from "../keys/service.ts";
import type { Whitelist } from "../whitelists/model.ts";
import type { WhitelistService } from "../whitelists/service.ts";
import type { RegistrationRequest } from "./model.ts";
import type { RequestStore } from "./requests.ts";

/** What deleting a whitelist did; `cancelled`: the requests that were waiting for staff, for the bot to close. */
export type WhitelistDeleted = {
  whitelist: Whitelist;
  removed: EntryRecord[];
  revoked: LinkKeyView[];
  cancelled: RegistrationRequest[];
};

/** Creates the whitelist deletion use case. */
export function createWhitelistDeletion(deps: {
  write: Write;
  whitelists: WhitelistService;
  entries: EntryService;
  keys: KeyService;
  requests: RequestStore;
  formatCache: FormatCache;
}) {
  const { write, whitelists, entries, keys, requests, formatCache } = deps;
  return {
    /**
     * Deletes a whitelist in one transaction: every entry it holds at that moment is removed with its
     * `entry.removed` event (origin `staff`), the keys limited to it are revoked, its pending requests are
     * cancelled (and returned, for their posts and requesters to be told), then the whitelist goes. A crash leaves all of it or none, and no registration can commit in between
     * (writes are serialised). Once committed, in this order: the removals are published, so the keys'
     * own sockets, webhooks and `sync` agents hear every one of them, then (once the write resolved, when they
     * are published) the keys' revocation takes effect
     * (their sockets close with 4001). Roles are reverted and the log channel told by the bus's subscribers.
     */
    async deleteWhitelist(whitelistId: string, actorId: string | null): Promise<WhitelistDeleted> {
      const done = await write(
        async (tx) => {
          const whitelist = await whitelists.get(whitelistId);
          const notices = whitelist ? await entries.removeAllIn(tx, whitelist, "staff", actorId) : [];
          const revoked = whitelist
            ? await keys.revokeForWhitelistIn(tx, whitelist.guildId, whitelistId)
            : [];
          const cancelled = await requests.cancelPendingIn(tx, whitelistId);
          return { whitelist: await whitelists.deleteIn(tx, whitelistId), notices, revoked, cancelled };
        },
        (committed) => {
          whitelists.forget(whitelistId);
          whitelists.ofGuild.drop(committed.whitelist.guildId);
          formatCache.invalidate(whitelistId);
          keys.announceRetiring(committed.revoked);
          entries.publish(committed.notices);
        },
      );
      // Once the write resolves its removals are published here (on PostgreSQL, read back from the log first):
      // only then do the keys' sockets close.
      const revoked = keys.announceRevoked(done.revoked, "whitelist-deleted");
      return {
        whitelist: done.whitelist,
        removed: done.notices.map((notice) => notice.entry),
        revoked,
        cancelled: done.cancelled,
      };
    },
  };
}
