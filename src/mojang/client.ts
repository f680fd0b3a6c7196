import { dashUuid } from "../nicks/uuid.ts";
import { DomainError } from "../shared/errors.ts";
import { createRemoteLookup, type RemoteLookupOptions } from "../shared/remote-lookup.ts";

/** What Mojang says about a nick: a premium account (dashed UUID, canonical spelling) or none. */
export type PremiumStatus = { premium: true; uuid: string; name: string } | { premium: false };

/** The premium lookup the registration rules use (docs/decisions.md, Registration rules). */
export type MojangClient = {
  /** Looks `nick` up; throws DomainError "mojang-unavailable" when Mojang cannot tell right now. */
  lookup(nick: string): Promise<PremiumStatus>;
};

/** Options of the Mojang client: `baseUrl` is MOJANG_API_URL, e.g. `https://api.mojang.com`. */
export type MojangClientOptions = RemoteLookupOptions;

/**
 * Creates the Mojang profile client: `GET {base}/users/profiles/minecraft/{nick}`. 200 is premium when the
 * answer names the same nick in any letter case; 204 and 404 are not premium (kept a shorter while: someone
 * may buy the name); anything else means Mojang cannot tell.
 */
export function createMojangClient(options: MojangClientOptions): MojangClient {
  const lookup = createRemoteLookup<PremiumStatus>(options, {
    name: "mojang lookup",
    url: (base, nick) => `${base}/users/profiles/minecraft/${encodeURIComponent(nick)}`,
    async read(response, nick) {
      if (response.status === 204 || response.status === 404) {
        await response.body?.cancel();
        return { premium: false };
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new Error(`status ${response.status}`);
      }
      const body = (await response.json()) as { id?: unknown; name?: unknown };
      if (typeof body.id !== "string" || typeof body.name !== "string") throw new Error("malformed profile");
      // Mojang answers with the account's own spelling; anything but the same name in another case is not ours.
      if (body.name.toLowerCase() !== nick.toLowerCase()) throw new Error("profile of another name");
      return { premium: true, uuid: dashUuid(body.id), name: body.name };
    },
    negative: (status) => !status.premium,
    unavailable: () =>
      new DomainError("mojang-unavailable", "Mojang can't be reached right now; try again in a minute."),
  });
  return { lookup };
}
