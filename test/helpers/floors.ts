/**
 * The two floors of the tests (docs/architecture.md, "Testing"; run by .ci/test.ts):
 * - `bun run test`, the quick floor: every in-process suite, on SQLite, in parallel worker processes;
 * - `bun run test:full`, what CI runs: also every `*.full.test.ts` file (the compiled binary, PostgreSQL-only
 *   suites, Chromium, Node's Minecraft client, Debian's tools, load runs) and the PostgreSQL copies of the service
 *   suites (`forEachStore`), on one PostgreSQL server and one binary build for the whole run.
 */

/** The environment variable the runner sets to `full` for the full floor. */
export const FLOOR_ENV = "WLS_TEST_FLOOR";

/** The file names of the full floor's own files; the quick floor leaves them out. */
export const FULL_FILES = "**/*.full.test.ts";

/** Whether this test process runs the full floor (`bun run test:full`). */
export const fullFloor = (): boolean => process.env[FLOOR_ENV] === "full";

/**
 * The volume of a load run: `quick` in the quick floor, enough to exercise the rule (several batches, pages or
 * rounds), and `full` in the full floor, the scale the rule is for. Put the figure in the test's name.
 */
export const atScale = (quick: number, full: number): number => (fullFloor() ? full : quick);

/**
 * The time limit of every test and hook that sets none of its own, from the slowest tests measured with the machine
 * busy: in the full floor beside two CPU hogs, on a machine other work already kept at a load of 14, paging through
 * 1,503 entries on PostgreSQL took 96 s and 200 socket resumes 92 s (15 s and 54 s at a load of 14 without the
 * hogs). Nearly twice that: a hung test still gives its worker back within the full floor's budget. Applied by the
 * runner's `--timeout` (every file of a run) and by test/setup.ts (a file run alone): bunfig.toml's `[test]` section
 * has no `timeout` key in Bun 1.4.4, which ignores it without a word.
 */
export const TEST_TIMEOUT_MS = 180_000;
