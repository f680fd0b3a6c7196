import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { Glob } from "bun";

// The layers of src/ (docs/architecture.md): adapters turn HTTP, Discord and files into calls of the
// services, which know nothing of them, over the base (the store and shared helpers). The composition root
// wires them all. Imports go one way, and no two folders import each other, directly or around a loop.

const SRC = join(import.meta.dir, "..", "src");

/** The top-level files that wire everything (and what the command line needs before anything else). */
const ROOT = new Set(["main", "server", "duties", "jobs", "services", "config", "version"]);
/** Each folder of src/ and its layer. A new folder must be placed here. */
const LAYERS: Record<string, "adapter" | "service" | "base"> = {
  api: "adapter",
  bot: "adapter",
  realtime: "adapter",
  webhooks: "adapter",
  sandbox: "adapter",
  demo: "adapter",
  sync: "adapter",
  metrics: "adapter",
  doctor: "adapter",
  cluster: "adapter",
  link: "adapter",
  backup: "adapter",
  registration: "service",
  nicknames: "service",
  accounts: "service",
  whitelists: "service",
  entries: "service",
  formats: "service",
  keys: "service",
  guilds: "service",
  nicks: "service",
  mojang: "service",
  geyser: "service",
  health: "service",
  setup: "service",
  db: "base",
  shared: "base",
  i18n: "base",
};

/** The unit a file belongs to: its top-level folder, or a root file's name. */
function unitOf(file: string): string {
  const [first = "", second] = relative(SRC, file).split("/");
  return second === undefined ? first.replace(/\.ts$/, "") : first;
}

/** Every import (and re-export) between units of src/, type-only ones included: `from → to` with the files. */
function imports(): { from: string; to: string; file: string; target: string }[] {
  const found: { from: string; to: string; file: string; target: string }[] = [];
  for (const path of new Glob("**/*.ts").scanSync(SRC)) {
    const file = join(SRC, path);
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/\b(?:import|export)\b[^;]*?\bfrom\s+["'](\.{1,2}\/[^"']+)["']/g)) {
      const target = join(dirname(file), match[1] as string);
      if (!target.startsWith(SRC)) continue; // package.json, drizzle's migrations: data, not layers
      const from = unitOf(file);
      const to = unitOf(target);
      if (from !== to) found.push({ from, to, file: relative(SRC, file), target: relative(SRC, target) });
    }
  }
  return found;
}

const all = imports();

describe("the architecture of src/", () => {
  test("every folder has a layer", () => {
    const units = new Set(all.flatMap(({ from, to }) => [from, to]));
    expect([...units].filter((unit) => !ROOT.has(unit) && !(unit in LAYERS)).sort()).toEqual([]);
  });

  test("services and the base never import an adapter or the composition root; the base imports no service", () => {
    const allowed = (from: string, to: string) => {
      if (ROOT.has(from)) return true;
      const layer = LAYERS[from];
      if (layer === "adapter") return true;
      if (ROOT.has(to) || LAYERS[to] === "adapter") return false;
      return layer === "service" || LAYERS[to] === "base";
    };
    const wrong = all
      .filter(({ from, to }) => !allowed(from, to))
      .map(({ file, target }) => `${file} → ${target}`);
    expect(wrong).toEqual([]);
  });

  test("no folder imports itself around a loop of others", () => {
    const edges = new Map<string, Set<string>>();
    for (const { from, to } of all) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    const cycles: string[] = [];
    const visiting: string[] = [];
    const done = new Set<string>();
    const visit = (unit: string) => {
      if (done.has(unit)) return;
      const at = visiting.indexOf(unit);
      if (at !== -1) {
        cycles.push([...visiting.slice(at), unit].join(" → "));
        return;
      }
      visiting.push(unit);
      for (const next of edges.get(unit) ?? []) visit(next);
      visiting.pop();
      done.add(unit);
    };
    for (const unit of edges.keys()) visit(unit);
    expect(cycles).toEqual([]);
  });

  test("the check sees imports at all (a broken scan would pass everything)", () => {
    expect(all).toContainEqual({
      from: "entries",
      to: "db",
      file: "entries/service.ts",
      target: "db/writer.ts",
    });
  });
});
