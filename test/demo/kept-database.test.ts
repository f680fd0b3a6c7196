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

/** A loopback port free right now: both starts pin the sandbox to it, as SANDBOX_PORT=4000 would. */
function freePort(): number {
  const probe = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const { port } = probe;
  probe.stop(true);
  return port as number;
}
// The same sandbox address at both starts: the kept database then remembers commands registered at this very
// address, in a sandbox that is gone (issue 30: the second sandbox had none, and every /register failed).
const config = loadConfig({ HOST: "127.0.0.1", PORT: "0", SANDBOX_PORT: String(freePort()) });

/** The slash commands the bot registered in this demo's sandbox. */
const commandNames = async (d: Demo) =>
  ((await (await fetch(`${d.sandboxUrl}/commands`)).json()) as { name: string }[]).map((c) => c.name).sort();
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
  const registered = await commandNames(first);
  expect(registered).toContain("register");
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
  expect(second.sandboxUrl).toBe(first.sandboxUrl);
  expect(second.whitelists).toEqual(first.whitelists);
  expect(await survivalNicks(second)).toEqual(["Notch"]);
  // The new sandbox has the commands, and the tour's /register is answered as a command, not refused as unknown.
  expect(await commandNames(second)).toEqual(registered);
  const answer = await fetch(`${second.sandboxUrl}/interactions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      userId: demo.users.alex,
      channelId: demo.channels.cracked,
      command: "register",
      options: { nick: "AlexOffline" },
    }),
  });
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as { content: string }).content).toContain(
    "**AlexOffline** is on **cracked**",
  );
});
