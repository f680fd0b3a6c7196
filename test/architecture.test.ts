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
  dashboard: "adapter",
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

/**
 * Folders whose own folders must not import each other around a loop either: the bot's commands, buttons, modals
 * and listeners share helpers from `interaction/`, never each other; the API's resources share its `docs/`.
 * (`i18n/` does not hold yet: its catalogue's files and `messages.ts` import each other; docs/decisions.md.)
 */
const NO_LOOPS_INSIDE = ["bot", "api"];

/** The unit a file belongs to within `base`: its first folder there, or a file's name directly in it. */
function unitOf(base: string, file: string): string {
  const [first = "", second] = relative(base, file).split("/");
  return second === undefined ? first.replace(/\.ts$/, "") : `${first}/`;
}

type Import = { from: string; to: string; file: string; target: string };

/** Every import (and re-export) between units of `base`, type-only ones included: `from → to` with the files. */
function imports(base: string): Import[] {
  const found: Import[] = [];
  for (const path of new Glob("**/*.ts").scanSync(base)) {
    const file = join(base, path);
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/\b(?:import|export)\b[^;]*?\bfrom\s+["'](\.{1,2}\/[^"']+)["']/g)) {
      const target = join(dirname(file), match[1] as string);
      if (!target.startsWith(`${base}/`)) continue; // package.json, drizzle's migrations: data, not layers
      const from = unitOf(base, file);
      const to = unitOf(base, target);
      if (from !== to) found.push({ from, to, file: relative(SRC, file), target: relative(SRC, target) });
    }
  }
  return found;
}

/** The loops through a unit that `counts`: for each, the shortest way back to itself, each loop named once. */
function loops(found: Import[], counts: (unit: string) => boolean): string[] {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of found) edges.set(from, (edges.get(from) ?? new Set()).add(to));
  const cycles = new Set<string>();
  for (const start of [...edges.keys()].filter(counts)) {
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const unit = queue.shift() as string;
      for (const next of edges.get(unit) ?? []) {
        if (cameFrom.has(next)) continue;
        cameFrom.set(next, unit);
        queue.push(next);
      }
      if (cameFrom.has(start)) break;
    }
    if (!cameFrom.has(start)) continue;
    const path = [start];
    for (let at = cameFrom.get(start) as string; at !== start; at = cameFrom.get(at) as string)
      path.unshift(at);
    // The same loop found from each of its units: named from its first unit in order, so it is listed once.
    const first = path.indexOf([...path].sort()[0] as string);
    const turned = [...path.slice(first), ...path.slice(0, first)];
    cycles.add([...turned, turned[0]].join(" → "));
  }
  return [...cycles];
}

/** Top-level units are named without the slash that marks a folder (`bot`, `main`). */
const all = imports(SRC).map((found) => ({
  ...found,
  from: found.from.replace(/\/$/, ""),
  to: found.to.replace(/\/$/, ""),
}));

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
    expect(loops(all, () => true)).toEqual([]);
  });

  test.each(NO_LOOPS_INSIDE)("no folder of src/%s imports itself around a loop of others", (folder) => {
    // The files directly in the folder may import each other (a type here and there); a loop through one of its
    // folders is what makes a folder no longer a room of its own.
    expect(loops(imports(join(SRC, folder)), (unit) => unit.endsWith("/"))).toEqual([]);
  });

  test("no service or base file imports Elysia: the API builds the schemas, so a start loads it only with the API", () => {
    const wrong: string[] = [];
    for (const path of new Glob("**/*.ts").scanSync(SRC)) {
      const layer = LAYERS[unitOf(SRC, join(SRC, path)).replace(/\/$/, "")];
      if (layer !== "service" && layer !== "base") continue;
      if (/\bfrom\s+["']elysia["']/.test(readFileSync(join(SRC, path), "utf8"))) wrong.push(path);
    }
    expect(wrong).toEqual([]);
  });

  test("the check sees imports at all (a broken scan would pass everything)", () => {
    expect(all).toContainEqual({
      from: "entries",
      to: "db",
      file: "entries/service.ts",
      target: "db/writer.ts",
    });
    expect(imports(join(SRC, "bot"))).toContainEqual({
      from: "commands/",
      to: "interaction/",
      file: "bot/commands/register.ts",
      target: "bot/interaction/registering.ts",
    });
  });

  test("a loop is found, through files as well as folders", () => {
    const edge = (from: string, to: string) => ({ from, to, file: "", target: "" });
    const found = [
      edge("buttons/", "interaction/"),
      edge("interaction/", "client"),
      edge("client", "buttons/"),
    ];
    expect(loops(found, (unit) => unit.endsWith("/"))).toEqual([
      "buttons/ → interaction/ → client → buttons/",
    ]);
    expect(
      loops([edge("context", "intents"), edge("intents", "context")], (unit) => unit.endsWith("/")),
    ).toEqual([]);
    // A walk that first closes the loop without the folder must still find the one through it.
    const around = [
      edge("client", "context"),
      edge("context", "client"),
      edge("client", "modals/"),
      edge("modals/", "context"),
    ];
    expect(loops(around, (unit) => unit.endsWith("/"))).toEqual(["client → modals/ → context → client"]);
  });
});
