import { dashUuid } from "../nicks/uuid.ts";
import type { ProvenAccount } from "./model.ts";

/** What Mojang's session server says of a login: the account joined with this server id, it did not, or no answer. */
export type SessionAnswer =
  | { outcome: "joined"; account: ProvenAccount }
  | { outcome: "not-joined" }
  | { outcome: "unavailable"; detail: string };

/** Asks whether `name` joined with `serverId`; never rejects. */
export type SessionCheck = (name: string, serverId: string, signal: AbortSignal) => Promise<SessionAnswer>;

const UNDASHED = /^[0-9a-f]{32}$/i;
/** How long Mojang may take to answer one `hasJoined` (the exchange's own deadline bounds it too). */
const SESSION_TIMEOUT_MS = 10_000;

/**
 * `GET {MOJANG_SESSION_URL}/session/minecraft/hasJoined?username=…&serverId=…`, as a vanilla server asks it
 * (minecraft.wiki, Protocol Encryption, Server): 200 with `{id, name, properties}` when that account called
 * `join` with that server id moments before, 204 otherwise. Anything else (an error status, a body that is not
 * a profile, a timeout) means Mojang could not tell.
 */
export function createSessionCheck(options: {
  sessionUrl: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}): SessionCheck {
  const base = options.sessionUrl.replace(/\/+$/, "");
  const fetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? SESSION_TIMEOUT_MS;
  return async (name, serverId, signal) => {
    const url = `${base}/session/minecraft/hasJoined?username=${encodeURIComponent(name)}&serverId=${encodeURIComponent(serverId)}`;
    try {
      const response = await fetch(url, {
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
        redirect: "error",
      });
      if (response.status === 204) {
        await response.body?.cancel();
        return { outcome: "not-joined" };
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        return { outcome: "unavailable", detail: `status ${response.status}` };
      }
      const body = (await response.json()) as { id?: unknown; name?: unknown };
      if (typeof body.id !== "string" || !UNDASHED.test(body.id) || typeof body.name !== "string") {
        return { outcome: "unavailable", detail: "not a profile" };
      }
      return { outcome: "joined", account: { uuid: dashUuid(body.id.toLowerCase()), name: body.name } };
    } catch (error) {
      return {
        outcome: "unavailable",
        detail: (error as Error).name === "TimeoutError" ? "timeout" : String(error),
      };
    }
  };
}
