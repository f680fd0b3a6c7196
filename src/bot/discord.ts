import {
  type Client,
  DefaultRestOptions,
  type InternalRequest,
  REST,
  RESTEvents,
  type RESTOptions,
  Routes,
} from "discord.js";
import type { Words } from "../i18n/words.ts";
import type { DiscordPorts, RequestBoard } from "../registration/model.ts";
import type { Logger } from "../shared/logger.ts";
import { approvalRequestMessage } from "./log-channel.ts";
import { createMemberDirectory, type MemberDirectory } from "./member-directory.ts";
import { createDiscordNicknames } from "./nicknames.ts";
import {
  BAN_HOLD_MS,
  INVALID_REQUEST_WARNING_EVERY,
  isBanAnswer,
  isMemberEdit,
  LONGEST_WAIT_MS,
} from "./rate-limits.ts";
import { afterRepliesFirst, createDiscordRoleGateway, type GatewayView } from "./roles.ts";
import type { GuildWords } from "./words.ts";

/**
 * The bot's one REST client and the ports the domain uses through it. `use` gives it the client of the gateway
 * connection (each reconnect makes a new one): the client then sends through this same REST manager, so the bot
 * has one global budget of 50 requests a second as Discord counts it, and the ports read members' roles from its
 * cache instead of asking Discord.
 */
export type DiscordRest = {
  rest: REST;
  ports: DiscordPorts;
  use(client: Client): void;
  /** Until when (epoch ms) every request is held back after Cloudflare's ban answered; 0 when none is. */
  heldUntil(): number;
  /** The gateway connection's client, once the bot connected (its cache knows each guild's language). */
  client(): Client | undefined;
  /** Gives the request posts the guilds' languages, once the bot knows them (English until then). */
  speak(words: GuildWords): void;
  /** Who people are in a guild now, for the dashboard (its port: src/bot/member-directory.ts). */
  members: MemberDirectory;
};

/**
 * How often discord.js drops its idle request queues. It keeps one per route and major parameter, and an
 * interaction's webhook route counts its token in that parameter: every edit of an answer leaves a queue of its
 * own, which its default sweep (hourly) kept for an hour, a steady heap growth of about 1 MiB a minute at the
 * soak's 20 registrations a second (docs/performance.md, Steady state). A queue waiting or rate limited is never
 * dropped, so a minute costs no budget knowledge that matters.
 */
export const REST_HANDLER_SWEEP_MS = 60_000;

/**
 * Discord's REST client for a bot token (the sandbox's base URL in tests and `demo`), and the ports registration
 * needs, built on it before the services so the services can be given them. Each request is sent only while
 * `mayCall` holds (of replicas, the leader's live term): a leader replaced while it was frozen sends nothing it
 * had queued (docs/architecture.md, Replicas). What it adds to discord.js's own handling (docs/decisions.md, What
 * the bot does with Discord's limits): a warning every INVALID_REQUEST_WARNING_EVERY invalid answers; waits longer
 * than LONGEST_WAIT_MS, and those of a member edit, handed back to the caller; and on a ban answer, every request
 * held back (a minute, then longer) instead of sent again at once, each further one counting towards a longer ban.
 */
export function createDiscordRest(options: {
  token: string;
  discordApiUrl?: string;
  logger: Logger;
  mayCall?: () => boolean;
}): DiscordRest {
  const { logger, mayCall = () => true } = options;
  let heldUntil = 0;
  let holdMs = 0;
  /** Holds every queued request (discord.js's global limit, which all its queues wait for) until the ban may be over. */
  const holdForBan = () => {
    const now = Date.now();
    if (now < heldUntil) return;
    holdMs =
      holdMs > 0 && now - heldUntil < holdMs ? Math.min(holdMs * 2, BAN_HOLD_MS.longest) : BAN_HOLD_MS.first;
    heldUntil = now + holdMs;
    for (const manager of [rest, webhooks]) {
      manager.globalRemaining = 0;
      manager.globalReset = heldUntil;
    }
    logger.error(
      "Discord's API refuses the bot (Cloudflare's ban after too many invalid requests): every request waits",
      { seconds: holdMs / 1000 },
    );
  };
  const restOptions: Partial<RESTOptions> = {
    ...(options.discordApiUrl ? { api: options.discordApiUrl } : {}),
    invalidRequestWarningInterval: INVALID_REQUEST_WARNING_EVERY,
    handlerSweepInterval: REST_HANDLER_SWEEP_MS,
    makeRequest: (url, init) =>
      mayCall()
        ? DefaultRestOptions.makeRequest(url, init)
        : Promise.reject(new Error("not sent: this replica no longer leads")),
    rejectOnRateLimit: (data) => {
      if (isBanAnswer(data)) {
        holdForBan();
        return true;
      }
      return isMemberEdit(data) || Math.max(data.timeToReset, data.retryAfter) > LONGEST_WAIT_MS;
    },
  };
  const rest = new REST(restOptions).setToken(options.token);
  // Webhook routes (an interaction's edits and follow-ups) each keep their bucket, in a manager without the budget.
  const webhooks = new REST({ ...restOptions, globalRequestsPerSecond: UNCOUNTED }).setToken(options.token);
  const queue = rest.queueRequest.bind(rest);
  rest.queueRequest = (request) =>
    isWebhookRoute(request) ? webhooks.queueRequest(request) : queue(request);
  for (const manager of [rest, webhooks]) {
    manager.on(RESTEvents.InvalidRequestWarning, ({ count, remainingTime }) =>
      logger.warn(
        "Discord counted invalid requests from the bot (401, 403, 429); it bans at 10,000 in 10 minutes",
        {
          count,
          windowEndsInSeconds: Math.round(remainingTime / 1000),
        },
      ),
    );
  }
  let client: Client | undefined;
  let words: GuildWords | undefined;
  const view: GatewayView = { client: () => client, heldUntil: () => heldUntil };
  return {
    rest,
    ports: {
      roles: afterRepliesFirst(createDiscordRoleGateway(rest, view)),
      // English until the bot speaks; loaded then, with every language's texts, after the API listens
      // (docs/performance.md, Start and memory).
      board: createRequestBoard(
        rest,
        (guildId) => words?.public(guildId) ?? import("./words.ts").then(({ englishWords }) => englishWords),
      ),
      nicknames: createDiscordNicknames(rest, view),
    },
    use(next) {
      client = next;
      shareRest(next, rest);
    },
    heldUntil: () => heldUntil,
    client: () => client,
    members: createMemberDirectory({
      client: () => client,
      token: options.token,
      discordApiUrl: options.discordApiUrl,
    }),
    speak(given) {
      words = given;
    },
  };
}

/**
 * A global budget no burst reaches: discord.js counts every request of a manager against one budget (50 a second),
 * and Discord counts webhook routes against none.
 */
const UNCOUNTED = 1_000_000;

/**
 * Whether a request goes to a webhook by its token (`/webhooks/{id}/{token}…`, without the bot's authorization): an
 * interaction's edits and follow-ups are "not bound to the bot's Global Rate Limit" (docs.discord.com, Rate Limits;
 * docs/decisions.md, What the bot does with Discord's limits), and a webhook's token is not the bot. discord.js
 * counts them against the bot's budget all the same, so in a burst 300 answers waited behind 300 role grants.
 */
export function isWebhookRoute(request: Pick<InternalRequest, "fullRoute" | "auth">): boolean {
  return request.auth === false && /^\/webhooks\/\d+\/[^/]+/.test(request.fullRoute);
}

/**
 * Makes `client` send through `rest`. discord.js gives each client a REST manager of its own, with its own global
 * budget; a view of the shared one takes its place, which ignores what would unsettle the others using it (the
 * token a destroyed client clears, the sweepers it stops).
 */
function shareRest(client: Client, rest: REST): void {
  if (client.rest === rest || (client.rest as { shared?: REST }).shared === rest) return;
  client.rest.clearHashSweeper();
  client.rest.clearHandlerSweeper();
  const view: REST = new Proxy(rest, {
    get(target, property) {
      if (property === "shared") return target;
      if (property === "setToken") return () => view;
      if (property === "clearHashSweeper" || property === "clearHandlerSweeper") return () => {};
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  client.rest = view;
}

/**
 * Posts a registration request with its Approve and Reject buttons, in the server's language (staff read it);
 * Discord's refusal rejects.
 */
function createRequestBoard(rest: REST, wordsOf: (guildId: string) => Promise<Words>): RequestBoard {
  return {
    async post({ channelId, request, whitelist, answers }) {
      const words = await wordsOf(whitelist.guildId);
      const posted = (await rest.post(Routes.channelMessages(channelId), {
        body: approvalRequestMessage(words, request, whitelist, answers),
      })) as { id: string };
      return posted.id;
    },
  };
}
