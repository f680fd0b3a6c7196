import { expect, test } from "bun:test";
import { join } from "node:path";
import { linesOf, parseLine } from "../helpers/binary.ts";
import { tempDir } from "../helpers/services.ts";

// `serve` says where it answers as soon as the API listens, before the rest of the start (the bot's login can take
// seconds), and still ends its start with the line benches and tests wait for (docs/operations.md, Logs).

test("serve logs its URL once when the API listens, /health answering then, and the started line after", async () => {
  const dir = tempDir("wls-listening-");
  try {
    const child = Bun.spawn(
      [process.execPath, join(import.meta.dir, "..", "..", "src", "main.ts"), "serve"],
      {
        cwd: dir.path,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: dir.path,
          HOST: "127.0.0.1",
          PORT: "0",
          LOG_FORMAT: "json",
        },
        stdout: "pipe",
        stderr: "pipe",
      },
    );
    const lines: Record<string, unknown>[] = [];
    let health: Promise<number> | undefined;
    // Read to the end, the shutdown line too: a pipe closed after the start line could fail that write.
    const read = (async () => {
      for await (const line of linesOf(child.stdout)) {
        const parsed = parseLine(line);
        lines.push(parsed);
        if (parsed.msg === "API listening")
          health = fetch(`${parsed.url}/health`).then((response) => response.status);
        if (parsed.msg === "whitelist-sync started") child.kill("SIGTERM");
      }
    })();
    expect(await child.exited).toBe(0);
    await read;
    const said = lines.map((line) => line.msg);
    const listening = lines.filter((line) => line.msg === "API listening");
    const started = lines.find((line) => line.msg === "whitelist-sync started");
    expect(listening).toEqual([
      { time: expect.any(String), level: "info", msg: "API listening", url: started?.url },
    ]);
    expect(said.indexOf("API listening")).toBeLessThan(said.indexOf("whitelist-sync started"));
    expect(await health).toBe(200);
  } finally {
    dir.cleanup();
  }
});
