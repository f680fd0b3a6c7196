import type { SandboxContext } from "../context.ts";
import { DiscordErrors, discordError } from "../http.ts";
import { matchRoute, pathSegments, type Route } from "../router.ts";
import { channelRoutes } from "./channels.ts";
import { commandRoutes } from "./commands.ts";
import { guildRoutes } from "./guilds.ts";
import { interactionRoutes } from "./interactions.ts";
import { sessionRoutes } from "./session.ts";

const routes: Route[] = [
  ...sessionRoutes,
  ...commandRoutes,
  ...guildRoutes,
  ...channelRoutes,
  ...interactionRoutes,
];

/** Answers a Discord REST request; `path` is what follows `/api/v10`. Unknown routes are logged. */
export async function handleRest(
  ctx: SandboxContext,
  request: Request,
  path: string,
  url: URL,
): Promise<Response> {
  const segments = pathSegments(path);
  const found = segments ? matchRoute(routes, request.method, segments) : null;
  if (!found) {
    ctx.logger.warn("sandbox discord has no such route", { method: request.method, path });
    return DiscordErrors.notFound();
  }
  if (found.route.auth && request.headers.get("authorization") !== `Bot ${ctx.token}`) {
    return DiscordErrors.unauthorized();
  }
  const limited = ctx.rateLimits.take(request.method, found.route.pattern, path);
  if (limited) return limited;
  try {
    return await found.route.handle({ ctx, params: found.params, request, url });
  } catch (error) {
    ctx.logger.error("sandbox discord route failed", {
      method: request.method,
      route: found.route.pattern,
      error: error instanceof Error ? error.message : String(error),
    });
    // A 4xx, not a 5xx: discord.js retries 5xx and the failure would hide behind the retries.
    return discordError(400, 0, "Sandbox could not handle this request");
  }
}
