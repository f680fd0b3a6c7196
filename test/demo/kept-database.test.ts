import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import { loadConfig } from "../../src/config.ts";
import { type Demo, startDemo } from "../../src/demo/index.ts";
import { demo } from "../../src/demo/seed.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { tempDir } from "../helpers/services.ts";

// `DATABASE_PATH=x whitelist-sync demo` keeps its database between starts: the second start must come up with
// what the first left (the tour's removals and denials included), never re-seed over it or fail doing so.

const dir = tempDir("wls-demo-kept-");
const databasePath = join(dir.path, "demo.db");
const config = loadConfig({ HOST: "127.0.0.1", PORT: "0", SANDBOX_PORT: "0" });
let running: Demo | undefined;
afterAll(async () => {
  await running?.stop();
  dir.cleanup();
});

const survivalNicks = async (d: Demo) => {
  const response = await fetch(`${d.apiUrl}/whitelists/${d.whitelists.survival}/entries?format=plain`, {
    headers: { authorization: `Bearer ${d.key}` },
  });
  expect(response.status).toBe(200);
  return (await response.text()).trim().split("\n");
};

test("a second start on the same database keeps the first one's changes and seeds nothing over them", async () => {
  const first = await startDemo(config, { logger: silentLogger, databasePath });
  running = first;
  expect(await survivalNicks(first)).toEqual(["alex_builds", "Dinnerbone", "Notch"]);
  // The tour's steps: a removal through the API and a denial by staff (which also removes the nick).
  const removal = await fetch(`${first.apiUrl}/whitelists/${first.whitelists.survival}/entries/alex_builds`, {
    method: "DELETE",
    headers: { authorization: `Bearer ${first.key}` },
  });
  expect(removal.status).toBe(200);
  await first.running.services.denials.deny({
    guildId: demo.guildId,
    whitelist: first.whitelists.survival,
    nick: "Dinnerbone",
    reason: "griefing",
    actor: { userId: demo.users.owner, roleIds: [], canManageGuild: true },
  });
  await first.stop();
  running = undefined;

  const second = await startDemo(config, { logger: silentLogger, databasePath });
  running = second;
  expect(second.whitelists).toEqual(first.whitelists);
  expect(await survivalNicks(second)).toEqual(["Notch"]);
}, 60_000);
