import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import { loadConfig } from "../../src/config.ts";
import { type Demo, startDemo } from "../../src/demo/index.ts";
import { demo } from "../../src/demo/seed.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { quietPort } from "../helpers/ports.ts";
import { tempDir } from "../helpers/services.ts";

// `DATABASE_PATH=x whitelist-sync demo` keeps its database between starts: the second start must come up with
// what the first left (the tour's removals and denials included), never re-seed over it or fail doing so; its
// fresh sandbox gets back the roles and nicknames the bot gave, and its key replaces the first start's.

const dir = tempDir("wls-demo-kept-");
const databasePath = join(dir.path, "demo.db");

// The same sandbox address at both starts: the kept database then remembers commands registered at this very
// address, in a sandbox that is gone (issue 30: the second sandbox had none, and every /register failed).
// The fakes' ports pinned too (SANDBOX_MOJANG_PORT, SANDBOX_GEYSER_PORT): the tour's Mojang address stays.
const config = loadConfig({
  HOST: "127.0.0.1",
  PORT: "0",
  SANDBOX_PORT: String(quietPort()),
  SANDBOX_MOJANG_PORT: String(quietPort()),
  SANDBOX_GEYSER_PORT: String(quietPort()),
});

/** alex as the sandbox has him: the roles he holds and his server nickname. */
const alex = (d: Demo) => {
  const member = d.sandbox.state.members.get(demo.users.alex);
  return { roleIds: [...(member?.roleIds ?? [])].sort(), nick: member?.nick };
};

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
  // What the bot did in the sandbox, done: roles for the seeded nicks, alex named after his oldest survival nick.
  await first.running.services.grants.settled();
  await first.running.services.nicknames.settled();
  const given = alex(first);
  expect(given).toEqual({
    roleIds: [demo.roles.bedrock, demo.roles.player, demo.roles.whitelisted].sort(),
    nick: "alex (Notch)",
  });
  await first.stop();
  running = undefined;

  const second = await startDemo(config, { logger: silentLogger, databasePath });
  running = second;
  expect(second.sandboxUrl).toBe(first.sandboxUrl);
  expect([second.mojang.url, second.geyser.url]).toEqual([
    `http://127.0.0.1:${config.SANDBOX_MOJANG_PORT}`,
    `http://127.0.0.1:${config.SANDBOX_GEYSER_PORT}/v2/xbox`,
  ]);
  // The new sandbox has what the bot gave in the first, from the database; the nickname still follows.
  expect(alex(second)).toEqual(given);
  expect((await second.running.services.nicknames.record(demo.guildId, demo.users.alex))?.released).toBe(
    false,
  );
  // One key works: the first start's is replaced (keys are hashed, so it could not be shown again).
  expect(second.keysReplaced).toBe(1);
  const withFirstKey = await fetch(`${second.apiUrl}/whitelists`, {
    headers: { authorization: `Bearer ${first.key}` },
  });
  expect(withFirstKey.status).toBe(401);
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
