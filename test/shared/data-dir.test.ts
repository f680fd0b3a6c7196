import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { defaultDatabasePath, userDataDirectory } from "../../src/shared/data-dir.ts";
import { spawnServe } from "../helpers/serve.ts";
import { tempDir } from "../helpers/services.ts";

describe("the per-user data directory", () => {
  test("Windows: %LOCALAPPDATA%\\whitelist-sync, or AppData\\Local under the profile", () => {
    expect(
      userDataDirectory("win32", { LOCALAPPDATA: "C:\\Users\\alex\\AppData\\Local" }, "C:\\Users\\alex"),
    ).toBe("C:\\Users\\alex\\AppData\\Local\\whitelist-sync");
    expect(userDataDirectory("win32", {}, "C:\\Users\\alex")).toBe(
      "C:\\Users\\alex\\AppData\\Local\\whitelist-sync",
    );
  });

  test("macOS: ~/Library/Application Support; elsewhere $XDG_DATA_HOME or ~/.local/share", () => {
    expect(userDataDirectory("darwin", {}, "/Users/alex")).toBe(
      "/Users/alex/Library/Application Support/whitelist-sync",
    );
    expect(userDataDirectory("linux", { XDG_DATA_HOME: "/data/xdg" }, "/home/alex")).toBe(
      "/data/xdg/whitelist-sync",
    );
    expect(userDataDirectory("linux", {}, "/home/alex")).toBe("/home/alex/.local/share/whitelist-sync");
  });

  test("./data when it is usable; the user's data directory when it is not", () => {
    const options = { platform: "win32" as const, env: { LOCALAPPDATA: "C:\\L" }, home: "C:\\Users\\alex" };
    expect(defaultDatabasePath("./data/whitelist-sync.db", { ...options, usable: () => true })).toEqual({
      path: "./data/whitelist-sync.db",
      fallback: false,
    });
    expect(defaultDatabasePath("./data/whitelist-sync.db", { ...options, usable: () => false })).toEqual({
      path: "C:\\L\\whitelist-sync\\whitelist-sync.db",
      fallback: true,
    });
  });

  test("serve from a directory that cannot hold ./data puts the database in the data directory, and says so", async () => {
    const dir = tempDir("wls-datadir-");
    try {
      writeFileSync(join(dir.path, "data"), "a file where ./data would go\n");
      // No DATABASE_PATH: the default, ./data, which that file keeps from being a directory.
      const service = spawnServe({
        dir: dir.path,
        sources: true,
        env: { XDG_DATA_HOME: join(dir.path, "xdg") },
      });
      await service.until((line) => line.msg === "whitelist-sync started");
      service.child.kill("SIGHUP");
      expect((await service.exit()).exitCode).toBe(0);
      const lines = service.seen;
      const database = join(dir.path, "xdg", "whitelist-sync", "whitelist-sync.db");
      expect(
        lines.find((line) => line.msg?.toString().startsWith("the working directory cannot hold ./data")),
      ).toMatchObject({ database });
      expect(lines.find((line) => line.msg === "whitelist-sync started")).toMatchObject({ database });
      expect(await Bun.file(database).exists()).toBe(true);
    } finally {
      dir.cleanup();
    }
  });
});
