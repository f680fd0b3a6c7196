import { text } from "../i18n/messages.ts";
import { ONE_ANSWER_BYTES, readCappedJson } from "../shared/capped-body.ts";
import { DomainError } from "../shared/errors.ts";
import { createRemoteLookup, type RemoteLookupOptions } from "../shared/remote-lookup.ts";

/** What Mojang's session server says about a premium account: its name now, or that it knows no such UUID. */
export type AccountName = { found: true; name: string } | { found: false };

/** The name look-up by UUID the rename refresh uses (docs/decisions.md, Renames). */
export type MojangNames = {
  /** The current name of the account `uuid` (dashed or not); throws "mojang-unavailable" when Mojang cannot tell. */
  nameOf(uuid: string): Promise<AccountName>;
};

/** Options of the name client: `baseUrl` is MOJANG_SESSION_URL, e.g. `https://sessionserver.mojang.com`. */
export type MojangNamesOptions = RemoteLookupOptions;

/** A name as Mojang's profile endpoints accept one (the fake and the name look-up use the same shape). */
const PLAUSIBLE_NAME = /^[A-Za-z0-9_]{1,25}$/;

/**
 * Creates the session server client: `GET {base}/session/minecraft/profile/{uuid}` with the UUID undashed, as
 * the game's own authlib asks. 200 carries `{id, name, properties}`: the account's current name; 204 (what the
 * session server answers for a UUID it does not know) and 404 mean no such account; anything else (429, 5xx, no
 * answer in time, a profile of another UUID, a malformed body) means Mojang cannot tell now. Nothing is cached:
 * the refresh asks each account at most once a day.
 */
export function createMojangNames(options: MojangNamesOptions): MojangNames {
  const nameOf = createRemoteLookup<AccountName>(
    { ...options, cacheTtlMs: 0, negativeTtlMs: 0, maxCached: 0 },
    {
      name: "mojang name lookup",
      service: "mojang-session",
      url: (base, uuid) => `${base}/session/minecraft/profile/${uuid.replaceAll("-", "").toLowerCase()}`,
      async read(response, uuid) {
        if (response.status === 204 || response.status === 404) {
          await response.body?.cancel();
          return { found: false };
        }
        if (response.status !== 200) {
          await response.body?.cancel();
          throw new Error(`status ${response.status}`);
        }
        const body = (await readCappedJson(response, ONE_ANSWER_BYTES)) as { id?: unknown; name?: unknown };
        if (typeof body.id !== "string" || typeof body.name !== "string")
          throw new Error("malformed profile");
        if (body.id.toLowerCase() !== uuid.replaceAll("-", "").toLowerCase()) {
          throw new Error("profile of another UUID");
        }
        if (!PLAUSIBLE_NAME.test(body.name)) throw new Error("malformed name");
        return { found: true, name: body.name };
      },
      negative: (answer) => !answer.found,
      unavailable: () => new DomainError("mojang-unavailable", text("error.mojangDown")),
    },
  );
  return { nameOf };
}
