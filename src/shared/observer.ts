/**
 * What the service tells its metrics (src/metrics) as it works. Each call's labels come from a fixed set, never
 * from a key, a nick or an id, so the metrics' series stay few. Without METRICS=on it is `noObserver`.
 */
export type Observer = {
  /** A look-up at Mojang or GeyserMC asked over the network, and how it ended. */
  lookup(service: LookupService, outcome: LookupOutcome): void;
  /** A registration attempt: how it came (a mode, or staff) and how it ended. */
  registration(mode: RegistrationKind, outcome: RegistrationOutcome): void;
  /** A write refused because another program held the database's lock for the whole budget. */
  databaseBusy(): void;
  /** A WebSocket opened (after authentication) or closed. */
  socketOpened(): void;
  socketClosed(): void;
  /** `count` frames sent to sockets: live events, a replay's stored events, or the hub's own messages. */
  socketMessages(kind: SocketMessageKind, count: number): void;
  /** The bot's gateway connection dropped and discord.js is reconnecting. */
  gatewayReconnecting(): void;
  /** A proof code issued (at the link endpoint, or for the `sync` agent's first-join proof), or typed in Discord and how that ended. */
  proofCode(event: ProofCodeEvent): void;
};

/** The remote APIs looked up. */
export type LookupService = "mojang" | "mojang-bulk" | "mojang-session" | "geysermc";
/** `found` an account, `not-found` (an answer saying none), or `failed` (no answer, or not one we could read). */
export type LookupOutcome = "found" | "not-found" | "failed";
/** How a registration came: a member by command or message, a request for approval, or staff adding it. */
export type RegistrationKind = "command" | "message" | "approval" | "staff";
/**
 * `added` (an entry now stands), `requested` (waiting for staff), `refused` (a rule said no), `unavailable`
 * (Mojang, GeyserMC or the database could not answer: try again), `failed` (anything else: a bug).
 */
export type RegistrationOutcome = "added" | "requested" | "refused" | "unavailable" | "failed";
/**
 * `issued` (shown to a player at the link endpoint), `issued-first-join` (given to the `sync` agent for a player who
 * joined the game server), `redeemed` (typed, and the account linked), `wrong` (no such code), `expired`, `reused`
 * (typed again after it linked), `foreign` (a first-join code typed by another member or in another guild),
 * `limited` (refused: too many wrong codes lately).
 */
export type ProofCodeEvent =
  | "issued"
  | "issued-first-join"
  | "redeemed"
  | "wrong"
  | "expired"
  | "reused"
  | "foreign"
  | "limited";
/** Frames a socket is sent: live events (pub/sub), stored events of a resume, or connected/resync. */
export type SocketMessageKind = "event" | "replay" | "control";

/** The observer that records nothing (metrics off, and tests). */
export const noObserver: Observer = {
  lookup() {},
  registration() {},
  databaseBusy() {},
  socketOpened() {},
  socketClosed() {},
  socketMessages() {},
  gatewayReconnecting() {},
  proofCode() {},
};
