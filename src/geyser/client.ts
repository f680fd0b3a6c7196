import { text } from "../i18n/messages.ts";
import { ONE_ANSWER_BYTES, readCappedText } from "../shared/capped-body.ts";
import { DomainError } from "../shared/errors.ts";
import { createRemoteLookup, type RemoteLookupOptions } from "../shared/remote-lookup.ts";

/**
 * The XUID lookup Floodgate itself uses (docs/decisions.md, Bedrock players): GeyserMC's global API,
 * `GET {GEYSER_API_URL}/xuid/{gamertag}`, answering `{"xuid": <int64>}`, or `{}` when no Xbox account has that
 * gamertag; 400 and 503 carry `{"message": ...}` (503: GeyserMC could not ask Xbox Live right now).
 */
export type GeyserClient = {
  /**
   * The XUID of `gamertag` as a decimal string, or null when no Xbox account has it. Throws DomainError
   * "geyser-unavailable" when GeyserMC cannot tell right now.
   */
  xuidOf(gamertag: string): Promise<string | null>;
  /** The cached answer for `gamertag` while it is fresh (no request is made), else undefined. */
  cached(gamertag: string): string | null | undefined;
};

/** Options of the GeyserMC client: `baseUrl` is GEYSER_API_URL, e.g. `https://api.geysermc.org/v2/xbox`. */
export type GeyserClientOptions = RemoteLookupOptions;

/** The `xuid` of an answer, read from the text: an int64 may not survive a trip through a JS number. */
const XUID_FIELD = /"xuid"\s*:\s*"?([0-9]{1,20})"?/;

/** Creates the GeyserMC client: a 200 with an XUID or without one; anything else means it cannot tell. */
export function createGeyserClient(options: GeyserClientOptions): GeyserClient {
  const xuidOf = createRemoteLookup<string | null>(options, {
    name: "geyser lookup",
    service: "geysermc",
    url: (base, gamertag) => `${base}/xuid/${encodeURIComponent(gamertag)}`,
    async read(response) {
      const text = await readCappedText(response, ONE_ANSWER_BYTES);
      if (response.status !== 200) throw new Error(`status ${response.status}: ${text.slice(0, 200)}`);
      const body: unknown = JSON.parse(text);
      if (typeof body !== "object" || body === null || Array.isArray(body)) throw new Error("not an object");
      if (!("xuid" in body) || body.xuid === null) return null;
      const xuid = XUID_FIELD.exec(text)?.[1];
      if (xuid === undefined || BigInt(xuid) >= 2n ** 64n) throw new Error("malformed xuid");
      return BigInt(xuid).toString();
    },
    negative: (xuid) => xuid === null,
    unavailable: () => new DomainError("geyser-unavailable", text("error.geyserDown")),
  });
  return { xuidOf, cached: xuidOf.cached };
}
