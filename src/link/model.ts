import type { Config } from "../config.ts";
import type { MessageKey } from "../i18n/messages.ts";

/** A Java account the endpoint has proven a player controls: Mojang's UUID (dashed) and current name. */
export type ProvenAccount = { uuid: string; name: string };

/**
 * What the endpoint needs of the rest of the service: told of an account just proven, it answers the text the
 * player reads on the disconnect screen (a code, and the Discord command to type it into). A rejection shows
 * the player a generic apology and is logged.
 */
export type LinkProofPort = {
  proven(account: ProvenAccount, from: { address: string }): Promise<{ text: string }>;
};

/**
 * Why the endpoint turned a connection away, each with the catalogue's text a player reads when one is shown (a
 * client that reached the login gets a Login Disconnect; junk and floods are closed without a word: `capacity` is
 * a newcomer refused at a full cap, `evicted` one that made room for a newcomer).
 */
export const refusals = {
  version: { text: "link.refused.version" },
  name: { text: "link.refused.name" },
  "rate-limited": { text: "link.refused.rateLimited" },
  encryption: { text: "link.refused.encryption" },
  "not-joined": { text: "link.refused.notJoined" },
  "session-unavailable": { text: "link.refused.sessionUnavailable" },
  "session-invalid": { text: "link.refused.sessionInvalid" },
  "session-mismatch": { text: "link.refused.sessionMismatch" },
  failed: { text: "link.refused.failed" },
  timeout: { text: "link.refused.timeout" },
  malformed: { text: undefined },
  "too-large": { text: undefined },
  capacity: { text: undefined },
  evicted: { text: undefined },
} as const satisfies Record<string, { text: MessageKey | undefined }>;

/** A reason the endpoint refused a connection. */
export type Refusal = keyof typeof refusals;

/** What the endpoint counted since it started (metrics read it later); `open` is a gauge. */
export type LinkCounters = {
  /** Connections open now. */
  open: number;
  /** Status answers: the server list's ping (modern, 1.7+) and the legacy one (0xFE) of older clients. */
  pings: number;
  legacyPings: number;
  /** Logins that Mojang confirmed and that were shown the port's text. */
  proven: number;
  refused: Record<Refusal, number>;
};

/**
 * The counters as the metrics show them (src/metrics; the root wires one to the other): logins by outcome,
 * `proven` or a refusal a player reads, apart from connections closed without a word (junk, a cap).
 */
export function linkTotals(counters: LinkCounters): {
  open: number;
  pings: number;
  legacyPings: number;
  logins: Record<string, number>;
  silent: Record<string, number>;
} {
  const logins: Record<string, number> = { proven: counters.proven };
  const silent: Record<string, number> = {};
  for (const reason of Object.keys(refusals) as Refusal[]) {
    (refusals[reason].text === undefined ? silent : logins)[reason] = counters.refused[reason];
  }
  return { open: counters.open, pings: counters.pings, legacyPings: counters.legacyPings, logins, silent };
}

/** Fresh counters: all zero. */
export function zeroCounters(): LinkCounters {
  const refused = Object.fromEntries(Object.keys(refusals).map((reason) => [reason, 0])) as Record<
    Refusal,
    number
  >;
  return { open: 0, pings: 0, legacyPings: 0, proven: 0, refused };
}

/**
 * The address players are told to join: LINK_ADDRESS, else this machine's (HOST, or loopback for a wildcard HOST,
 * with the port the endpoint got), which only players on this machine reach: fine for the demo, and what
 * `doctor` reports as a problem otherwise. Undefined when the endpoint is off.
 */
export function linkAddressOf(config: Config, endpoint: { port: number } | undefined): string | undefined {
  if (config.LINK_ADDRESS) return config.LINK_ADDRESS;
  if (!endpoint) return undefined;
  const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "127.0.0.1" : config.HOST;
  return `${host.includes(":") ? `[${host}]` : host}:${endpoint.port}`;
}
