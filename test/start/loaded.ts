/**
 * Test helper (test/start/deferred.test.ts): starts the service in this fresh process, with the settings given as
 * JSON in argv[2], then prints as one JSON line which of the modules a start may defer are loaded (Bun's module
 * registry, `require.cache`, which holds ES modules too), the link endpoint's port when it runs and, asked with
 * argv[3] `docs`, what two concurrent first requests for the OpenAPI document got and what was loaded then; asked
 * with `first`, what /health and then three concurrent first requests for the app (src/api/front.ts) got; asked
 * with `yaml`, what an EasyWhitelist config.yml rendered and then read back gave, and what was loaded after each.
 */
import { join } from "node:path";
import { loadConfig } from "../../src/config.ts";
import { fileOf, renderFormat } from "../../src/formats/index.ts";
import { startService } from "../../src/server.ts";
import { silentLogger } from "../../src/shared/logger.ts";

const SRC = join(import.meta.dir, "..", "..", "src");
/** What a start loads only when it needs it, by the path a test names it with. */
const DEFERRED = [
  "link/index.ts",
  "i18n/catalogues.ts",
  "api/app.ts",
  "api/docs/document.ts",
  "db/pg/store.ts",
];
/**
 * The libraries only the API's app needs (requests' validation, the OpenAPI document), and the YAML library only
 * an EasyWhitelist config.yml read or merged needs, by package.
 */
const LIBRARIES = ["elysia", "@sinclair/typebox", "yaml"];
const loadedNow = () => [
  ...DEFERRED.filter((path) => require.cache[join(SRC, path)] !== undefined),
  ...LIBRARIES.filter((name) =>
    Object.keys(require.cache).some((path) => path.includes(`/node_modules/${name}/`)),
  ),
];

const config = loadConfig({ HOST: "127.0.0.1", PORT: "0", ...JSON.parse(process.argv[2] ?? "{}") });
const running = await startService(config, { logger: silentLogger });
const loaded = loadedNow();
let docs: { statuses: number[]; same: boolean; openapi: unknown; loaded: string[] } | undefined;
if (process.argv[3] === "docs") {
  const answers = await Promise.all([1, 2].map(() => fetch(`${running.url}/swagger/json`)));
  const bodies = await Promise.all(answers.map((answer) => answer.text()));
  docs = {
    statuses: answers.map((answer) => answer.status),
    same: bodies[0] === bodies[1],
    openapi: JSON.parse(bodies[0] ?? "{}").openapi,
    loaded: loadedNow(),
  };
}
let first: { health: number; loaded: string[]; answers: string[]; after: string[] } | undefined;
if (process.argv[3] === "first") {
  const health = (await fetch(`${running.url}/health`)).status;
  const afterHealth = loadedNow();
  // Three requests only the app answers, at once: each waits for the one build, and gets its own answer.
  const asked: [string, string][] = [
    ["GET", "/api/v1/whitelists"],
    ["GET", "/nope"],
    ["POST", "/health"],
  ];
  const answers = await Promise.all(
    asked.map(async ([method, path]) => {
      const answer = await fetch(`${running.url}${path}`, { method });
      const body = (await answer.json()) as { type: string };
      return `${method} ${path} ${answer.status} ${body.type}`;
    }),
  );
  first = { health, loaded: afterHealth, answers, after: loadedNow() };
}
let yaml: { rendered: string; loaded: string[]; read: string[]; after: string[] } | undefined;
if (process.argv[3] === "yaml") {
  const players = [{ nick: "Notch", uuid: null, premium: false }];
  const rendered = new TextDecoder().decode(renderFormat("easywhitelist", players));
  const afterRender = loadedNow();
  const read = fileOf("easywhitelist").reader?.read("config.yml", `${rendered}  - "on"\n`) ?? [];
  yaml = {
    rendered,
    loaded: afterRender,
    read: read.map((row) => `${row.line} ${row.name}`),
    after: loadedNow(),
  };
}
console.log(JSON.stringify({ loaded, linkPort: running.link?.port ?? null, docs, first, yaml }));
await running.stop();
