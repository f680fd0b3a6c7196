import { afterEach, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RunningService } from "../../src/server.ts";
import { atScale } from "../helpers/floors.ts";
import { seedEntries, seedKey, seedWhitelist, tempDir } from "../helpers/services.ts";
import { startTestService } from "../helpers/sockets.ts";
import { agentOptions, GUILD, latestEventId, runAgent, type TestAgent } from "./helpers.ts";

let dir: ReturnType<typeof tempDir>;
let service: RunningService | undefined;
let agent: TestAgent | undefined;
let reader: Bun.Subprocess<"ignore", "pipe", "pipe"> | undefined;

afterEach(async () => {
  reader?.kill();
  await agent?.stop();
  await service?.stop();
  dir.cleanup();
});

/** Changes written while the reader polls: a load run (test/helpers/floors.ts, atScale). */
const CHANGES = atScale(100, 1000);

test(`a reader polling the file never sees it partial, empty or missing during ${CHANGES} changes`, async () => {
  dir = tempDir("wls-atomic-");
  service = await startTestService(join(dir.path, "wls.db"));
  const s = service.services;
  const wl = await seedWhitelist(s, { guildId: GUILD, name: "survival" });
  await seedEntries(
    s,
    wl.id,
    Array.from({ length: 50 }, (_, i) => `Base${i}`),
  );
  const key = (await seedKey(s, GUILD, wl.id)).plaintext;
  const options = agentOptions(service, key, "survival", dir.path);
  agent = runAgent(options);
  await agent.waitFor("started");

  const stop = join(dir.path, "stop");
  reader = Bun.spawn(
    [
      process.execPath,
      join(import.meta.dir, "fixtures", "poll-reader.ts"),
      options.out,
      stop,
      String(CHANGES * 5000),
    ],
    { stdout: "pipe", stderr: "pipe" },
  );
  const lines = reader.stdout.pipeThrough(new TextDecoderStream()).getReader();
  expect((await lines.read()).value).toBe("ready\n");

  // Each change is awaited, so each is its own write (no batching) while the reader polls.
  for (let i = 0; i < CHANGES; i++) {
    const nick = `Player${i % 100}`;
    if (Math.floor(i / 100) % 2 === 0) await seedEntries(s, wl.id, [nick]);
    else await s.entries.remove({ whitelistId: wl.id, nick, origin: "api" });
    await agent.synced(await latestEventId(service));
  }
  writeFileSync(stop, "");
  let output = "";
  for (let chunk = await lines.read(); !chunk.done; chunk = await lines.read()) output += chunk.value;
  expect(await reader.exited).toBe(0);
  const result = JSON.parse(output) as { reads: number; versions: number; bad: string[] };
  expect(result.bad).toEqual([]);
  // The reader really ran alongside the writes: it saw many versions of the file.
  expect(result.versions).toBeGreaterThan(10);
});
