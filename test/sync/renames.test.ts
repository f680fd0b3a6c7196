import { afterEach, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type FakeMojang, startFakeMojang } from "../../src/sandbox/mojang.ts";
import type { RunningService } from "../../src/server.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { tempDir } from "../helpers/services.ts";
import { startTestService } from "../helpers/sockets.ts";
import {
  agentOptions,
  apiBytes,
  fileBytes,
  latestEventId,
  runAgent,
  seedSurvival,
  type TestAgent,
} from "./helpers.ts";

// A premium account renamed at Mojang reaches game servers as the removal of the old nick and the addition of
// the new (docs/decisions.md, Renames): the agent's file follows, UUID unchanged.

const NOTCH = { name: "Notch", uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5" };
const DAY = 24 * 60 * 60_000;

let dir: ReturnType<typeof tempDir>;
let mojang: FakeMojang | undefined;
let service: RunningService | undefined;
let sync: TestAgent | undefined;
afterEach(async () => {
  await sync?.stop();
  await service?.stop();
  await mojang?.stop();
  dir.cleanup();
});

test("the sync agent's file follows a rename: the new name with the same UUID, the old name gone", async () => {
  dir = tempDir("wls-sync-renames-");
  const fake = startFakeMojang({ profiles: [NOTCH] });
  mojang = fake;
  const clock = manualClock(Date.UTC(2026, 10, 22, 12));
  const running = await startTestService(
    join(dir.path, "wls.db"),
    { MOJANG_API_URL: fake.url, MOJANG_SESSION_URL: fake.url },
    clock,
  );
  service = running;
  const { wl, key } = await seedSurvival(running.services, [
    { nick: "Notch", uuid: NOTCH.uuid, premium: true },
    "Alex",
  ]);
  const options = agentOptions(running, key, "survival", dir.path, { format: "vanilla" });
  const agent = runAgent(options);
  sync = agent;
  await agent.waitFor("started");

  fake.rename(NOTCH.uuid, "Notch2");
  clock.advance(DAY);
  const from = agent.events.length;
  expect(await running.services.renames.pass()).toMatchObject({ asked: 1, renamed: 1 });
  await agent.synced(await latestEventId(running), from);

  expect(fileBytes(options.out)).toEqual(await apiBytes(running, key, wl.id, "vanilla"));
  expect(JSON.parse(readFileSync(options.out, "utf8"))).toEqual([
    { uuid: expect.any(String), name: "Alex" },
    { uuid: NOTCH.uuid, name: "Notch2" },
  ]);
  expect(agent.events.slice(from).filter((e) => e.type === "added" || e.type === "removed")).toEqual([
    { type: "removed", nick: "Notch", whitelist: "survival" },
    { type: "added", nick: "Notch2", whitelist: "survival" },
  ]);
});
