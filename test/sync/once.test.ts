import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RunningService } from "../../src/server.ts";
import { runSyncCommand } from "../../src/sync/index.ts";
import { statePath } from "../../src/sync/state.ts";
import { seedEntries, tempDir } from "../helpers/services.ts";
import { startTestService } from "../helpers/sockets.ts";
import { apiBytes, closedPort, fileBytes, GUILD, immediateSleep, seedSurvival } from "./helpers.ts";
import { startRconServer } from "./minecraft-rcon.ts";

let dir: ReturnType<typeof tempDir>;
let service: RunningService | undefined;

afterEach(async () => {
  await service?.stop();
  service = undefined;
  dir.cleanup();
});

async function world() {
  dir = tempDir("wls-once-");
  service = await startTestService(join(dir.path, "wls.db"));
  const s = service.services;
  return { service, s, ...(await seedSurvival(s, ["Notch", "jeb_"])), out: join(dir.path, "whitelist.json") };
}

/** Every request the agent made, as `METHOD path status` (the key is in headers, never in these). */
let requests: string[] = [];

const recordingFetch = (async (input: string | URL | Request, init?: RequestInit) => {
  const response = await fetch(input, init);
  const url = new URL(String(input));
  const conditional = new Headers(init?.headers).has("if-none-match") ? " (if-none-match)" : "";
  requests.push(
    `${url.pathname.replace(/\/whitelists\/[^/]+/, "/whitelists/:id")}${url.search} ${response.status}${conditional}`,
  );
  return response;
}) as typeof fetch;

/** Runs `whitelist-sync sync` in-process with the given flags; returns the exit code and what it printed. */
async function sync(argv: string[], env: Record<string, string> = {}) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  requests = [];
  const code = await runSyncCommand(argv, {
    env,
    stdout: (line) => stdout.push(line),
    stderr: (line) => stderr.push(line),
    deps: { sleep: immediateSleep, fetch: recordingFetch },
  });
  return { code, stdout, stderr };
}

describe("--once", () => {
  test("writes the file, prints one status line and exits 0; a second run sends the ETag and gets 304", async () => {
    const { service, s, wl, key, out } = await world();
    const argv = ["--url", service.url, "--whitelist", "Survival", "--out", out, "--once"];
    const first = await sync(argv, { WLS_KEY: key });
    expect(first).toEqual({
      code: 0,
      stdout: [`Wrote whitelist "survival" (${wl.id}): 2 entries → ${out} (vanilla)`],
      stderr: [],
    });
    expect(fileBytes(out)).toEqual(await apiBytes(service, key, wl.id, "vanilla"));
    const state = JSON.parse(readFileSync(statePath(out), "utf8"));
    expect(state.etags).toEqual({ [wl.id]: expect.stringMatching(/^"json-/) });

    const before = statSync(out).mtimeMs;
    const second = await sync(argv, { WLS_KEY: key });
    expect(second.stdout).toEqual([
      `Unchanged: whitelist "survival" (${wl.id}): 2 entries → ${out} (vanilla)`,
    ]);
    expect(requests).toEqual([
      "/api/v1/whitelists 200",
      "/api/v1/whitelists/:id/entries 304 (if-none-match)",
    ]);
    expect(statSync(out).mtimeMs).toBe(before);

    await seedEntries(s, wl.id, ["Alex"]);
    const third = await sync(argv, { WLS_KEY: key });
    expect(third.stdout).toEqual([`Wrote whitelist "survival" (${wl.id}): 3 entries → ${out} (vanilla)`]);
    expect(fileBytes(out)).toEqual(await apiBytes(service, key, wl.id, "vanilla"));
  });

  test("a file edited by someone else is repaired, not confirmed by a 304", async () => {
    const { service, wl, key, out } = await world();
    const argv = [
      "--url",
      `${service.url}/api/v1/`,
      "--whitelist",
      wl.id,
      "--out",
      out,
      "--once",
      "--format=plain",
    ];
    expect((await sync(argv, { WLS_KEY: key })).code).toBe(0);
    writeFileSync(out, "Intruder\n");
    const again = await sync(argv, { WLS_KEY: key });
    expect(again.stdout[0]).toStartWith("Wrote ");
    expect(requests).toEqual(["/api/v1/whitelists 200", "/api/v1/whitelists/:id/entries 200"]);
    expect(readFileSync(out, "utf8")).toBe("jeb_\nNotch\n");
  });

  test("--json: every line is one JSON object; the key never appears", async () => {
    const { service, wl, key, out } = await world();
    const keyFile = join(dir.path, "key");
    writeFileSync(keyFile, `${key}\n`);
    const result = await sync([
      "--url",
      service.url,
      "--key",
      `@${keyFile}`,
      "--whitelist",
      "survival",
      "--out",
      out,
      "--once",
      "--json",
    ]);
    expect(result.code).toBe(0);
    const lines = result.stdout.map((line) => JSON.parse(line));
    expect(lines).toEqual([
      {
        time: expect.any(String),
        level: "info",
        msg: "started",
        whitelist: "survival",
        whitelistId: wl.id,
        entries: 2,
        file: out,
        format: "vanilla",
        written: true,
        once: true,
      },
      { time: expect.any(String), level: "info", msg: "stopped" },
    ]);
    expect(result.stdout.join("\n")).not.toContain(key);
  });

  test("with RCON: one whitelist reload after the write, none when nothing changed", async () => {
    const { service, key, out } = await world();
    const rcon = startRconServer({ password: "pw" });
    try {
      const argv = ["--url", service.url, "--whitelist", "survival", "--out", out, "--once"];
      const env = { WLS_KEY: key, WLS_RCON: `127.0.0.1:${rcon.port}`, WLS_RCON_PASSWORD: "pw" };
      expect((await sync(argv, env)).code).toBe(0);
      expect(rcon.commands).toEqual(["whitelist reload"]);
      expect((await sync(argv, env)).code).toBe(0);
      expect(rcon.commands).toEqual(["whitelist reload"]);
    } finally {
      rcon.stop();
    }
  });

  test.each([
    ["easywhitelist: `easywl reload` by default", "easywhitelist", [], "easywl reload"],
    [
      "vanilla: the --reload-command given, without a chat `/`",
      "vanilla",
      ["--reload-command", "/minecraft:whitelist reload"],
      "minecraft:whitelist reload",
    ],
    ["plain: none by default, so --rcon alone is refused (78)", "plain", [], null],
    [
      "plain: the --reload-command given",
      "plain",
      ["--reload-command", "reload whitelist"],
      "reload whitelist",
    ],
  ])("RCON after the write, %s", async (_label, format, flags, expected) => {
    const { service, key } = await world();
    const rcon = startRconServer({ password: "pw" });
    try {
      const out = join(dir.path, "list");
      const argv = [
        "--url",
        service.url,
        "--whitelist",
        "survival",
        "--out",
        out,
        "--once",
        "--format",
        format,
      ];
      const env = { WLS_KEY: key, WLS_RCON: `127.0.0.1:${rcon.port}`, WLS_RCON_PASSWORD: "pw" };
      const result = await sync([...argv, ...flags], env);
      if (expected === null) {
        expect(result).toEqual({
          code: 78,
          stdout: [],
          stderr: [
            "whitelist-sync sync: --rcon (WLS_RCON) has nothing to run: the plain format has no reload command " +
              "of its own; set --reload-command (WLS_RELOAD_COMMAND) (or --kick-removed (WLS_KICK_REMOVED))",
          ],
        });
      } else {
        expect(result.code).toBe(0);
        expect(rcon.commands).toEqual([expected]);
      }
    } finally {
      rcon.stop();
    }
  });

  test.each([
    ["a refused password", "wrong"],
    ["no RCON listening", null],
  ])(
    "with RCON failing (%s): exit 1, the file written, and no promise of a retry",
    async (_label, password) => {
      const { service, wl, key, out } = await world();
      const rcon = startRconServer({ password: "pw" });
      try {
        const port = password === null ? closedPort() : rcon.port;
        const argv = ["--url", service.url, "--whitelist", "survival", "--out", out, "--once"];
        const env = { WLS_KEY: key, WLS_RCON: `127.0.0.1:${port}`, WLS_RCON_PASSWORD: password ?? "pw" };
        const result = await sync(argv, env);
        const why =
          password === null
            ? `cannot reach RCON at 127.0.0.1:${port} (ECONNREFUSED)`
            : `RCON password refused by 127.0.0.1:${port}: it must equal rcon.password in server.properties`;
        expect(result).toEqual({
          code: 1,
          stdout: [`Wrote whitelist "survival" (${wl.id}): 2 entries → ${out} (vanilla)`],
          stderr: [
            `whitelist-sync sync: wrote ${out}, but could not tell the game server to read it: ${why}. ` +
              "It keeps its old list until `whitelist reload` runs on its console or it restarts",
          ],
        });
        expect(result.stderr.join("\n")).not.toMatch(/retry|retrying/i);
        expect(fileBytes(out)).toEqual(await apiBytes(service, key, wl.id, "vanilla"));
        expect({ commands: rcon.commands, unauthorized: rcon.unauthorized }).toEqual({
          commands: [],
          unauthorized: [],
        });
      } finally {
        rcon.stop();
      }
    },
  );

  test("a revoked key: exit 77 and one line on stderr", async () => {
    const { service, s, key, out } = await world();
    const keyId = (await s.keys.list(GUILD))[0]?.id as string;
    await s.keys.revoke(GUILD, keyId);
    const result = await sync(["--url", service.url, "--whitelist", "survival", "--out", out, "--once"], {
      WLS_KEY: key,
    });
    expect(result.code).toBe(77);
    expect(result.stdout).toEqual([]);
    expect(result.stderr).toEqual([
      expect.stringMatching(/^whitelist-sync sync: the service refused the key \(401/),
    ]);
  });
});
