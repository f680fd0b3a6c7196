import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { cleanEnv, compiledBinary, linesOf, ROOT } from "../helpers/binary.ts";
import { chromiumAvailable, loopbackPage } from "../helpers/chromium.ts";
import { tempDir } from "../helpers/services.ts";

/**
 * Swagger UI as a person meets it: the compiled binary's demo, its /swagger page in headless Chromium
 * (Debian's `chromium` package, driven by playwright-core). Nothing the page asks for may leave loopback.
 */

const SCREENSHOT = join(ROOT, "dist", "swagger-ui.png");
const available = chromiumAvailable("the Swagger UI browser test");

let demo: Bun.Subprocess<"ignore", "pipe", "pipe"> | undefined;
let dir: { path: string; cleanup(): void } | undefined;
let browser: Browser | undefined;
let page: Page;
let docsUrl = "";
let key = "";
let offLoopback: string[] = [];
let consoleErrors: string[] = [];
const failedRequests: string[] = [];

beforeAll(async () => {
  if (!available) return;
  const binary = await compiledBinary();
  dir = tempDir("wls-swagger-ui-");
  demo = Bun.spawn([binary, "demo"], {
    cwd: dir.path,
    env: cleanEnv({ HOST: "127.0.0.1", PORT: "0", SANDBOX_PORT: "0" }),
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  // The demo prints the lines scripts rely on; read until the key and the docs URL are known.
  const lines = linesOf(demo.stdout);
  while (!docsUrl || !key) {
    const next = await lines.next();
    if (next.done) throw new Error(`the demo exited early:\n${await new Response(demo.stderr).text()}`);
    key ||= /^API key: (\S+)$/.exec(next.value)?.[1] ?? "";
    docsUrl ||= /^Docs: (\S+)$/.exec(next.value)?.[1] ?? "";
  }
  void (async () => {
    for await (const _ of lines); // keep draining, so the demo never blocks on a full pipe
  })();

  ({ browser, page, offLoopback, consoleErrors } = await loopbackPage());
  page.on("response", (response) => {
    // The 401 an unauthorized call answers is expected; the page's own resources must all load.
    if (response.status() >= 400 && !response.url().includes("/api/")) failedRequests.push(response.url());
  });
});

afterAll(async () => {
  await browser?.close();
  demo?.kill(9);
  await demo?.exited;
  dir?.cleanup();
});

/** The block of one operation, as Swagger UI ids it: `operations-<tag>-<operationId>`. */
const operation = (tag: string, operationId: string) => page.locator(`#operations-${tag}-${operationId}`);

describe.skipIf(!available)("Swagger UI in headless Chromium, served by the compiled binary", () => {
  test("renders every operation from the binary's own assets", async () => {
    await page.goto(docsUrl, { waitUntil: "networkidle" });
    await page.locator(".opblock").first().waitFor();
    const ids = await page
      .locator(".opblock")
      .evaluateAll((blocks) => blocks.map((block) => block.id).filter(Boolean));
    expect(ids).toEqual(
      expect.arrayContaining([
        "operations-Whitelists-listWhitelists",
        "operations-Entries-getEntries",
        "operations-Entries-deleteEntry",
        "operations-Events-listEvents",
        "operations-Events-subscribe",
      ]),
    );
    // The document resolved: no "Resolver error" banner for a broken $ref.
    expect(await page.locator(".errors-wrapper").count()).toBe(0);
    // Swagger UI's default sends the document's URL to validator.swagger.io once it is not on loopback.
    const validatorUrl = await page.evaluate(
      () =>
        (globalThis as unknown as { ui: { getConfigs(): { validatorUrl: unknown } } }).ui.getConfigs()
          .validatorUrl,
    );
    expect(validatorUrl).toBe("none");
  });

  test("a problem response shows the Problem's fields, not a placeholder", async () => {
    const block = operation("Whitelists", "listWhitelists");
    await block.locator(".opblock-summary").click();
    const unauthorized = block.locator('tr.response[data-code="401"]');
    await unauthorized.waitFor();
    const example = (await unauthorized.locator(".highlight-code, .example").first().textContent()) ?? "";
    expect(JSON.parse(example)).toEqual({
      type: "urn:whitelist-sync:problem:unauthorized",
      title: "Unauthorized",
      status: 401,
      detail: expect.any(String),
    });
  });

  test("Authorize with the demo's key, then Try it out on GET /whitelists answers 200", async () => {
    await page.locator(".auth-wrapper button.authorize").click();
    const dialog = page.locator(".dialog-ux");
    await dialog.locator("input").first().fill(key);
    await dialog.locator("button.authorize[type=submit]").click();
    await dialog.locator("button.btn-done, button.close-modal").first().click();

    const block = operation("Whitelists", "listWhitelists");
    await block.locator("button.try-out__btn").click();
    await block.locator("button.execute").click();
    const status = block.locator(".live-responses-table .response .response-col_status").first();
    await status.waitFor();
    expect(((await status.textContent()) ?? "").trim()).toBe("200");
    const body =
      (await block
        .locator(".live-responses-table .response-col_description .microlight")
        .first()
        .textContent()) ?? "";
    expect((JSON.parse(body) as { name: string }[]).map((whitelist) => whitelist.name)).toContain("survival");

    mkdirSync(join(ROOT, "dist"), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(existsSync(SCREENSHOT)).toBe(true);
  });

  test("nothing left loopback, nothing failed to load, and the console has no error", () => {
    expect({ offLoopback, failedRequests, consoleErrors }).toEqual({
      offLoopback: [],
      failedRequests: [],
      consoleErrors: [],
    });
  });
});
