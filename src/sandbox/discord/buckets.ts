/**
 * Discord's per-route rate limits as the sandbox applies them: one table of buckets, each with the routes that
 * share it, its size and where that size comes from. Discord does not publish its sizes ("rate limits should not
 * be hard coded", docs.discord.com, Rate Limits) and sends them in the `X-RateLimit-*` headers instead; these are
 * the sizes bots have observed in those headers, so the sandbox sends them the same way and a bot that reads its
 * headers (discord.js does) behaves here as it would there.
 *
 * Sources, by the name used below:
 * - docs: docs.discord.com/developers/topics/rate-limits (discord/discord-api-docs, docs/topics/rate-limits.md):
 *   buckets are per route and per top-level resource (channel, guild, webhook id + token); the global limit of
 *   50 requests a second; interaction endpoints are not bound to it; 10,000 invalid requests per 10 minutes.
 * - hata: HuyaneMatsu/hata, hata/discord/rate_limit.py, `RATE_LIMIT_GROUPS`: the limits that library maps route
 *   by route from the headers, with the shared groups (role add and remove share one bucket per guild).
 * - dapi-5646: discord/discord-api-docs issue 5646 (2022): six channel posts in a row, the sixth refused with
 *   `x-ratelimit-limit: 5`, `x-ratelimit-reset-after: 5.588` (hata saw 5 per 4 s earlier).
 * - djs-3891: discord.js issue 3891 (2020): `GET /gateway/bot` answered `x-ratelimit-limit: 2`,
 *   `x-ratelimit-reset-after: 5.000`, `via: 1.1 google`.
 * - table-2020: a table of headers collected on 2020-05-07 (found by its text, "Discord rate limits … as reported
 *   from the API"): member role add and remove 10 per 10,000 ms in one shared bucket, member fetch 5 per 1,000 ms.
 * - dapi-182: discord/discord-api-docs issue 182 (2016): Create Reaction's own headers say `X-RateLimit-Limit: 1`,
 *   reset 1 s later; requests that ignore them get through at about 1 per 250 ms, and Discord answered "it's better
 *   to just rate limit it to 1/1 like the rate limit advertises, than to go any faster" (jhgg, Discord). The
 *   1 per 0.25 s libraries hard-code (hata, JDA, discord.js issue 2795) is that undocumented sub-limit.
 * - dapi-981: discord/discord-api-docs issue 981 (2019): adding a reaction and removing reactions share one bucket
 *   ("intended behavior", night, Discord, who added `X-RateLimit-Bucket` for it).
 * - dapi-2886: discord/discord-api-docs issue 2886 (2021): the same route's headers then read limit 200 with 198
 *   left and 270 s to reset, and the next reaction within the sub-second limit was still refused: a second,
 *   longer window beside the sub-limit.
 */

/** A bucket's size: `limit` requests per window of `resetAfter` seconds (`X-RateLimit-Limit`, `-Reset-After`). */
export type Window = { limit: number; resetAfter: number };

/** Everything about one kind of bucket. */
export type BucketSpec = Window & {
  /** `METHOD /pattern`, patterns as the sandbox's REST routes spell them. */
  routes: readonly string[];
  /** Where the size comes from (the names in this file's header). */
  source: string;
};

/**
 * The buckets the bot meets, by name. A route not listed gets a bucket of its own, sized `other`; every bucket is
 * counted apart per top-level resource of the path (`majorOf`).
 */
export const BUCKETS = {
  roles: {
    routes: [
      "PUT /guilds/:guild/members/:user/roles/:role",
      "DELETE /guilds/:guild/members/:user/roles/:role",
    ],
    limit: 10,
    resetAfter: 10,
    source: "hata (GROUP_USER_ROLE_MODIFY: user_role_add and user_role_delete, per guild); table-2020",
  },
  member: {
    routes: ["GET /guilds/:guild/members/:user"],
    limit: 5,
    resetAfter: 1,
    source: "hata (guild_user_get); table-2020 (guild_member)",
  },
  memberEdit: {
    routes: ["PATCH /guilds/:guild/members/:user"],
    limit: 10,
    resetAfter: 10,
    source: "hata (user_edit); table-2020 (modify_guild_member)",
  },
  memberList: {
    routes: ["GET /guilds/:guild/members", "GET /guilds/:guild/members/search"],
    limit: 10,
    resetAfter: 10,
    source: "hata (guild_user_get_chunk, guild_user_search)",
  },
  messageCreate: {
    routes: ["POST /channels/:channel/messages"],
    limit: 5,
    resetAfter: 5,
    source: "dapi-5646; hata (message_create, 5 per 4 s)",
  },
  messageEdit: {
    routes: ["PATCH /channels/:channel/messages/:message"],
    limit: 5,
    resetAfter: 5,
    source: "hata (message_edit, 5 per 4 s), sized as a post (dapi-5646)",
  },
  messageDelete: {
    routes: ["DELETE /channels/:channel/messages/:message"],
    limit: 3,
    resetAfter: 1,
    source: "hata (message_delete)",
  },
  messageRead: {
    routes: ["GET /channels/:channel/messages", "GET /channels/:channel/messages/:message"],
    limit: 5,
    resetAfter: 5,
    source: "hata (message_get_chunk, message_get)",
  },
  reactions: {
    routes: [
      "PUT /channels/:channel/messages/:message/reactions/:emoji/@me",
      "DELETE /channels/:channel/messages/:message/reactions/:emoji/@me",
    ],
    limit: 1,
    resetAfter: 1,
    source:
      "dapi-182: what Discord's headers advertise for the route and what Discord said to keep to (1 per 1 s), " +
      "not the sub-limit of 1 per 0.25 s bots measured by ignoring them (hata's GROUP_REACTION_MODIFY); adding " +
      "and removing share it per channel (dapi-981)",
  },
  typing: {
    routes: ["POST /channels/:channel/typing"],
    limit: 5,
    resetAfter: 5,
    source: "hata (typing)",
  },
  interactionWebhook: {
    routes: [
      "POST /webhooks/:app/:token",
      "GET /webhooks/:app/:token/messages/:message",
      "PATCH /webhooks/:app/:token/messages/:message",
      "DELETE /webhooks/:app/:token/messages/:message",
    ],
    limit: 5,
    resetAfter: 2,
    source: "hata (GROUP_INTERACTION_EXECUTE: follow-ups and edits of one interaction)",
  },
  commandsOverwrite: {
    routes: ["PUT /applications/:app/guilds/:guild/commands", "PUT /applications/:app/commands"],
    limit: 2,
    resetAfter: 60,
    source: "hata (application_command_guild_update_multiple, application_command_global_update_multiple)",
  },
  commandCreate: {
    routes: ["POST /applications/:app/guilds/:guild/commands", "POST /applications/:app/commands"],
    limit: 5,
    resetAfter: 20,
    source: "hata (application_command_guild_create, application_command_global_create)",
  },
  gatewayBot: {
    routes: ["GET /gateway/bot"],
    limit: 2,
    resetAfter: 5,
    source: "djs-3891; hata (client_gateway_bot)",
  },
  other: {
    routes: [],
    limit: 50,
    resetAfter: 1,
    source:
      "none observed: a route of its own per top-level resource, sized so that only the global limit binds " +
      "(Discord leaves many routes to the global limit alone; the sandbox still sends the headers)",
  },
} as const satisfies Record<string, BucketSpec>;

/** A bucket's name in `BUCKETS`. */
export type BucketName = keyof typeof BUCKETS;

/** The names, in the table's order. */
export const BUCKET_NAMES = Object.keys(BUCKETS) as BucketName[];

const byRoute = new Map<string, BucketName>(
  BUCKET_NAMES.flatMap((name) => BUCKETS[name].routes.map((key) => [key, name] as const)),
);

/** Which bucket a route falls in (`other` when the table does not list it). */
export function bucketOf(method: string, pattern: string): BucketName {
  return byRoute.get(`${method} ${pattern}`) ?? "other";
}

/**
 * The top-level resource a request is counted under, as Discord keys buckets (docs): the guild, the channel, the
 * webhook with its token, or the interaction; "" for routes without one (`/gateway/bot`, `/users/@me`).
 */
export function majorOf(pattern: string, params: Record<string, string>): string {
  if (pattern.startsWith("/guilds/:guild")) return `guild:${params.guild}`;
  if (pattern.startsWith("/channels/:channel")) return `channel:${params.channel}`;
  if (pattern.startsWith("/webhooks/:app/:token")) return `webhook:${params.app}/${params.token}`;
  if (pattern.startsWith("/interactions/:id")) return `interaction:${params.id}`;
  if (pattern.startsWith("/applications/:app/guilds/:guild")) return `guild:${params.guild}`;
  return "";
}

/**
 * Whether the route counts against the bot's global limit. Interaction endpoints (the callback, and the
 * follow-ups and edits under `/webhooks/{application}/{token}`) are "not bound to the bot's Global Rate Limit"
 * (docs, Global Rate Limit); webhook routes authenticate by their token, not as the bot.
 */
export function countsAgainstGlobal(pattern: string): boolean {
  return !pattern.startsWith("/interactions/") && !pattern.startsWith("/webhooks/");
}

/** Hashes already computed: one per bucket, and one per route of `other` (a few dozen in all). */
const hashes = new Map<string, string>();

/**
 * The `X-RateLimit-Bucket` of a bucket: 32 hex digits like Discord's, the same for every route that shares it and
 * for every top-level resource ("non-inclusive of top-level resources in the path", docs, Header Format).
 */
export function bucketHash(name: BucketName, method: string, pattern: string): string {
  const key = name === "other" ? `other ${method} ${pattern}` : name;
  let hash = hashes.get(key);
  if (hash === undefined) {
    hash = new Bun.CryptoHasher("md5").update(`sandbox-bucket ${key}`).digest("hex");
    hashes.set(key, hash);
  }
  return hash;
}
