import { afterEach, describe, expect, test } from "bun:test";
import { Events, PermissionFlagsBits } from "discord.js";
import type { SandboxDiscord } from "../../src/sandbox/discord/index.ts";
import { control, DEFAULT_INTENTS, IDS, login, nextEvent, TOKEN, tracker } from "./helpers.ts";

const t = tracker();
afterEach(() => t.cleanup());

/** PUT or DELETE of one member role, as the bot sends it; resolves with the status and the JSON body. */
async function roleChange(sandbox: SandboxDiscord, method: "PUT" | "DELETE", user: string, role: string) {
  const response = await fetch(`${sandbox.apiUrl}/v10/guilds/${IDS.guild}/members/${user}/roles/${role}`, {
    method,
    headers: { authorization: `Bot ${TOKEN}` },
  });
  return {
    status: response.status,
    json: (response.headers.get("content-type") ?? "").startsWith("application/json"),
    body: response.status === 204 ? null : ((await response.json()) as unknown),
  };
}

const MISSING_PERMISSIONS = {
  status: 403,
  json: true,
  body: { message: "Missing Permissions", code: 50013 },
};

describe("sandbox REST: member roles under Discord's rules", () => {
  test("each refusal answers with Discord's status and JSON body, for PUT and DELETE alike", async () => {
    const sandbox = await t.sandbox();
    for (const method of ["PUT", "DELETE"] as const) {
      // Staff sits above the bot's highest role.
      expect(await roleChange(sandbox, method, IDS.alice, IDS.staffRole)).toEqual(MISSING_PERMISSIONS);
      expect(await roleChange(sandbox, method, IDS.alice, "400000000000000999")).toEqual({
        status: 404,
        json: true,
        body: { message: "Unknown Role", code: 10011 },
      });
      expect(await roleChange(sandbox, method, "999999999999999999", IDS.playerRole)).toEqual({
        status: 404,
        json: true,
        body: { message: "Unknown Member", code: 10007 },
      });
      // The bot's own role is not below its highest role either.
      expect(await roleChange(sandbox, method, IDS.alice, IDS.botRole)).toMatchObject(MISSING_PERMISSIONS);
    }
    expect(sandbox.state.members.get(IDS.alice)?.roleIds).toEqual([IDS.playerRole]);
  });

  test("without Manage Roles the bot may change no role, even one below it", async () => {
    const sandbox = await t.sandbox();
    const client = t.client(sandbox, DEFAULT_INTENTS);
    const guild = await login(client);
    const updated = nextEvent(client, Events.GuildRoleUpdate, (_old, role) => role.id === IDS.botRole);
    expect((await control(sandbox, "PATCH", `/roles/${IDS.botRole}`, { permissions: "0" })).status).toBe(200);
    expect((await updated)[1].permissions.has(PermissionFlagsBits.ManageRoles)).toBe(false);
    await expect(guild.members.cache.get(IDS.bob)?.roles.add(IDS.playerRole)).rejects.toMatchObject({
      status: 403,
      code: 50013,
    });
    expect(await roleChange(sandbox, "DELETE", IDS.alice, IDS.playerRole)).toMatchObject(MISSING_PERMISSIONS);
    await control(sandbox, "PATCH", `/roles/${IDS.botRole}`, {
      permissions: String(PermissionFlagsBits.ManageRoles),
    });
    expect((await roleChange(sandbox, "PUT", IDS.bob, IDS.playerRole)).status).toBe(204);
  });

  test("Administrator does not lift the hierarchy: a role above the bot stays out of reach", async () => {
    const sandbox = await t.sandbox();
    await control(sandbox, "PATCH", `/roles/${IDS.botRole}`, {
      permissions: String(PermissionFlagsBits.Administrator),
    });
    expect(await roleChange(sandbox, "PUT", IDS.bob, IDS.staffRole)).toMatchObject(MISSING_PERMISSIONS);
    expect((await roleChange(sandbox, "PUT", IDS.bob, IDS.playerRole)).status).toBe(204);
  });

  test("moving a role below the bot's makes it manageable; the others shift as in Discord's role list", async () => {
    const sandbox = await t.sandbox();
    const client = t.client(sandbox, DEFAULT_INTENTS);
    const guild = await login(client);
    const moved = nextEvent(client, Events.GuildRoleUpdate, (_old, role) => role.id === IDS.staffRole);
    const answer: unknown = await control(sandbox, "PATCH", `/roles/${IDS.staffRole}`, { position: 1 });
    expect(answer).toEqual({
      status: 200,
      body: [
        { id: IDS.botRole, name: "Whitelist Bot", permissions: String(1n << 28n), position: 3 },
        { id: IDS.playerRole, name: "Player", permissions: "0", position: 2 },
        { id: IDS.staffRole, name: "Staff", permissions: String(1n << 5n), position: 1 },
        { id: IDS.guild, name: "@everyone", permissions: expect.any(String), position: 0 },
      ],
    });
    expect((await moved)[1].position).toBe(1);
    await guild.members.cache.get(IDS.bob)?.roles.add(IDS.staffRole);
    expect(sandbox.state.members.get(IDS.bob)?.roleIds).toEqual([IDS.staffRole]);
    // And back above the bot: refused again.
    await control(sandbox, "PATCH", `/roles/${IDS.staffRole}`, { position: 3 });
    expect(await roleChange(sandbox, "DELETE", IDS.bob, IDS.staffRole)).toMatchObject(MISSING_PERMISSIONS);
  });

  test("the control API refuses what Discord could not be told", async () => {
    const sandbox = await t.sandbox();
    expect(await control(sandbox, "PATCH", "/roles/400000000000000999", { position: 1 })).toEqual({
      status: 404,
      body: { error: "unknown role 400000000000000999" },
    });
    expect(await control(sandbox, "PATCH", `/roles/${IDS.guild}`, { position: 2 })).toEqual({
      status: 400,
      body: { error: "@everyone always sits at position 0" },
    });
    expect(await control(sandbox, "PATCH", `/roles/${IDS.staffRole}`, { position: 4 })).toEqual({
      status: 400,
      body: { error: "position must be 1-3" },
    });
    expect(await control(sandbox, "PATCH", `/roles/${IDS.staffRole}`, { permissions: 8 })).toEqual({
      status: 400,
      body: { error: "permissions must be a permission bitfield as a decimal string" },
    });
  });
});

describe("sandbox control API: deleting a role", () => {
  test("sends GUILD_ROLE_DELETE only; its holders lose it without a member update, as on Discord", async () => {
    const sandbox = await t.sandbox();
    const client = t.client(sandbox, DEFAULT_INTENTS);
    const guild = await login(client);
    let memberUpdates = 0;
    client.on(Events.GuildMemberUpdate, () => memberUpdates++);
    const deleted = nextEvent(client, Events.GuildRoleDelete, (role) => role.id === IDS.playerRole);
    const answer = await control(sandbox, "DELETE", `/roles/${IDS.playerRole}`);
    expect(answer.status).toBe(200);
    await deleted;
    // What discord.js shows at once: the role gone from the guild and from its holder's roles.
    expect(guild.roles.cache.has(IDS.playerRole)).toBe(false);
    expect(guild.members.cache.get(IDS.alice)?.roles.cache.has(IDS.playerRole)).toBe(false);
    // What Discord answers when asked: the member without it.
    const fetched = await guild.members.fetch({ user: IDS.alice, force: true });
    expect([...fetched.roles.cache.keys()]).toEqual([IDS.guild]);
    expect(sandbox.state.members.get(IDS.alice)?.roleIds).toEqual([]);
    expect(memberUpdates).toBe(0);
  });

  test("refuses an unknown role and @everyone", async () => {
    const sandbox = await t.sandbox();
    expect(await control(sandbox, "DELETE", "/roles/400000000000000999")).toEqual({
      status: 404,
      body: { error: "unknown role 400000000000000999" },
    });
    expect(await control(sandbox, "DELETE", `/roles/${IDS.guild}`)).toEqual({
      status: 400,
      body: { error: "@everyone cannot be deleted" },
    });
    expect(sandbox.state.roles.has(IDS.guild)).toBe(true);
  });
});
