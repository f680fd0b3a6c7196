import type { Player } from "../../formats/spec.ts";
import { serverUuid } from "../bans.ts";
import { entriesOf, type MergedList } from "../merge.ts";
import type { SyncEvent } from "../report.ts";
import type { WrittenRecord } from "../state.ts";
import type { RpcConnection } from "./rpc.ts";

/**
 * The server's allowlist kept through its management API (docs/sync.md, Management API): what the agent's file
 * writer is in file mode. The agent wants exactly the players of its whitelists (by the UUID the server knows them
 * by); each change sends only the difference, additions before removals (never `clear` then refill: a listed
 * player is never off the list for a moment). It remembers which players it put there (`<state>.cursor`, as the file
 * mode remembers what it wrote), so a player someone else added (`/whitelist add` in game) is drift: named, and
 * dropped or kept (`--keep-foreign`); a player of the whitelists someone removed is put back. A removed player who
 * is online is kicked, unless the server's `enforce-allowlist` already did.
 */

/** A player the server lists or is asked to: its `id` in the dashed lower-case form the server answers. */
export type ServerPlayer = { id: string; name: string };

/** The message a removed player reads: the game's own, in their language. */
const NOT_LISTED = { translatable: "multiplayer.disconnect.not_whitelisted" };

const asPlayers = (value: unknown): ServerPlayer[] =>
  Array.isArray(value)
    ? value.filter((p): p is ServerPlayer => typeof p?.id === "string" && typeof p?.name === "string")
    : [];

/** Creates the allowlist keeper; `connection()` is the open connection (null while there is none). */
export function createAllowlistKeeper({
  label,
  keepForeign,
  report,
  connection,
  enforced,
  online,
}: {
  /** How the server is named in messages: `the allowlist of ws://127.0.0.1:25585`. */
  label: string;
  keepForeign: boolean;
  report: (event: SyncEvent) => void;
  connection: () => RpcConnection | null;
  /** Whether the server kicks players it no longer lists itself (`enforce-allowlist`). */
  enforced: () => boolean;
  /** Whether a player is online now. */
  online: (id: string) => boolean;
}) {
  /** The players the whitelists hold, by UUID (lower case), and the nick each is. */
  let wanted = new Map<string, ServerPlayer>();
  /** The server's allowlist as last read or told, by UUID. */
  const listed = new Map<string, ServerPlayer>();
  /** The UUIDs the agent put on the list (and still holds there): its `WrittenRecord` keys. */
  let ours = new Set<string>();
  /** Players the server could not find (told once each). */
  const unresolved = new Set<string>();
  /** Players with no UUID yet (a Bedrock gamertag GeyserMC has not given an XUID for): told once each. */
  const noUuid = new Set<string>();

  const setListed = (players: ServerPlayer[]) => {
    listed.clear();
    for (const p of players) listed.set(p.id.toLowerCase(), { id: p.id.toLowerCase(), name: p.name });
  };

  async function call(method: string, param?: unknown): Promise<ServerPlayer[]> {
    const open = connection();
    if (!open) throw new Error("no management connection");
    const players = asPlayers(await open.call(method, param));
    if (method.startsWith("minecraft:allowlist")) setListed(players);
    return players;
  }

  /**
   * Sends what differs between the list and `wanted`; answers whether anything was sent. What the agent holds
   * (`ours`) changes by what this push did, from `wanted` as it was when it began: a change wanted meanwhile (a
   * removal coming while the addition is under way) is the next push's, and must find the player still the agent's.
   */
  async function push(): Promise<boolean> {
    const target = [...wanted.values()];
    const add = target.filter((p) => !listed.has(p.id));
    const remove = [...listed.values()].filter((p) => ours.has(p.id) && !wanted.has(p.id));
    if (add.length > 0) {
      await call("minecraft:allowlist/add", add);
      for (const p of add) {
        if (listed.has(p.id) || unresolved.has(p.id)) continue;
        unresolved.add(p.id);
        report({
          type: "warning",
          message:
            `${label}: the server could not find ${p.name} (${p.id}), so did not list them; it looks a UUID up in its ` +
            "user cache and at Mojang, and knows an offline-mode UUID only once that player has joined it",
        });
      }
    }
    if (remove.length > 0) {
      await call("minecraft:allowlist/remove", remove);
      const kick = remove.filter((p) => !listed.has(p.id) && online(p.id));
      if (kick.length > 0 && !enforced()) {
        await connection()?.call(
          "minecraft:players/kick",
          kick.map((p) => ({ player: p, message: NOT_LISTED })),
        );
        for (const p of kick) report({ type: "command", command: `players/kick ${p.name}`, console: label });
      }
    }
    for (const p of target) if (listed.has(p.id)) ours.add(p.id);
    for (const id of ours) if (!listed.has(id) && !wanted.has(id)) ours.delete(id);
    return add.length > 0 || remove.length > 0;
  }

  return {
    /** Sets the players wanted from a merged list; answers the Bedrock entries left out (no UUID yet). */
    want(list: MergedList): void {
      const next = new Map<string, ServerPlayer>();
      for (const entry of entriesOf(list) as Player[]) {
        const uuid = serverUuid(entry);
        if (uuid === null) {
          if (!noUuid.has(entry.nick)) {
            noUuid.add(entry.nick);
            report({
              type: "warning",
              message: `${entry.nick} is left off ${label}: no UUID yet (its XUID is pending)`,
            });
          }
          continue;
        }
        next.set(uuid.toLowerCase(), { id: uuid.toLowerCase(), name: entry.nick });
      }
      wanted = next;
    },
    /** Brings the server's list in line with `wanted` (only the difference); answers whether anything was sent. */
    push,
    /**
     * After (re)connecting: reads the list, says what someone else changed while the agent was away (drift),
     * drops what they added (unless `keepForeign`), puts back what they removed, and sends the rest of the difference.
     */
    async reconcile(): Promise<boolean> {
      await call("minecraft:allowlist");
      const foreign = [...listed.values()].filter((p) => !wanted.has(p.id) && !ours.has(p.id));
      const removed = [...wanted.values()].filter((p) => ours.has(p.id) && !listed.has(p.id));
      if (foreign.length > 0 || removed.length > 0) {
        report({
          type: "drift",
          file: label,
          foreign: foreign.map((p) => p.name),
          removed: removed.map((p) => p.name),
          kept: keepForeign,
        });
      }
      if (!keepForeign && foreign.length > 0) await call("minecraft:allowlist/remove", foreign);
      return (await push()) || (!keepForeign && foreign.length > 0);
    },
    /**
     * What a notification says the list is now, taken as it arrives (the server sends it before its answer to the
     * change, and before anything later): `added` and `removed` then judge it in turn, against the list as it is by
     * then, so a notice of the agent's own change that waited behind a later one is not taken for someone else's.
     */
    heard(player: ServerPlayer, isListed: boolean): void {
      const id = player.id.toLowerCase();
      if (isListed) listed.set(id, { id, name: player.name });
      else listed.delete(id);
    },
    /** The server added a player (an in-game command, another client, or the agent): drift unless wanted or ours. */
    async added(player: ServerPlayer): Promise<void> {
      const id = player.id.toLowerCase();
      if (!listed.has(id) || wanted.has(id) || ours.has(id)) return;
      report({ type: "drift", file: label, foreign: [player.name], removed: [], kept: keepForeign });
      if (!keepForeign) await call("minecraft:allowlist/remove", [{ id, name: player.name }]);
    },
    /** The server removed a player: one the whitelists hold is put back. */
    async removed(player: ServerPlayer): Promise<void> {
      const id = player.id.toLowerCase();
      const mine = wanted.get(id);
      if (!mine || listed.has(id)) return;
      report({ type: "drift", file: label, foreign: [], removed: [mine.name], kept: keepForeign });
      await push();
    },
    /** What the agent put on the list, for `<state>.cursor`. */
    record(): WrittenRecord {
      const keys = [...ours].sort();
      return { sha256: new Bun.CryptoHasher("sha256").update(keys.join("\n")).digest("hex"), keys };
    },
    /** What a previous run put there (from `<state>.cursor`). */
    remember(previous: WrittenRecord | null): void {
      if (previous && ours.size === 0) ours = new Set(previous.keys);
    },
  };
}

/** The allowlist keeper of a management connection. */
export type AllowlistKeeper = ReturnType<typeof createAllowlistKeeper>;
