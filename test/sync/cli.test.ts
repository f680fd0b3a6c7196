import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { floodgateUuid } from "../../src/nicks/floodgate.ts";
import type { RunningService } from "../../src/server.ts";
import { runToEnd } from "../helpers/run.ts";
import { seedEntries, seedKey, seedWhitelist, tempDir } from "../helpers/services.ts";
import { startTestService } from "../helpers/sockets.ts";
import { apiBytes, fileBytes, GUILD, seedSurvival } from "./helpers.ts";

/**
 * `whitelist-sync sync` as a child process, for what only a process shows: exit codes, signals, the streams.
 * Runs `bun src/main.ts sync`, or the compiled binary when WLS_BINARY points at one.
 */
const root = join(import.meta.dir, "..", "..");
const command =
  process.env.WLS_BINARY && existsSync(process.env.WLS_BINARY)
    ? [process.env.WLS_BINARY, "sync"]
    : [process.execPath, join(root, "src", "main.ts"), "sync"];

let dir: ReturnType<typeof tempDir>;
let service: RunningService | undefined;
const children = new Set<Bun.Subprocess>();

afterEach(async () => {
  for (const child of children) child.kill(9);
  children.clear();
  await service?.stop();
  service = undefined;
  dir.cleanup();
});

async function world() {
  dir = tempDir("wls-cli-");
  service = await startTestService(join(dir.path, "wls.db"));
  const s = service.services;
  return { service, s, ...(await seedSurvival(s, ["Notch"])), out: join(dir.path, "whitelist.json") };
}

/** Only the given variables (none of the developer's own WLS_* settings leak in). */
const agentEnv = (env: Record<string, string>) => ({
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  HOME: process.env.HOME ?? "/tmp",
  ...env,
});

/** Starts the agent with only the given variables. */
function spawn(args: string[], env: Record<string, string>) {
  const child = Bun.spawn([...command, ...args], {
    env: agentEnv(env),
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  children.add(child);
  return child;
}

/** Runs the agent with only the given variables to its exit. */
async function run(args: string[], env: Record<string, string>) {
  const { code, stdout, stderr } = await runToEnd([...command, ...args], {
    env: agentEnv(env),
    spawned: (child) => children.add(child),
  });
  return { exitCode: code, stdout, stderr };
}

/** Reads a child's stdout line by line; null at the end of the stream. */
function lineReader(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let pending = "";
  return async (): Promise<string | null> => {
    while (!pending.includes("\n")) {
      const chunk = await reader.read();
      if (chunk.done) return pending === "" ? null : pending;
      pending += decoder.decode(chunk.value, { stream: true });
    }
    const at = pending.indexOf("\n");
    const line = pending.slice(0, at);
    pending = pending.slice(at + 1);
    return line;
  };
}

describe("whitelist-sync sync as a process", () => {
  test("--once writes the file and exits 0", async () => {
    const { service, wl, key, out } = await world();
    const result = await run(["--url", service.url, "--whitelist", "survival", "--out", out, "--once"], {
      WLS_KEY: key,
    });
    expect(result).toEqual({
      exitCode: 0,
      stdout: `Wrote whitelist "survival" (${wl.id}): 1 entry → ${out} (vanilla)\n`,
      stderr: "",
    });
    expect(fileBytes(out)).toEqual(await apiBytes(service, key, wl.id, "vanilla"));
  });

  test("a revoked key: exit 77 with a clear message, and the key is never printed", async () => {
    const { service, s, keyId, key, out } = await world();
    await s.keys.revoke(GUILD, keyId);
    const result = await run([], {
      WLS_URL: service.url,
      WLS_KEY: key,
      WLS_WHITELIST: "survival",
      WLS_OUT: out,
    });
    expect(result.exitCode).toBe(77);
    expect(result.stderr).toMatch(
      /^whitelist-sync sync: the service refused the key \(401: .*\/server-link create\n$/,
    );
    expect(`${result.stdout}${result.stderr}`).not.toContain(key);
  });

  test("revoked while running (--json): the socket's 4001 ends the process with 77", async () => {
    const { service, s, keyId, key, out } = await world();
    const child = spawn(["--json"], {
      WLS_URL: service.url,
      WLS_KEY: key,
      WLS_WHITELIST: "survival",
      WLS_OUT: out,
    });
    const next = lineReader(child.stdout);
    const first = [JSON.parse((await next()) as string), JSON.parse((await next()) as string)];
    expect(first).toEqual([
      { time: expect.any(String), level: "info", msg: "connected", after: null },
      expect.objectContaining({ level: "info", msg: "started", entries: 1, written: true, once: false }),
    ]);
    await s.keys.revoke(GUILD, keyId);
    const rest: Record<string, unknown>[] = [];
    for (let line = await next(); line !== null; line = await next()) rest.push(JSON.parse(line));
    expect(await child.exited).toBe(77);
    expect(rest.at(-1)).toMatchObject({ level: "error", msg: "fatal", exitCode: 77 });
  });

  test("SIGTERM stops a running agent with exit 0; changes were printed one line each", async () => {
    const { service, s, wl, key, out } = await world();
    const child = spawn(["--url", service.url, "--whitelist", wl.id, "--out", out], { WLS_KEY: key });
    const next = lineReader(child.stdout);
    expect(await next()).toBe(
      `Syncing whitelist "survival" (${wl.id}): 1 entry → ${out} (vanilla); following changes live`,
    );
    await seedEntries(s, wl.id, ["Alex"]);
    expect(await next()).toBe("+ Alex (survival)");
    await s.entries.remove({ whitelistId: wl.id, nick: "notch", origin: "api" });
    expect(await next()).toBe("- Notch");
    child.kill("SIGTERM");
    expect(await child.exited).toBe(0);
    expect(fileBytes(out)).toEqual(await apiBytes(service, key, wl.id, "vanilla"));
  });

  test("two whitelists: the status line names both and counts the merged list", async () => {
    const { service, s, wl, out } = await world();
    const bedrock = await seedWhitelist(s, { guildId: GUILD, name: "bedrock", nickType: "bedrock" });
    await seedEntries(s, bedrock.id, [
      {
        nick: ".Notch",
        gamertag: "Notch",
        xuid: "2535428591294519",
        uuid: floodgateUuid("2535428591294519"),
      },
    ]);
    const guildKey = (await seedKey(s, GUILD)).plaintext;
    const child = spawn(["--url", service.url, "--whitelist", "survival,bedrock", "--out", out], {
      WLS_KEY: guildKey,
    });
    const next = lineReader(child.stdout);
    expect(await next()).toBe(
      `Syncing whitelists "survival" (${wl.id}) and "bedrock" (${bedrock.id}): 2 entries → ${out} (vanilla); ` +
        "following changes live",
    );
    child.kill("SIGTERM");
    expect(await child.exited).toBe(0);
    expect(JSON.parse(readFileSync(out, "utf8"))).toEqual([
      { uuid: "00000000-0000-0000-0009-01f578899837", name: ".Notch" },
      { uuid: "b50ad385-829d-3141-a216-7e7d7539ba7f", name: "Notch" },
    ]);
  });

  test("a bad option: exit 78 and one line naming the flag and its variable", async () => {
    dir = tempDir("wls-cli-");
    const result = await run(
      ["--url", "http://127.0.0.1:1", "--whitelist", "x", "--out", "f", "--format", "xml"],
      {
        WLS_KEY: "wls_x",
      },
    );
    expect(result).toEqual({
      exitCode: 78,
      stdout: "",
      stderr:
        'whitelist-sync sync: --format (WLS_FORMAT) must be one of plain, easywhitelist, vanilla, bds (got "xml")\n',
    });
  });

  test("sync --help lists every option with its variable", async () => {
    dir = tempDir("wls-cli-");
    const result = await run(["--help"], {});
    expect(result.exitCode).toBe(0);
    for (const option of [
      "--url",
      "--key",
      "--whitelist",
      "--format",
      "--out",
      "--rcon",
      "--kick-removed",
      "--once",
    ]) {
      expect(result.stdout).toContain(option);
    }
    expect(result.stdout).toContain("WLS_RCON_PASSWORD_FILE");
    expect(result.stdout).toContain("--whitelist <id|name>[,<id|name>…]");
  });
});
