import type { Socket, TCPSocketListener } from "bun";
import type { Accounts } from "../accounts/service.ts";
import type { Config } from "../config.ts";
import type { Language } from "../i18n/languages.ts";
import { wordsFor } from "../i18n/words.ts";
import { type Clock, systemClock } from "../shared/clock.ts";
import { explainListenError } from "../shared/listen.ts";
import type { Logger } from "../shared/logger.ts";
import { type Connection, openConnection, type Timers, type Transport } from "./connection.ts";
import { createLoginKeys, type LoginKeys } from "./crypto.ts";
import { type Admitted, createGuard, defaultLimits, type LinkLimits } from "./guard.ts";
import { type LinkCounters, type LinkProofPort, zeroCounters } from "./model.ts";
import { codeProof } from "./proof.ts";
import { createSessionCheck, type SessionCheck } from "./session.ts";
import { createStatusAnswers } from "./status.ts";

export type { LinkLimits } from "./guard.ts";
export type { LinkCounters, LinkProofPort, ProvenAccount } from "./model.ts";
export { linkAddressOf, linkTotals } from "./model.ts";

/** What the link endpoint is started with. */
export type LinkEndpointOptions = {
  hostname: string;
  /** 0 picks a free port. */
  port: number;
  /** MOJANG_SESSION_URL, where `hasJoined` is asked. */
  sessionUrl: string;
  proof: LinkProofPort;
  /** The community named in the server list's MOTD. */
  community?: string;
  /** The language of everything a player reads (LINK_LANGUAGE); English by default. */
  language?: Language;
  logger: Logger;
  clock?: Clock;
  timers?: Timers;
  limits?: Partial<LinkLimits>;
  /** Mojang's session check; by default `hasJoined` at `sessionUrl`. */
  session?: SessionCheck;
  /** The RSA key pair; by default a fresh one. */
  keys?: LoginKeys;
};

/** A running link endpoint. */
export type LinkEndpoint = {
  port: number;
  /** What it counted since it started (for metrics), with the connections open now. */
  counters(): LinkCounters;
  /** Resolves once no connection is open (at once when none is): tests wait for it instead of sleeping. */
  idle(): Promise<void>;
  /** Stops listening and closes every connection. */
  stop(): Promise<void>;
};

const realTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * A socket as its connection's transport, and what the endpoint keeps of it: what the kernel has not taken yet is
 * queued and sent on `drain`. A class, its methods shared: thousands are held at once (docs/link.md, Bounds).
 */
class SocketTransport implements Transport {
  admitted: Admitted | undefined;
  connection: Connection | undefined;
  /** Where it sits in the endpoint's list of open sockets. */
  slot = -1;
  private queue: Uint8Array[] | undefined;
  private ending = false;

  constructor(
    private readonly socket: Socket<SocketTransport | undefined>,
    readonly address: string,
  ) {}

  write(bytes: Uint8Array): void {
    if (this.queue) this.queue.push(bytes);
    else this.writeNow(bytes);
  }

  end(): void {
    this.ending = true;
    if (!this.queue) this.socket.end();
  }

  destroy(): void {
    this.socket.terminate();
  }

  /** Writes what was queued, as far as the kernel takes it (the socket's `drain`). */
  flush(): void {
    const queue = this.queue ?? [];
    while (queue.length > 0) {
      const next = queue[0] as Uint8Array;
      const written = this.socket.write(next);
      if (written < 0) break; // closed: the rest is dropped
      if (written < next.length) {
        queue[0] = next.subarray(written);
        return;
      }
      queue.shift();
    }
    this.queue = undefined;
    if (this.ending) this.socket.end();
  }

  /** Writes `bytes`, queueing what the kernel did not take; a closed socket drops them. */
  private writeNow(bytes: Uint8Array): void {
    const written = this.socket.write(bytes);
    if (written >= 0 && written < bytes.length) this.queue = [bytes.subarray(written)];
  }
}

/**
 * Starts the link endpoint (docs/link.md): a Minecraft Java server of its own on a TCP listener, apart from the
 * HTTP API, that answers the server list and proves a player's account through Mojang's online-mode login, then
 * always disconnects them with the text of `proof`. Each connection is bounded (`LinkLimits`).
 */
export function startLinkEndpoint(options: LinkEndpointOptions): LinkEndpoint {
  const limits = { ...defaultLimits, ...options.limits };
  const words = wordsFor(options.language ?? "en");
  const counters = zeroCounters();
  const guard = createGuard(limits, options.clock ?? systemClock);
  const context = {
    keys: options.keys ?? createLoginKeys(),
    session: options.session ?? createSessionCheck({ sessionUrl: options.sessionUrl }),
    port: options.proof,
    guard,
    limits,
    status: createStatusAnswers({ community: options.community, words }),
    words,
    counters,
    logger: options.logger,
    timers: options.timers ?? realTimers,
  };
  // The open sockets, each knowing its slot: added and removed in constant time, 8 bytes each (a Set's member
  // costs about 200).
  const sockets: SocketTransport[] = [];
  const forget = (transport: SocketTransport) => {
    const last = sockets.pop() as SocketTransport;
    if (last !== transport) {
      sockets[transport.slot] = last;
      last.slot = transport.slot;
    }
    transport.slot = -1;
  };
  const idleWaiters = new Set<() => void>();
  const idle = () =>
    sockets.length === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          idleWaiters.add(resolve);
        });

  let listener: TCPSocketListener<SocketTransport | undefined>;
  try {
    listener = Bun.listen<SocketTransport | undefined>({
      hostname: options.hostname,
      port: options.port,
      exclusive: true,
      socket: {
        open(socket) {
          const transport = new SocketTransport(socket, socket.remoteAddress);
          socket.data = transport;
          // Held before admission: the connection that makes room for this one closes at once (`close` runs
          // inside `terminate`) and must not find the endpoint idle.
          transport.slot = sockets.push(transport) - 1;
          transport.admitted = guard.admit(transport.address, () => {
            counters.refused.evicted++;
            socket.terminate();
          });
          if (!transport.admitted) {
            counters.refused.capacity++;
            socket.terminate();
            return;
          }
          transport.connection = openConnection(transport, context, transport.admitted);
        },
        data(socket, bytes) {
          try {
            socket.data?.connection?.receive(bytes);
          } catch (error) {
            options.logger.error("link: a connection failed", { error: String(error) });
            socket.terminate();
          }
        },
        drain: (socket) => socket.data?.flush(),
        close(socket) {
          const transport = socket.data;
          if (transport === undefined || transport.slot === -1) return;
          forget(transport);
          transport.connection?.closed();
          transport.admitted?.release();
          if (sockets.length > 0) return;
          for (const wake of idleWaiters) wake();
          idleWaiters.clear();
        },
        error(_socket, error) {
          options.logger.debug("link: socket error", { error: String(error) });
        },
      },
    });
  } catch (error) {
    throw explainListenError(error, {
      host: options.hostname,
      port: options.port,
      hostVariable: "HOST",
      portVariable: "LINK_PORT",
    });
  }

  return {
    port: listener.port,
    counters: () => ({ ...counters, refused: { ...counters.refused }, open: guard.open() }),
    idle,
    async stop() {
      listener.stop(true);
      for (const transport of [...sockets]) transport.destroy();
      await idle();
    },
  };
}

/**
 * The endpoint as `startService` runs it from the configuration (LINK_PORT set): each proven login gets a code
 * from the accounts store (`codeProof`), the MOTD names LINK_COMMUNITY, and players read it all in LINK_LANGUAGE.
 */
export function linkOptions(
  config: Config,
  deps: { logger: Logger; clock: Clock; accounts: Pick<Accounts, "issue"> },
): LinkEndpointOptions {
  const { accounts, ...rest } = deps;
  return {
    hostname: config.HOST,
    port: config.LINK_PORT ?? 0,
    sessionUrl: config.MOJANG_SESSION_URL,
    proof: codeProof(accounts, wordsFor(config.LINK_LANGUAGE)),
    community: config.LINK_COMMUNITY,
    language: config.LINK_LANGUAGE,
    ...rest,
  };
}
