import { serverUuid } from "../bans.ts";
import { entriesOf, type HeldEntry, type MergedList } from "../merge.ts";
import type { SyncEvent } from "../report.ts";
import type { RpcConnection } from "./rpc.ts";

/**
 * `--operators-group` (docs/sync.md, Operators): the server's operators follow one rank. A player whose entry has
 * that group is made an operator (`minecraft:operators/add`, with `--operators-level` and
 * `--operators-bypass-limit` when given), and one the agent made is taken off (`…/remove`) once the entry loses the
 * group or goes. The agent remembers whom it made operator (`operators` of `<state>.cursor`), and writes that down
 * before it asks the server (a stop in between only retries the addition); an operator it did not make is never
 * touched, even one whose entry has the group: it is named instead, once.
 */

/** A player as the server's operator list names one. */
type OpPlayer = { id: string; name: string };

/** The options of operators mode, resolved. */
export type OperatorOptions = {
  /** The game group (of `/whitelist ranks`) whose players are operators. */
  group: string;
  /** The permission level given (1 to 4); null: the server's `operator-user-permission-level`. */
  level: number | null;
  /** Whether they may join a full server; null: the server's default (no). */
  bypassesPlayerLimit: boolean | null;
};

const opPlayers = (value: unknown): OpPlayer[] =>
  Array.isArray(value)
    ? value
        .map((op) => op?.player)
        .filter((p): p is OpPlayer => typeof p?.id === "string" && typeof p?.name === "string")
        .map((p) => ({ id: p.id.toLowerCase(), name: p.name }))
    : [];

/** Creates the operators keeper; `persist` stores the agent's state (with `record()`), resolving once stored. */
export function createOperatorsKeeper({
  options,
  label,
  report,
  connection,
  persist,
}: {
  options: OperatorOptions;
  /** How the server is named in messages: `the operators of ws://127.0.0.1:25585`. */
  label: string;
  report: (event: SyncEvent) => void;
  connection: () => RpcConnection | null;
  persist: () => Promise<void>;
}) {
  /** The players whose entry has the group, by UUID (lower case). */
  let wanted = new Map<string, OpPlayer>();
  /** The server's operators as last read or told, by UUID. */
  const listed = new Map<string, OpPlayer>();
  /** Whom the agent made operator (or is making: written down before it asks). */
  let ours = new Set<string>();
  /** Operators the agent did not make that are named already (once each). */
  const named = new Set<string>();

  async function call(method: string, param: unknown): Promise<void> {
    const open = connection();
    if (!open) throw new Error("no management connection");
    const ops = opPlayers(await open.call(method, param));
    listed.clear();
    for (const op of ops) listed.set(op.id, op);
  }

  /** Names operators the agent did not make whose entry has the group (they stay as they are). */
  function nameForeign(): void {
    for (const p of wanted.values()) {
      if (!listed.has(p.id) || ours.has(p.id) || named.has(p.id)) continue;
      named.add(p.id);
      report({
        type: "warning",
        message: `${label}: ${p.name} is an operator the agent did not make: left as it is (never changed by the agent)`,
      });
    }
  }

  /** Sends what differs; answers whether anything was sent. */
  async function push(): Promise<boolean> {
    const add = [...wanted.values()].filter((p) => !listed.has(p.id));
    const remove = [...listed.values()].filter((p) => ours.has(p.id) && !wanted.has(p.id));
    for (const id of ours) if (!listed.has(id) && !wanted.has(id)) ours.delete(id);
    if (add.length > 0) {
      for (const p of add) ours.add(p.id);
      // Written down first: a stop before the answer leaves a record of an operator that maybe is one, never one
      // that is not recorded (the next start adds or forgets it, and never takes one it did not make).
      await persist();
      await call(
        "minecraft:operators/add",
        add.map((player) => ({
          player,
          ...(options.level === null ? {} : { permissionLevel: options.level }),
          ...(options.bypassesPlayerLimit === null
            ? {}
            : { bypassesPlayerLimit: options.bypassesPlayerLimit }),
        })),
      );
      for (const p of add) {
        if (listed.has(p.id)) {
          report({ type: "command", command: `operators/add ${p.name}`, console: label });
          continue;
        }
        ours.delete(p.id);
        report({
          type: "warning",
          message: `${label}: the server could not find ${p.name} (${p.id}), so did not make them an operator`,
        });
      }
    }
    if (remove.length > 0) {
      await call("minecraft:operators/remove", remove);
      for (const p of remove) {
        if (listed.has(p.id)) continue;
        ours.delete(p.id);
        report({ type: "command", command: `operators/remove ${p.name}`, console: label });
      }
    }
    if (add.length === 0 && remove.length === 0) return false;
    await persist();
    return true;
  }

  return {
    /** Sets the players wanted as operators from a merged list. */
    want(list: MergedList): void {
      const next = new Map<string, OpPlayer>();
      for (const entry of entriesOf(list) as HeldEntry[]) {
        if (!entry.groups?.includes(options.group)) continue;
        const uuid = serverUuid(entry);
        if (uuid !== null) next.set(uuid.toLowerCase(), { id: uuid.toLowerCase(), name: entry.nick });
      }
      wanted = next;
    },
    push,
    /**
     * After (re)connecting: reads the operators, says which of the agent's someone else took off (they are made
     * operators again while their entry has the group) and which it did not make, and sends the difference.
     */
    async reconcile(): Promise<boolean> {
      const open = connection();
      if (!open) throw new Error("no management connection");
      await call("minecraft:operators", undefined);
      const removed = [...wanted.values()].filter((p) => ours.has(p.id) && !listed.has(p.id));
      if (removed.length > 0) {
        report({ type: "drift", file: label, foreign: [], removed: removed.map((p) => p.name), kept: false });
      }
      nameForeign();
      return push();
    },
    /**
     * The server says an operator came or went (the agent's own change, a command in game, the console): a player
     * whose entry has the group and who is no operator now is made one again.
     */
    async heard(player: OpPlayer, isOp: boolean): Promise<void> {
      const id = player.id.toLowerCase();
      if (isOp) {
        listed.set(id, { id, name: player.name });
        nameForeign();
        return;
      }
      listed.delete(id);
      named.delete(id);
      const mine = wanted.get(id);
      if (!mine) return;
      if (ours.has(id))
        report({ type: "drift", file: label, foreign: [], removed: [mine.name], kept: false });
      await push();
    },
    /** Whom the agent made operator, for `<state>.cursor`. */
    record: (): string[] => [...ours].sort(),
    /** Whom a previous run made operator (from `<state>.cursor`). */
    remember(previous: readonly string[] | undefined): void {
      if (previous && ours.size === 0) ours = new Set(previous);
    },
  };
}

/** The operators keeper of a management connection. */
export type OperatorsKeeper = ReturnType<typeof createOperatorsKeeper>;
