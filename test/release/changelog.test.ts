import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { bumped, releaseChangelog } from "../../.ci/changelog.ts";
import { ROOT } from "../helpers/binary.ts";

test("a bump raises the version by Semantic Versioning, or takes one given", () => {
  expect(["patch", "minor", "major", "1.4.2"].map((bump) => bumped("0.1.9", bump))).toEqual([
    "0.1.10",
    "0.2.0",
    "1.0.0",
    "1.4.2",
  ]);
  expect(() => bumped("0.1.0", "bigger")).toThrow("--bump takes patch, minor, major or a version X.Y.Z");
});

test("CHANGELOG.md starts at 0.1.0 with an Unreleased section, which a release dates under its version", () => {
  const changelog = readFileSync(join(ROOT, "CHANGELOG.md"), "utf8");
  expect(changelog).toContain("## [Unreleased]");
  expect(changelog).toMatch(/^## \[0\.1\.0\] - \d{4}-\d\d-\d\d$/m);
  const released = releaseChangelog(changelog, "0.2.0", "2026-12-01");
  const headings = released.split("\n").filter((line) => line.startsWith("## "));
  expect(headings).toEqual([
    "## [Unreleased]",
    "## [0.2.0] - 2026-12-01",
    expect.stringMatching(/^## \[0\.1\.0\]/),
  ]);
  expect(() => releaseChangelog(released, "0.2.0", "2026-12-02")).toThrow("already has a section for 0.2.0");
});
