import { expect, test } from "bun:test";
import { cpSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { currentCommit, hostTarget } from "../../.ci/compile.ts";
import { VERSION } from "../../src/version.ts";
import { ROOT } from "../helpers/binary.ts";
import { TEST_TIMEOUT_MS } from "../helpers/floors.ts";
import { runToEnd } from "../helpers/run.ts";
import { tempDir } from "../helpers/services.ts";

// The container image's `--version` said "commit unknown" (issue 30): its build context has no .git. No container
// engine runs here, so the Containerfile's build stage is replayed in a directory outside any git repository:
// its COPY lines, then its build RUN line with the COMMIT build argument, as `podman build --build-arg` sets it.

const containerfile = readFileSync(join(ROOT, "Containerfile"), "utf8");
/** The build stage: from its FROM to the next one. */
const buildStage = containerfile.slice(
  containerfile.indexOf("FROM "),
  containerfile.indexOf("FROM ", containerfile.indexOf("FROM ") + 1),
);

test("WLS_COMMIT, when set, is the commit built (a container build has no git to ask)", () => {
  expect(currentCommit({ WLS_COMMIT: "0123456789ab" })).toBe("0123456789ab");
  expect(currentCommit({ WLS_COMMIT: "  " })).toMatch(/^([0-9a-f]{12}(\+dirty)?|unknown)$/);
});

// The build is the slow step (25 s at a load of 16, 2026-12-07): the suite's limit, given here as well, since Bun
// puts its own 5 s back for every file of a `bun test a b` but the first (docs/architecture.md, Time limits).
test(
  "the Containerfile's build stage, run outside git with COMMIT given, embeds that commit",
  async () => {
    expect(buildStage).toContain("ARG COMMIT=unknown\n");
    const runLine = /^RUN (.*bun run build.*)$/m.exec(buildStage)?.[1] as string;
    expect(runLine).toContain('WLS_COMMIT="$COMMIT"');
    const dir = tempDir("wls-container-");
    try {
      // The files its COPY lines bring in (`bun install` replaced by the clone's node_modules: no network here).
      const copied = [...buildStage.matchAll(/^COPY (.+) (\S+)$/gm)].flatMap((m) =>
        (m[1] as string).split(" "),
      );
      expect(copied).toEqual(
        expect.arrayContaining(["package.json", "src", ".ci/compile.ts", ".ci/bytecode-order", "drizzle"]),
      );
      for (const path of copied) cpSync(join(ROOT, path), join(dir.path, path), { recursive: true });
      symlinkSync(join(ROOT, "node_modules"), join(dir.path, "node_modules"));
      const {
        code,
        stdout: out,
        stderr: err,
      } = await runToEnd(["sh", "-c", runLine], {
        cwd: dir.path,
        env: { PATH: process.env.PATH ?? "", HOME: dir.path, COMMIT: "0123456789ab" },
      });
      expect({ code, err: code === 0 ? "" : err }).toEqual({ code: 0, err: "" });
      expect(out).toContain(`${VERSION} (commit 0123456789ab, ${hostTarget()})`);
    } finally {
      dir.cleanup();
    }
  },
  TEST_TIMEOUT_MS,
);
