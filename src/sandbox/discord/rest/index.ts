import type { SandboxContext } from "../context.ts";
import { DiscordErrors, discordError } from "../http.ts";
import { matchRoute, pathSegments, type Route } from "../router.ts";
import { channelRoutes } from "./channels.ts";
import { commandRoutes } from "./commands.ts";
import { guildRoutes } from "./guilds.ts";
import { interactionRoutes } from "./interactions.ts";
import { sessionRoutes } from "./session.ts";

/** Every REST route the sandbox answers (tests walk them all). */
export const restRoutes: Route[] = [
  ...sessionRoutes,
  ...commandRoutes,
  ...guildRoutes,
  ...channelRoutes,
  ...interactionRoutes,
];

/**
 * Answers a Discord REST request; `path` is what follows `/api/v10`. Unknown routes are logged. In order: a ban,
 * the route, the token, an injected 429, the rate limits, the handler; every answer is then counted towards the
 * invalid request limit when it is one (401, 403, 429).
 */
export async function handleRest(
  ctx: SandboxContext,
  request: Request,
  path: string,
  url: URL,
): Promise<Response> {
  // Cloudflare sits in front of Discord: a banned client is refused before anything is looked at.
  const banned = ctx.limiter.banned();
  if (banned) return banned;
  const response = await answer(ctx, request, path, url);
  ctx.limiter.settle(response);
  return response;
}

async function answer(ctx: SandboxContext, request: Request, path: string, url: URL): Promise<Response> {
  const segments = pathSegments(path);
  const found = segments ? matchRoute(restRoutes, request.method, segments) : null;
  if (!found) {
    ctx.logger.warn("sandbox discord has no such route", { method: request.method, path });
    return DiscordErrors.notFound();
  }
  if (found.route.auth && request.headers.get("authorization") !== `Bot ${ctx.token}`) {
    return DiscordErrors.unauthorized();
  }
  const limited = ctx.rateLimits.take(request.method, found.route.pattern, path);
  if (limited) return limited;
  const admitted = ctx.limiter.admit(request.method, found.route.pattern, found.params);
  if ("refused" in admitted) return admitted.refused;
  let response: Response;
  try {
    response = await found.route.handle({ ctx, params: found.params, request, url });
  } catch (error) {
    ctx.logger.error("sandbox discord route failed", {
      method: request.method,
      route: found.route.pattern,
      error: error instanceof Error ? error.message : String(error),
    });
    // A 4xx, not a 5xx: discord.js retries 5xx and the failure would hide behind the retries.
    response = discordError(400, 0, "Sandbox could not handle this request");
  }
  // The request counted against its bucket whatever the answer, as on Discord: the headers go on every answer.
  for (const [name, value] of admitted.headers) response.headers.set(name, value);
  return response;
}
