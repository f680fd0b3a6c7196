import { afterEach, describe, expect, test } from "bun:test";
import { Events, GatewayIntentBits } from "discord.js";
import { control, DEFAULT_INTENTS, IDS, login, nextEvent, TOKEN, tracker } from "./helpers.ts";

const t = tracker();
afterEach(() => t.cleanup());

describe("sandbox gateway", () => {
  test("login caches the guild with its roles, channels and members", async () => {
    const sandbox = await t.sandbox();
    const client = t.client(sandbox, DEFAULT_INTENTS);
    const guild = await login(client);
    expect(client.user?.id).toBe(IDS.bot);
    expect(client.user?.bot).toBe(true);
    expect({
      name: guild.name,
      ownerId: guild.ownerId,
      roles: [...guild.roles.cache.values()].map((role) => role.name).sort(),
      channels: [...guild.channels.cache.values()].map((channel) => channel.name).sort(),
      members: [...guild.members.cache.keys()].sort(),
      everyone: guild.roles.everyone.id,
      botHighest: guild.members.me?.roles.highest.id,
      alice: guild.members.cache.get(IDS.alice)?.roles.cache.has(IDS.playerRole),
    }).toEqual({
      name: "Sandbox Guild",
      ownerId: IDS.owner,
      roles: ["@everyone", "Player", "Staff", "Whitelist Bot"],
      channels: ["general", "whitelist-log"],
      members: [IDS.owner, IDS.alice, IDS.bob, IDS.bot].sort(),
      everyone: IDS.guild,
      botHighest: IDS.botRole,
      alice: true,
    });
    expect(sandbox.gatewayStats()).toMatchObject({ identifies: 1, resumes: 0, intents: 3, connected: 1 });
  });

  test("without the Guild Members intent only the bot's own member arrives, as on Discord", async () => {
    const sandbox = await t.sandbox();
    const guild = await login(t.client(sandbox, [GatewayIntentBits.Guilds]));
    expect([...guild.members.cache.keys()]).toEqual([IDS.bot]);
  });

  test("a wrong token makes login reject", async () => {
    const sandbox = await t.sandbox();
    const client = t.client(sandbox, DEFAULT_INTENTS);
    await expect(client.login("not-the-token")).rejects.toThrow();
    expect(sandbox.gatewayStats().identifies).toBe(0);
  });

  test("IDENTIFY with a wrong token is closed with 4004", async () => {
    const sandbox = await t.sandbox();
    const socket = new WebSocket(`${sandbox.gatewayUrl}?v=10&encoding=json`);
    const closed = new Promise<number>((resolve) => {
      socket.onclose = (event) => resolve(event.code);
    });
    const hello = await new Promise<{ op: number; d: { heartbeat_interval: number } }>((resolve) => {
      socket.onmessage = (event) => resolve(JSON.parse(String(event.data)));
    });
    expect(hello).toEqual({ op: 10, d: { heartbeat_interval: 41_250 }, s: null, t: null } as never);
    socket.send(JSON.stringify({ op: 2, d: { token: "wrong", intents: 1, properties: {} } }));
    expect(await closed).toBe(4004);
  });

  test("heartbeats are acknowledged", async () => {
    const sandbox = await t.sandbox();
    const socket = new WebSocket(`${sandbox.gatewayUrl}?v=10&encoding=json`);
    const ops: number[] = [];
    const acked = new Promise<void>((resolve) => {
      socket.onmessage = (event) => {
        ops.push(JSON.parse(String(event.data)).op);
        if (ops.length === 1) socket.send(JSON.stringify({ op: 1, d: null }));
        else resolve();
      };
    });
    await acked;
    socket.close();
    expect(ops).toEqual([10, 11]);
  });

  test("a resumable drop: the client resumes and an event sent across the drop arrives exactly once", async () => {
    const sandbox = await t.sandbox();
    const client = t.client(sandbox, [...DEFAULT_INTENTS, GatewayIntentBits.GuildMessages]);
    await login(client);
    const seen: string[] = [];
    client.on(Events.MessageCreate, (message) => {
      seen.push(message.id);
    });
    const resumed = nextEvent(client, Events.ShardResume);
    sandbox.dropGateway({ resumable: true });
    // Posted while the bot is disconnected: it must come through the resume's replay.
    const during = await control(sandbox, "POST", "/messages", {
      userId: IDS.alice,
      channelId: IDS.general,
      content: "a",
    });
    await Promise.all([resumed, sandbox.waitForGatewayReady()]);
    // A later event proves the stream moved on; a duplicate of the first would have come before it.
    const later = nextEvent(client, Events.MessageCreate, (message) => message.author.id === IDS.bob);
    const after = await control(sandbox, "POST", "/messages", {
      userId: IDS.bob,
      channelId: IDS.general,
      content: "b",
    });
    await later;
    expect(seen).toEqual([String(during.body.id), String(after.body.id)]);
    expect(sandbox.gatewayStats()).toMatchObject({ identifies: 1, resumes: 1, connected: 1 });
  });

  test("member events replayed by a resume update discord.js's cache without firing its events", async () => {
    const sandbox = await t.sandbox();
    const client = t.client(sandbox, DEFAULT_INTENTS);
    const guild = await login(client);
    let updates = 0;
    client.on(Events.GuildMemberUpdate, () => {
      updates++;
    });
    const resumed = nextEvent(client, Events.ShardResume);
    sandbox.dropGateway();
    await control(sandbox, "POST", `/members/${IDS.alice}/roles`, { roleIds: [] });
    await resumed;
    expect({ updates, player: guild.members.cache.get(IDS.alice)?.roles.cache.has(IDS.playerRole) }).toEqual({
      updates: 0,
      player: false,
    });
  });

  test("a non-resumable drop: the client identifies again and keeps working", async () => {
    const sandbox = await t.sandbox();
    const client = t.client(sandbox, DEFAULT_INTENTS);
    await login(client);
    const readyAgain = nextEvent(client, Events.ShardReady);
    sandbox.dropGateway({ resumable: false });
    await Promise.all([readyAgain, sandbox.waitForGatewayReady()]);
    expect(sandbox.gatewayStats()).toMatchObject({ identifies: 2, resumes: 0 });
    const update = nextEvent(client, Events.GuildMemberUpdate, (_old, member) => member.id === IDS.bob);
    await control(sandbox, "POST", `/members/${IDS.bob}/roles`, { roleIds: [IDS.playerRole] });
    const [, member] = await update;
    expect(member.roles.cache.has(IDS.playerRole)).toBe(true);
  });

  test("stop closes the gateway and the port", async () => {
    const sandbox = await t.sandbox();
    const client = t.client(sandbox, DEFAULT_INTENTS);
    await login(client);
    await client.destroy();
    await sandbox.stop();
    expect(sandbox.gatewayStats().connected).toBe(0);
    await expect(fetch(`${sandbox.url}/_sandbox/guild`)).rejects.toThrow();
    expect(TOKEN).toBe(sandbox.token);
  });
});
