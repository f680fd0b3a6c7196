import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

// `whitelist-sync sync` runs on game servers beside the game: src/main.ts imports only src/sync/ for it, and
// what that loads must stay free of the service (the stores, the API, the bot, the composition root). The
// formats' table (src/formats/index.ts) is shared with the service, so a format module that imported the
// store or the cache would drag them into the agent unnoticed; this follows the imports to make sure.

const SRC = join(import.meta.dir, "..", "..", "src");

/** The files of src/ and the packages that loading `entry` loads (value imports; types are erased). */
function loaded(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, "utf8");
    const imports = /^(?:import|export)\s+(?!type\b)(?:[^;]*?\bfrom\s+)?["']([^"']+)["']/gm;
    for (const match of text.matchAll(imports)) {
      const target = match[1] as string;
      if (target.startsWith(".")) visit(join(dirname(file), target));
      else packages.add(target);
    }
  };
  visit(join(SRC, entry));
  return { files: [...files].map((file) => relative(SRC, file)).sort(), packages: [...packages].sort() };
}

test("the sync agent loads no part of the service: no store, API, bot or composition root", () => {
  const { files, packages } = loaded("sync/index.ts");
  const serverOnly =
    /^(db|api|bot|realtime|webhooks|cluster|registration|metrics|demo|sandbox)\/|^(server|services)\.ts$|^formats\/cache\.ts$/;
  expect({
    files: files.filter((file) => serverOnly.test(file)),
    packages: packages.filter((name) => /^(drizzle-orm|discord\.js|@discordjs\/|@elysiajs\/)/.test(name)),
  }).toEqual({ files: [], packages: [] });
  // The formats it writes are there, from the same table as the service's.
  expect(files).toContain("formats/index.ts");
});
