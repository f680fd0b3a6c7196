import { describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { replaceWithRetry } from "../../src/sync/file.ts";
import { tempDir } from "../helpers/services.ts";

// On Windows a game server reading whitelist.json holds it open, and replacing it fails (EPERM/EBUSY/EACCES)
// until it lets go: the agent tries again, and the file is never left missing. The waits are recorded, not slept.

const heldOpen = (code: string) =>
  Object.assign(new Error(`${code}: operation not permitted, rename`), { code });

/** A real rename on a real file that fails `failures` times first with `code`, as Windows does. */
function flakyRename(failures: number, code = "EPERM") {
  let calls = 0;
  return {
    calls: () => calls,
    rename: async (from: string, to: string) => {
      calls++;
      if (calls <= failures) throw heldOpen(code);
      const { rename } = await import("node:fs/promises");
      await rename(from, to);
    },
  };
}

describe("replacing a file another program holds open", () => {
  test("on Windows: tried again while held, then replaced; the old bytes stay in place meanwhile", async () => {
    const dir = tempDir("wls-replace-");
    try {
      const file = join(dir.path, "whitelist.json");
      const temp = join(dir.path, ".whitelist.json.tmp");
      writeFileSync(file, "old");
      writeFileSync(temp, "new");
      const waits: number[] = [];
      const flaky = flakyRename(2);
      await replaceWithRetry(temp, file, {
        platform: "win32",
        rename: async (from, to) => {
          // While the game server holds it, the file still has its old bytes.
          if (flaky.calls() < 2) expect(readFileSync(to, "utf8")).toBe("old");
          await flaky.rename(from, to);
        },
        sleep: async (ms) => {
          waits.push(ms);
        },
      });
      expect(readFileSync(file, "utf8")).toBe("new");
      expect({ calls: flaky.calls(), waits }).toEqual({ calls: 3, waits: [10, 20] });
    } finally {
      dir.cleanup();
    }
  });

  test("on Windows: held for good, the error comes after the last wait (about 4 s of waits in all)", async () => {
    const waits: number[] = [];
    const attempt = replaceWithRetry("a", "b", {
      platform: "win32",
      rename: async () => {
        throw heldOpen("EBUSY");
      },
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    await expect(attempt).rejects.toThrow("EBUSY");
    expect(waits).toEqual([10, 20, 40, 80, 160, 320, 500, 750, 1000, 1000]);
  });

  test("elsewhere, or for another error, the error is thrown at once", async () => {
    for (const [platform, code] of [
      ["linux", "EACCES"],
      ["win32", "ENOENT"],
    ] as const) {
      const waits: number[] = [];
      const attempt = replaceWithRetry("a", "b", {
        platform,
        rename: async () => {
          throw heldOpen(code);
        },
        sleep: async (ms) => {
          waits.push(ms);
        },
      });
      await expect(attempt).rejects.toThrow(code);
      expect(waits).toEqual([]);
    }
  });
});
