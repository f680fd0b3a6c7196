import { expect, test } from "bun:test";
import { join } from "node:path";
import { compile, ROOT } from "../../.ci/compile.ts";
import { tempDir } from "../helpers/services.ts";

// A build is a function of the commit alone (.ci/compile.ts; docs/performance.md, Start and memory): neither of the
// scratch directory Bun builds in nor of the checkout's path. The idle RSS differed from one layout to another, so
// an executable that changed with either made every figure a draw of the build.

test("the service built twice, in two scratch directories, is the same executable, with no path of its checkout", async () => {
  const dir = tempDir("wls-reproducible-");
  try {
    const built: Buffer[] = [];
    // One after the other: two builds at once would only be slower on two cores.
    for (const scratch of ["one", "two"]) {
      // The same file name: Bun names the entry point's chunk after it.
      const outfile = join(dir.path, scratch, "whitelist-sync");
      await compile({ target: "host", outfile, commit: "test" });
      built.push(Buffer.from(await Bun.file(outfile).bytes()));
    }
    const [first, second] = built as [Buffer, Buffer];
    expect(first.equals(second)).toBe(true);
    // A path of the checkout in it (a CommonJS module's `__dirname`, as Bun writes it) would make another checkout
    // of the same commit build another executable.
    expect(first.includes(ROOT)).toBe(false);
  } finally {
    dir.cleanup();
  }
}, 180_000);
