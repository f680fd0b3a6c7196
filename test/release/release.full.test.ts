import { afterAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { openServices } from "../../src/services.ts";
import { systemClock } from "../../src/shared/clock.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { linesOf, parseLine, ROOT } from "../helpers/binary.ts";
import { elfInfo, machOInfo, peInfo } from "../helpers/executables.ts";
import { runToEnd } from "../helpers/run.ts";
import { seedEntries, seedKey, seedWhitelist, tempDir } from "../helpers/services.ts";

// The binaries of `bun run release` (dist/release), checked for what each platform needs: the linux-arm64 one
// run under qemu-aarch64 (Debian's qemu-user and libc6-arm64-cross, installed by .ci/run), the others read
// from their headers. .ci/run builds the release and sets WLS_RELEASE_DIR; elsewhere these tests are skipped
// unless it is set (`bun run release && WLS_RELEASE_DIR=dist/release bun test test/release`).

const dir = process.env.WLS_RELEASE_DIR;
if (!dir && process.env.CI) throw new Error("WLS_RELEASE_DIR is not set: .ci/run builds the release first");
const version = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
const PLATFORMS = ["linux-x64", "linux-x64-musl", "linux-arm64", "windows-x64", "darwin-x64", "darwin-arm64"];
const fileOf = (platform: string) =>
  `whitelist-sync-${version}-${platform}${platform.startsWith("windows") ? ".exe" : ""}`;
const bytesOf = (platform: string) => readFileSync(join(dir as string, fileOf(platform)));
/** Text every binary must carry: the Swagger UI served at /swagger, the first SQLite and a PostgreSQL migration. */
const EMBEDDED = ["SwaggerUIBundle", "CREATE TABLE `whitelists`", "CREATE FUNCTION wls_notify_event()"];
const QEMU = ["qemu-aarch64", "-L", "/usr/aarch64-linux-gnu"];
const cleanups: (() => void)[] = [];
const children = new Set<Bun.Subprocess>();
afterAll(() => {
  for (const child of children) child.kill(9);
  for (const cleanup of cleanups) cleanup();
});

/** Runs a command to its end, bounded (an emulated start takes seconds, not minutes). */
async function run(command: string[], env: Record<string, string> = {}, limitMs = 60_000) {
  return runToEnd(command, {
    env: { PATH: process.env.PATH ?? "", ...env },
    limitMs,
    spawned: (child) => children.add(child),
  });
}

describe.skipIf(!dir)("the release", () => {
  test("six executables, named by version and platform, and a SHA256SUMS that matches them", () => {
    const files = readdirSync(dir as string).sort();
    expect(files).toEqual([...PLATFORMS.map(fileOf), "SHA256SUMS"].sort());
    const sums = readFileSync(join(dir as string, "SHA256SUMS"), "utf8")
      .trim()
      .split("\n");
    expect(sums.map((line) => line.split("  ")[1]).sort()).toEqual(PLATFORMS.map(fileOf).sort());
    for (const line of sums) {
      const [sum, file] = line.split("  ") as [string, string];
      expect({ file, sum }).toEqual({
        file,
        sum: createHash("sha256")
          .update(readFileSync(join(dir as string, file)))
          .digest("hex"),
      });
    }
    // Hashing some 650 MB: a few seconds, more on a busy machine.
  });

  test("every one carries the docs UI and the migrations", () => {
    for (const platform of PLATFORMS) {
      const bytes = bytesOf(platform);
      for (const text of EMBEDDED)
        expect({ platform, text, found: bytes.includes(text) }).toEqual({ platform, text, found: true });
    }
    // Searching some 650 MB three times: seconds, more on a busy machine.
  });

  test("linux-x64 runs here and names its version, commit and platform", async () => {
    const { code, stdout } = await run([join(dir as string, fileOf("linux-x64")), "--version"]);
    expect({ code, stdout }).toEqual({
      code: 0,
      stdout: expect.stringMatching(
        new RegExp(`^${version.replaceAll(".", "\\.")} \\(commit [0-9a-f]{12}(\\+dirty)?, linux-x64\\)\n$`),
      ),
    });
  });

  test("linux-x64-musl needs musl's loader, libc.musl and libstdc++ (Alpine: apk add libstdc++), never glibc", () => {
    expect(elfInfo(bytesOf("linux-x64-musl"))).toEqual({
      machine: 62, // x86-64
      interpreter: "/lib/ld-musl-x86_64.so.1",
      needed: ["libstdc++.so.6", "libc.musl-x86_64.so.1"],
    });
  });

  test("windows-x64 is a 64-bit PE executable for x86-64", () => {
    expect(peInfo(bytesOf("windows-x64"))).toEqual({ machine: 0x8664, pe32Plus: true });
  });

  test("darwin-x64 and darwin-arm64 are Mach-O executables for their CPUs", () => {
    expect(machOInfo(bytesOf("darwin-x64")).cpuType).toBe(0x01000007);
    expect(machOInfo(bytesOf("darwin-arm64")).cpuType).toBe(0x0100000c);
  });

  test("linux-arm64 under qemu-aarch64: --version, serve answering /health and /swagger/json, and sync --once against it", async () => {
    if (!existsSync("/usr/aarch64-linux-gnu/lib/ld-linux-aarch64.so.1")) {
      throw new Error("libc6-arm64-cross is missing (.ci/run installs qemu-user and libc6-arm64-cross)");
    }
    const binary = join(dir as string, fileOf("linux-arm64"));
    expect(elfInfo(bytesOf("linux-arm64")).machine).toBe(183); // AArch64
    const versionRun = await run([...QEMU, binary, "--version"]);
    expect({ code: versionRun.code, stdout: versionRun.stdout }).toEqual({
      code: 0,
      stdout: expect.stringMatching(
        new RegExp(`^${version.replaceAll(".", "\\.")} \\(commit [0-9a-f]{12}(\\+dirty)?, linux-arm64\\)\n$`),
      ),
    });

    const work = tempDir("wls-arm64-");
    cleanups.push(work.cleanup);
    const databasePath = join(work.path, "whitelist-sync.db");
    const services = openServices({ path: databasePath, clock: systemClock, logger: silentLogger });
    const whitelist = await seedWhitelist(services, { guildId: "1161034120542384128", name: "survival" });
    await seedEntries(services, whitelist.id, ["Notch", "alex_builds"]);
    const { plaintext: key } = await seedKey(services, "1161034120542384128");
    services.store.client.close();

    const server = Bun.spawn([...QEMU, binary, "serve"], {
      cwd: work.path,
      env: {
        PATH: process.env.PATH ?? "",
        HOST: "127.0.0.1",
        PORT: "0",
        DATABASE_PATH: databasePath,
        LOG_FORMAT: "json",
      },
      stdout: "pipe",
      stderr: "pipe",
    });
    children.add(server);
    const limit = setTimeout(() => server.kill(9), 120_000);
    // Read up to the start line, then keep draining: a closed pipe would fail the server's next log line.
    const lines = linesOf(server.stdout);
    const log: string[] = [];
    const stderr = new Response(server.stderr).text();
    let url: string | undefined;
    let drained: Promise<void> = Promise.resolve();
    try {
      while (url === undefined) {
        const next = await lines.next();
        if (next.done) break;
        log.push(next.value);
        const entry = parseLine(next.value);
        if (entry.msg === "whitelist-sync started") url = String(entry.url);
      }
      if (!url) throw new Error(`the arm64 binary did not start: ${await stderr}`);
      drained = (async () => {
        for (let next = await lines.next(); !next.done; next = await lines.next()) log.push(next.value);
      })();
      const health = await fetch(`${url}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ ok: true, version, database: "ok" });
      const document = await fetch(`${url}/swagger/json`);
      expect(document.status).toBe(200);
      expect(((await document.json()) as { openapi: string }).openapi).toBe("3.1.0");

      const out = join(work.path, "whitelist.json");
      const sync = await run(
        [
          ...QEMU,
          binary,
          "sync",
          "--once",
          "--url",
          url,
          "--key",
          key,
          "--whitelist",
          "survival",
          "--out",
          out,
        ],
        {},
        90_000,
      );
      expect(sync.code).toBe(0);
      const written = JSON.parse(readFileSync(out, "utf8")) as { name: string }[];
      expect(written.map((entry) => entry.name).sort()).toEqual(["Notch", "alex_builds"].sort());
    } finally {
      clearTimeout(limit);
      server.kill("SIGTERM");
      const code = await server.exited;
      await drained;
      expect({ code, stderr: await stderr, last: parseLine(log.at(-1) ?? "").msg }).toEqual({
        code: 0,
        stderr: "",
        last: "shutting down",
      });
    }
  }, 240_000);
});
