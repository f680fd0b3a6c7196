import type { Kick, NameAndId } from "./game.ts";

/** What the control surface drives: the fake's own test-only surface (server.ts). */
export type ControlledGame = {
  allowlist(): NameAndId[];
  online(): NameAndId[];
  kicks(): Kick[];
  join(player: NameAndId): string | null;
  leave(player: NameAndId): void;
  command(line: string): void;
  console(): string[];
  luckperms(): (NameAndId & { groups: string[] })[];
  lookUp(name: string): NameAndId | null;
};

const json = (status: number, body: unknown) => Response.json(body, { status });

/**
 * The fake's control surface over HTTP, for the demo's tour (`curl`), under `/_fake/` beside the API and only when
 * asked for (`control: true`): a real server has nothing there and answers 401 to anything unauthenticated.
 * `GET /_fake/allowlist`, `/_fake/online`, `/_fake/kicks` (who was disconnected, with the message on their
 * screen), `/_fake/console` (every line typed on its console, an agent's commands among them), `/_fake/luckperms`
 * (LuckPerms' users and their groups, when it has LuckPerms); `POST /_fake/join` and `/_fake/leave` with `{"name"}` (a player the server can find: its user cache, or
 * Mojang); `POST /_fake/command` with `{"line"}`, a command typed on the console (`whitelist add Notch`).
 */
export async function control(game: ControlledGame, request: Request, path: string): Promise<Response> {
  if (request.method === "GET") {
    if (path === "/allowlist") return json(200, game.allowlist());
    if (path === "/online") return json(200, game.online());
    if (path === "/kicks") return json(200, game.kicks());
    if (path === "/console") return json(200, game.console());
    if (path === "/luckperms") return json(200, game.luckperms());
    return json(404, {
      error: "GET /_fake/allowlist, /_fake/online, /_fake/kicks, /_fake/console or /_fake/luckperms",
    });
  }
  const body = (await request.json().catch(() => null)) as { name?: unknown; line?: unknown } | null;
  if (request.method === "POST" && (path === "/join" || path === "/leave")) {
    if (typeof body?.name !== "string") return json(400, { error: `POST {"name": "<a player>"}` });
    const player = game.lookUp(body.name);
    if (!player) return json(404, { error: `That player does not exist: ${body.name}` });
    if (path === "/leave") {
      game.leave(player);
      return json(200, { left: player });
    }
    const refused = game.join(player);
    return refused === null ? json(200, { joined: player }) : json(403, { refused });
  }
  if (request.method === "POST" && path === "/command") {
    if (typeof body?.line !== "string") return json(400, { error: `POST {"line": "whitelist add <name>"}` });
    try {
      game.command(body.line);
      return new Response(null, { status: 204 });
    } catch (error) {
      return json(400, { error: (error as Error).message });
    }
  }
  return json(404, { error: "POST /_fake/join, /_fake/leave or /_fake/command" });
}
