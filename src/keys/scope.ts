import { DomainError } from "../shared/errors.ts";
import { clip } from "../shared/text.ts";
import type { Principal } from "./service.ts";

/**
 * The one scope rule (docs/api.md, Scope): a key limited to a whitelist gets `whitelist-forbidden` for
 * any other id, learning nothing about which ids exist; a guild key gets `whitelist-not-found` for an id that
 * is not a whitelist of its guild.
 */
export function authorizeWhitelist<W extends { guildId: string }>(
  principal: Pick<Principal, "guildId" | "whitelistId">,
  whitelistId: string,
  whitelist: W | undefined,
): W {
  if (principal.whitelistId !== null && principal.whitelistId !== whitelistId) {
    throw new DomainError("whitelist-forbidden", "This key is limited to another whitelist.");
  }
  if (!whitelist || whitelist.guildId !== principal.guildId) {
    throw new DomainError(
      "whitelist-not-found",
      `No whitelist ${clip(whitelistId)} on this key's server. The API takes a whitelist's id, not its name: GET /api/v1/whitelists lists them.`,
    );
  }
  return whitelist;
}

/**
 * The one write rule (docs/api.md, Read-only keys): a read-only key reads; it changes nothing, neither directly (a
 * removal) nor through what it could set in motion (a proof code). It gets `key-read-only` whatever it names: the
 * permission is the key's own, so it is checked before the target is looked up.
 */
export function authorizeWrite(principal: Pick<Principal, "mayRemove">): void {
  if (!principal.mayRemove) {
    throw new DomainError(
      "key-read-only",
      "This key is read-only (created with may-remove:False): it may read whitelists and receive their " +
        "events, not change anything (remove nicks, ask for proof codes). Staff create a key that may with " +
        "/server-link create.",
    );
  }
}

/** Whether a change of `guildId`/`whitelistId` is visible to the key (REST, WebSocket and webhooks alike). */
export function inScope(
  principal: Pick<Principal, "guildId" | "whitelistId">,
  guildId: string,
  whitelistId: string,
): boolean {
  return (
    principal.guildId === guildId && (principal.whitelistId === null || principal.whitelistId === whitelistId)
  );
}
