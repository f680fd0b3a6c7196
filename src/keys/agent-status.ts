import { type Static, Type } from "@sinclair/typebox";
import { and, eq } from "drizzle-orm";
import type { Store } from "../db/store.ts";
import type { Write } from "../db/writer.ts";
import type { Clock } from "../shared/clock.ts";

// What a game server's agent says of itself over its socket (docs/api.md, The agent's status): one message type,
// one row per link key. The agent never says which key it reports for: the socket's key is the one recorded, so a
// key reports for itself only. Nothing in it is a path or a secret: the agent keeps those out (src/sync/status-report.ts).

/** The longest error text a status may carry, in characters. */
export const AGENT_ERROR_MAX = 300;

/** A status message, as the agent sends it and the service accepts it; fields it does not know are ignored. */
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

/** What the service knows of a key's agent: its last status, whether its socket is open, when it was heard. */
export type AgentStatus = {
  keyId: string;
  agent: string;
  mode: "file" | "management";
  format: string | null;
  applied: string | null;
  drift: number;
  error: string | null;
  /** When the service first heard this error (the agent's clock is not trusted). */
  errorAt: number | null;
  /** Whether the socket that last reported is open (on whichever replica holds it). */
  connected: boolean;
  /** The last status, or when that socket closed. */
  seenAt: number;
};

/** The agents' statuses, in the database so that every replica's dashboard shows them. */
export type AgentStatusStore = ReturnType<typeof createAgentStatusStore>;

/** Creates the store of agents' statuses over the service's store and writer. */
export function createAgentStatusStore({
  store,
  write,
  clock,
}: {
  store: Store;
  write: Write;
  clock: Clock;
}) {
  const {
    db,
    tables: { agentStatus, linkKeys },
  } = store;
  return {
    /** Records `status` as the key's, sent on `socket` (a random id of the open socket), now connected. */
    async report(keyId: string, socket: string, status: AgentStatusMessage): Promise<void> {
      const now = clock.now();
      await write(
        async (tx) => {
          const [row] = await tx
            .select({ error: agentStatus.error, errorAt: agentStatus.errorAt })
            .from(agentStatus)
            .where(eq(agentStatus.keyId, keyId));
          const errorAt = status.error === null ? null : row?.error === status.error ? row.errorAt : now;
          const values = {
            agent: status.agent,
            mode: status.mode,
            format: status.format,
            applied: status.applied,
            drift: status.drift,
            error: status.error,
            errorAt,
            connected: true,
            socket,
            seenAt: now,
          };
          await tx
            .insert(agentStatus)
            .values({ keyId, ...values })
            .onConflictDoUpdate({ target: agentStatus.keyId, set: values });
        },
        undefined,
        { groupable: true },
      );
    },

    /** The reporting socket closed: the key's agent is no longer connected (unless another socket reported since). */
    async disconnected(keyId: string, socket: string): Promise<void> {
      const now = clock.now();
      await write(
        (tx) =>
          tx
            .update(agentStatus)
            .set({ connected: false, seenAt: now })
            .where(and(eq(agentStatus.keyId, keyId), eq(agentStatus.socket, socket))),
        undefined,
        { groupable: true },
      );
    },

    /** The statuses of a guild's keys, by key id (keys whose agent never reported have none). */
    async ofGuild(guildId: string): Promise<Map<string, AgentStatus>> {
      const rows = await db
        .select({
          keyId: agentStatus.keyId,
          agent: agentStatus.agent,
          mode: agentStatus.mode,
          format: agentStatus.format,
          applied: agentStatus.applied,
          drift: agentStatus.drift,
          error: agentStatus.error,
          errorAt: agentStatus.errorAt,
          connected: agentStatus.connected,
          seenAt: agentStatus.seenAt,
        })
        .from(agentStatus)
        .innerJoin(linkKeys, eq(linkKeys.id, agentStatus.keyId))
        .where(eq(linkKeys.guildId, guildId));
      return new Map(rows.map((row) => [row.keyId, row]));
    },
  };
}
