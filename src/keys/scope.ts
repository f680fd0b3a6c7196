import { DomainError } from "../shared/errors.ts";
import { clip } from "../shared/text.ts";
import type { Principal } from "./service.ts";

/**
 * The one scope rule (docs/api.md, Scope): a key limited to a whitelist gets `whitelist-forbidden` for
 * any other id, learning nothing about which ids exist; a guild key gets `whitelist-not-found` for an id that
 * is not a whitelist of its guild.
 */
export function authorizeWhitelist<W extends { guildId: string }>(
  principal: Principal,
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
