/**
 * Benchmark: the dashboard's two promises (docs/dashboard.md).
 *
 * 1. **Unused, it costs almost nothing.** Three child processes each load the service's composition root
 *    (`src/server.ts`), then: nothing more ("without"), the dashboard as the API holds it before its first request
 *    ("lazy": `lazyDashboard`'s closure), or also its pages ("loaded", what the first request imports). Each prints
 *    its RSS after a full collection; the median of `--runs` is shown. The figure: lazy − without (target ≤ 5 MB);
 *    loaded − without is what loading it eagerly would cost every service.
 * 2. **An entries page of a 100,000-entry whitelist is fast at any depth.** In this process, a SQLite store (a
 *    temporary file, the service's settings) with one whitelist of `--entries` entries; the entries page's handler
 *    (`entriesPage`: the keyset query, the rendering, the whole HTML read) is timed for `--pages` pages at random
 *    depths, a third of them with a nick prefix or a filter, as p50/p99 ms of server time. The baseline, measured
 *    in the same run at the same depths: the same page's rows read with LIMIT/OFFSET, the usual way to page, whose
 *    cost grows with the depth. "ratio" is offset ÷ keyset for the query alone.
 *
 * How to read it: the load average is printed first; neighbours on a shared machine move every column, the ratio
 * least.
 *
 * Usage: bun bench/dashboard.ts [--entries 100000] [--pages 300] [--runs 3]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { asc, eq } from "drizzle-orm";
import { accessOf } from "../src/dashboard/access.ts";
import type { Kit, ServerView, SignedIn } from "../src/dashboard/context.ts";
import { entriesPage } from "../src/dashboard/pages/entries.ts";
import { closeDatabase } from "../src/db/client.ts";
import { createEntryBrowser } from "../src/entries/browse.ts";
import { wordsFor } from "../src/i18n/words.ts";
import { openServices } from "../src/services.ts";
import { systemClock } from "../src/shared/clock.ts";
import { silentLogger } from "../src/shared/logger.ts";
import { seedLargeWhitelist } from "./large-whitelist.ts";
import { fixed, grouped, median, quantile, table } from "./lib.ts";

const { values } = parseArgs({
  options: {
    entries: { type: "string", default: "100000" },
    pages: { type: "string", default: "300" },
    runs: { type: "string", default: "3" },
  },
});
const ENTRIES = Number(values.entries);
const PAGES = Number(values.pages);
const RUNS = Number(values.runs);
const GUILD = "100000000000000001";
const USER = "300000000000000001";
const MB = 1024 * 1024;

console.log(
  `load average: ${loadavg()
    .map((load) => fixed(load, 2))
    .join(" ")}`,
);

async function rssOf(mode: string): Promise<number> {
  const child = Bun.spawn([process.execPath, join(import.meta.dir, "dashboard", "memory.ts"), mode], {
    stdout: "pipe",
    stderr: "inherit",
  });
  const out = await new Response(child.stdout).text();
  if ((await child.exited) !== 0) throw new Error(`the ${mode} child failed`);
  return Number(out.trim());
}

const rss: Record<string, number[]> = { without: [], lazy: [], loaded: [] };
for (let run = 0; run < RUNS; run++) {
  for (const mode of Object.keys(rss)) rss[mode]?.push(await rssOf(mode));
}
const without = median(rss.without ?? []);
const lazy = median(rss.lazy ?? []);
const loaded = median(rss.loaded ?? []);
console.log(`\nIdle memory (RSS, median of ${RUNS}):`);
console.log(
  table([
    ["", "RSS MB", "vs without"],
    ["without the dashboard", fixed(without / MB), "—"],
    ["dashboard on, unused (lazy)", fixed(lazy / MB), `${fixed((lazy - without) / MB)} MB`],
    ["dashboard's pages loaded", fixed(loaded / MB), `${fixed((loaded - without) / MB)} MB`],
  ]),
);

const dir = mkdtempSync(join(tmpdir(), "wls-bench-dashboard-"));
try {
  const services = openServices({ path: join(dir, "bench.db"), clock: systemClock, logger: silentLogger });
  const whitelist = await seedLargeWhitelist(services, {
    guildId: GUILD,
    userId: USER,
    name: "large",
    entries: ENTRIES,
  });
  const { db, tables } = services.store;
  const keys = (
    await db
      .select({ key: tables.entries.nickKey })
      .from(tables.entries)
      .where(eq(tables.entries.whitelistId, whitelist.id))
      .orderBy(asc(tables.entries.nickKey))
  ).map((row) => row.key);

  const member = { userId: USER, roleIds: [], canManageGuild: true };
  const access = accessOf(member, [whitelist]);
  const server: ServerView = {
    guildId: GUILD,
    name: "Bench",
    member,
    access,
    whitelists: [whitelist],
    visible: [whitelist],
    nav: { id: GUILD, name: "Bench", tabs: [] },
    may: () => true,
  };
  const viewer: SignedIn = {
    words: wordsFor("en"),
    session: {
      idHash: "x",
      userId: USER,
      userName: "bench",
      locale: null,
      guilds: [],
      guildsAt: 0,
      csrf: "csrf-token-of-the-bench",
      expiresAt: Number.MAX_SAFE_INTEGER,
    },
  };
  const kit = {
    deps: { services, members: { names: () => new Map() } },
    entries: createEntryBrowser(services.store),
  } as unknown as Kit;

  // The same depths for both, drawn once; every third page also narrows (a prefix, a filter, a kind).
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const depths = Array.from({ length: PAGES }, () => Math.floor(random() * (keys.length - 50)));
  const queries = depths.map((depth, index): Record<string, string> => {
    const after: Record<string, string> = depth === 0 ? {} : { after: keys[depth - 1] as string };
    if (index % 3 === 1) return { q: "player_1", ...after };
    if (index % 3 === 2) return { kind: "premium", ...after };
    return after;
  });
  for (const query of queries.slice(0, 20))
    await (await entriesPage(kit, viewer, server, whitelist.id, query)).text();

  const pageMs: number[] = [];
  const keysetMs: number[] = [];
  const offsetMs: number[] = [];
  for (const [index, query] of queries.entries()) {
    let start = performance.now();
    await (await entriesPage(kit, viewer, server, whitelist.id, query)).text();
    pageMs.push(performance.now() - start);

    start = performance.now();
    await kit.entries.page({
      whitelistId: whitelist.id,
      prefix: "",
      filter: "all",
      kind: "any",
      after: index === 0 ? null : (keys[(depths[index] ?? 1) - 1] ?? null),
      limit: 50,
    });
    keysetMs.push(performance.now() - start);

    start = performance.now();
    await db
      .select()
      .from(tables.entries)
      .where(eq(tables.entries.whitelistId, whitelist.id))
      .orderBy(asc(tables.entries.nickKey))
      .limit(51)
      .offset(depths[index] ?? 0);
    offsetMs.push(performance.now() - start);
  }
  console.log(
    `\nEntries page of a ${grouped(keys.length)}-entry whitelist, ${PAGES} pages at random depths:`,
  );
  console.log(
    table([
      ["", "p50 ms", "p99 ms"],
      ["whole page (keyset, rendered)", fixed(quantile(pageMs, 0.5), 2), fixed(quantile(pageMs, 0.99), 2)],
      [
        "its query: keyset (after a nick key)",
        fixed(quantile(keysetMs, 0.5), 2),
        fixed(quantile(keysetMs, 0.99), 2),
      ],
      ["baseline query: LIMIT/OFFSET", fixed(quantile(offsetMs, 0.5), 2), fixed(quantile(offsetMs, 0.99), 2)],
    ]),
  );
  console.log(
    `ratio offset ÷ keyset (query p50): ${fixed(quantile(offsetMs, 0.5) / quantile(keysetMs, 0.5), 1)}×; ` +
      `page p99 target < 50 ms`,
  );
  closeDatabase(services.db);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
