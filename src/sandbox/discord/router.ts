import type { SandboxContext } from "./context.ts";

/** The `:name` parameters of a route pattern, as an object type. */
export type RouteParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & RouteParams<Rest>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, string>;

/** What a route handler receives. */
export type RouteInput<P extends string> = {
  ctx: SandboxContext;
  params: RouteParams<P>;
  request: Request;
  url: URL;
};

/** One route: method, pattern (`/guilds/:guild`), whether it needs the bot token, and its handler. */
export type Route = {
  method: string;
  pattern: string;
  auth: boolean;
  handle(input: RouteInput<string> & { params: Record<string, string> }): Response | Promise<Response>;
};

/** Declares a route with typed parameters; `auth: false` for the routes Discord authenticates by token. */
export function route<P extends string>(
  method: string,
  pattern: P,
  handle: (input: RouteInput<P>) => Response | Promise<Response>,
  options: { auth?: boolean } = {},
): Route {
  return {
    method,
    pattern,
    auth: options.auth ?? true,
    handle: (input) => handle(input as unknown as RouteInput<P>),
  };
}

/** Finds the route for a method and path (segments already URL-decoded); parameters by name. */
export function matchRoute(
  routes: Route[],
  method: string,
  segments: string[],
): { route: Route; params: Record<string, string> } | null {
  for (const candidate of routes) {
    if (candidate.method !== method) continue;
    const parts = candidate.pattern.split("/").filter(Boolean);
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = parts.every((part, index) => {
      const segment = segments[index] ?? "";
      if (part.startsWith(":")) {
        params[part.slice(1)] = segment;
        return true;
      }
      return part === segment;
    });
    if (matches) return { route: candidate, params };
  }
  return null;
}

/** Splits a path into URL-decoded segments (`%40original` → `@original`, `%E2%9C%85` → `✅`). */
export function pathSegments(path: string): string[] | null {
  try {
    return path.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}
