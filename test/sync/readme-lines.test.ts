import { expect, test } from "bun:test";
import { join } from "node:path";
import { parseSyncOptions } from "../../src/sync/options.ts";
import { ROOT } from "../helpers/binary.ts";

// Every `whitelist-sync sync` line the README and docs/sync.md give a server owner is one the agent takes, as
// written: parsed by the agent's own option parser (a mistyped flag, a template with an unknown placeholder or two
// consoles at once would be refused here before a reader meets it).

const readme = (
  await Promise.all(["README.md", "docs/sync.md"].map((path) => Bun.file(join(ROOT, path)).text()))
).join("\n");

/** The README's shell lines that run the agent, continuation lines joined. */
const lines = [...readme.matchAll(/^```sh\n([\s\S]*?)^```$/gm)]
  .flatMap((match) => (match[1] as string).replaceAll("\\\n", " ").split("\n"))
  .filter((line) => /^(WLS_\w+=\S+ )*whitelist-sync sync /.test(line));

/** Words as a POSIX shell splits them: spaces, and quotes that keep them together. */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? (m[3] as string));
}

test("the README shows the agent for BDS, commands, bans and drift", () => {
  const all = lines.join("\n");
  for (const shown of [
    "--format bds",
    "--console-fifo",
    "--console-exec",
    "--on-add",
    "--ban-sync",
    "--keep-foreign",
  ]) {
    expect(all).toContain(shown);
  }
});

test.each(lines.filter((line) => !/ … | …$/.test(line.replace(/^WLS_RCON_PASSWORD=… /, ""))))(
  "%s",
  (line) => {
    const argv = words(line);
    const env: Record<string, string> = {};
    while (/^WLS_\w+=/.test(argv[0] as string)) {
      const [name] = (argv.shift() as string).split("=");
      env[name as string] = "the-password";
    }
    expect(argv.slice(0, 2)).toEqual(["whitelist-sync", "sync"]);
    // A file named for the management secret holds one (40 letters and digits); any other, a key.
    const read = (path: string) =>
      path.endsWith("management-secret") ? `${"A".repeat(40)}\n` : "wls_a-key-from-a-file\n";
    expect(() => parseSyncOptions(argv.slice(2), env, read)).not.toThrow();
  },
);
