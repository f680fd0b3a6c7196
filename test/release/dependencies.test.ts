import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Glob } from "bun";

// What the service's own code loads must be its own dependency: a package reached only through another's
// dependencies (discord.js's @discordjs/rest, which src/bot/load.ts requires ahead of it) is there only while the
// installer hoists it and the other keeps needing it.

const ROOT = join(import.meta.dir, "..", "..");
const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
};

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`); undefined for a path or a builtin. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("node:"))
    return undefined;
  if (specifier === "bun" || specifier.startsWith("bun:")) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** Every package src/ imports, requires or loads on demand, with the first file that does. */
function imported(): Map<string, string> {
  const found = new Map<string, string>();
  for (const path of new Glob("**/*.ts").scanSync(join(ROOT, "src"))) {
    const text = readFileSync(join(ROOT, "src", path), "utf8");
    const specifiers = text.matchAll(
      /(?:\b(?:import|export)\b[^;"'`]*?\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*)["']([^"']+)["']/g,
    );
    for (const [, specifier] of specifiers) {
      const name = packageOf(specifier as string);
      if (name && !found.has(name)) found.set(name, path);
    }
  }
  return found;
}

test("every package src/ loads is one of package.json's dependencies", () => {
  const packages = imported();
  // The scan sees static imports, dynamic ones and requires (a broken scan would pass everything).
  expect(packages.get("discord.js")).toBeDefined();
  expect(packages.get("@discordjs/rest")).toBe("bot/load.ts");
  const undeclared = [...packages].filter(([name]) => !(name in manifest.dependencies));
  expect(undeclared).toEqual([]);
});
