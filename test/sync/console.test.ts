import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { openConsole } from "../../src/sync/console.ts";
import { tempDir } from "../helpers/services.ts";

// The console as a program (`--console-exec`), run by the real /bin/sh: the command reaches it in $WLS_COMMAND
// and is never part of the shell's own text, so nothing in it runs.

let dir: ReturnType<typeof tempDir>;
afterEach(() => dir?.cleanup());

describe.skipIf(process.platform === "win32")("--console-exec", () => {
  test("hostile text stays text: quotes, $( ), backquotes, ; and && reach the program as one argument", async () => {
    dir = tempDir("wls-exec-");
    const log = join(dir.path, "typed");
    const console = openConsole({ kind: "exec", command: `printf '%s\\n' "$WLS_COMMAND" >> '${log}'` });
    const hostile = `say "; touch ${dir.path}/a; $(touch ${dir.path}/b) \`touch ${dir.path}/c\` && touch ${dir.path}/d`;
    expect(await console.send("allowlist reload")).toBeNull();
    await console.send(hostile);
    expect(readFileSync(log, "utf8")).toBe(`allowlist reload\n${hostile}\n`);
    expect(["a", "b", "c", "d"].filter((name) => existsSync(join(dir.path, name)))).toEqual([]);
  });

  test("a program that fails is a failure to retry, with the last line it wrote", async () => {
    const console = openConsole({ kind: "exec", command: "echo 'no server running on bds' >&2; exit 3" });
    expect(console.label).toBe("`echo 'no server running on bds' >&2; exit 3`");
    await expect(console.send("allowlist reload")).rejects.toThrow(
      "`echo 'no server running on bds' >&2; exit 3` exited with 3: no server running on bds",
    );
  });
});
