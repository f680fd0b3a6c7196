import { existsSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";

/** Debian's `chromium` package, driven by playwright-core (or the browser at CHROMIUM_PATH). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Whether Chromium is installed, for `describe.skipIf`: without it the suite named `what` is skipped with a note,
 * except in CI, where it fails (throws) instead.
 */
export function chromiumAvailable(what: string): boolean {
  const available = existsSync(CHROMIUM);
  if (!available && process.env.CI) {
    throw new Error(`Chromium is required in CI for ${what}: install Debian's chromium (${CHROMIUM})`);
  }
  if (!available) console.warn(`skipping ${what}: no ${CHROMIUM} (apt-get install chromium)`);
  return available;
}

const loopbackHosts = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** A headless Chromium page that may reach loopback only, and what it tried or logged beyond that. */
export type LoopbackPage = {
  browser: Browser;
  page: Page;
  /** Every request off loopback, aborted. */
  offLoopback: string[];
  /** Console errors and uncaught exceptions of the page. */
  consoleErrors: string[];
};

/** Launches headless Chromium with one page whose requests off loopback are aborted and recorded. */
export async function loopbackPage(viewport = { width: 1280, height: 900 }): Promise<LoopbackPage> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, chromiumSandbox: false });
  const page = await browser.newPage({ viewport });
  const offLoopback: string[] = [];
  const consoleErrors: string[] = [];
  await page.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === "data:" || loopbackHosts.has(url.hostname)) return route.continue();
    offLoopback.push(url.href);
    return route.abort();
  });
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(String(error)));
  return { browser, page, offLoopback, consoleErrors };
}
