/** A route as the app lists it (`app.routes`): a method and a path pattern with `:params`. */
type RouteLike = { method: string; path: string };

/** Methods in the order `Allow` lists them. */
const ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

/**
 * Which methods a concrete path answers to, read from the app's own routes: a known path asked with another
 * method gets 405 with `Allow` rather than "no such endpoint". GET implies HEAD (Bun answers it). The
 * routes are fixed once the app is built, so they are compiled on first use.
 */
export function allowedMethods(routes: () => readonly RouteLike[]): (path: string) => string[] {
  let compiled: { pattern: RegExp; method: string }[] | undefined;
  return (path) => {
    compiled ??= routes()
      .filter((route) => ORDER.includes(route.method))
      .map((route) => ({ pattern: patternOf(route.path), method: route.method }));
    const methods = new Set<string>();
    for (const { pattern, method } of compiled) {
      if (!pattern.test(path)) continue;
      methods.add(method);
      if (method === "GET") methods.add("HEAD");
    }
    return ORDER.filter((method) => methods.has(method));
  };
}

/** `/a/:id/b` → /^\/a\/[^/]+\/b$/ */
function patternOf(path: string): RegExp {
  const segments = path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  return new RegExp(`^${segments.join("/")}$`);
}
