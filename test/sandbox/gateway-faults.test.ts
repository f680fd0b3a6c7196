import { afterEach, describe, expect, test } from "bun:test";
import { ApplicationFlags, Events, GatewayIntentBits } from "discord.js";
import type { SandboxDiscord } from "../../src/sandbox/discord/index.ts";
import { control, DEFAULT_INTENTS, IDS, login, nextEvent, TOKEN, tracker } from "./helpers.ts";

const t = tracker();
/** Messages with their content, so a test can tell them apart. */
const MESSAGES = [GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent];
afterEach(() => t.cleanup());

/** Opens a raw gateway connection, identifies with `intents` and resolves with what happened first. */
async function identifyRaw(sandbox: SandboxDiscord, intents: number, token = TOKEN) {
  const socket = new WebSocket(`${sandbox.gatewayUrl}?v=10&encoding=json`);
  return new Promise<{ closed: number; reason: string } | { dispatch: string; flags?: number }>((resolve) => {
    socket.onclose = (event) => resolve({ closed: event.code, reason: event.reason });
    socket.onmessage = (event) => {
      const payload = JSON.parse(String(event.data));
      if (payload.op === 10) {
        socket.send(JSON.stringify({ op: 2, d: { token, intents, properties: {} } }));
      } else if (payload.op === 0) {
        socket.onclose = null;
        socket.close();
        resolve({ dispatch: payload.t, flags: payload.d.application?.flags });
      }
    };
  });
}

const applicationFlags = async (sandbox: SandboxDiscord) =>
  (
    (await (
      await fetch(`${sandbox.apiUrl}/v10/applications/@me`, { headers: { authorization: `Bot ${TOKEN}` } })
    ).json()) as { flags: number }
  ).flags;

describe("the developer portal's privileged intents", () => {
  test("IDENTIFY asking for an intent whose switch is off is closed with 4014, as on Discord", async () => {
    const sandbox = await t.sandbox({ privilegedIntents: { messageContent: false } });
    const withContent = GatewayIntentBits.Guilds | GatewayIntentBits.MessageContent;
    expect(await identifyRaw(sandbox, withContent)).toEqual({
      closed: 4014,
      reason: "Disallowed intent(s).",
    });
    expect(await identifyRaw(sandbox, GatewayIntentBits.Guilds | GatewayIntentBits.GuildMembers)).toEqual({
      dispatch: "READY",
      flags: ApplicationFlags.GatewayGuildMembersLimited,
    });
    expect(sandbox.gatewayStats()).toMatchObject({ identifies: 1, disallowedIdentifies: 1 });
  });

  test("the switches show in the application's flags and change through the control API", async () => {
    const sandbox = await t.sandbox();
    expect(await applicationFlags(sandbox)).toBe(
      ApplicationFlags.GatewayGuildMembersLimited | ApplicationFlags.GatewayMessageContentLimited,
    );
    const changed = await control(sandbox, "POST", "/application/intents", { serverMembers: false });
    expect(changed).toEqual({
      status: 200,
      body: { serverMembers: false, messageContent: true, presence: false },
    });
    expect(await applicationFlags(sandbox)).toBe(ApplicationFlags.GatewayMessageContentLimited);
    expect((await control(sandbox, "POST", "/application/intents", { members: true })).status).toBe(400);
    const client = t.client(sandbox, DEFAULT_INTENTS);
    await expect(client.login(TOKEN)).rejects.toThrow("Used disallowed intents");
  });

  test("Reset Token: the old token gets 401 on REST and 4004 at the next IDENTIFY", async () => {
    const sandbox = await t.sandbox();
    const { body } = await control(sandbox, "POST", "/application/token");
    expect(body.token).toBe(sandbox.token);
    expect(await identifyRaw(sandbox, GatewayIntentBits.Guilds)).toEqual({
      closed: 4004,
      reason: "Authentication failed.",
    });
    expect(
      (await fetch(`${sandbox.apiUrl}/v10/users/@me`, { headers: { authorization: `Bot ${TOKEN}` } })).status,
    ).toBe(401);
    expect(await identifyRaw(sandbox, GatewayIntentBits.Guilds, sandbox.token)).toMatchObject({
      dispatch: "READY",
    });
  });
});

describe("gateway faults", () => {
  test("op 9 not resumable: discord.js identifies again and keeps receiving events", async () => {
    const sandbox = await t.sandbox();
    const client = t.client(sandbox, DEFAULT_INTENTS);
    await login(client);
    sandbox.invalidateSession({ resumable: false });
    await sandbox.waitForGateway((stats) => stats.identifies === 2 && stats.connected === 1);
    const update = nextEvent(client, Events.GuildMemberUpdate, (_old, member) => member.id === IDS.bob);
    await control(sandbox, "POST", `/members/${IDS.bob}/roles`, { roleIds: [IDS.playerRole] });
    await update;
    expect(sandbox.gatewayStats()).toMatchObject({ identifies: 2, resumes: 0, sessions: 1 });
  });

  test("op 9 resumable: discord.js resumes on the same connection; no event lost or doubled", async () => {
    const sandbox = await t.sandbox();
    const client = t.client(sandbox, [...DEFAULT_INTENTS, ...MESSAGES]);
    await login(client);
    const seen: string[] = [];
    client.on(Events.MessageCreate, (message) => {
      seen.push(message.content);
    });
    const resumed = nextEvent(client, Events.ShardResume);
    sandbox.invalidateSession({ resumable: true });
    await control(sandbox, "POST", "/messages", {
      userId: IDS.alice,
      channelId: IDS.general,
      content: "meanwhile",
    });
    await resumed;
    const later = nextEvent(client, Events.MessageCreate, (message) => message.content === "after");
    await control(sandbox, "POST", "/messages", {
      userId: IDS.bob,
      channelId: IDS.general,
      content: "after",
    });
    await later;
    expect(seen).toEqual(["meanwhile", "after"]);
    expect(sandbox.gatewayStats()).toMatchObject({ identifies: 1, resumes: 1, connected: 1 });
  });

  test("a zombie connection: without heartbeat ACKs discord.js reconnects, resumes, and misses nothing", async () => {
    // A beat a second, found within about two: at 50 ms a busy machine delays the ACK past the next beat, and
    // discord.js takes the resumed connection for a zombie too (test/bot/gateway-faults.test.ts).
    const sandbox = await t.sandbox({ heartbeatIntervalMs: 1_000 });
    const client = t.client(sandbox, [...DEFAULT_INTENTS, ...MESSAGES]);
    await login(client);
    const resumed = nextEvent(client, Events.ShardResume);
    const arrived = nextEvent(client, Events.MessageCreate, (message) => message.content === "into the void");
    sandbox.zombieGateway();
    await control(sandbox, "POST", "/messages", {
      userId: IDS.alice,
      channelId: IDS.general,
      content: "into the void",
    });
    await Promise.all([resumed, arrived]);
    expect(sandbox.gatewayStats()).toMatchObject({ identifies: 1, resumes: 1, connected: 1 });
  });

  test("a guild unavailable at READY arrives later as GUILD_CREATE: discord.js emits guildAvailable", async () => {
    const sandbox = await t.sandbox({ guildAvailable: false });
    const client = t.client(sandbox, DEFAULT_INTENTS);
    const ready = nextEvent(client, Events.ClientReady);
    await client.login(TOKEN);
    await ready;
    expect(client.guilds.cache.get(IDS.guild)?.available).toBe(false);
    const available = nextEvent(client, Events.GuildAvailable);
    const { body } = await control(sandbox, "POST", "/guild/availability", { available: true });
    const [guild] = await available;
    expect({ body: body.guildAvailable, id: guild.id, members: guild.members.cache.size }).toEqual({
      body: true,
      id: IDS.guild,
      members: 4,
    });
  });
});
