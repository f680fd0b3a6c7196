import type { GuildSnapshot, RoleSnapshot } from "../setup/permissions.ts";

/** An answer of Discord's REST API: its status and JSON body. */
type Answer = { status: number; body: unknown };

/** Discord could not be reached at all (DNS, refused connection, TLS, no answer in time): not the token's fault. */
export class DiscordUnreachable extends Error {
  override readonly name = "DiscordUnreachable";
}

/**
 * Discord answered 429: it limits how fast the bot may ask, which says nothing about the setup. `retryAfter`: the
 * seconds Discord gave (`retry_after`, else `Retry-After`); null for Cloudflare's ban, which gives none.
 */
export class DiscordRateLimited extends Error {
  override readonly name = "DiscordRateLimited";
  constructor(readonly retryAfter: number | null) {
    super(
      retryAfter === null
        ? "Discord is refusing this bot's requests for now (Cloudflare's ban after too many invalid requests, an hour at most)"
        : `rate limited by Discord, try again in ${Math.ceil(retryAfter)} s`,
    );
  }
}

/**
 * Reads Discord's REST API as the bot (`Authorization: Bot <token>`); reads only. A 429 throws DiscordRateLimited:
 * doctor says to try again, it does not report the setup as broken.
 */
export function discordReader({
  token,
  apiUrl,
  timeoutMs = 10_000,
}: {
  token: string;
  /** Discord's REST base without /v10 (DISCORD_API_URL; the sandbox's in tests). */
  apiUrl: string;
  timeoutMs?: number;
}) {
  const base = `${apiUrl.replace(/\/+$/, "")}/v10`;
  const get = async (path: string): Promise<Answer> => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        headers: { authorization: `Bot ${token}`, "user-agent": "DiscordBot (whitelist-sync doctor)" },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
    } catch (error) {
      throw new DiscordUnreachable(
        `Discord could not be reached at ${apiUrl} (${(error as Error).message}): check this machine's ` +
          "network, DNS and firewall (and DISCORD_API_URL, if set). The token was not checked.",
      );
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text === "" ? null : JSON.parse(text);
    } catch {
      body = text;
    }
    if (response.status === 429) {
      const given = (body as { retry_after?: unknown } | null)?.retry_after;
      const header = response.headers.get("retry-after");
      throw new DiscordRateLimited(
        typeof given === "number" ? given : header !== null && header !== "" ? Number(header) : null,
      );
    }
    return { status: response.status, body };
  };
  /** The body of a 200, or an error naming the path and status. */
  const read = async <T>(path: string): Promise<T> => {
    const answer = await get(path);
    if (answer.status !== 200) throw new Error(`Discord answered ${answer.status} to GET ${path}`);
    return answer.body as T;
  };
  return {
    get,
    read,
    /** The server as the checks see it: roles, text channels with their overwrites, the bot's own roles. */
    async guild(guildId: string, botId: string): Promise<GuildSnapshot> {
      type Role = { id: string; name: string; position: number; permissions: string; managed: boolean };
      type Overwrite = { id: string; type: 0 | 1; allow: string; deny: string };
      type Channel = { id: string; name: string; type: number; permission_overwrites?: Overwrite[] };
      const [guild, roles, channels, member] = await Promise.all([
        read<{ id: string; name: string; owner_id: string }>(`/guilds/${guildId}`),
        read<Role[]>(`/guilds/${guildId}/roles`),
        read<Channel[]>(`/guilds/${guildId}/channels`),
        read<{ roles: string[] }>(`/guilds/${guildId}/members/${botId}`),
      ]);
      return {
        id: guild.id,
        name: guild.name,
        ownerId: guild.owner_id,
        botId,
        botRoleIds: member.roles,
        roles: roles.map(
          (role): RoleSnapshot => ({
            id: role.id,
            name: role.name,
            position: role.position,
            permissions: BigInt(role.permissions),
            managed: role.managed,
          }),
        ),
        channels: channels.map((channel) => ({
          id: channel.id,
          name: channel.name,
          overwrites: (channel.permission_overwrites ?? []).map((overwrite) => ({
            id: overwrite.id,
            type: overwrite.type,
            allow: BigInt(overwrite.allow),
            deny: BigInt(overwrite.deny),
          })),
        })),
      };
    },
  };
}
