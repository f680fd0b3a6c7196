import { join } from "node:path";

// The Minecraft Java server stand-in of fixtures/game-server.cjs (npm minecraft-protocol's server under Node), driven
// from Bun: who is in the game, kicks and whitelist reloads through its stdin, what happens through its stdout. Its
// console, as RCON answers it, is test/sync/vanilla-console.ts.

const SCRIPT = join(import.meta.dir, "fixtures", "game-server.cjs");
const NODE = Bun.which("node");

/** A player in the game, as the server knows them: their profile's name and UUID (dashed). */
export type OnlinePlayer = { name: string; uuid: string };

/** Something that happened in the game: a player joined, left, was refused at login, or was kicked (why). */
export type GameEvent = {
  event: "joined" | "left" | "refused" | "kicked";
  name: string;
  uuid: string;
  reason?: string;
};

/** Starts the stand-in: online mode against `sessionServer`, letting in whom `whitelist` lists. */
export async function startGameServer(options: {
  whitelist: string;
  sessionServer: string;
  version: string;
  maxPlayers?: number;
}) {
  if (!NODE) throw new Error("these tests need Node (node on PATH) to run minecraft-protocol's server");
  const child = Bun.spawn([NODE, SCRIPT, JSON.stringify({ maxPlayers: 20, ...options })], {
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
  });
  const events: GameEvent[] = [];
  const answers = new Map<number, (result: unknown) => void>();
  const wakers = new Set<() => void>();
  const listening = Promise.withResolvers<number>();
  let nextId = 1;

  (async () => {
    const decoder = new TextDecoder();
    let buffered = "";
    for await (const chunk of child.stdout) {
      buffered += decoder.decode(chunk, { stream: true });
      for (let end = buffered.indexOf("\n"); end >= 0; end = buffered.indexOf("\n")) {
        const line = JSON.parse(buffered.slice(0, end)) as Record<string, unknown>;
        buffered = buffered.slice(end + 1);
        if (typeof line.port === "number") listening.resolve(line.port);
        else if (typeof line.id === "number") answers.get(line.id)?.(line.result);
        else events.push(line as GameEvent);
        for (const wake of [...wakers]) wake();
      }
    }
    listening.reject(
      new Error(`the game server stand-in exited: ${await new Response(child.stderr).text()}`),
    );
  })();

  const port = await listening.promise;

  /** Sends one request to the stand-in and resolves with its answer. */
  const request = <T>(op: string, args: Record<string, unknown> = {}): Promise<T> => {
    const id = nextId++;
    const answered = new Promise<T>((resolve) => answers.set(id, resolve as (result: unknown) => void));
    child.stdin.write(`${JSON.stringify({ id, op, ...args })}\n`);
    child.stdin.flush();
    return answered;
  };

  return {
    port,
    events,
    maxPlayers: options.maxPlayers ?? 20,
    /** The players in the game now, in the order they joined. */
    players: () => request<OnlinePlayer[]>("players"),
    /** Disconnects the player with that UUID (or name, any letter case); resolves with their name, or null. */
    kick: (target: { uuid: string } | { name: string }, reason: string) =>
      request<string | null>("kick", { ...target, reason }),
    /** Reads whitelist.json again (`whitelist reload`); resolves with how many it lists. */
    reloadWhitelist: () => request<number>("reload"),
    /** A Bedrock player Floodgate lets in through Geyser, under Floodgate's name and UUID; false: not listed. */
    floodgateJoin: (player: OnlinePlayer) => request<boolean>("floodgate-join", player),
    /** Resolves with the first event (from `from` on) that `matches`. */
    until(matches: (event: GameEvent) => boolean, from = 0): Promise<GameEvent> {
      return new Promise((resolve) => {
        const check = () => {
          const found = events.slice(from).find(matches);
          if (!found) return;
          wakers.delete(check);
          resolve(found);
        };
        wakers.add(check);
        check();
      });
    },
    /** Ends the stand-in (its stdin closes; it exits) and waits for it. */
    async stop(): Promise<void> {
      child.stdin.end();
      await child.exited;
    },
  };
}

/** The running stand-in. */
export type GameServer = Awaited<ReturnType<typeof startGameServer>>;
