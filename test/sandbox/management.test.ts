import { afterEach, describe, expect, test } from "bun:test";
import {
  JsonRPCError,
  MinecraftServer,
  Notifications,
  Player,
  UserBan,
  WebSocketConnection,
} from "mc-server-management";
import { type FakeManagementServer, startFakeManagementServer } from "../../src/sandbox/management/server.ts";

// The fake management server held to a client nobody here wrote: npm mc-server-management (Aternos), whose tests run
// against a real Minecraft server and which checks the shape of every answer and notification it reads.

const STEVE = { id: "8667ba71-b85a-4004-af54-457a9734eed7", name: "Steve" };
const ALEX = { id: "ec561538-f3fd-461d-aff5-086b22154bce", name: "Alex" };

/** A player as the client reads one from an answer (its constructor is internal). */
const known = (id: string, name: string) => Player.withId(id).setName(name);

let fake: FakeManagementServer | undefined;
const opened: { close(): void }[] = [];
afterEach(async () => {
  for (const connection of opened.splice(0)) connection.close();
  await fake?.stop();
  fake = undefined;
});

/** The fake, knowing Steve and Alex (as Mojang would), and mc-server-management connected to it. */
async function connected() {
  fake = startFakeManagementServer();
  fake.knows(STEVE);
  fake.knows(ALEX);
  const connection = await WebSocketConnection.connect(fake.url, fake.secret, { reconnect: false });
  opened.push(connection);
  const errors: unknown[] = [];
  connection.on("error", (error) => errors.push(error));
  return { fake, connection, server: new MinecraftServer(connection), errors };
}

/** Sends raw JSON-RPC text on an authenticated socket and resolves with the next message. */
async function raw(server: FakeManagementServer, text: string): Promise<unknown> {
  const socket = new WebSocket(server.url, {
    headers: { authorization: `Bearer ${server.secret}` },
  } as never);
  opened.push(socket);
  await new Promise((resolve) => socket.addEventListener("open", resolve, { once: true }));
  const reply = new Promise<unknown>((resolve) => {
    socket.addEventListener("message", (event) => {
      const data: unknown = JSON.parse(String((event as MessageEvent).data));
      // Skip notifications: an answer carries an id (or is a batch).
      if (Array.isArray(data) || (typeof data === "object" && data !== null && "id" in data)) resolve(data);
    });
  });
  socket.send(text);
  return reply;
}

describe("mc-server-management against the fake", () => {
  test("discovery, status and the allowlist answer as the client validates them", async () => {
    const { server, connection, errors } = await connected();
    expect((await connection.discover()).info).toEqual({
      title: "Minecraft Server JSON-RPC",
      version: "1.1.0",
    });
    const status = await server.getStatus(true);
    expect(status.started).toBe(true);
    expect(status.version.protocol).toBeGreaterThan(772);

    const allowlist = server.allowlist();
    await allowlist.add([Player.withName("steve"), Player.withId(ALEX.id)]);
    expect(await allowlist.get(true)).toEqual([known(STEVE.id, "Steve"), known(ALEX.id, "Alex")]);
    await allowlist.remove(Player.withName("Steve"));
    expect(await allowlist.get(true)).toEqual([known(ALEX.id, "Alex")]);
    await allowlist.set([Player.withId(STEVE.id)]);
    expect(await allowlist.get(true)).toEqual([known(STEVE.id, "Steve")]);
    // A player the server cannot look up is left out, without an error (as the real server does).
    await allowlist.add(Player.withName("NoSuchPlayer"));
    expect(await allowlist.get(true)).toEqual([known(STEVE.id, "Steve")]);
    await allowlist.clear();
    expect(await allowlist.get(true)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("bans carry the server's default source, and a banned player online is disconnected", async () => {
    const { fake, server, errors } = await connected();
    fake.set("use_allowlist", false);
    expect(fake.join(STEVE)).toBeNull();
    const bans = server.banList();
    await bans.add(new UserBan(Player.withName("Steve"), "griefing"));
    expect(await bans.get(true)).toEqual([
      new UserBan(known(STEVE.id, "Steve"), "griefing", "Management server"),
    ]);
    expect(fake.kicks().map((k) => k.player.name)).toEqual(["Steve"]);
    expect(fake.join(STEVE)).toBe("You are banned from this server.");
    expect(errors).toEqual([]);
  });

  test("operators, the player list and kicks", async () => {
    const { fake, server, errors } = await connected();
    fake.set("use_allowlist", false);
    await server.operatorList().add("Alex", 4, true);
    expect((await server.operatorList().get(true)).map((op) => [op.player.name, op.permissionLevel])).toEqual(
      [["Alex", 4]],
    );
    fake.join(STEVE);
    expect(await server.getConnectedPlayers(true)).toEqual([known(STEVE.id, "Steve")]);
    expect(await server.kickPlayers(known(STEVE.id, "Steve"), "Your code: ABCD-1234")).toEqual([
      known(STEVE.id, "Steve"),
    ]);
    expect(fake.kicks()).toEqual([
      expect.objectContaining({ player: STEVE, message: "Your code: ABCD-1234" }),
    ]);
    // Nobody online by that name: nobody kicked.
    expect(await server.kickPlayers(known(ALEX.id, "Alex"))).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("notifications reach the client as it reads them", async () => {
    const { fake, server, errors } = await connected();
    const joined = new Promise<Player>((resolve) => {
      server.once(Notifications.PLAYER_JOINED, (player) => resolve(player));
    });
    const added = new Promise<Player>((resolve) => {
      server.once(Notifications.ALLOWLIST_ADDED, (player) => resolve(player));
    });
    const banned = new Promise<UserBan>((resolve) => {
      server.once(Notifications.BAN_ADDED, (ban) => resolve(ban));
    });
    fake.command("whitelist add Steve");
    expect(await added).toEqual(known(STEVE.id, "Steve"));
    fake.join(STEVE);
    expect(await joined).toEqual(known(STEVE.id, "Steve"));
    fake.command("ban Steve hacking", "Alex");
    expect(await banned).toEqual(new UserBan(known(STEVE.id, "Steve"), "hacking", "Alex"));
    expect(errors).toEqual([]);
  });

  test("an error of the server is the client's JsonRPCError", async () => {
    const { connection } = await connected();
    const failure = await connection.call("minecraft:operators/add", {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(JsonRPCError);
    expect(failure).toMatchObject({
      code: -32602,
      data: "Params passed by-name, but expected param [add] does not exist",
    });
    const missing = await connection.call("aternos:invalid-method", {}).catch((error: unknown) => error);
    expect(missing).toMatchObject({ code: -32601, data: "Method not found: aternos:invalid-method" });
  });
});

describe("the fake's JSON-RPC, as the server's", () => {
  test("no upgrade without the secret: 401", async () => {
    fake = startFakeManagementServer();
    const plain = fake.url.replace(/^ws/, "http");
    expect((await fetch(plain)).status).toBe(401);
    expect(
      (await fetch(plain, { headers: { authorization: "Bearer 0123456789012345678901234567890123456789" } }))
        .status,
    ).toBe(401);
    const refused = await WebSocketConnection.connect(fake.url, "wrong", { reconnect: false }).catch(
      (e: Error) => e,
    );
    expect(String(refused)).toContain("401");
    expect(fake.connections()).toBe(0);
  });

  test("a parameter by position or by name; a parameterless method takes none", async () => {
    fake = startFakeManagementServer();
    fake.knows(STEVE);
    const byPosition = await raw(
      fake,
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "minecraft:allowlist/add",
        params: [[{ name: "Steve" }]],
      }),
    );
    expect(byPosition).toEqual({ jsonrpc: "2.0", id: 1, result: [STEVE] });
    const byName = await raw(
      fake,
      JSON.stringify({
        jsonrpc: "2.0",
        id: "b",
        method: "minecraft:allowlist/remove",
        params: { remove: [{ id: STEVE.id }] },
      }),
    );
    expect(byName).toEqual({ jsonrpc: "2.0", id: "b", result: [] });
    expect(
      await raw(
        fake,
        JSON.stringify({ jsonrpc: "2.0", id: 2, method: "minecraft:allowlist/add", params: [[], []] }),
      ),
    ).toEqual({
      jsonrpc: "2.0",
      id: 2,
      error: {
        code: -32602,
        message: "Invalid params",
        data: "Expected exactly one element in the params array",
      },
    });
    expect(
      await raw(
        fake,
        JSON.stringify({ jsonrpc: "2.0", id: 3, method: "minecraft:allowlist", params: { x: 1 } }),
      ),
    ).toEqual({
      jsonrpc: "2.0",
      id: 3,
      error: { code: -32602, message: "Invalid params", data: "Expected no params, or an empty array" },
    });
    expect(
      await raw(
        fake,
        JSON.stringify({
          jsonrpc: "2.0",
          id: 4,
          method: "minecraft:players/kick",
          params: [[{ player: { id: "nope" } }]],
        }),
      ),
    ).toMatchObject({
      error: { code: -32602, message: "Invalid params", data: "Invalid UUID nope" },
    });
  });

  test("batches, parse errors and invalid requests", async () => {
    fake = startFakeManagementServer();
    expect(await raw(fake, "{not json")).toMatchObject({
      id: null,
      error: { code: -32700, message: "Parse error" },
    });
    expect(await raw(fake, JSON.stringify({ jsonrpc: "2.0", id: 5, result: 1 }))).toEqual({
      jsonrpc: "2.0",
      id: 5,
      error: { code: -32600, message: "Invalid Request" },
    });
    const batch = await raw(
      fake,
      JSON.stringify([
        { jsonrpc: "2.0", id: 1, method: "minecraft:serversettings/enforce_allowlist" },
        { jsonrpc: "2.0", method: "minecraft:serversettings/use_allowlist" },
        { jsonrpc: "2.0", id: 2, method: "minecraft:serversettings/use_allowlist", params: [] },
      ]),
    );
    expect(batch).toEqual([
      { jsonrpc: "2.0", id: 1, result: false },
      { jsonrpc: "2.0", id: 2, result: true },
    ]);
  });

  test("removing a listed player online kicks them only with enforce-allowlist", async () => {
    fake = startFakeManagementServer();
    fake.knows(STEVE);
    fake.knows(ALEX);
    fake.command("whitelist add Steve");
    fake.command("whitelist add Alex");
    fake.join(STEVE);
    fake.join(ALEX);
    fake.command("whitelist remove Steve");
    expect(fake.online().map((p) => p.name)).toEqual(["Steve", "Alex"]);
    fake.set("enforce_allowlist", true);
    // Every player no longer listed leaves then, not only the one removed.
    fake.command("whitelist remove Alex");
    expect(fake.online()).toEqual([]);
    expect(fake.kicks().map((k) => [k.player.name, k.message])).toEqual([
      ["Steve", "You are not white-listed on this server!"],
      ["Alex", "You are not white-listed on this server!"],
    ]);
  });
});
