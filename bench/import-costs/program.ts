/**
 * The program `bench/import-costs.ts` runs, from source or compiled: `program <name>` imports the module of that
 * name alone (each is a chunk of its own in the executable, read only when imported) and prints how long the
 * import took and how much the RSS grew, as one JSON line. The list is `MODULES`: the libraries, then the service's
 * layers from the bottom up. Not meant to be run by hand.
 */
export const MODULES: Record<string, () => Promise<unknown>> = {
  "(nothing)": async () => {},
  "discord.js": () => import("discord.js"),
  elysia: () => import("elysia"),
  "drizzle-orm": () => import("drizzle-orm"),
  "@sinclair/typebox": () => import("@sinclair/typebox/value"),
  "src/i18n/catalogues.ts": () => import("../../src/i18n/catalogues.ts"),
  "src/config.ts": () => import("../../src/config.ts"),
  "bun:sqlite": () => import("bun:sqlite"),
  "drizzle-orm/bun-sqlite": () => import("drizzle-orm/bun-sqlite"),
  "drizzle-orm/sqlite-core": () => import("drizzle-orm/sqlite-core"),
  "src/db/schema.ts": () => import("../../src/db/schema.ts"),
  "src/db/migrations.ts": () => import("../../src/db/migrations.ts"),
  "src/db/writer.ts": () => import("../../src/db/writer.ts"),
  "src/db/client.ts": () => import("../../src/db/client.ts"),
  yaml: () => import("yaml"),
  "src/formats/index.ts": () => import("../../src/formats/index.ts"),
  "src/services.ts": () => import("../../src/services.ts"),
  "src/api/front.ts": () => import("../../src/api/front.ts"),
  "src/api/app.ts": () => import("../../src/api/app.ts"),
  "src/link/index.ts": () => import("../../src/link/index.ts"),
  "src/bot/discord.ts": () => import("../../src/bot/discord.ts"),
  "src/server.ts": () => import("../../src/server.ts"),
  "src/bot/client.ts": () => import("../../src/bot/client.ts"),
};

if (import.meta.main) {
  const load = MODULES[process.argv[2] ?? ""];
  if (!load) throw new Error(`no module named ${process.argv[2]}`);
  const before = process.memoryUsage.rss();
  const started = performance.now();
  await load();
  const ms = performance.now() - started;
  console.log(JSON.stringify({ ms, mib: (process.memoryUsage.rss() - before) / 1048576 }));
  process.exit(0);
}
