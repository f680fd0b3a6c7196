import { expect, test } from "bun:test";
import { join } from "node:path";
import { ConfigSchema } from "../../src/config.ts";
import { runToEnd } from "../helpers/run.ts";

// The configuration table (docs/configuration.md, linked from the README's Configuration), `whitelist-sync --help`
// and the configuration schema must name the same settings, in the same order, with the same defaults: a setting
// added, renamed or re-defaulted in one place only fails here. The compiled binary's help when CI built one (WLS_BINARY), otherwise the sources'.

const ROOT = join(import.meta.dir, "..", "..");

/** The settings as the schema has them: name → default as text, or null when there is none. */
const fromSchema = Object.entries(ConfigSchema.properties).map(([name, schema]) => ({
  name,
  default: "default" in schema ? String(schema.default) : null,
}));

/** The rows of docs/configuration.md's table: `| \`NAME\` | default | meaning |`. */
async function fromDocs() {
  const table = await Bun.file(join(ROOT, "docs", "configuration.md")).text();
  return [...table.matchAll(/^\| `([A-Z_]+)` +\| ([^|]+?) +\|/gm)].map((row) => {
    const cell = (row[2] as string).trim();
    return { name: row[1] as string, default: cell === "—" ? null : cell.replace(/^`|`$/g, "") };
  });
}

/** The settings `--help` lists: `  NAME  description (default <JSON>)`. */
async function fromHelp() {
  const command = process.env.WLS_BINARY
    ? [process.env.WLS_BINARY, "--help"]
    : [process.execPath, join(ROOT, "src", "main.ts"), "--help"];
  const { code, stdout: help } = await runToEnd(command, { env: { PATH: process.env.PATH ?? "" } });
  expect(code).toBe(0);
  return [...help.matchAll(/^ {2}([A-Z][A-Z_]+) +(.*)$/gm)].map((line) => {
    const fallback = / \(default (.+)\)$/.exec(line[2] as string)?.[1];
    return { name: line[1] as string, default: fallback === undefined ? null : String(JSON.parse(fallback)) };
  });
}

test("the configuration table (docs/configuration.md) lists every setting of the schema, in order, with its default", async () => {
  expect(await fromDocs()).toEqual(fromSchema);
});

test("--help lists every setting of the schema, in order, with its default", async () => {
  expect(await fromHelp()).toEqual(fromSchema);
});
