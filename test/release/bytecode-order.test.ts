import { expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { compile } from "../../.ci/compile.ts";
import { runToEnd } from "../helpers/run.ts";
import { tempDir } from "../helpers/services.ts";

// The bytecode-order profile is a build input (.ci/compile.ts, BYTECODE_ORDER; docs/performance.md, Start and
// memory): a build must not depend on it being current, nor on it being there. A small program stands in for the
// service, built as the service is, its profile recorded as `bun run build:profile` records the service's.

const WORDS =
  "function words(text: string): string[] { return text.split(/\\s+/).filter((word) => word.length > 0); }";
const REPORT = 'import { bytecodeOrderStats } from "bun:jsc";';
/** The program as it was when its profile was recorded. */
const OLDER = `${REPORT}\n${WORDS}\nconsole.log(JSON.stringify({ count: words("a bb c").length, stats: bytecodeOrderStats() }));\n`;
/** The program since: a function the profile does not know. */
const NEWER = `${REPORT}\n${WORDS}
function longest(list: string[]): string { return list.reduce((a, b) => (b.length > a.length ? b : a), ""); }
const list = words("a bb c");
console.log(JSON.stringify({ count: list.length, longest: longest(list), stats: bytecodeOrderStats() }));\n`;

type Stats = { hot: number; cold: number; unknown: number } | null;

/** Builds `source` as the service is built, with `bytecodeOrder`, and runs it: what it printed. */
async function buildAndRun(
  dir: string,
  name: string,
  source: string,
  bytecodeOrder: string | null,
  env = {},
) {
  const entry = join(dir, `${name}.ts`);
  writeFileSync(entry, source);
  const outfile = join(dir, name);
  await compile({ target: "host", outfile, commit: "test", entry, bytecodeOrder });
  const { code, stdout, stderr } = await runToEnd([outfile], {
    env: { PATH: process.env.PATH ?? "", ...env },
  });
  expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
  return JSON.parse(stdout) as { count: number; longest?: string; stats: Stats };
}

test("a profile recorded from older code still builds, and lays out what it knows; a missing one builds without", async () => {
  const dir = tempDir("wls-bytecode-order-");
  try {
    const profile = join(dir.path, "older.order");
    const older = await buildAndRun(dir.path, "older", OLDER, null, { BUN_BYTECODE_ORDER_OUT: profile });
    expect(older).toEqual({ count: 3, stats: null });

    const stale = await buildAndRun(dir.path, "stale", NEWER, profile);
    expect({ count: stale.count, longest: stale.longest }).toEqual({ count: 3, longest: "bb" });
    // What the older run used comes from the profile's part; the new function from the rest.
    expect(stale.stats?.hot).toBeGreaterThan(0);
    expect((stale.stats?.cold ?? 0) + (stale.stats?.unknown ?? 0)).toBeGreaterThan(0);

    const missing = await buildAndRun(dir.path, "missing", NEWER, join(dir.path, "none.order"));
    expect(missing).toEqual({ count: 3, longest: "bb", stats: null });
  } finally {
    dir.cleanup();
  }
}, 120_000);
