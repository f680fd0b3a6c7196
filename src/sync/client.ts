import { type Static, Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import type { Player } from "../formats/spec.ts";
import type { Clock } from "../shared/clock.ts";
import { VERSION } from "../version.ts";
import { retryAfterMs } from "./backoff.ts";
import { ExitCode, SyncStopError, TransientError } from "./errors.ts";

// Only the fields the agent uses, so a server adding fields never breaks it.
const WhitelistRef = Type.Object({ id: Type.String({ minLength: 1 }), name: Type.String() });
const EntryList = Type.Array(
  Type.Object({
    nick: Type.String({ minLength: 1 }),
    uuid: Type.Union([Type.String(), Type.Null()]),
    premium: Type.Boolean(),
    gamertag: Type.Optional(Type.String({ minLength: 1 })),
    proofDueAt: Type.Optional(Type.String()),
    groups: Type.Optional(Type.Array(Type.String())),
  }),
);

const ProofCode = Type.Object({
  nick: Type.String({ minLength: 1 }),
  code: Type.String({ pattern: "^[0-9A-Z]{4}-[0-9A-Z]{4}$" }),
  expiresAt: Type.String(),
  message: Type.String({ minLength: 1 }),
});

/** A whitelist as the agent knows it. */
export type WhitelistRef = Static<typeof WhitelistRef>;

/**
 * What asking for a proof code gave (docs/link.md, First-join proof): the code, when it stops working (ms) and the
 * line to kick the player with; `not-pending` (the entry awaits no proof now, or is gone: 409 or 404); `limited`
 * (the account had its codes lately: 429), with when to ask again; or `read-only` (the agent's key may not ask:
 * 403 `key-read-only`, which stays so for as long as the agent runs with that key).
 */
export type ProofCodeAnswer =
  | { kind: "issued"; code: string; expiresAt: number; message: string }
  | { kind: "not-pending"; detail: string }
  | { kind: "limited"; retryAt: number }
  | { kind: "read-only"; detail: string };
/** The JSON entries, 304 when the ETag sent still matches, or 404 when the whitelist is gone. */
export type EntriesAnswer =
  | { status: 200; entries: Player[]; etag: string | null }
  | { status: 304 }
  | { status: 404 };

const REQUEST_TIMEOUT_MS = 30_000;
/** The problem type of a 404 for an id that is no whitelist of the key's guild (docs/api.md, Errors). */
const WHITELIST_NOT_FOUND = "urn:whitelist-sync:problem:whitelist-not-found";
/** The problem type of a 429 for an account given its codes lately (not the client's request rate). */
const CODE_LIMITED = "urn:whitelist-sync:problem:code-limited";
/** The problem type of a 403 for a key that may change nothing (docs/api.md, Read-only keys). */
const KEY_READ_ONLY = "urn:whitelist-sync:problem:key-read-only";
/** How long to wait for another code when a 429 carries no Retry-After: a code's lifetime. */
const CODE_WAIT_MS = 10 * 60_000;

/** A problem-details body (RFC 9457), as far as it can be read. */
type Problem = { type?: unknown; detail?: unknown };

/** The body of an error answer, read once: `{}` when it is no problem details. */
async function problemOf(response: Response): Promise<Problem> {
  try {
    const body: unknown = await response.json();
    return typeof body === "object" && body !== null ? (body as Problem) : {};
  } catch {
    return {};
  }
}

/**
 * The REST side of the agent: resolve the whitelists, read their entries with conditional requests, and
 * explain a failed socket handshake. Every failure is classified once, here: 401/403 stop the agent (a revoked
 * key must not retry forever), 429/503 honour `Retry-After`, network errors and 5xx back off; a 404 for a
 * whitelist resolved before means it was deleted.
 */
export function createApiClient({
  apiUrl,
  key,
  clock,
  signal,
  fetch = globalThis.fetch,
}: {
  apiUrl: string;
  key: string;
  clock: Clock;
  /** Aborts in-flight requests when the agent stops. */
  signal: AbortSignal;
  fetch?: typeof globalThis.fetch;
}) {
  const headers = (etag: string | null): Record<string, string> => ({
    authorization: `Bearer ${key}`,
    "user-agent": `whitelist-sync-agent/${VERSION}`,
    ...(etag === null ? {} : { "if-none-match": etag }),
  });

  async function request(path: string, etag: string | null, method = "GET"): Promise<Response> {
    const url = `${apiUrl}${path}`;
    try {
      return await fetch(url, {
        method,
        headers: headers(etag),
        redirect: "error",
        signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
      });
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new TransientError(`cannot reach ${url} (${reason})`);
    }
  }

  /** The error a non-success status stands for; `notFound` explains a 404 in the caller's terms. */
  async function failure(
    response: Response,
    what: string,
    notFound: string,
    problem?: Problem,
  ): Promise<Error> {
    const body = problem ?? (await problemOf(response));
    const detail = typeof body.detail === "string" ? `: ${body.detail}` : "";
    const status = response.status;
    if (status === 401) {
      return new SyncStopError(
        `the service refused the key (401${detail}); it is mistyped, unknown or revoked: create a new one on ` +
          "Discord with /server-link create",
        ExitCode.keyRefused,
      );
    }
    if (status === 403) {
      return new SyncStopError(`${what}: refused for this key (403${detail})`, ExitCode.keyRefused);
    }
    if (status === 404) return new SyncStopError(`${notFound} (404${detail})`, ExitCode.config);
    if (status === 429 || status === 503 || status >= 500) {
      const wait = retryAfterMs(response.headers.get("retry-after"), clock.now());
      return new TransientError(`${what}: the service answered ${status}${detail}`, wait);
    }
    return new SyncStopError(`${what}: unexpected answer ${status}${detail}`, ExitCode.failure);
  }

  /**
   * Why a whitelist the key cannot see is not visible: a key limited to one whitelist gets 403 for every other
   * id, a guild-wide key 404 for an id that is no whitelist of its guild (docs/api.md, Scope). `_` is never a
   * whitelist id, so its answer tells the key's scope alone. Null when the service does not say.
   */
  async function limitedKeyHint(): Promise<string | null> {
    const response = await request("/whitelists/_/entries", null).catch(() => null);
    await response?.body?.cancel();
    return response?.status === 403
      ? "this key is limited to one whitelist: a guild-wide key (/server-link create name, without a " +
          "whitelist) sees every whitelist of the Discord server"
      : null;
  }

  return {
    /**
     * Finds each visible whitelist by id, or by name in any letter case, in the order given (a whitelist named
     * twice counts once). One the key cannot see stops the agent (78), saying when the key's scope is why.
     */
    async resolveWhitelists(idsOrNames: readonly string[]): Promise<WhitelistRef[]> {
      const response = await request("/whitelists", null);
      if (!response.ok) {
        throw await failure(response, "the whitelists", `no whitelist-sync API at ${apiUrl}: check --url`);
      }
      const body: unknown = await response.json().catch(() => null);
      if (!Array.isArray(body) || !body.every((item) => Value.Check(WhitelistRef, item))) {
        throw new SyncStopError(`${apiUrl}/whitelists did not answer a list of whitelists`, ExitCode.failure);
      }
      const whitelists = body as WhitelistRef[];
      const found: WhitelistRef[] = [];
      for (const idOrName of idsOrNames) {
        const wanted = idOrName.toLowerCase();
        const match =
          whitelists.find((w) => w.id === idOrName) ??
          whitelists.find((w) => w.name.toLowerCase() === wanted);
        if (!match) {
          const visible = whitelists.map((w) => `${w.name} (${w.id})`).join(", ") || "none";
          const hint = await limitedKeyHint();
          throw new SyncStopError(
            `no whitelist "${idOrName}" is visible to this key (visible: ${visible})${hint ? `; ${hint}` : ""}`,
            ExitCode.config,
          );
        }
        if (!found.some((w) => w.id === match.id)) found.push({ id: match.id, name: match.name });
      }
      return found;
    },

    /**
     * The whitelist's entries as JSON: the list the agent applies events to. 404: the service no longer has the
     * whitelist (deleted on Discord since it was resolved); any other 404 (a wrong --url) stops the agent.
     */
    async entries(whitelist: WhitelistRef, etag: string | null): Promise<EntriesAnswer> {
      const response = await request(`/whitelists/${encodeURIComponent(whitelist.id)}/entries`, etag);
      if (response.status === 304) return { status: 304 };
      if (!response.ok) {
        const problem = await problemOf(response);
        if (response.status === 404 && problem.type === WHITELIST_NOT_FOUND) return { status: 404 };
        throw await failure(response, `whitelist "${whitelist.name}"`, notFound(whitelist), problem);
      }
      const body: unknown = await response.json().catch(() => null);
      if (!Value.Check(EntryList, body)) {
        throw new TransientError(`the entries of "${whitelist.name}" came back malformed`);
      }
      return { status: 200, entries: body, etag: response.headers.get("etag") };
    },

    /**
     * Removes a nick from a whitelist, saying why (`?reason=`, shown in the log channel). Answers whether it was
     * there: a 404 of the nick is no failure (someone removed it first).
     */
    async remove(whitelist: WhitelistRef, nick: string, reason: string): Promise<boolean> {
      const path = `/whitelists/${encodeURIComponent(whitelist.id)}/entries/${encodeURIComponent(nick)}`;
      const response = await request(`${path}?reason=${encodeURIComponent(reason)}`, null, "DELETE");
      if (response.ok) {
        await response.body?.cancel();
        return true;
      }
      const problem = await problemOf(response);
      if (response.status === 404 && problem.type !== WHITELIST_NOT_FOUND) return false;
      throw await failure(
        response,
        `removing ${nick} from "${whitelist.name}"`,
        notFound(whitelist),
        problem,
      );
    },

    /**
     * A code for the player of an entry awaiting proof at first join, who joined the game server: `uuid` is the one
     * the server showed (null when it showed names only). 401 and 403 stop nothing here (the socket's close does):
     * they come back as a failure to report, like the service not answering.
     */
    async proofCode(whitelist: WhitelistRef, nick: string, uuid: string | null): Promise<ProofCodeAnswer> {
      const url = `${apiUrl}/whitelists/${encodeURIComponent(whitelist.id)}/proof-codes`;
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: { ...headers(null), "content-type": "application/json" },
          body: JSON.stringify(uuid === null ? { nick } : { nick, uuid }),
          redirect: "error",
          signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
        });
      } catch (error) {
        const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        throw new TransientError(`cannot reach ${url} (${reason})`);
      }
      if (response.ok) {
        const body: unknown = await response.json().catch(() => null);
        if (!Value.Check(ProofCode, body)) throw new TransientError(`${url} answered a malformed proof code`);
        const expiresAt = Date.parse(body.expiresAt);
        if (Number.isNaN(expiresAt)) throw new TransientError(`${url} answered a malformed proof code`);
        return { kind: "issued", code: body.code, expiresAt, message: body.message };
      }
      const problem = await problemOf(response);
      const detail = typeof problem.detail === "string" ? problem.detail : `answer ${response.status}`;
      if (response.status === 409 || (response.status === 404 && problem.type !== WHITELIST_NOT_FOUND)) {
        return { kind: "not-pending", detail };
      }
      if (response.status === 403 && problem.type === KEY_READ_ONLY) return { kind: "read-only", detail };
      if (response.status === 429 && problem.type === CODE_LIMITED) {
        const wait = retryAfterMs(response.headers.get("retry-after"), clock.now()) ?? CODE_WAIT_MS;
        return { kind: "limited", retryAt: clock.now() + wait };
      }
      throw await failure(response, `a proof code for ${nick}`, notFound(whitelist), problem);
    },

    /** The WebSocket URL, resuming after `after` when given. */
    socketUrl(after: string | null): string {
      const url = `${apiUrl.replace(/^http/, "ws")}/ws`;
      return after === null ? url : `${url}?after=${after}`;
    },

    /**
     * Why a WebSocket handshake failed. A WebSocket client never sees the HTTP answer (status, Retry-After),
     * so the same URL is asked again as a plain GET: a usable key gets 426, anything else is the real reason.
     */
    async explainHandshakeFailure(): Promise<Error> {
      const response = await request("/ws", null);
      if (response.status === 426) {
        return new TransientError(
          "the API answers but the WebSocket upgrade failed (does a proxy in front of it forward Upgrade?)",
        );
      }
      if (response.ok) return new TransientError("the WebSocket handshake failed");
      return failure(response, "the event socket", `no event socket at ${apiUrl}/ws: check --url`);
    },
  };
}

const notFound = (whitelist: WhitelistRef) =>
  `whitelist "${whitelist.name}" (${whitelist.id}) no longer exists, or is not on the key's Discord server`;
