import type { Clock } from "../../shared/clock.ts";
import type { AgentCore } from "../fetch.ts";
import type { PendingEntry } from "../proof-poll.ts";
import type { ServerPlayer } from "./allowlist.ts";
import type { RpcConnection } from "./rpc.ts";

/** A code is shown again while it has at least this long left; past that a new one is asked for (as proof-poll.ts). */
const CODE_MARGIN_MS = 60_000;
/** After the service said an entry awaits no proof, it is not asked about again for this long (its event comes). */
const NOT_PENDING_PAUSE_MS = 60_000;

/**
 * First-join proof in management mode (docs/link.md, First-join proof): the server notifies each join, so a player
 * whose entry awaits proof is disconnected with their code the moment they join (`players/kick` with the service's
 * message), no polling. Players already online when the agent (re)connects are asked at once too. The rules are the
 * poller's (src/sync/proof-poll.ts): the same code while it has a minute left, a pause when the service says the
 * entry awaits nothing or the account had its codes lately, nothing more asked with a read-only key; a player matches
 * an entry by UUID where the entry has one, else by exact name; nobody else is kicked. The code is never reported.
 */
export function createJoinProof(
  core: AgentCore,
  { clock, connection }: { clock: Clock; connection: () => RpcConnection | null },
) {
  const { api, report } = core;
  const codes = new Map<string, { code: string; expiresAt: number; message: string }>();
  const pausedUntil = new Map<string, number>();
  let readOnly = false;

  const awaiting = (player: ServerPlayer): PendingEntry | undefined =>
    core.listed
      .find((entry) => entry.proofDueAt !== undefined)
      .find(({ entry }) =>
        entry.uuid !== null
          ? entry.uuid.toLowerCase() === player.id.toLowerCase()
          : entry.nick === player.name,
      );

  async function joined(player: ServerPlayer): Promise<void> {
    const pending = awaiting(player);
    const key = player.id.toLowerCase();
    const now = clock.now();
    if (!pending || readOnly || (pausedUntil.get(key) ?? 0) > now) return;
    let shown = codes.get(key);
    const again = shown !== undefined && shown.expiresAt - now >= CODE_MARGIN_MS;
    if (!again) {
      const answer = await api.proofCode(pending.whitelist, pending.entry.nick, player.id);
      if (answer.kind === "read-only") {
        readOnly = true;
        report({
          type: "warning",
          message: `not asking players for proof at first join: ${answer.detail} Until the agent runs with a key that may (not read-only), players awaiting proof are let in unasked until their windows end.`,
        });
        return;
      }
      if (answer.kind === "not-pending") {
        pausedUntil.set(key, now + NOT_PENDING_PAUSE_MS);
        report({ type: "warning", message: `not asking ${pending.entry.nick} for proof: ${answer.detail}` });
        return;
      }
      if (answer.kind === "limited") {
        pausedUntil.set(key, answer.retryAt);
        report({
          type: "warning",
          message: `not asking ${pending.entry.nick} for proof until ${new Date(answer.retryAt).toISOString()}: the service gave the account its codes lately`,
        });
        return;
      }
      shown = { code: answer.code, expiresAt: answer.expiresAt, message: answer.message };
      codes.set(key, shown);
    }
    const open = connection();
    if (!open || !shown) return;
    const kicked = (await open.call("minecraft:players/kick", [
      { player: { id: player.id, name: player.name }, message: { literal: shown.message } },
    ])) as unknown[];
    if (!Array.isArray(kicked) || kicked.length === 0) return; // Gone already.
    report({
      type: "proof-asked",
      nick: pending.entry.nick,
      whitelist: pending.whitelist.name,
      codeExpiresAt: new Date(shown.expiresAt).toISOString(),
      again,
    });
  }

  return {
    /** A player joined: asked for proof at once when their entry awaits it. */
    joined,
    /** The players online when the agent (re)connected. */
    async present(players: ServerPlayer[]): Promise<void> {
      for (const player of players) await joined(player);
    },
  };
}
