import { type Static, Type } from "../shared/schema.ts";

// What a game server's agent says of itself over its socket (docs/api.md, The agent's status): one message type,
// one row per link key. The agent never says which key it reports for: the socket's key is the one recorded, so a
// key reports for itself only. Nothing in it is a path or a secret: the agent keeps those out (src/sync/status-report.ts).

/** The longest error text a status may carry, in characters. */
export const AGENT_ERROR_MAX = 300;

/**
 * A status message, as the agent sends it and the service accepts it (`check`, src/shared/schema.ts); fields it
 * does not know are ignored.
 */
export const AgentStatusMessage = Type.Object({
  type: Type.Literal("status"),
  /** The agent's product and version, `whitelist-sync-agent/1.4.0`: printable ASCII, no spaces. */
  agent: Type.String({ minLength: 1, maxLength: 64, pattern: "^[\\x21-\\x7e]+$" }),
  /** `file`: it writes a whitelist file; `management`: it drives the game server's management API. */
  mode: Type.Union([Type.Literal("file"), Type.Literal("management")]),
  /** The file's format (`vanilla`…), null in management mode. */
  format: Type.Union([Type.String({ pattern: "^[a-z][a-z0-9-]{0,31}$" }), Type.Null()]),
  /** The id of the last event applied, null before the first (or after a fresh fetch). */
  applied: Type.Union([Type.String({ pattern: "^(0|[1-9][0-9]{0,15})$" }), Type.Null()]),
  /** Players someone else added to or removed from the file since the agent started. */
  drift: Type.Integer({ minimum: 0, maximum: 1_000_000_000 }),
  /** The last error, one line without control characters; null when none happened since it started. */
  error: Type.Union([
    Type.String({ minLength: 1, maxLength: AGENT_ERROR_MAX, pattern: "^[^\\u0000-\\u001f\\u007f]+$" }),
    Type.Null(),
  ]),
});

/** A status message (see `AgentStatusMessage`). */
export type AgentStatusMessage = Static<typeof AgentStatusMessage>;
