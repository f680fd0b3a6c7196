import type { ServerWebSocket } from "bun";
import { type ControlledGame, control } from "./control.ts";
import { discoverDocument, methods, notifications } from "./document.ts";
import { createGame, type Kick, type NameAndId } from "./game.ts";
import { createLuckPerms } from "./luckperms.ts";
import { createHandlers } from "./methods.ts";
import { checkParam, InvalidParams, withoutNulls } from "./validate.ts";

/**
 * A Minecraft server's management API (the Server Management Protocol of 1.21.9 and later, JSON-RPC 2.0 over a
 * WebSocket) on loopback, as strict as the real one, for tests, the demo and the benchmarks. Its methods, parameters,
 * results and notifications are the published document's (document.ts); the JSON-RPC handling is the server's
 * (net.minecraft.server.jsonrpc.Connection): one parameter per method, given by position (an array of exactly one
 * element) or by name; "Invalid params", "Method not found", "Invalid Request" and "Parse error" with their codes and
 * a line of data; batches answered as an array; notifications as `{"jsonrpc","method","params":[x]}`. The upgrade
 * needs `Authorization: Bearer <secret>` (or, from a browser whose Origin is allowed, the `minecraft-v1,<secret>`
 * subprotocol): anything else is 401. TLS is on when given a certificate, as the real server's default.
 * The test-only control surface (`join`, `leave`, `command`, `stop`) makes the game happen; with `control`, the
 * demo's tour drives it over HTTP too (control.ts).
 */

/** What the fake takes. */
export type FakeManagementOptions = {
  /** 40 letters and digits (`management-server-secret`); a random one when left out. */
  secret?: string;
  /** A PEM certificate and key: the API is served over TLS (wss://). */
  tls?: { cert: string; key: string };
  /** `management-server-allowed-origins`: browsers from these origins may authenticate by subprotocol. */
  allowedOrigins?: string[];
  /** The game version `server/status` reports. */
  version?: { name: string; protocol: number };
  now?: () => number;
  /** Serves the control surface over HTTP under `/_fake/` (the demo's tour; no real server has it). */
  control?: boolean;
  /** LuckPerms is installed, with these groups (luckperms.ts); left out, `lp` is an unknown command. */
  luckperms?: string[];
};

/** One call the fake answered: its method and parameters as sent (tests check what a client asked for). */
export type Call = { method: string; params: unknown };

const SECRET = /^[A-Za-z0-9]{40}$/;
const SUBPROTOCOL = "minecraft-v1";

/** A secret as the server generates one when `management-server-secret` is empty: 40 letters and digits. */
export function generateSecret(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = crypto.getRandomValues(new Uint8Array(40));
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
}

const error = (id: unknown, code: number, message: string, data?: string) => ({
  jsonrpc: "2.0",
  id: id ?? null,
  error: { code, message, ...(data === undefined ? {} : { data }) },
});

/** Starts the fake on a free loopback port. */
export function startFakeManagementServer(options: FakeManagementOptions = {}) {
  const secret = options.secret ?? generateSecret();
  if (!SECRET.test(secret)) throw new Error("a management secret is exactly 40 letters and digits");
  const now = options.now ?? Date.now;
  const sockets = new Set<ServerWebSocket<unknown>>();
  const calls: Call[] = [];
  const wakers = new Set<() => void>();
  const wake = () => {
    for (const w of [...wakers]) w();
  };

  function notify(method: string, param?: unknown): void {
    if (!(method in notifications)) throw new Error(`no notification ${method}`);
    const message = JSON.stringify({
      jsonrpc: "2.0",
      method,
      ...(param === undefined ? {} : { params: [param] }),
    });
    for (const socket of sockets) socket.send(message);
    wake();
  }

  const game = createGame(notify, now);
  const luckperms = options.luckperms ? createLuckPerms(options.luckperms, game.lookUp) : null;
  /** Every line typed on the console, in order (the tour reads what an agent typed). */
  const typed: string[] = [];
  /** The control surface over HTTP, when asked for (set once `fake` exists). */
  let controlled: ControlledGame | null = null;
  let stopping = false;
  const handlers = createHandlers(game, {
    stop: () => void queueMicrotask(() => void fake.stop()),
    version: options.version ?? { name: "1.21.10", protocol: 773 },
  });

  /** One request object: the answer, or null for a notification (no id). */
  function handle(request: unknown): object | null {
    if (typeof request !== "object" || request === null || Array.isArray(request)) {
      return error(null, -32600, "Invalid Request");
    }
    const { id, method, params, result, error: failure } = request as Record<string, unknown>;
    if (typeof method !== "string" || result !== undefined || failure !== undefined) {
      return error(id, -32600, "Invalid Request");
    }
    if (id !== undefined && id !== null && typeof id !== "string" && typeof id !== "number") {
      return error(
        null,
        -32600,
        "Invalid Request",
        "Invalid request id - only String, Number and NULL supported",
      );
    }
    const answer = (body: object) => (id === undefined ? null : body);
    calls.push({ method, params });
    wake();
    if (method === "rpc.discover") return answer({ jsonrpc: "2.0", id, result: discoverDocument() });
    const spec = methods[method];
    const handler = handlers[method];
    if (!spec || !handler)
      return answer(error(id, -32601, "Method not found", `Method not found: ${method}`));
    try {
      let param: unknown;
      if (spec.param === null) {
        if (params !== undefined && !(Array.isArray(params) && params.length === 0)) {
          throw new InvalidParams("Expected no params, or an empty array");
        }
      } else {
        if (typeof params !== "object" || params === null)
          throw new InvalidParams("Expected params as array or named");
        if (Array.isArray(params)) {
          if (params.length !== 1)
            throw new InvalidParams("Expected exactly one element in the params array");
          param = params[0];
        } else {
          param = (params as Record<string, unknown>)[spec.param.name];
          if (param === undefined) {
            throw new InvalidParams(
              `Params passed by-name, but expected param [${spec.param.name}] does not exist`,
            );
          }
        }
        checkParam(spec.param.schema, param);
        param = withoutNulls(param);
      }
      return answer({ jsonrpc: "2.0", id, result: handler(param as never) });
    } catch (caught) {
      if (caught instanceof InvalidParams) return answer(error(id, -32602, "Invalid params", caught.message));
      throw caught;
    }
  }

  const authorized = (request: Request): boolean => {
    if (request.headers.get("authorization") === `Bearer ${secret}`) return true;
    const origin = request.headers.get("origin");
    const protocols = (request.headers.get("sec-websocket-protocol") ?? "").split(",").map((p) => p.trim());
    return (
      origin !== null &&
      (options.allowedOrigins ?? []).includes(origin) &&
      protocols[0] === SUBPROTOCOL &&
      protocols[1] === secret
    );
  };

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    ...(options.tls ? { tls: options.tls } : {}),
    fetch(request, srv) {
      if (stopping) return new Response(null, { status: 503 });
      const { pathname } = new URL(request.url);
      if (controlled && pathname.startsWith("/_fake/")) {
        return control(controlled, request, pathname.slice("/_fake".length));
      }
      if (!authorized(request)) return new Response("Unauthorized", { status: 401 });
      const headers: Record<string, string> = request.headers.get("authorization")
        ? {}
        : { "sec-websocket-protocol": SUBPROTOCOL };
      if (srv.upgrade(request, { headers })) return undefined;
      return new Response("Not a WebSocket handshake request", { status: 400 });
    },
    websocket: {
      open(socket) {
        sockets.add(socket);
        wake();
      },
      close(socket) {
        sockets.delete(socket);
        wake();
      },
      message(socket, data) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(typeof data === "string" ? data : new TextDecoder().decode(data));
        } catch (caught) {
          socket.send(JSON.stringify(error(null, -32700, "Parse error", (caught as Error).message)));
          return;
        }
        const reply = Array.isArray(parsed)
          ? parsed.map(handle).filter((item) => item !== null)
          : handle(parsed);
        if (reply !== null) socket.send(JSON.stringify(reply));
      },
    },
  });

  /** Resolves once `check` holds, looking again after every call, connection and notification. */
  const until = (check: () => boolean) =>
    new Promise<void>((resolve) => {
      const look = () => {
        if (!check()) return;
        wakers.delete(look);
        resolve();
      };
      wakers.add(look);
      look();
    });

  const fake = {
    /** `ws://127.0.0.1:<port>`, or `wss://` with TLS. */
    url: `${options.tls ? "wss" : "ws"}://127.0.0.1:${server.port}`,
    port: server.port as number,
    secret,
    /** Every call answered, in order. */
    calls,
    /** The allowlist now. */
    allowlist: (): NameAndId[] => game.allowlist(),
    online: (): NameAndId[] => game.online(),
    bans: () => game.bans(),
    operators: () => game.ops(),
    /** Every kick so far, with the message the player read. */
    kicks: (): Kick[] => game.kicks,
    /** How many management connections are open. */
    connections: () => sockets.size,
    /** A setting, as `server.properties` would have it (`enforce_allowlist`, `use_allowlist`, …). */
    set(setting: string, value: unknown): void {
      game.settings[setting] = value;
    },
    /** The server can find this player by id or name (its user cache, or Mojang's session service). */
    knows(player: NameAndId): void {
      game.addProfile(player);
    },
    /** A player joins: answers why they were refused (not listed, banned), or null when they are in. */
    join(player: NameAndId): string | null {
      const refused = game.join(player);
      wake();
      return refused;
    },
    /** A player leaves the game. */
    leave(player: NameAndId): void {
      const held = game.onlinePlayer(player);
      if (held) game.leave(held);
      wake();
    },
    /**
     * A command typed in game or on the console: `whitelist add|remove <name>`, `ban <name> [reason]` (by `source`),
     * `pardon <name>`, `op|deop <name>`. Players are found as the server finds them (its cache, else Mojang).
     */
    command(line: string, source = "Server"): void {
      typed.push(line);
      const words = line.trim().replace(/^\//, "").split(/\s+/);
      if (luckperms?.command(words)) return void wake();
      const [verb, second, third, ...rest] = words;
      const name = verb === "whitelist" ? third : second;
      const player = name === undefined ? null : game.lookUp({ name });
      if (!player) throw new Error(`That player does not exist: ${name}`);
      if (verb === "whitelist" && second === "add") game.allowlistAdd(player);
      else if (verb === "whitelist" && second === "remove") {
        game.allowlistRemove(player);
        game.kickUnlisted();
      } else if (verb === "ban") {
        const reason = [third, ...rest].filter(Boolean).join(" ");
        game.banAdd({ player, source, ...(reason ? { reason } : {}) });
      } else if (verb === "pardon") game.banRemove(player);
      else if (verb === "op") game.opAdd({ player, permissionLevel: 4, bypassesPlayerLimit: false });
      else if (verb === "deop") game.opRemove(player);
      else throw new Error(`Unknown command: ${line}`);
      wake();
    },
    /** Every line typed on the console so far (`command`), in order. */
    console: (): string[] => [...typed],
    /** LuckPerms' users and their parent groups (with `luckperms`; else none). */
    luckperms: () => luckperms?.users() ?? [],
    /** Resolves once `check` holds (after a call, a connection change, a notification). */
    until,
    /** Resolves with the first kick (from `from` on) that `matches`. */
    async kicked(matches: (kick: Kick) => boolean, from = 0): Promise<Kick> {
      await until(() => game.kicks.slice(from).some(matches));
      return game.kicks.slice(from).find(matches) as Kick;
    },
    /** Every management connection is cut (a network blip), without a close handshake; the server stays up. */
    drop(): void {
      for (const socket of sockets) socket.terminate();
    },
    /** The server stops: `server/stopping` is sent, every connection closes, the port is released. */
    async stop(): Promise<void> {
      if (stopping) return;
      stopping = true;
      notify("minecraft:notification/server/stopping");
      for (const socket of sockets) socket.close(1001, "");
      await server.stop(true);
      wake();
    },
  };
  if (options.control) controlled = { ...fake, lookUp: (name) => game.lookUp({ name }) };
  notify("minecraft:notification/server/started");
  return fake;
}

/** A running fake management server. */
export type FakeManagementServer = ReturnType<typeof startFakeManagementServer>;
