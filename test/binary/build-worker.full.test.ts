import { expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { closeDatabase } from "../../src/db/client.ts";
import { createFormatCache } from "../../src/formats/cache.ts";
import { WORKER_FROM } from "../../src/formats/worker-reads.ts";
import { compiledBinary } from "../helpers/binary.ts";
import { spawnServe } from "../helpers/serve.ts";
import { seedKey, seedWhitelist, sqliteTestServices } from "../helpers/services.ts";

// The compiled binary finds its build worker (src/formats/build-worker.ts, an entry point of its own: .ci/compile.ts)
// and serves a large whitelist's first reads from it with the bytes and ETags the sources build on one thread. A
// binary without it would still answer (the reads fall back to the event loop), so the test reads the log too.

const GUILD = "100000000000000001";
const OWNER = "300000000000000001";

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

  const service = spawnServe({
    binary,
    dir: services.dir,
    env: { DATABASE_PATH: join(services.dir, "whitelist-sync.db") },
  });
  const url = String((await service.until((line) => line.msg === "whitelist-sync started")).url);
  const served = await Promise.all(
    formats.map(async (format) => {
      const query = format === "json" ? "" : `?format=${format}`;
      const response = await fetch(`${url}/api/v1/whitelists/${wl.id}/entries${query}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      return { format, etag: response.headers.get("etag"), text: await response.text() };
    }),
  );
  service.child.kill("SIGTERM");
  await service.exit();
  rmSync(services.dir, { recursive: true, force: true });
  expect(served).toEqual(expected);
  expect(service.seen.filter((line) => String(line.msg).startsWith("build worker"))).toEqual([]);
});
