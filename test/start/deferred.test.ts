import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { runToEnd } from "../helpers/run.ts";
import { tempDir } from "../helpers/services.ts";

// A start loads what it runs, and the rest when it is first needed (docs/performance.md, Start and memory). Each
// start is a process of its own: this one's module registry holds what other tests imported.
const HELPER = join(import.meta.dir, "loaded.ts");
const dir = tempDir();
afterAll(() => dir.cleanup());

type Started = {
  loaded: string[];
  linkPort: number | null;
  docs?: { statuses: number[]; same: boolean; openapi: unknown; loaded: string[] };
  first?: { health: number; loaded: string[]; answers: string[]; after: string[] };
  yaml?: { rendered: string; loaded: string[]; read: string[]; after: string[] };
};

/** Runs `script` in a fresh process (a module registry of its own): what it printed last, as JSON, once it exits 0. */
async function inChild<T>(script: string, ...args: string[]): Promise<T> {
  const { code, stdout, stderr } = await runToEnd([process.execPath, script, ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: dir.path },
  });
  expect({ code, err: stderr }).toEqual({ code: 0, err: "" });
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "");
}

const start = (settings: Record<string, string>, ...then: string[]): Promise<Started> =>
  inChild<Started>(HELPER, JSON.stringify(settings), ...then);

describe("a start", () => {
  test("without LINK_PORT loads neither the link endpoint nor the languages' texts, nor the API's app (Elysia, TypeBox), nor the OpenAPI document's code, nor on SQLite the PostgreSQL store, nor the YAML library", async () => {
    const started = await start({ DATABASE_PATH: join(dir.path, "off.db") });
    expect(started).toEqual({ loaded: [], linkPort: null });
  });

  test("builds the OpenAPI document at its first request; two at once get the same", async () => {
    const started = await start({ DATABASE_PATH: join(dir.path, "docs.db") }, "docs");
    expect(started.loaded).toEqual([]);
    expect(started.docs).toEqual({
      statuses: [200, 200],
      same: true,
      openapi: "3.1.0",
      loaded: ["api/app.ts", "api/docs/document.ts", "elysia", "@sinclair/typebox"],
    });
  });

  test("answers /health without the app, and builds it at the first request that needs it; three at once get their own answers", async () => {
    const started = await start({ DATABASE_PATH: join(dir.path, "first.db") }, "first");
    expect(started.loaded).toEqual([]);
    const problem = (kind: string) => `urn:whitelist-sync:problem:${kind}`;
    expect(started.first).toEqual({
      health: 200,
      loaded: [],
      answers: [
        `GET /api/v1/whitelists 401 ${problem("unauthorized")}`,
        `GET /nope 404 ${problem("route-not-found")}`,
        `POST /health 405 ${problem("method-not-allowed")}`,
      ],
      after: ["api/app.ts", "elysia", "@sinclair/typebox"],
    });
  });

  test("renders the EasyWhitelist format without the YAML library, and loads it at the first config.yml read, which reads it as YAML 1.1", async () => {
    const started = await start({ DATABASE_PATH: join(dir.path, "yaml.db") }, "yaml");
    expect(started.loaded).toEqual([]);
    expect(started.yaml).toEqual({
      rendered: "whitelist: true\nwhitelisted:\n  - notch\n",
      loaded: [],
      // A quoted `on` is the string, as SnakeYAML reads it.
      read: ["3 notch", "4 on"],
      after: ["yaml"],
    });
  });

  test("with a bot makes Discord's REST client without loading the languages' texts", async () => {
    // What src/server.ts loads with the bot's start, before the bot's own steps; the bot loads the texts in those.
    const { code, stdout } = await runToEnd(
      [
        process.execPath,
        "-e",
        `await import(${JSON.stringify(join(import.meta.dir, "../../src/bot/discord.ts"))});
         console.log(JSON.stringify(Object.keys(require.cache).filter((path) => path.includes("/i18n/catalogues"))));`,
      ],
      { env: { PATH: process.env.PATH ?? "", HOME: dir.path } },
    );
    expect({ code, loaded: JSON.parse(stdout) }).toEqual({ code: 0, loaded: [] });
  });

  test("with a bot loads no language's messages but English; a member reading German gets German at once, which loads German alone", async () => {
    const seen = await inChild<{ atStart: string[]; reply: string; after: string[] }>(
      join(import.meta.dir, "texts.ts"),
    );
    expect({
      atStart: seen.atStart,
      german:
        seen.reply.startsWith("✅ **Notch** steht auf **survival**") && seen.reply.includes("/abmelden"),
      after: seen.after,
    }).toEqual({ atStart: ["en.ts"], german: true, after: ["de.ts", "en.ts"] });
  });

  test("with a bot answers its first /health while the bot's modules load, in steps after the API listens", async () => {
    const seen = await inChild<{ first: unknown; started: unknown }>(
      join(import.meta.dir, "bot-steps.ts"),
      dir.path,
    );
    expect(seen).toEqual({
      first: { status: 200, gateway: "connecting", clientLoaded: false },
      started: { clientLoaded: true },
    });
  });

  test("with a bot listens and answers its first /health before discord.js loads, which the bot's start loads", async () => {
    const seen = await inChild<unknown>(join(import.meta.dir, "rest-later.ts"), dir.path);
    expect(seen).toEqual({
      listening: { restLoaded: false },
      first: { status: 200, gateway: "connecting", restLoaded: false },
      started: { restLoaded: true, bot: "connected" },
    });
  });

  test("with LINK_PORT loads the link endpoint, which listens", async () => {
    const started = await start({ DATABASE_PATH: join(dir.path, "on.db"), LINK_PORT: "0" });
    // The link endpoint checks its sessions with TypeBox (src/link/session.ts).
    expect(started.loaded).toEqual(["link/index.ts", "i18n/catalogues.ts", "@sinclair/typebox"]);
    expect(started.linkPort).toBeGreaterThan(0);
  });
});
