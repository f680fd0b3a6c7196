import { and, eq } from "drizzle-orm";
import type { Store } from "../db/store.ts";
import type { Write } from "../db/writer.ts";
import type { Clock } from "../shared/clock.ts";
import type { AgentStatusMessage } from "./agent-status-message.ts";

// One row per link key of what its agent last said of itself (the message: agent-status-message.ts).

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
