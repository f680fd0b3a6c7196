import {
  type GatewayGuildMembersChunkDispatchData,
  GatewayOpcodes,
  type GatewayRateLimitedRequestGuildMembersDispatchData,
} from "discord-api-types/v10";
import type { Logger } from "../../shared/logger.ts";
import { memberPayload } from "./payloads.ts";
import type { SandboxMember, SandboxState } from "./state.ts";

/** At most this many `user_ids` per request (gateway-events.mdx, Request Guild Members). */
export const USER_IDS_PER_REQUEST = 100;
/** A `query` (username prefix) request returns at most this many members (same page). */
export const QUERY_RESULTS_LIMIT = 100;
/** Members per GUILD_MEMBERS_CHUNK dispatch. */
export const MEMBERS_PER_CHUNK = 1000;
/** One request for ALL members (`query: ""`, `limit: 0`) per guild per bot in this window (change log, 2025-08-14). */
export const ALL_MEMBERS_INTERVAL_MS = 30_000;
/** A longer nonce is ignored: the chunks then carry none (gateway-events.mdx). */
const NONCE_MAX_BYTES = 32;

/** What the gateway sends back for one opcode 8 request. */
export type MemberRequestAnswer =
  | { kind: "chunks"; chunks: GatewayGuildMembersChunkDispatchData[] }
  | { kind: "rate-limited"; data: GatewayRateLimitedRequestGuildMembersDispatchData }
  | { kind: "ignored"; reason: string };

/** The sandbox's answers to Request Guild Members (opcode 8), under Discord's limits. */
export type MemberRequests = {
  answer(d: unknown): MemberRequestAnswer;
  /** Requests received since the sandbox started, answered or not. */
  received(): number;
};

type RequestData = {
  guild_id?: unknown;
  query?: unknown;
  limit?: unknown;
  user_ids?: unknown;
  nonce?: unknown;
};

/**
 * Answers opcode 8 as Discord does: `user_ids` (at most 100) or a username prefix (at most 100 results), the
 * members in chunks of 1,000; a request for all members at most once per guild per 30 s on the sandbox's clock,
 * else a RATE_LIMITED dispatch. A request over 100 `user_ids` gets no answer at all: Discord's documentation
 * caps the ids at 100, and a client that sent 200 waited in vain (discord.js issue #4313, "Fetching a large
 * amount of specific guild members will always timeout").
 */
export function createMemberRequests(options: { state: SandboxState; logger: Logger }): MemberRequests {
  const { state, logger } = options;
  /** When the last request for all members of each guild was answered. */
  const lastAllMembers = new Map<string, number>();
  let received = 0;

  const chunksOf = (
    members: SandboxMember[],
    extra: Pick<GatewayGuildMembersChunkDispatchData, "not_found" | "nonce">,
  ): GatewayGuildMembersChunkDispatchData[] => {
    const count = Math.max(1, Math.ceil(members.length / MEMBERS_PER_CHUNK));
    return Array.from({ length: count }, (_, index) => ({
      guild_id: state.guild.id,
      members: members.slice(index * MEMBERS_PER_CHUNK, (index + 1) * MEMBERS_PER_CHUNK).map(memberPayload),
      chunk_index: index,
      chunk_count: count,
      ...(index === 0 && extra.not_found ? { not_found: extra.not_found } : {}),
      ...(extra.nonce === undefined ? {} : { nonce: extra.nonce }),
    }));
  };

  return {
    received: () => received,
    answer(raw) {
      received++;
      const d = (typeof raw === "object" && raw !== null ? raw : {}) as RequestData;
      if (d.guild_id !== state.guild.id) return { kind: "ignored", reason: "not a guild of the bot" };
      const nonce =
        typeof d.nonce === "string" && new TextEncoder().encode(d.nonce).length <= NONCE_MAX_BYTES
          ? d.nonce
          : undefined;
      if (d.user_ids !== undefined && d.user_ids !== null) {
        const ids = [d.user_ids].flat().map(String);
        if (ids.length > USER_IDS_PER_REQUEST) {
          logger.warn("sandbox gateway ignored a member request over the user_ids limit", {
            ids: ids.length,
            limit: USER_IDS_PER_REQUEST,
          });
          return { kind: "ignored", reason: `more than ${USER_IDS_PER_REQUEST} user_ids` };
        }
        const members = [...new Set(ids)].flatMap((id) => state.members.get(id) ?? []);
        const notFound = ids.filter((id) => !state.members.has(id));
        return { kind: "chunks", chunks: chunksOf(members, { not_found: notFound, nonce }) };
      }
      const query = typeof d.query === "string" ? d.query.toLowerCase() : "";
      const limit = typeof d.limit === "number" && d.limit > 0 ? d.limit : 0;
      if (query === "" && limit === 0) {
        const now = state.clock.now();
        const last = lastAllMembers.get(state.guild.id);
        if (last !== undefined && now - last < ALL_MEMBERS_INTERVAL_MS) {
          const retryAfter = (last + ALL_MEMBERS_INTERVAL_MS - now) / 1000;
          return {
            kind: "rate-limited",
            data: {
              opcode: GatewayOpcodes.RequestGuildMembers,
              retry_after: retryAfter,
              meta: { guild_id: state.guild.id, ...(nonce === undefined ? {} : { nonce }) },
            },
          };
        }
        lastAllMembers.set(state.guild.id, now);
        return { kind: "chunks", chunks: chunksOf([...state.members.values()], { nonce }) };
      }
      const most = query === "" ? limit : Math.min(limit || QUERY_RESULTS_LIMIT, QUERY_RESULTS_LIMIT);
      const members = [...state.members.values()]
        .filter((member) => member.user.username.toLowerCase().startsWith(query))
        .slice(0, most);
      return { kind: "chunks", chunks: chunksOf(members, { nonce }) };
    },
  };
}
