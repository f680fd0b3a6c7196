import { afterEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { scriptLines } from "../../../src/shared/script-lines.ts";
import { IDS, lineValue, startWorld, type World } from "../../bot/world.ts";
import { cleanEnv, linesOf, ROOT } from "../../helpers/binary.ts";
import { chromiumAvailable, type LoopbackPage, loopbackPage } from "../../helpers/chromium.ts";

/**
 * docs/examples/web-page as an integrator runs it: its server (a child `bun server.ts`) holding a read-only key
 * made with `/server-link create`, against the real service and the sandbox Discord, and its page in headless
 * Chromium. The page lists the whitelist, follows registrations and removals made on Discord, and nothing it
 * loads, sends or receives holds the key.
 */

const EXAMPLE = join(ROOT, "docs", "examples", "web-page", "server.ts");
const available = chromiumAvailable("the web page example's browser test");

let world: World | undefined;
let relay: Bun.Subprocess<"ignore", "pipe", "pipe"> | undefined;
let chromium: LoopbackPage | undefined;

afterEach(async () => {
  await chromium?.browser.close();
  relay?.kill();
  await relay?.exited;
  await world?.stop();
  [chromium, relay, world] = [undefined, undefined, undefined];
});

/** Starts the example's server with `env`; resolves with the page's address once it serves it. */
async function startRelay(env: Record<string, string>): Promise<{ url: string; output: string[] }> {
  relay = Bun.spawn([process.execPath, EXAMPLE], {
    env: cleanEnv({ PORT: "0", ...env }),
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const output: string[] = [];
  const lines = linesOf(relay.stdout);
  const first = await lines.next();
  const url = /^Serving the whitelist page at (\S+)$/.exec(first.done ? "" : first.value)?.[1];
  if (!url) throw new Error(`the example did not start:\n${await new Response(relay.stderr).text()}`);
  output.push(first.value as string);
  void (async () => {
    for await (const line of lines) output.push(line);
  })();
  return { url, output };
}

/** The nicks the page lists, once they are `expected` (in the page's order). */
async function listed(page: LoopbackPage["page"], expected: string[]): Promise<string[]> {
  // A string, evaluated in the page (this file is not compiled with the DOM's types).
  const shown = 'JSON.stringify([...document.querySelectorAll("#players li")].map((li) => li.textContent))';
  await page.waitForFunction(`${shown} === ${JSON.stringify(JSON.stringify(expected))}`, null, {
    timeout: 10_000,
  });
  return page.locator("#players li").allTextContents();
}

describe.skipIf(!available)("docs/examples/web-page in headless Chromium", () => {
  test("lists the whitelist, follows Discord live, and the key never reaches the page", async () => {
    world = await startWorld();
    const survival = await world.whitelist();
    await world.whitelist({ name: "creative", channelId: IDS.general, nickType: "offline" });
    await world.command(IDS.alice, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "Notch" },
    });
    const created = await world.command(IDS.owner, "server-link", {
      subcommand: "create",
      options: { name: "web-page", "may-remove": false },
    });
    const key = lineValue(created, scriptLines.key);
    const { url, output } = await startRelay({
      WLS_API: world.apiUrl,
      WLS_KEY: key,
      WLS_WHITELIST: survival.id,
    });

    chromium = await loopbackPage({ width: 800, height: 600 });
    const { page } = chromium;
    const requests: string[] = [];
    const bodies: string[] = [];
    page.on("request", async (request) => {
      requests.push(`${request.method()} ${request.url()} ${JSON.stringify(await request.allHeaders())}`);
    });
    page.on("response", async (response) => {
      // The event stream never ends: its messages are read from the DevTools protocol below.
      if (response.headers()["content-type"]?.startsWith("text/event-stream")) return;
      bodies.push(await response.text());
    });
    const streamed: { eventName: string; data: string }[] = [];
    const devtools = await page.context().newCDPSession(page);
    await devtools.send("Network.enable");
    devtools.on("Network.eventSourceMessageReceived", ({ eventName, data }) => {
      streamed.push({ eventName, data });
    });

    await page.goto(url);
    const before = await listed(page, ["Notch"]);
    // Another whitelist's registration reaches the key (it is guild-wide) but not the page; then survival's does.
    await world.command(IDS.carol, "register", {
      channelId: IDS.general,
      options: { nick: "Builder", whitelist: "creative" },
    });
    await world.command(IDS.carol, "register", { channelId: IDS.survivalChannel, options: { nick: "jeb_" } });
    const added = await listed(page, ["jeb_", "Notch"]);
    await world.command(IDS.alice, "unregister", {
      channelId: IDS.survivalChannel,
      options: { nick: "Notch" },
    });
    const removed = await listed(page, ["jeb_"]);
    const html = await page.content();

    expect({
      before,
      added,
      removed,
      count: await page.locator("#count").textContent(),
      changes: streamed.filter((message) => message.eventName !== "snapshot"),
      lastSnapshot: streamed.filter((message) => message.eventName === "snapshot").at(-1)?.data,
      // Only the page's own server is asked: never the API.
      elsewhere: requests.filter((request) => !request.split(" ")[1]?.startsWith(url)),
      offLoopback: chromium.offLoopback,
      consoleErrors: chromium.consoleErrors,
    }).toEqual({
      before: ["Notch"],
      added: ["jeb_", "Notch"],
      removed: ["jeb_"],
      count: "1",
      changes: [
        { eventName: "added", data: '"jeb_"' },
        { eventName: "removed", data: '"Notch"' },
      ],
      lastSnapshot: '["Notch"]',
      elsewhere: [],
      offLoopback: [],
      consoleErrors: [],
    });
    const seen = [html, ...requests, ...bodies, ...streamed.map((message) => message.data), ...output];
    expect(bodies.length).toBeGreaterThan(0);
    expect(seen.filter((text) => text.includes(key) || text.includes(key.slice(4)))).toEqual([]);
  });

  test("a page cannot call the API itself: no CORS headers, so Chromium refuses the answer; nor open the socket", async () => {
    world = await startWorld();
    const key = await world.key();
    // Any page of another origin than the API's: the example's own.
    const { url } = await startRelay({ WLS_API: world.apiUrl, WLS_KEY: key, WLS_WHITELIST: "none" });
    chromium = await loopbackPage({ width: 800, height: 600 });
    const { page } = chromium;
    await page.goto(url);
    const outcome = await page.evaluate(
      async ([api, auth]) => {
        try {
          const response = await fetch(`${api}/whitelists`, { headers: { authorization: auth } });
          return `answered ${response.status}`;
        } catch (error) {
          return String(error);
        }
      },
      [world.apiUrl, `Bearer ${key}`] as const,
    );
    // A browser's WebSocket is outside CORS, but it cannot send the Authorization header the API asks for.
    const socket = await page.evaluate(
      (api) =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(`${api.replace(/^http/, "ws")}/ws`);
          ws.onopen = () => resolve("open");
          ws.onerror = () => resolve("refused");
        }),
      world.apiUrl,
    );
    expect({
      outcome,
      socket,
      console: chromium.consoleErrors.some((line) => line.includes("CORS policy")),
    }).toEqual({ outcome: "TypeError: Failed to fetch", socket: "refused", console: true });
  });
});
