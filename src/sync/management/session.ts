import type { Clock } from "../../shared/clock.ts";
import { createBackoff, type Sleep } from "../backoff.ts";
import { ExitCode, SyncStopError, TransientError } from "../errors.ts";
import type { AgentCore } from "../fetch.ts";
import type { MergedList } from "../merge.ts";
import { type SyncState, saveState, statePath } from "../state.ts";
import { createAllowlistKeeper, type ServerPlayer } from "./allowlist.ts";
import { createGameBans } from "./bans.ts";
import { createOperatorsKeeper } from "./operators.ts";
import type { ManagementOptions } from "./options.ts";
import { createJoinProof } from "./proof.ts";
import { connectRpc, HandshakeRefused, type Notification, type RpcConnection, RpcError } from "./rpc.ts";
import { PinMismatch, trustFor } from "./trust.ts";

/** The methods the agent needs; a server without them has no usable management API for it. */
const NEEDED = [
  "minecraft:allowlist",
  "minecraft:allowlist/add",
  "minecraft:allowlist/remove",
  "minecraft:players/kick",
];
/** What `--operators-group` needs besides. */
const OPERATOR_METHODS = ["minecraft:operators", "minecraft:operators/add", "minecraft:operators/remove"];
/** A connection that stayed up this long proved the server healthy: the backoff starts over. */
const STABLE_MS = 30_000;
/** What to use where the management API is not there. */
const INSTEAD =
  "it needs Minecraft Java 1.21.9 or later with management-server-enabled=true in server.properties; for an older " +
  "server, a Bedrock Dedicated Server or a list a plugin keeps, use --out (the file) with --rcon instead";

/**
 * Management mode's connection to the game server (docs/sync.md, Management API): connects (with the trust
 * trust.ts gives), checks the server has the API the agent needs (`rpc.discover`), reads `enforce-allowlist`, the
 * players online and the allowlist, brings the list in line, then follows the server's notifications: joins (first-
 * join proof at once), allowlist changes (drift), bans (`--ban-sync`), operators (`--operators-group`, operators.ts). Everything that touches the server runs one
 * at a time, in order. A connection lost is tried again with backoff (1 s doubling to 60 s), and the list is brought
 * in line again after each reconnect; a refused secret (401) stops the agent (77), a server without the API (78).
 * `output` stands in for the file writer: the agent's changes go to the allowlist.
 */
export function createManagementSession(
  core: AgentCore,
  {
    management,
    clock,
    sleep,
    random,
    save = saveState,
  }: {
    management: ManagementOptions & { banSync: boolean };
    clock: Clock;
    sleep: Sleep;
    random?: () => number;
    /** Stores the resume state (tests hold a write to see what waits for it). */
    save?: typeof saveState;
  },
) {
  const { options, report, signal } = core;
  const label = `the allowlist of ${management.url}`;
  const backoff = createBackoff({ random });
  let open: RpcConnection | null = null;
  let enforce = false;
  const online = new Map<string, ServerPlayer>();
  const keeper = createAllowlistKeeper({
    label,
    keepForeign: options.keepForeign,
    report,
    connection: () => open,
    enforced: () => enforce,
    online: (id) => online.has(id),
  });
  const proof = createJoinProof(core, { clock, connection: () => open });
  const bans = management.banSync ? createGameBans(core, { clock }) : null;
  const operators = management.operators
    ? createOperatorsKeeper({
        options: management.operators,
        label: `the operators of ${management.url}`,
        report,
        connection: () => open,
        // A record that cannot be stored stops the agent: it must never make an operator it does not remember.
        persist: () =>
          persist().catch((error: Error) => {
            failFatal(error);
            throw error;
          }),
      })
    : null;
  /** Everything that touches the server, one at a time. */
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work);
    queue = next.catch(() => {});
    return next;
  };
  let failFatal: (error: Error) => void = () => {};
  const fatal = new Promise<never>((_, reject) => {
    failFatal = reject;
  });
  fatal.catch(() => {});
  let loop: Promise<void> | null = null;
  /** Set by `stop()`: from then on a state given is waited for, the agent's last before it says it stopped. */
  let stopping = false;
  const say = (message: string) => report({ type: "management", message });

  const warnOf = (error: unknown) =>
    report({ type: "warning", message: `${label}: ${(error as Error).message}` });

  /**
   * Runs `work` in turn, then stores the state if it changed what the agent holds on the list. Outside the queue:
   * the server tells of the agent's own changes too, and two fsyncs for nothing there would hold up the next change.
   */
  const inTurn = (work: () => Promise<unknown>) => {
    void serially(async () => {
      const before = keeper.record().sha256;
      await work();
      return keeper.record().sha256 !== before;
    })
      .then((changed) => (changed ? persist() : undefined))
      .catch(warnOf);
  };

  function onNotification({ method, param }: Notification): void {
    const player = param as ServerPlayer;
    switch (method) {
      case "minecraft:notification/players/joined":
        online.set(player.id.toLowerCase(), player);
        void serially(() => proof.joined(player)).catch(warnOf);
        return;
      case "minecraft:notification/players/left":
        online.delete(player.id.toLowerCase());
        return;
      case "minecraft:notification/allowlist/added":
        keeper.heard(player, true);
        inTurn(() => keeper.added(player));
        return;
      case "minecraft:notification/allowlist/removed":
        keeper.heard(player, false);
        inTurn(() => keeper.removed(player));
        return;
      case "minecraft:notification/operators/added":
      case "minecraft:notification/operators/removed":
        if (operators) {
          const op = (param as { player: ServerPlayer }).player;
          const isOp = method.endsWith("/added");
          void serially(() => operators.heard(op, isOp)).catch(warnOf);
        }
        return;
      case "minecraft:notification/bans/added":
        if (bans)
          void serially(() => bans.banned([param]))
            .then(persist)
            .catch(warnOf);
        return;
      case "minecraft:notification/server/stopping":
        say("the game server is stopping");
        return;
    }
  }

  /** Opens one connection and brings the server in line; throws SyncStopError when retrying cannot help. */
  async function connectOnce(): Promise<RpcConnection> {
    let trust: Awaited<ReturnType<typeof trustFor>>;
    try {
      trust = await trustFor(management.url, management);
    } catch (error) {
      if (error instanceof PinMismatch) throw new SyncStopError(error.message, ExitCode.config);
      throw error;
    }
    let connection: RpcConnection;
    try {
      connection = await connectRpc({
        url: management.url,
        secret: management.secret,
        trust,
        onNotification,
      });
    } catch (error) {
      if (error instanceof HandshakeRefused && error.status === 401) {
        throw new SyncStopError(
          `${management.url} refused the management secret (401): it must be management-server-secret of the ` +
            "server's server.properties (40 letters and digits, written there at its first start if left empty)",
          ExitCode.keyRefused,
        );
      }
      if (error instanceof HandshakeRefused) {
        throw new SyncStopError(
          `no management API at ${management.url} (HTTP ${error.status}): ${INSTEAD}`,
          ExitCode.config,
        );
      }
      throw error;
    }
    open = connection;
    try {
      const document = (await connection.call("rpc.discover")) as {
        methods?: { name?: unknown }[];
        info?: { version?: unknown };
      };
      const names = new Set((document?.methods ?? []).map((m) => m?.name));
      const needed = operators ? [...NEEDED, ...OPERATOR_METHODS] : NEEDED;
      const missing = needed.filter((name) => !names.has(name));
      if (missing.length > 0) {
        throw new SyncStopError(
          `${management.url} has no ${missing.join(", ")} in its management API: ${INSTEAD}`,
          ExitCode.config,
        );
      }
      enforce = (await connection.call("minecraft:serversettings/enforce_allowlist")) === true;
      const used = (await connection.call("minecraft:serversettings/use_allowlist")) === true;
      online.clear();
      for (const p of (await connection.call("minecraft:players")) as ServerPlayer[])
        online.set(p.id.toLowerCase(), p);
      say(
        `connected to ${management.url} (protocol ${String(document?.info?.version)}): ${
          enforce
            ? "the server kicks removed players itself (enforce-allowlist)"
            : "enforce-allowlist is off: the agent kicks removed players who are online"
        }`,
      );
      if (!used) {
        report({
          type: "warning",
          message: `${management.url} does not use its allowlist (white-list=false): anyone may join; the list is kept anyway`,
        });
      }
      await serially(async () => {
        await keeper.reconcile();
        await persist();
        if (operators) await operators.reconcile();
        await proof.present([...online.values()]);
        if (bans) {
          await bans.banned((await connection.call("minecraft:bans")) as unknown[], true);
          await persist();
        }
      });
    } catch (error) {
      connection.close();
      open = null;
      if (error instanceof RpcError && error.code === -32601) {
        throw new SyncStopError(`${management.url} has no rpc.discover: ${INSTEAD}`, ExitCode.config);
      }
      throw error;
    }
    return connection;
  }

  async function follow(): Promise<void> {
    while (!signal.aborted) {
      let failure: Error | null = null;
      let openedAt: number | null = null;
      try {
        const connection = await connectOnce();
        openedAt = clock.now();
        const end = await connection.closed;
        open = null;
        if (signal.aborted) return;
        failure = new TransientError(
          `the management connection closed (${end.code}${end.reason ? `, ${end.reason}` : ""})`,
        );
      } catch (error) {
        if (error instanceof SyncStopError) throw error;
        if (signal.aborted) return;
        failure = error instanceof Error ? error : new Error(String(error));
      }
      if (openedAt !== null && clock.now() - openedAt >= STABLE_MS) backoff.reset();
      const wait = backoff.next();
      report({ type: "retrying", error: `${label}: ${failure.message}`, retryInMs: wait });
      await sleep(wait, signal);
    }
  }

  /** The resume state as the agent last gave it. */
  let state: SyncState | null = null;
  /** The newest state not yet stored, and the writer storing states while there are any (null: none running). */
  let unsaved: SyncState | null = null;
  let writing: Promise<void> | null = null;
  /**
   * Stores the resume state with what the agent put on the list; resolves once it (or a newer one) is stored.
   * States given while one is being written are stored once, the newest: each is two fsyncs, and only the last
   * matters on resume.
   */
  function persist(): Promise<void> {
    if (state === null) return Promise.resolve();
    unsaved = { ...state, written: keeper.record(), ...(operators ? { operators: operators.record() } : {}) };
    writing ??= (async () => {
      try {
        while (unsaved !== null) {
          const next: SyncState = unsaved;
          unsaved = null;
          await save(options.out, next);
        }
      } catch (error) {
        throw new SyncStopError(
          `cannot write ${statePath(options.out)} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
          ExitCode.failure,
        );
      } finally {
        writing = null;
      }
    })();
    return writing;
  }

  return {
    /** Settles only when the session cannot go on: rejects with the SyncStopError that stops the agent. */
    fatal,
    /** Starts connecting (after the agent's first fetch: the list wanted is known). */
    start(): void {
      loop ??= follow().catch((error: Error) => failFatal(error));
    },
    /** Closes the connection and waits for the loop and what it was doing. */
    async stop(): Promise<void> {
      stopping = true;
      open?.close();
      await loop;
      await queue;
      await writing?.catch(() => {});
    },
    /** The file writer's part the agent uses: the list goes to the server's allowlist. */
    output: {
      write(list: MergedList): Promise<{ written: boolean; bytes: Uint8Array | null }> {
        keeper.want(list);
        operators?.want(list);
        if (!open) return Promise.resolve({ written: false, bytes: null });
        return serially(async () => {
          try {
            const written = open ? await keeper.push() : false;
            if (open && operators) await operators.push();
            return { written, bytes: null };
          } catch (error) {
            // The connection failed under way: the reconnect brings the list in line.
            warnOf(error);
            return { written: false, bytes: null };
          }
        });
      },
      changedElsewhere: async () => false,
      record: () => keeper.record(),
      remember(previous: SyncState["written"]): void {
        keeper.remember(previous);
        operators?.remember(core.state?.operators);
      },
      /**
       * Stores the cursor without holding up the agent: the change is on the server's allowlist already (the server
       * stores it), and a cursor stored late only replays events the list has, which changes nothing. A state that
       * cannot be stored still stops the agent (`fatal`). Once stopping, it is waited for: the agent's last state
       * must be stored before it gives up its lock and says it stopped.
       */
      persist(next: SyncState): Promise<void> {
        state = next;
        if (stopping) return persist();
        persist().catch(failFatal);
        return Promise.resolve();
      },
    },
  };
}

/** A management session. */
export type ManagementSession = ReturnType<typeof createManagementSession>;
