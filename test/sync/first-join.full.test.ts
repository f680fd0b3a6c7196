import { afterEach, expect, test } from "bun:test";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { NOT_PROVEN } from "../../src/entries/removals.ts";
import { floodgateUuid } from "../../src/nicks/floodgate.ts";
import { IDS, PROFILES, startWorld, type World, XBOX_ACCOUNTS } from "../bot/world.ts";
import { within } from "../helpers/eventually.ts";
import { TEST_TIMEOUT_MS } from "../helpers/floors.ts";
import { session } from "../helpers/node-minecraft.ts";
import { runToEnd } from "../helpers/run.ts";
import { tempDir } from "../helpers/services.ts";
import { type GameServer, startGameServer } from "./game-server.ts";
import { agentOptions, manualTimers, rconAt, runAgent, type TestAgent } from "./helpers.ts";
import { type RconServer, startRconServer } from "./minecraft-rcon.ts";
import { vanillaConsole } from "./vanilla-console.ts";

// First-join proof end to end, with parts nobody here wrote: a Minecraft server stand-in from npm
// minecraft-protocol's createServer (online mode against the fake Mojang, enforcing whitelist.json, under Node), an
// RCON as strict as vanilla's answering `list` and `kick` as vanilla does, minecraft-protocol's real client joining
// it, the real service with its discord.js bot against the sandbox Discord, and the `sync` agent between them. The
// agent's reads of the player list are fired by the test (its timer is manual); time for the window moves on the
// world's manual clock.

const NODE = Bun.which("node");
const CLIENT = join(import.meta.dir, "..", "link", "node-client.cjs");
const VERSION = "1.20.4";
const PASSWORD = "rcon-pw";
const NOTCH = { name: PROFILES.notch.name, uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5" };
const JEB = { name: PROFILES.jeb.name, uuid: "853c80ef-3c37-49fd-aa49-938b674adae6" };

let world: World | undefined;
let game: GameServer | undefined;
let rcon: RconServer | undefined;
let agent: TestAgent | undefined;
let dir: ReturnType<typeof tempDir> | undefined;
const players = new Set<Subprocess>();
afterEach(async () => {
  for (const child of players) child.kill();
  players.clear();
  await agent?.stop();
  rcon?.stop();
  await game?.stop();
  await world?.stop();
  dir?.cleanup();
  world = game = rcon = agent = dir = undefined;
});

/** The world, the game server stand-in reading the agent's file, its RCON, and the agent with a manual poll timer. */
async function start(whitelist: "java" | "bedrock") {
  world = await startWorld();
  await world.useLogChannel();
  const wl = await world.whitelist(
    whitelist === "java"
      ? { proof: "first-join", grantedRoleIds: [IDS.whitelistedRole] }
      : { name: "pocket", nickType: "bedrock", channelId: IDS.general, proof: "first-join" },
  );
  const key = await world.key();
  dir = tempDir("wls-first-join-");
  const out = join(dir.path, "whitelist.json");
  game = await startGameServer({ whitelist: out, sessionServer: world.mojang.url, version: VERSION });
  rcon = startRconServer({ password: PASSWORD, answer: vanillaConsole(game) });
  const timers = manualTimers();
  const options = agentOptions({ url: world.service.url }, key, wl.name, dir.path, {
    console: rconAt(rcon.port, PASSWORD),
    proofPollMs: 5000,
  });
  agent = runAgent(options, { proofTimer: timers.setTimer });
  await agent.waitFor("started");
  return { wl, timers, world, game, agent };
}

/** minecraft-protocol's client joins the stand-in as `account` and stays until it is disconnected (or killed). */
function play(account: { name: string; uuid: string }) {
  let child: Subprocess | undefined;
  const ended = runToEnd(
    [
      NODE as string,
      CLIENT,
      JSON.stringify({
        host: "127.0.0.1",
        port: game?.port,
        version: VERSION,
        ...session(account, (world as World).mojang.url),
        action: "play",
        limitMs: TEST_TIMEOUT_MS,
      }),
    ],
    {
      spawned: (spawned) => {
        child = spawned;
        players.add(spawned);
      },
    },
  );
  // A client the test ends prints nothing: it saw nothing to report.
  const seen = ended.then(({ stdout, stderr }) => {
    const line = stdout.trim().split("\n").at(-1);
    return (line ? JSON.parse(line) : { stderr: stderr.slice(0, 500) }) as Record<string, string>;
  });
  return { child: child as Subprocess, seen };
}

/** Resolves once the agent applied every event stored so far (its cursor reached the last one). */
async function agentCaughtUp() {
  const events = await (world as World).services.events.listAfter(0, {
    guildId: IDS.guild,
    whitelistId: null,
  });
  const last = events.at(-1)?.id ?? 0;
  await within(`the agent applied event ${last}`, (agent as TestAgent).synced(last, 0));
}

/** Fires the agent's next read of the player list; resolves with what that read reported. */
async function pollPlayers(timers: ReturnType<typeof manualTimers>) {
  const from = (agent as TestAgent).events.length;
  timers.fireAll();
  return within(
    "the agent's read of the player list",
    (agent as TestAgent).waitFor("players-checked", () => true, from),
  );
}

/** Resolves once the game server was told `whitelist reload` over RCON `count` times (named if it never is). */
function rconReloads(count: number) {
  const server = rcon as RconServer;
  return within(
    `${count} whitelist reloads over RCON`,
    server.until(() => server.commands.filter((command) => command === "whitelist reload").length >= count),
  );
}

const lines = (reply: { content: string }) => reply.content.split("\n");

test.skipIf(!NODE && !process.env.CI)(
  "a member registers, joins, is kicked with a code, types it in Discord, and joins for good; the unproven one expires",
  async () => {
    const { wl, timers, world, game, agent } = await start("java");
    const register = (userId: string, nick: string) =>
      world.command(userId, "register", { channelId: IDS.survivalChannel, options: { nick } });

    const registered = await register(IDS.alice, "Notch");
    const due = world.clock.now() + 24 * 3_600_000;
    const dueAt = `<t:${Math.floor(due / 1000)}:f>`;
    expect(lines(registered)).toEqual([
      "✅ **Notch** is on **survival**, waiting for you to prove it is yours.",
      `🔒 Prove **Notch** is yours: join the game server with it before ${dueAt} (<t:${Math.floor(due / 1000)}:R>). ` +
        "You will be disconnected with a code: type `/link code:<code>` here, then join again. Not proven by then, " +
        "it is removed.",
      "Changed your mind? `/unregister nick:Notch` removes it.",
    ]);
    await register(IDS.carol, "jeb_");
    await agentCaughtUp();

    // Notch is on whitelist.json, so the server lets him in: then the agent sees him in `list uuids` and kicks him.
    const first = play(NOTCH);
    await within(
      "Notch joining",
      game.until((event) => event.event === "joined" && event.name === "Notch"),
    );
    const checked = await pollPlayers(timers);
    expect(checked).toEqual({ type: "players-checked", online: 1, awaitingProof: 1, asked: 1 });
    const asked = await agent.waitFor("proof-asked");
    const kicked = await first.seen;
    const code = kicked.kicked?.match(/\/link code:([0-9A-Z]{4}-[0-9A-Z]{4}) /)?.[1] as string;
    expect(kicked).toEqual({
      kicked: `Prove this account is yours: in Discord, type /link code:${code} within 10 minutes, then join again.`,
      state: "play",
    });
    expect(asked).toEqual({
      type: "proof-asked",
      nick: "Notch",
      whitelist: "survival",
      codeExpiresAt: new Date(world.clock.now() + 600_000).toISOString(),
      again: false,
    });
    // The RCON saw vanilla's commands, and the code never reached the agent's reports.
    expect(rcon?.commands.filter((command) => !command.startsWith("whitelist "))).toEqual([
      "list uuids",
      `kick ${NOTCH.uuid} ${kicked.kicked}`,
    ]);
    expect(JSON.stringify(agent.events)).not.toContain(code);

    // Only Alice, who registered Notch, can type it.
    const bobTried = await world.command(IDS.bob, "link", { options: { code } });
    expect(bobTried.content).toStartWith("That code proves another member's registration");
    const linked = await world.command(IDS.alice, "link", { options: { code } });
    expect(lines(linked)).toEqual([
      "🔗 **Notch** is linked to you on this server: you proved it is yours.",
      "Your **Notch** on **survival** is verified now.",
      "Put it on a whitelist with `/register nick:Notch`: no need to join again. `/unlink` forgets it.",
    ]);
    await agentCaughtUp();

    // Back in, proven: the next read sees him and leaves him be (jeb_ still awaits proof, offline).
    const second = play(NOTCH);
    await within(
      "Notch joining again",
      game.until((event) => event.event === "joined" && event.name === "Notch", game.events.length),
    );
    expect(await pollPlayers(timers)).toEqual({
      type: "players-checked",
      online: 1,
      awaitingProof: 0,
      asked: 0,
    });
    expect(await game.players()).toEqual([NOTCH]);
    second.child.kill();
    const listed = await (await world.api(await world.key(), `/whitelists/${wl.id}/entries`)).json();
    expect(listed).toEqual([
      { nick: "Notch", uuid: NOTCH.uuid, premium: true, expiresAt: null, verified: true, groups: [] },
      {
        nick: "jeb_",
        uuid: JEB.uuid,
        premium: true,
        expiresAt: null,
        verified: false,
        proofDueAt: new Date(world.clock.now() + 24 * 3_600_000).toISOString(),
        groups: [],
      },
    ]);

    // A day later jeb_ was never proven: removed as expired entries are, saying why, and no longer let in.
    world.clock.advance(24 * 3_600_000);
    expect(await world.services.expiry.check()).toBe(1);
    await agentCaughtUp();
    expect(agent.events).toContainEqual({ type: "removed", nick: "jeb_", whitelist: "survival" });
    // The log channel batches changes (up to 10 embeds a message) and shows the nick escaped (jeb\_).
    const removal = (message: { embeds: { title?: string; description?: string }[] }) =>
      message.embeds.find(
        (embed) => embed.title === "Nick removed" && !!embed.description?.includes("jeb\\_"),
      );
    const post = await world.message(IDS.logChannel, "the removal of jeb_", (message) => !!removal(message));
    const embed = removal(post) as { fields?: { name: string; value: string }[] };
    expect(embed.fields?.find((field) => field.name === "Reason")?.value).toBe(NOT_PROVEN);
    await rconReloads(4);
    const late = play(JEB);
    expect(await late.seen).toEqual({
      disconnect: JSON.stringify({ text: "You are not white-listed on this server!" }),
      state: "login",
    });
  },
  60_000,
);

test.skipIf(!NODE && !process.env.CI)(
  "a Bedrock player, in the list under Floodgate's name and UUID, is asked too; the code verifies their gamertag",
  async () => {
    const { wl, timers, world, game } = await start("bedrock");
    const [steve, alex] = XBOX_ACCOUNTS as { gamertag: string; xuid: string }[];
    const register = (userId: string, gamertag: string) =>
      world.command(userId, "register", { channelId: IDS.general, options: { nick: gamertag } });
    const registered = await register(IDS.alice, steve?.gamertag as string);
    expect(lines(registered)[0]).toBe(
      "✅ **.Steve\\_Jobs** is on **pocket**, waiting for you to prove it is yours.",
    );
    await register(IDS.carol, alex?.gamertag as string);
    await agentCaughtUp();
    await rconReloads(3);
    // Floodgate lets the Bedrock player in through Geyser: Java players see `.Steve_Jobs` with Floodgate's UUID.
    const floodgate = { name: ".Steve_Jobs", uuid: floodgateUuid(steve?.xuid as string) };
    expect(await within("the Bedrock player joining through Floodgate", game.floodgateJoin(floodgate))).toBe(
      true,
    );
    expect(await pollPlayers(timers)).toEqual({
      type: "players-checked",
      online: 1,
      awaitingProof: 1,
      asked: 1,
    });
    const kicked = await within(
      "the Bedrock player kicked with a code",
      game.until((event) => event.event === "kicked"),
    );
    expect(kicked).toMatchObject(floodgate);
    const code = kicked.reason?.match(/code:([0-9A-Z]{4}-[0-9A-Z]{4})/)?.[1] as string;
    const linked = await world.command(IDS.alice, "link", { options: { code } });
    expect(lines(linked)[0]).toBe(
      "🔗 **.Steve\\_Jobs** is linked to you on this server: you proved it is yours.",
    );
    await agentCaughtUp();
    const [entry] = await world.services.entries.list(wl.id);
    expect(entry).toMatchObject({ nick: ".Steve_Jobs", verified: true, proofDueAt: null });
    // Proven, they come back and stay; Bob's Alex Pocket, who never joined, keeps the agent reading the list.
    await within("the Bedrock player joining again", game.floodgateJoin(floodgate));
    expect(await pollPlayers(timers)).toEqual({
      type: "players-checked",
      online: 1,
      awaitingProof: 0,
      asked: 0,
    });
  },
  60_000,
);
