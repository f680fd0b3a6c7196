import { afterAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { closeDatabase } from "../../src/db/client.ts";
import { createFormatCache } from "../../src/formats/cache.ts";
import { WORKER_FROM } from "../../src/formats/worker-reads.ts";
import { cleanEnv, compiledBinary, linesOf, parseLine } from "../helpers/binary.ts";
import { seedKey, seedWhitelist, sqliteTestServices } from "../helpers/services.ts";

// The compiled binary finds its build worker (src/formats/build-worker.ts, an entry point of its own: .ci/compile.ts)
// and serves a large whitelist's first reads from it with the bytes and ETags the sources build on one thread. A
// binary without it would still answer (the reads fall back to the event loop), so the test reads the log too.

const GUILD = "100000000000000001";
const OWNER = "300000000000000001";
const children = new Set<Bun.Subprocess>();
afterAll(() => {
  for (const child of children) child.kill(9);
});

test("the compiled binary builds a large whitelist's formats on its worker, as the sources build them here", async () => {
  const binary = await compiledBinary();
  const services = sqliteTestServices();
  const wl = await seedWhitelist(services, { guildId: GUILD, name: "large" });
  await services.entries.addMany(
    Array.from({ length: WORKER_FROM + 500 }, (_, i) => ({
      whitelistId: wl.id,
      nick: `Player_${i}`,
      uuid: i % 3 === 0 ? `00000000-0000-4000-8000-${i.toString(16).padStart(12, "0")}` : null,
      premium: i % 3 === 0,
      userId: OWNER,
      addedBy: OWNER,
      origin: "discord" as const,
    })),
  );
  const key = (await seedKey(services, GUILD)).plaintext;
  // The reference: every format built on this thread (no worker), from the same store.
  const here = createFormatCache({
    load: (id, slices) => services.entries.snapshotForFormats(id, slices),
    bus: services.bus,
  });
  const formats = ["json", "plain", "easywhitelist", "vanilla", "bds"] as const;
  const expected = await Promise.all(
    formats.map(async (format) => {
      const { etag, bytes } = await here.get(wl.id, format);
      return { format, etag, text: new TextDecoder().decode(bytes) };
    }),
  );
  closeDatabase(services.db);

  const child = Bun.spawn([binary, "serve"], {
    cwd: services.dir,
    env: cleanEnv({ PORT: "0", HOST: "127.0.0.1", DATABASE_PATH: join(services.dir, "whitelist-sync.db") }),
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  children.add(child);
  const log: Record<string, unknown>[] = [];
  const lines = linesOf(child.stdout);
  let url = "";
  while (!url) {
    const next = await lines.next();
    if (next.done) throw new Error(`the binary exited first: ${await new Response(child.stderr).text()}`);
    const line = parseLine(next.value);
    log.push(line);
    if (line.msg === "whitelist-sync started") url = String(line.url);
  }
  const served = await Promise.all(
    formats.map(async (format) => {
      const query = format === "json" ? "" : `?format=${format}`;
      const response = await fetch(`${url}/api/v1/whitelists/${wl.id}/entries${query}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      return { format, etag: response.headers.get("etag"), text: await response.text() };
    }),
  );
  child.kill("SIGTERM");
  for await (const text of lines) log.push(parseLine(text));
  await child.exited;
  rmSync(services.dir, { recursive: true, force: true });
  expect(served).toEqual(expected);
  expect(log.filter((line) => String(line.msg).startsWith("build worker"))).toEqual([]);
});
