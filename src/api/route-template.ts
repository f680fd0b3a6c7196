/** A route as the app declares it: `/api/v1/whitelists/:id/entries`. */
type Declared = { path: string };

/** What a request path is counted as when no declared route matches it (a 404, a probe). */
export const UNMATCHED_ROUTE = "unmatched";

/**
 * The declared route a request path belongs to, for metrics: `/api/v1/whitelists/abc/entries` is counted as
 * `/api/v1/whitelists/:id/entries`, so no id, nick or random path ever becomes a label. Routes are read once,
 * on the first call (after the app declared them all); a route with fewer parameters wins over one with more.
 */
export function routeTemplates(declared: () => readonly Declared[]): (pathname: string) => string {
  let templates: { path: string; segments: string[] }[] | undefined;
  const load = () => {
    const paths = [...new Set(declared().map((route) => route.path))].filter((path) => !path.includes("*"));
    const params = (path: string) => path.split("/").filter((segment) => segment.startsWith(":")).length;
    return paths.sort((a, b) => params(a) - params(b)).map((path) => ({ path, segments: path.split("/") }));
  };
  return (pathname) => {
    templates ??= load();
    const segments = pathname.split("/");
    for (const template of templates) {
      if (template.segments.length !== segments.length) continue;
      if (template.segments.every((part, i) => part.startsWith(":") || part === segments[i]))
        return template.path;
    }
    return UNMATCHED_ROUTE;
  };
}
