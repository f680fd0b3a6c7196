import type { ServerWebSocket, WebSocketHandler } from "bun";
import {
  GatewayCloseCodes,
  GatewayDispatchEvents,
  type GatewayDispatchPayload,
  GatewayIntentBits,
  GatewayOpcodes,
  type GatewayReceivePayload,
  PermissionFlagsBits,
} from "discord-api-types/v10";
import type { Logger } from "../../shared/logger.ts";
import { createMemberRequests } from "./member-requests.ts";
import { guildCreatePayload, readyPayload, shardOf } from "./payloads.ts";
import { hasPermission } from "./permissions.ts";
import { disallowedIntents } from "./portal.ts";
import type { SandboxState } from "./state.ts";

/** The data of one dispatch event, by event name. */
export type DispatchData<T extends GatewayDispatchEvents> = Extract<GatewayDispatchPayload, { t: T }>["d"];

/**
 * What the sandbox keeps per gateway connection. A `zombie` connection stays open but answers nothing, neither
 * heartbeats nor dispatches (a half-dead TCP path): the client must notice the missing ACK and reconnect.
 */
export type GatewayConnection = {
  id: number;
  version: string | null;
  sessionId: string | null;
  zombie: boolean;
};

/** A gateway WebSocket on the sandbox server. */
export type GatewaySocket = ServerWebSocket<GatewayConnection>;

/** Counters tests use to tell a resume from a re-identify. */
export type GatewayStats = {
  identifies: number;
  resumes: number;
  /** Intents of the last IDENTIFY. */
  intents: number | null;
  /** Open connections. */
  connected: number;
  /** Sessions alive, connected or waiting to be resumed. */
  sessions: number;
  /** Request Guild Members (opcode 8) payloads received, answered or not. */
  memberRequests: number;
  /** IDENTIFYs refused with 4014 because they asked for a privileged intent the portal has off. */
  disallowedIdentifies: number;
  /** IDENTIFYs and RESUMEs refused with 4004 for a wrong token. */
  rejectedTokens: number;
  /** Heartbeats received (acknowledged or, on a zombie connection, not). */
  heartbeats: number;
  /** The `[index, count]` of every IDENTIFY accepted, in order. */
  shards: [number, number][];
  /** Whether the guild is available (false: an outage; READY lists it unavailable and no GUILD_CREATE follows). */
  guildAvailable: boolean;
};

/** The sandbox's gateway: Bun WebSocket handlers plus the dispatch fan-out and test hooks. */
export type SandboxGateway = {
  websocket: WebSocketHandler<GatewayConnection>;
  /** The data for a connection being upgraded; `version` is its `v` query parameter. */
  connectionData(version: string | null): GatewayConnection;
  /** Sends an event to every session (queued for disconnected, resumable ones) its intents allow. */
  dispatch<T extends GatewayDispatchEvents>(t: T, d: DispatchData<T>): void;
  /** Closes the bot's connections: resumable (close 4000) or not (session dropped, close 4009). */
  drop(options?: { resumable?: boolean }): void;
  /** Resolves once a session is READY or RESUMED on an open connection. */
  waitForReady(): Promise<void>;
  /**
   * Sends op 9 Invalid Session to the bot's connections. Resumable (`d: true`): the session stays and the client
   * may RESUME on the same connection. Not (`d: false`): the session is gone and the client must IDENTIFY again.
   */
  invalidateSession(options: { resumable: boolean }): void;
  /** Turns the open connections into zombies: no heartbeat ACK and no dispatch (queued for a resume) any more. */
  zombie(): void;
  /**
   * An outage of the guild (GUILD_DELETE `unavailable: true` to the connected sessions) or its end (GUILD_CREATE).
   * While unavailable, a new session's READY lists it as unavailable and no GUILD_CREATE follows.
   */
  setGuildAvailable(available: boolean): void;
  /** Resolves once `check` holds for the stats (checked now and after every gateway change); never times out. */
  waitFor(check: (stats: GatewayStats) => boolean): Promise<GatewayStats>;
  stats(): GatewayStats;
  closeAll(): void;
};

type LoggedDispatch = { t: GatewayDispatchEvents; s: number; d: unknown };
type Session = {
  id: string;
  /** `[index, count]` as IDENTIFY gave it: the session gets the events of the guilds of its shard only. */
  shard: [number, number];
  intents: number;
  seq: number;
  log: LoggedDispatch[];
  socket: GatewaySocket | null;
};

/** Dispatches kept per session for RESUME; older ones make a resume fail (op 9), as on Discord. */
const REPLAY_LIMIT = 1000;

/** Intent each event needs; events not listed are always sent. */
const REQUIRED_INTENT: Partial<Record<GatewayDispatchEvents, GatewayIntentBits>> = {
  [GatewayDispatchEvents.GuildCreate]: GatewayIntentBits.Guilds,
  [GatewayDispatchEvents.GuildRoleCreate]: GatewayIntentBits.Guilds,
  [GatewayDispatchEvents.GuildRoleUpdate]: GatewayIntentBits.Guilds,
  [GatewayDispatchEvents.GuildRoleDelete]: GatewayIntentBits.Guilds,
  [GatewayDispatchEvents.GuildMemberAdd]: GatewayIntentBits.GuildMembers,
  [GatewayDispatchEvents.GuildMemberRemove]: GatewayIntentBits.GuildMembers,
  [GatewayDispatchEvents.GuildMemberUpdate]: GatewayIntentBits.GuildMembers,
  [GatewayDispatchEvents.GuildBanAdd]: GatewayIntentBits.GuildModeration,
  [GatewayDispatchEvents.GuildBanRemove]: GatewayIntentBits.GuildModeration,
  [GatewayDispatchEvents.MessageCreate]: GatewayIntentBits.GuildMessages,
  [GatewayDispatchEvents.MessageUpdate]: GatewayIntentBits.GuildMessages,
  [GatewayDispatchEvents.MessageDelete]: GatewayIntentBits.GuildMessages,
  [GatewayDispatchEvents.MessageReactionAdd]: GatewayIntentBits.GuildMessageReactions,
  [GatewayDispatchEvents.MessageReactionRemove]: GatewayIntentBits.GuildMessageReactions,
  [GatewayDispatchEvents.TypingStart]: GatewayIntentBits.GuildMessageTyping,
};

/** A valid `shard` of IDENTIFY: `[index, count]`, whole numbers, `0 <= index < count`. */
function validShard(shard: unknown): shard is [number, number] {
  if (!Array.isArray(shard) || shard.length !== 2) return false;
  const [index, count] = shard as unknown[];
  return (
    Number.isInteger(index) &&
    Number.isInteger(count) &&
    (index as number) >= 0 &&
    (index as number) < (count as number)
  );
}

/** Creates the gateway over the shared state. */
export function createGateway(options: {
  state: SandboxState;
  /** The bot token IDENTIFY and RESUME must carry, read at each (the portal's Reset Token changes it). */
  token: () => string;
  /** The URL sent as `resume_gateway_url` (known once the server listens). */
  gatewayUrl: () => string;
  heartbeatIntervalMs: number;
  logger: Logger;
}): SandboxGateway {
  const { state, token, gatewayUrl, heartbeatIntervalMs, logger } = options;
  const sessions = new Map<string, Session>();
  const sockets = new Set<GatewaySocket>();
  const readyWaiters = new Set<() => void>();
  const watchers = new Set<() => void>();
  const counters = {
    identifies: 0,
    resumes: 0,
    intents: null as number | null,
    disallowedIdentifies: 0,
    rejectedTokens: 0,
    heartbeats: 0,
    shards: [] as [number, number][],
  };
  let guildAvailable = true;
  const memberRequests = createMemberRequests({ state, logger });
  let nextConnectionId = 1;
  const stats = (): GatewayStats => ({
    ...counters,
    shards: [...counters.shards],
    connected: sockets.size,
    sessions: sessions.size,
    memberRequests: memberRequests.received(),
    guildAvailable,
  });

  const send = (ws: GatewaySocket, payload: object): void => {
    ws.send(JSON.stringify(payload));
  };
  const anyReady = () => [...sessions.values()].some((session) => session.socket !== null);
  const wakeReadyWaiters = () => {
    for (const wake of readyWaiters) wake();
    readyWaiters.clear();
    notifyWatchers();
  };
  const notifyWatchers = () => {
    for (const check of [...watchers]) check();
  };

  /**
   * Bans go only to a bot that may see them: "only sent to bots with the BAN_MEMBERS or VIEW_AUDIT_LOG permission"
   * (docs.discord.com, Gateway Events, Guild Ban Add and Remove).
   */
  const seesBans = () => {
    const bot = state.members.get(state.bot.id);
    return (
      bot !== undefined &&
      (hasPermission(state, bot, PermissionFlagsBits.BanMembers) ||
        hasPermission(state, bot, PermissionFlagsBits.ViewAuditLog))
    );
  };

  const allowed = (session: Session, t: GatewayDispatchEvents, d: unknown): boolean => {
    const intent = REQUIRED_INTENT[t];
    if (t === GatewayDispatchEvents.GuildBanAdd || t === GatewayDispatchEvents.GuildBanRemove) {
      return (session.intents & GatewayIntentBits.GuildModeration) !== 0 && seesBans();
    }
    if (intent === undefined || (session.intents & intent) !== 0) return true;
    // Discord sends the bot's own member updates whatever the intents.
    return (
      t === GatewayDispatchEvents.GuildMemberUpdate &&
      (d as { user: { id: string } }).user.id === state.bot.id
    );
  };

  /** Whether the sandbox's guild belongs to the session's shard (every event but READY's is about it). */
  const ownsGuild = (session: Session) => shardOf(state.guild.id, session.shard[1]) === session.shard[0];

  const toSession = (session: Session, t: GatewayDispatchEvents, d: unknown) => {
    if (!allowed(session, t, d)) return;
    const entry: LoggedDispatch = { t, s: ++session.seq, d: redact(session, t, d) };
    session.log.push(entry);
    if (session.log.length > REPLAY_LIMIT) session.log.shift();
    if (session.socket && !session.socket.data.zombie) {
      send(session.socket, { op: GatewayOpcodes.Dispatch, ...entry });
    }
  };

  /** Without the Message Content intent, Discord blanks what a message says unless it mentions the bot. */
  const redact = (session: Session, t: GatewayDispatchEvents, d: unknown): unknown => {
    if (t !== GatewayDispatchEvents.MessageCreate && t !== GatewayDispatchEvents.MessageUpdate) return d;
    if ((session.intents & GatewayIntentBits.MessageContent) !== 0) return d;
    const message = d as DispatchData<GatewayDispatchEvents.MessageCreate>;
    if (message.author.id === state.bot.id || message.mentions.some((user) => user.id === state.bot.id)) {
      return d;
    }
    return { ...message, content: "", embeds: [], attachments: [], components: [] };
  };

  const closeWith = (ws: GatewaySocket, code: number, reason: string) => {
    logger.debug("sandbox gateway closing a connection", { connection: ws.data.id, code, reason });
    ws.close(code, reason);
  };

  const sendGuildCreate = (session: Session) => {
    const allMembers = (session.intents & GatewayIntentBits.GuildMembers) !== 0;
    toSession(session, GatewayDispatchEvents.GuildCreate, guildCreatePayload(state, allMembers));
  };

  const identify = (ws: GatewaySocket, d: { token?: unknown; intents?: unknown; shard?: unknown }) => {
    if (d.token !== token()) {
      counters.rejectedTokens++;
      notifyWatchers();
      return closeWith(ws, GatewayCloseCodes.AuthenticationFailed, "Authentication failed.");
    }
    if (typeof d.intents !== "number") {
      return closeWith(ws, GatewayCloseCodes.InvalidIntents, "Invalid intent(s).");
    }
    const shard = d.shard === undefined ? [0, 1] : d.shard;
    if (!validShard(shard)) return closeWith(ws, GatewayCloseCodes.InvalidShard, "Invalid shard.");
    if (disallowedIntents(state.privilegedIntents, d.intents) !== 0) {
      counters.disallowedIdentifies++;
      notifyWatchers();
      return closeWith(ws, GatewayCloseCodes.DisallowedIntents, "Disallowed intent(s).");
    }
    // A fresh identify of a shard abandons any session of that shard the client lost; stop queueing for those.
    for (const [id, old] of sessions)
      if (old.socket === null && old.shard[0] === shard[0]) sessions.delete(id);
    const session: Session = {
      id: crypto.randomUUID().replaceAll("-", ""),
      shard,
      intents: d.intents,
      seq: 0,
      log: [],
      socket: ws,
    };
    sessions.set(session.id, session);
    ws.data.sessionId = session.id;
    counters.identifies++;
    counters.intents = d.intents;
    counters.shards.push(shard);
    logger.info("sandbox gateway session ready", {
      session: session.id,
      intents: d.intents,
      shard: shard.join("/"),
    });
    toSession(session, GatewayDispatchEvents.Ready, readyPayload(state, session.id, gatewayUrl(), shard));
    if (guildAvailable && state.members.has(state.bot.id) && ownsGuild(session)) sendGuildCreate(session);
    wakeReadyWaiters();
  };

  const resume = (ws: GatewaySocket, d: { token?: unknown; session_id?: unknown; seq?: unknown }) => {
    if (d.token !== token()) {
      counters.rejectedTokens++;
      notifyWatchers();
      return closeWith(ws, GatewayCloseCodes.AuthenticationFailed, "Authentication failed.");
    }
    const session = typeof d.session_id === "string" ? sessions.get(d.session_id) : undefined;
    const seq = typeof d.seq === "number" ? d.seq : 0;
    const oldest = session?.log[0]?.s ?? (session ? session.seq + 1 : 0);
    if (!session || seq > session.seq || seq < oldest - 1) {
      logger.debug("sandbox gateway refused a resume", { connection: ws.data.id });
      return send(ws, { op: GatewayOpcodes.InvalidSession, d: false });
    }
    if (session.socket && session.socket !== ws) {
      const previous = session.socket;
      session.socket = null;
      closeWith(previous, GatewayCloseCodes.UnknownError, "Session resumed elsewhere.");
    }
    for (const entry of session.log) if (entry.s > seq) send(ws, { op: GatewayOpcodes.Dispatch, ...entry });
    send(ws, { op: GatewayOpcodes.Dispatch, t: GatewayDispatchEvents.Resumed, s: ++session.seq, d: {} });
    session.socket = ws;
    ws.data.sessionId = session.id;
    // A RESUME that got through proves the connection carries traffic again.
    ws.data.zombie = false;
    counters.resumes++;
    logger.info("sandbox gateway session resumed", { session: session.id, replayed: session.seq - seq - 1 });
    wakeReadyWaiters();
  };

  /** Opcode 8: chunks, a RATE_LIMITED dispatch, or nothing, to the requesting session only. */
  const requestMembers = (session: Session, d: unknown) => {
    const answer = memberRequests.answer(d);
    if (answer.kind === "rate-limited") toSession(session, GatewayDispatchEvents.RateLimited, answer.data);
    if (answer.kind === "chunks") {
      for (const chunk of answer.chunks) toSession(session, GatewayDispatchEvents.GuildMembersChunk, chunk);
    }
  };

  const websocket: WebSocketHandler<GatewayConnection> = {
    open(ws) {
      sockets.add(ws);
      if (ws.data.version !== "10") {
        return closeWith(ws, GatewayCloseCodes.InvalidAPIVersion, "Invalid API version.");
      }
      send(ws, {
        op: GatewayOpcodes.Hello,
        d: { heartbeat_interval: heartbeatIntervalMs },
        s: null,
        t: null,
      });
    },
    message(ws, raw) {
      let payload: { op?: unknown; d?: unknown };
      try {
        payload = JSON.parse(typeof raw === "string" ? raw : new TextDecoder().decode(raw));
      } catch {
        return closeWith(ws, GatewayCloseCodes.DecodeError, "Error while decoding payload.");
      }
      const session = ws.data.sessionId ? sessions.get(ws.data.sessionId) : undefined;
      switch (payload.op) {
        case GatewayOpcodes.Heartbeat:
          counters.heartbeats++;
          if (ws.data.zombie) return notifyWatchers();
          send(ws, { op: GatewayOpcodes.HeartbeatAck } satisfies Partial<GatewayReceivePayload>);
          return notifyWatchers();
        case GatewayOpcodes.Identify:
        case GatewayOpcodes.Resume: {
          if (ws.data.sessionId) {
            return closeWith(ws, GatewayCloseCodes.AlreadyAuthenticated, "Already authenticated.");
          }
          const d = (payload.d ?? {}) as Record<string, unknown>;
          return payload.op === GatewayOpcodes.Identify ? identify(ws, d) : resume(ws, d);
        }
        default:
          break;
      }
      if (!session) return closeWith(ws, GatewayCloseCodes.NotAuthenticated, "Not authenticated.");
      switch (payload.op) {
        case GatewayOpcodes.RequestGuildMembers:
          return requestMembers(session, payload.d);
        case GatewayOpcodes.PresenceUpdate:
        case GatewayOpcodes.VoiceStateUpdate:
          return;
        default:
          return closeWith(ws, GatewayCloseCodes.UnknownOpcode, "Unknown opcode.");
      }
    },
    close(ws, code) {
      sockets.delete(ws);
      notifyWatchers();
      const session = ws.data.sessionId ? sessions.get(ws.data.sessionId) : undefined;
      if (!session || session.socket !== ws) return;
      session.socket = null;
      // A client closing with 1000/1001 ends its session; any other code leaves it resumable.
      if (code === 1000 || code === 1001) sessions.delete(session.id);
      logger.debug("sandbox gateway connection closed", { session: session.id, code });
    },
  };

  return {
    websocket,
    connectionData: (version) => ({ id: nextConnectionId++, version, sessionId: null, zombie: false }),
    dispatch(t, d) {
      for (const session of sessions.values()) if (ownsGuild(session)) toSession(session, t, d);
    },
    drop({ resumable = true } = {}) {
      for (const session of [...sessions.values()]) {
        const ws = session.socket;
        if (!ws) continue;
        session.socket = null;
        if (!resumable) sessions.delete(session.id);
        if (resumable) closeWith(ws, GatewayCloseCodes.UnknownError, "Sandbox dropped the connection.");
        else closeWith(ws, GatewayCloseCodes.SessionTimedOut, "Session timed out.");
      }
    },
    waitForReady() {
      if (anyReady()) return Promise.resolve();
      return new Promise((resolve) => readyWaiters.add(resolve));
    },
    invalidateSession({ resumable }) {
      for (const session of [...sessions.values()]) {
        const ws = session.socket;
        if (!ws) continue;
        // The connection is no longer authenticated: the client RESUMEs on it (d: true) or closes and IDENTIFYs.
        ws.data.sessionId = null;
        session.socket = null;
        if (!resumable) sessions.delete(session.id);
        logger.debug("sandbox gateway invalidated a session", { session: session.id, resumable });
        send(ws, { op: GatewayOpcodes.InvalidSession, d: resumable });
      }
      notifyWatchers();
    },
    zombie() {
      for (const ws of sockets) ws.data.zombie = true;
    },
    setGuildAvailable(available) {
      if (available === guildAvailable) return;
      guildAvailable = available;
      for (const session of sessions.values()) {
        if (!ownsGuild(session)) continue;
        if (available) sendGuildCreate(session);
        else toSession(session, GatewayDispatchEvents.GuildDelete, { id: state.guild.id, unavailable: true });
      }
      notifyWatchers();
    },
    waitFor(check) {
      return new Promise((resolve) => {
        const test = () => {
          const now = stats();
          if (!check(now)) return;
          watchers.delete(test);
          resolve(now);
        };
        watchers.add(test);
        test();
      });
    },
    stats,
    closeAll() {
      for (const ws of sockets) ws.close(1001, "Sandbox stopping.");
      sockets.clear();
      sessions.clear();
    },
  };
}
