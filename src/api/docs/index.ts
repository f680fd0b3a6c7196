import type { AnyElysia } from "elysia";
import { Elysia } from "elysia";
import cssPath from "swagger-ui-dist/swagger-ui.css" with { type: "file" };
// Swagger UI's assets are embedded in the binary, so the docs render with no internet access.
import bundlePath from "swagger-ui-dist/swagger-ui-bundle.js" with { type: "file" };
import { madeOnce } from "../../shared/made-once.ts";
import { clip } from "../../shared/text.ts";
import { problemResponse } from "../problem.ts";
import { EntryEvent, SocketConnected } from "../schemas/event.ts";
import { Problem } from "../schemas/problem.ts";

// A Map, not an object literal: an asset name from the URL such as `__proto__` must find nothing.
const assets = new Map<string, { path: string; type: string }>([
  ["swagger-ui-bundle.js", { path: bundlePath, type: "text/javascript; charset=utf-8" }],
  ["swagger-ui.css", { path: cssPath, type: "text/css; charset=utf-8" }],
]);

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>whitelist-sync API</title>
  <!-- No favicon request: the page asks nothing of the server it does not serve. -->
  <link rel="icon" href="data:," />
  <link rel="stylesheet" href="/swagger/assets/swagger-ui.css" />
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/swagger/assets/swagger-ui-bundle.js"></script>
  <script>
    window.onload = () => {
      // validatorUrl "none": Swagger UI would otherwise send the document's URL to validator.swagger.io.
      window.ui = SwaggerUIBundle({
        url: "/swagger/json",
        dom_id: "#swagger-ui",
        persistAuthorization: true,
        validatorUrl: "none",
      });
    };
  </script>
</body>
</html>`;

/**
 * Swagger UI at `/swagger` and the OpenAPI 3.1 document at `/swagger/json`, generated from the same route
 * schemas that validate requests (through @elysiajs/openapi's `toOpenAPISchema`). The page and its assets
 * come from the binary: @elysiajs/swagger hard-codes a CDN URL for the UI script, so it is not used.
 */
export const docs = ({ version, root }: { version: string; root: () => AnyElysia }) => {
  // Built at the first request for it, once, by a module loaded then: @elysiajs/openapi and the document's own
  // code are no start's cost (docs/performance.md, Start and memory). A failed build is tried again next time.
  const document = madeOnce(async () => {
    const { buildDocument } = await import("./document.ts");
    return buildDocument(root(), version, {
      Problem: Problem as never,
      EntryEvent: EntryEvent as never,
      SocketConnected: SocketConnected as never,
    });
  });
  return new Elysia()
    .get("/swagger", () => new Response(PAGE, { headers: { "content-type": "text/html; charset=utf-8" } }), {
      detail: { hide: true },
    })
    .get("/swagger/json", () => document.get(), { detail: { hide: true } })
    .get(
      "/swagger/assets/:file",
      ({ params }) => {
        const asset = assets.get(params.file);
        if (!asset) return problemResponse("route-not-found", `No docs asset named ${clip(params.file)}.`);
        return new Response(Bun.file(asset.path), {
          headers: { "content-type": asset.type, "cache-control": "public, max-age=86400" },
        });
      },
      { detail: { hide: true } },
    );
};
