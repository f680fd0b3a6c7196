import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { tempDir } from "../helpers/services.ts";

// A start loads what it runs, and the rest when it is first needed (docs/performance.md, Start and memory). Each
// start is a process of its own: this one's module registry holds what other tests imported.
const HELPER = join(import.meta.dir, "loaded.ts");
const dir = tempDir();
afterAll(() => dir.cleanup());

async function start(
  settings: Record<string, string>,
): Promise<{ loaded: string[]; linkPort: number | null }> {
  const child = Bun.spawn([process.execPath, HELPER, JSON.stringify(settings)], {
    env: { PATH: process.env.PATH ?? "", HOME: dir.path },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [code, out, err] = await Promise.all([
    child.exited,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  expect({ code, err }).toEqual({ code: 0, err: "" });
  return JSON.parse(out.trim().split("\n").at(-1) ?? "");
}

describe("a start", () => {
  test("without LINK_PORT loads neither the link endpoint nor the languages' texts", async () => {
    const started = await start({ DATABASE_PATH: join(dir.path, "off.db") });
    expect(started).toEqual({ loaded: [], linkPort: null });
  });

  test("with LINK_PORT loads the link endpoint, which listens", async () => {
    const started = await start({ DATABASE_PATH: join(dir.path, "on.db"), LINK_PORT: "0" });
    expect(started.loaded).toEqual(["link/index.ts", "i18n/catalogues.ts"]);
    expect(started.linkPort).toBeGreaterThan(0);
  });
});
