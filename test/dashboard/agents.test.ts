import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { offlineUuid } from "../../src/nicks/uuid.ts";
import { STATUS_EVERY_MS } from "../../src/sync/status-report.ts";
import { IDS, startWorld, type World } from "../bot/world.ts";
import { seedEntries, tempDir } from "../helpers/services.ts";
import { agentOptions, latestEventId, runAgent, type TestAgent } from "../sync/helpers.ts";
import { signIn } from "./session.ts";

// Each agent's state on the dashboard's keys page (docs/dashboard.md, Game servers' agents): the project's own
// `sync` agent, on a read-only key, reports over its real socket to the real service; the page shows what it said
// to who manages the server (Manage Server), and to nobody else.

let world: World;
let agent: TestAgent | undefined;
const dir = tempDir("wls-dashboard-agents-");
const keysPage = `/dashboard/servers/${IDS.guild}/keys`;

beforeAll(async () => {
  world = await startWorld({ dashboard: true });
});

afterAll(async () => {
  await agent?.stop();
  await world?.stop();
  dir.cleanup();
});

/** The text of the agent's cell of the key named `name` on the keys page, as the owner reads it. */
async function agentCell(name: string): Promise<string> {
  const owner = await signIn(world, IDS.owner);
  const response = await owner.get(keysPage);
  expect(response.status).toBe(200);
  const row = new RegExp(`<tr><th scope="row">${name}</th>(.*?)</tr>`, "s").exec(await response.text())?.[1];
  const cells = [...(row ?? "").matchAll(/<td>(.*?)<\/td>/gs)].map((cell) => cell[1] ?? "");
  return (cells.at(-2) ?? "").replace(/<\/li>/g, "; ").replace(/<[^>]+>/g, "");
}

test("the agent's state: connected, the last change applied, drift; disconnected once it stops", async () => {
  const survival = (await world.whitelist()).id;
  await seedEntries(world.services, survival, ["Notch"]);
  const { key, plaintext } = await world.services.keys.create({
    guildId: IDS.guild,
    name: "lobby",
    whitelistId: survival,
    mayRemove: false,
    createdBy: IDS.owner,
  });
  const options = agentOptions(world.service, plaintext, "survival", dir.path);
  const statusOf = async () => (await world.services.agentStatus.ofGuild(IDS.guild)).get(key.id);

  // The agent and the service share the test's clock: a status sooner than STATUS_EVERY_MS after the last waits.
  agent = runAgent(options, { clock: world.clock });
  await agent.waitFor("started");
  await world.waitFor("the agent's first status", async () => (await statusOf())?.connected);
  expect(await agentCell("lobby")).toStartWith("connected, last report ");

  world.clock.advance(STATUS_EVERY_MS);
  await seedEntries(world.services, survival, ["jeb_"]);
  const applied = String(await latestEventId(world.service));
  await world.waitFor("the change applied", async () => (await statusOf())?.applied === applied);

  world.clock.advance(STATUS_EVERY_MS);
  // The game server's own `/whitelist add`: one player the agent did not write.
  const players = JSON.parse(readFileSync(options.out, "utf8")) as { uuid: string; name: string }[];
  writeFileSync(options.out, JSON.stringify([...players, { uuid: offlineUuid("Steve"), name: "Steve" }]));
  await agent.waitFor("drift");
  await world.waitFor("the drift reported", async () => (await statusOf())?.drift === 1);

  const cell = await agentCell("lobby");
  expect(cell).toContain("connected, last report ");
  expect(cell).toContain(`whitelist-sync-agent/`);
  expect(cell).toContain("writes a vanilla file");
  expect(cell).toContain(`last change applied: ${applied}`);
  expect(cell).toContain("players changed by someone else in its list: 1");
  expect(cell).not.toContain("last error");
  // Nothing of the host's: the file's folder is the agent's own.
  expect(cell).not.toContain(dir.path);

  await agent.stop();
  agent = undefined;
  await world.waitFor("the disconnection", async () => (await statusOf())?.connected === false);
  expect(await agentCell("lobby")).toStartWith("disconnected, last seen ");
});

test("only who manages the server sees the keys and their agents: a manager and a member get the 404", async () => {
  for (const who of [IDS.manager, IDS.alice]) {
    const page = await (await signIn(world, who)).get(keysPage);
    const text = await page.text();
    expect({
      status: page.status,
      agent: text.includes("last report") || text.includes("last seen"),
    }).toEqual({
      status: 404,
      agent: false,
    });
  }
});
