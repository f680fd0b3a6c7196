/**
 * Bench helper: the baseline. A bare `Bun.serve` on 127.0.0.1 (port 0) that checks the Authorization header
 * with a plain string compare and answers precomputed bytes with their headers: the least any server
 * in Bun can do for these requests. Takes the path of a manifest (`RawManifest`, JSON) as its argument and
 * prints `{"url": ...}` on stdout. Started by `bench/entries.ts`; not meant to be run by hand.
 */

/**
 * What the raw server answers: for each path-with-query, the file holding the body and the headers sent with it
 * (its content type alone, or with `--raw-headers all` every header the service sent, rate limit included).
 */
export type RawManifest = {
  authorization: string;
  routes: { path: string; file: string; headers: Record<string, string> }[];
};

if (import.meta.main) {
  const manifestPath = process.argv[2];
  if (!manifestPath) throw new Error("usage: bun bench/entries/raw-server.ts <manifest.json>");
  const manifest = (await Bun.file(manifestPath).json()) as RawManifest;
  const routes = new Map<string, { body: Uint8Array; headers: Record<string, string> }>();
  for (const route of manifest.routes) {
    routes.set(route.path, { body: await Bun.file(route.file).bytes(), headers: route.headers });
  }

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request) {
      if (request.headers.get("authorization") !== manifest.authorization) {
        return new Response(null, { status: 401 });
      }
      // The URL is absolute ("http://host:port/path?query"): the path starts at the first "/" after "//".
      const route = routes.get(request.url.slice(request.url.indexOf("/", 8)));
      if (!route) return new Response(null, { status: 404 });
      return new Response(route.body, { headers: route.headers });
    },
  });
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.port}` })}\n`);

  const stop = () => {
    server.stop(true);
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
