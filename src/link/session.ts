import { Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { dashUuid } from "../nicks/uuid.ts";
import { readCapped } from "../shared/capped-body.ts";
import type { ProvenAccount } from "./model.ts";

/**
 * What Mojang's session server says of a login: the account joined with this server id; it did not; it vouched for
 * another account than the login's (`mismatch`: the name or UUID differ); its answer is no profile (`invalid`: too
 * large, not JSON, not the documented shape); or no answer.
 */
export type SessionAnswer =
  | { outcome: "joined"; account: ProvenAccount }
  | { outcome: "not-joined" }
  | { outcome: "mismatch"; answered: ProvenAccount }
  | { outcome: "invalid"; detail: string }
  | { outcome: "unavailable"; detail: string };

/** The login as the client started it (Login Start): the name it asks for and the UUID it claims, dashed. */
export type LoginClaim = { name: string; uuid: string };

/** Asks whether the login's account joined with `serverId`; never rejects. */
export type SessionCheck = (
  login: LoginClaim,
  serverId: string,
  signal: AbortSignal,
) => Promise<SessionAnswer>;

/** How long Mojang may take to answer one `hasJoined` (the exchange's own deadline bounds it too). */
const SESSION_TIMEOUT_MS = 10_000;
/**
 * The most of an answer read. A real one is a profile with its `textures` property (a base64 JSON and its base64
 * RSA signature): about 1.5 KB. More is no profile, and reading it would only cost memory and parsing time.
 */
export const MAX_SESSION_ANSWER_BYTES = 16_384;

/**
 * The answer's documented shape (minecraft.wiki, Protocol Encryption, Server; the wiki.vg archive of it; Mojang's
 * authlib `HasJoinedMinecraftServerResponse`): `id`, the profile's UUID without dashes; `name`, its current name;
 * `properties`, each a `name`, `value` and optional `signature`. Other fields (`profileActions`) are let through.
 */
const HasJoinedAnswer = Type.Object({
  id: Type.String({ pattern: "^[0-9a-fA-F]{32}$" }),
  name: Type.String({ minLength: 1, maxLength: 16 }),
  properties: Type.Optional(
    Type.Array(
      Type.Object({ name: Type.String(), value: Type.String(), signature: Type.Optional(Type.String()) }),
    ),
  ),
});

/**
 * `GET {MOJANG_SESSION_URL}/session/minecraft/hasJoined?username=…&serverId=…`, as a vanilla server asks it
 * (minecraft.wiki, Protocol Encryption, Server): 200 with `{id, name, properties}` when that account called
 * `join` with that server id moments before, 204 otherwise. Anything else (an error status, a timeout) means Mojang
 * could not tell. A 200 is believed only when it is a profile (read up to MAX_SESSION_ANSWER_BYTES, then checked
 * against its documented shape) and the profile is the login's: the same UUID as Login Start claimed, the same
 * name in any letter case (the name proven is Mojang's spelling).
 */
export function createSessionCheck(options: {
  sessionUrl: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}): SessionCheck {
  const base = options.sessionUrl.replace(/\/+$/, "");
  const fetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? SESSION_TIMEOUT_MS;
  return async (login, serverId, signal) => {
    const url = `${base}/session/minecraft/hasJoined?username=${encodeURIComponent(login.name)}&serverId=${encodeURIComponent(serverId)}`;
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
      const text = await readCapped(response, MAX_SESSION_ANSWER_BYTES);
      if (text === null)
        return { outcome: "invalid", detail: `an answer over ${MAX_SESSION_ANSWER_BYTES} bytes` };
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return { outcome: "invalid", detail: "an answer that is not JSON" };
      }
      if (!Value.Check(HasJoinedAnswer, body))
        return { outcome: "invalid", detail: "an answer that is no profile" };
      const answered = { uuid: dashUuid(body.id.toLowerCase()), name: body.name };
      const same = answered.uuid === login.uuid && answered.name.toLowerCase() === login.name.toLowerCase();
      return same ? { outcome: "joined", account: answered } : { outcome: "mismatch", answered };
    } catch (error) {
      return {
        outcome: "unavailable",
        detail: (error as Error).name === "TimeoutError" ? "timeout" : String(error),
      };
    }
  };
}
