import { afterEach, describe, expect, test } from "bun:test";
import { DiscordAPIError, Events } from "discord.js";
import { control, DEFAULT_INTENTS, IDS, login, nextEvent, tracker } from "./helpers.ts";

const t = tracker();
afterEach(() => t.cleanup());

async function connected() {
  const sandbox = await t.sandbox();
  const client = t.client(sandbox, DEFAULT_INTENTS);
  const guild = await login(client);
  return { sandbox, client, guild };
}

describe("sandbox members and roles", () => {
  test("a role the bot adds reaches the client as guildMemberUpdate and the sandbox's member", async () => {
    const { sandbox, client, guild } = await connected();
    const bob = guild.members.cache.get(IDS.bob);
    const updated = nextEvent(client, Events.GuildMemberUpdate, (_old, member) => member.id === IDS.bob);
    await bob?.roles.add(IDS.playerRole);
    const [before, after] = await updated;
    expect([before.roles.cache.has(IDS.playerRole), after.roles.cache.has(IDS.playerRole)]).toEqual([
      false,
      true,
    ]);
    expect((await control(sandbox, "GET", `/members/${IDS.bob}`)).body).toEqual({
      id: IDS.bob,
      username: "bob",
      nick: null,
      roleIds: [IDS.playerRole],
    });
    const removed = nextEvent(client, Events.GuildMemberUpdate, (_old, member) => member.id === IDS.bob);
    await bob?.roles.remove(IDS.playerRole);
    expect((await removed)[1].roles.cache.has(IDS.playerRole)).toBe(false);
  });

  test("roles set through member.edit (PATCH) follow the same rules", async () => {
    const { client, guild } = await connected();
    const updated = nextEvent(client, Events.GuildMemberUpdate, (_old, member) => member.id === IDS.bob);
    await guild.members.cache.get(IDS.bob)?.roles.set([IDS.playerRole]);
    expect((await updated)[1].roles.cache.has(IDS.playerRole)).toBe(true);
    await expect(guild.members.cache.get(IDS.bob)?.roles.set([IDS.staffRole])).rejects.toMatchObject({
      code: 50013,
    });
  });

  test("a role above the bot's highest role fails with 403 Missing Permissions (50013)", async () => {
    const { sandbox, guild } = await connected();
    const error = await guild.members.cache
      .get(IDS.alice)
      ?.roles.add(IDS.staffRole)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect(error).toMatchObject({ status: 403, code: 50013, message: "Missing Permissions" });
    expect((await control(sandbox, "GET", `/members/${IDS.alice}`)).body).toMatchObject({
      roleIds: [IDS.playerRole],
    });
  });

  test("fetching an unknown member fails with 404 Unknown Member (10007)", async () => {
    const { guild } = await connected();
    await expect(guild.members.fetch({ user: "999999999999999999", force: true })).rejects.toMatchObject({
      status: 404,
      code: 10007,
    });
    expect((await guild.members.fetch({ user: IDS.alice, force: true })).user.username).toBe("alice");
  });

  test("fetching all members goes through the gateway (REQUEST_GUILD_MEMBERS) and returns everyone", async () => {
    const { guild } = await connected();
    guild.members.cache.clear();
    const all = await guild.members.fetch();
    expect([...all.keys()].sort()).toEqual([IDS.owner, IDS.alice, IDS.bob, IDS.bot].sort());
  });

  test("a member leaving reaches the client as guildMemberRemove and is gone from the sandbox", async () => {
    const { sandbox, client } = await connected();
    const removed = nextEvent(client, Events.GuildMemberRemove, (member) => member.id === IDS.alice);
    expect((await control(sandbox, "POST", `/members/${IDS.alice}/leave`)).status).toBe(200);
    expect((await removed)[0].user.username).toBe("alice");
    expect(await control(sandbox, "GET", `/members/${IDS.alice}`)).toEqual({
      status: 404,
      body: { error: `user ${IDS.alice} is not a member of the guild` },
    });
  });

  test("members can be added and their roles set through the control API", async () => {
    const { sandbox, client } = await connected();
    const added = nextEvent(client, Events.GuildMemberAdd, (member) => member.id === "200000000000000009");
    const created = await control(sandbox, "POST", "/members", {
      id: "200000000000000009",
      username: "carol",
      roleIds: [],
    });
    expect(created.status).toBe(201);
    await added;
    const updated = nextEvent(
      client,
      Events.GuildMemberUpdate,
      (_old, member) => member.id === "200000000000000009",
    );
    await control(sandbox, "POST", "/members/200000000000000009/roles", { roleIds: [IDS.staffRole] });
    expect((await updated)[1].roles.cache.has(IDS.staffRole)).toBe(true);
    const { body } = await control(sandbox, "GET", "/guild");
    expect(body).toMatchObject({
      id: IDS.guild,
      name: "Sandbox Guild",
      ownerId: IDS.owner,
      channels: [
        { id: IDS.general, name: "general", type: "text" },
        { id: IDS.log, name: "whitelist-log", type: "text" },
      ],
    });
    expect(body.members).toContainEqual({
      id: "200000000000000009",
      username: "carol",
      nick: null,
      roleIds: [IDS.staffRole],
    });
    expect(body.roles).toContainEqual({
      id: IDS.botRole,
      name: "Whitelist Bot",
      permissions: String(1n << 28n),
      position: 2,
    });
  });
});
