import { afterEach, describe, expect, test } from "bun:test";
import { scriptLines } from "../../src/shared/script-lines.ts";
import type { RegistrationMode } from "../../src/whitelists/model.ts";
import { openSocket, type TestSocket } from "../helpers/sockets.ts";
import {
  IDS,
  lineValue,
  PROFILES,
  type Reply,
  startReceiver,
  startWorld,
  type World,
  type WorldOptions,
} from "./world.ts";

const NOTCH_UUID = "069a79f4-44e9-4726-a5be-fca90e38aaf5";

let world: World;
let socket: TestSocket | undefined;
let receiver: ReturnType<typeof startReceiver> | undefined;
afterEach(async () => {
  socket?.close();
  await receiver?.stop();
  await world?.stop();
  socket = undefined;
  receiver = undefined;
});

/** A whitelist set up by staff through the commands: created, granting a role, logging, linked, hooked. */
async function setUpThroughCommands(mode: RegistrationMode, options: WorldOptions = {}) {
  world = await startWorld(options);
  const owner = (subcommand: string, options: Record<string, unknown>) =>
    world.command(IDS.owner, "whitelist", { subcommand, options });
  await owner("log-channel", { channel: IDS.logChannel });
  await owner("create", {
    name: "survival",
    channel: IDS.survivalChannel,
    "nick-type": "java",
    mode,
    "max-nicks": 2,
  });
  await owner("roles", {
    whitelist: "survival",
    "add-granted": IDS.whitelistedRole,
    "add-manager": IDS.staffRole,
  });
  const link = await world.command(IDS.owner, "server-link", {
    subcommand: "create",
    options: { name: "survival-server" },
  });
  const key = lineValue(link, scriptLines.key);
  receiver = startReceiver();
  await world.command(IDS.owner, "server-link", {
    subcommand: "webhook",
    options: { id: lineValue(link, scriptLines.linkId), url: receiver.url },
  });
  socket = openSocket(world.service.url, key);
  await socket.waitFor((message) => message.type === "connected");
  const whitelist = await world.services.whitelists.find(IDS.guild, "survival");
  if (!whitelist) throw new Error("the whitelist was not created");
  return { key, whitelist, socket, receiver };
}

/** Alice registers Notch the way `mode` wants; resolves with what she was answered (if anything). */
async function registerNotch(mode: RegistrationMode): Promise<Reply | null> {
  if (mode === "command") {
    return world.command(IDS.alice, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "notch" },
    });
  }
  if (mode === "message") {
    const { id } = await world.say(IDS.alice, IDS.survivalChannel, "notch");
    await world.message(
      IDS.survivalChannel,
      "the ✅ reaction",
      (m) => m.id === id && m.reactions.includes("✅"),
    );
    return null;
  }
  const requested = await world.command(IDS.alice, "register", {
    channelId: IDS.survivalChannel,
    options: { nick: "notch" },
  });
  expect(requested.content).toContain("sent to staff");
  const post = await world.message(IDS.logChannel, "the request post", (m) =>
    m.embeds.some((embed) => embed.title === "Registration request"),
  );
  const approve = `approval:approve:${(await world.registrationRequest()).id}`;
  expect(post.components).toEqual([
    expect.objectContaining({
      components: [
        expect.objectContaining({ custom_id: approve, label: "Approve" }),
        expect.objectContaining({ custom_id: approve.replace("approve", "reject"), label: "Reject" }),
      ],
    }),
  ]);
  const decided = await world.click(IDS.manager, post.id, approve);
  expect({ title: decided.embeds[0]?.title, components: decided.components }).toEqual({
    title: "Request approved",
    components: [],
  });
  const told = await world.message(IDS.survivalChannel, "the member's notice", (m) =>
    m.content.includes("was approved"),
  );
  expect(told.content).toStartWith(`<@${IDS.alice}>`);
  return requested;
}

describe.each(["command", "message", "approval"] as const)("%s mode, end to end", (mode) => {
  test("a member registers: the API, the socket, the webhook, the role and the log all show it", async () => {
    const { key, whitelist, socket, receiver } = await setUpThroughCommands(mode);
    const reply = await registerNotch(mode);
    if (reply) expect(reply.ephemeral).toBe(true);
    if (mode === "command") expect(reply?.content).toStartWith("✅ **Notch** is on **survival**");

    const origin = mode === "approval" ? "staff" : "discord";
    const added = {
      id: expect.any(String),
      type: "entry.added",
      guildId: IDS.guild,
      whitelistId: whitelist.id,
      whitelistName: "survival",
      entry: { nick: "Notch", uuid: NOTCH_UUID, premium: true, expiresAt: null, verified: false, groups: [] },
      // Alice, who registered it: her Discord id, as `{discord}` of a game server's commands reads it.
      userId: IDS.alice,
      origin,
      timestamp: expect.any(String),
    };
    const entries = await world.api(key, `/whitelists/${whitelist.id}/entries`);
    expect(await entries.json()).toEqual([
      { nick: "Notch", uuid: NOTCH_UUID, premium: true, expiresAt: null, verified: false, groups: [] },
    ]);
    expect(await socket.waitFor((m) => m.type === "entry.added")).toEqual(added);
    expect((await receiver.waitFor((body) => body.type === "entry.added")).body).toEqual(added);
    expect(
      (await world.roles(IDS.alice, "the role given", (roles) => roles.includes(IDS.whitelistedRole))).sort(),
    ).toEqual([IDS.playerRole, IDS.whitelistedRole].sort());
    const logged = await world.message(IDS.logChannel, "the Nick added embed", (m) =>
      m.embeds.some((embed) => embed.title === "Nick added"),
    );
    expect(logged.embeds[0]?.fields?.find((field) => field.name === "Origin")?.value).toBe(
      mode === "approval" ? "staff" : "Discord",
    );
  });
});

describe("removals reach Discord", () => {
  test("an API DELETE reverts the role, logs API/plugin with its reason and emits entry.removed", async () => {
    const { key, whitelist, socket } = await setUpThroughCommands("command");
    await registerNotch("command");
    await world.roles(IDS.alice, "the granted role", (roles) => roles.includes(IDS.whitelistedRole));

    const reason = encodeURIComponent("banned on the game server: *griefing* (by Server)");
    const deleted = await world.api(key, `/whitelists/${whitelist.id}/entries/NOTCH?reason=${reason}`, {
      method: "DELETE",
    });
    expect(await deleted.json()).toEqual({ removed: true, nick: "Notch" });

    expect(
      await world.roles(IDS.alice, "the role reverted", (roles) => !roles.includes(IDS.whitelistedRole)),
    ).toEqual([IDS.playerRole]);
    const removed = await socket.waitFor((m) => m.type === "entry.removed");
    expect({ origin: removed.origin, entry: removed.entry, reason: removed.reason }).toEqual({
      origin: "api",
      entry: { nick: "Notch", uuid: NOTCH_UUID, premium: true, expiresAt: null, verified: false, groups: [] },
      reason: "banned on the game server: *griefing* (by Server)",
    });
    const logged = await world.message(IDS.logChannel, "the Nick removed embed", (m) =>
      m.embeds.some((embed) => embed.title === "Nick removed"),
    );
    const embed = logged.embeds.find((e) => e.title === "Nick removed");
    expect(Object.fromEntries((embed?.fields ?? []).map((field) => [field.name, field.value]))).toMatchObject(
      {
        Origin: "API/plugin",
        By: "link key “survival-server”",
        Member: `<@${IDS.alice}>`,
        // Shown as the plain text it is: no markdown of the caller's.
        Reason: "banned on the game server: \\*griefing\\* (by Server)",
      },
    );
  });

  test("a member leaving takes their nicks off, with events, and the log says so", async () => {
    const { key, whitelist, socket, receiver } = await setUpThroughCommands("command");
    await registerNotch("command");
    await world.command(IDS.alice, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "alice_mc" },
    });

    await world.leave(IDS.alice);

    const removed = [
      await socket.waitFor(
        (m) => m.type === "entry.removed" && (m.entry as { nick: string }).nick === "Notch",
      ),
      await socket.waitFor(
        (m) => m.type === "entry.removed" && (m.entry as { nick: string }).nick === "alice_mc",
      ),
    ];
    expect(removed.map((m) => m.origin)).toEqual(["member-left", "member-left"]);
    await receiver.waitFor((body) => body.type === "entry.removed");
    const entries = await world.api(key, `/whitelists/${whitelist.id}/entries`);
    expect(await entries.json()).toEqual([]);
    // One post for both: a member leaving with several nicks is one summary, however many.
    const logged = await world.message(IDS.logChannel, "the member-left summary", (m) =>
      m.embeds.some((embed) => embed.fields?.some((field) => field.value === "member left")),
    );
    const summary = logged.embeds.find((embed) => embed.title === "Member left");
    expect(summary?.description).toBe(
      `<@${IDS.alice}> left the server: 2 nicks removed.\n` +
        "• **Notch** from **survival**\n• **alice\\_mc** from **survival**",
    );
  });
});

describe("approval decisions", () => {
  async function requestAsAlice() {
    world = await startWorld();
    await world.useLogChannel();
    await world.whitelist({ registrationMode: "approval", managerRoleIds: [IDS.staffRole] });
    await world.command(IDS.alice, "register", { channelId: IDS.survivalChannel, options: { nick: "jeb_" } });
    const post = await world.message(IDS.logChannel, "the request post", (m) => m.components.length > 0);
    const requestId = (await world.registrationRequest()).id;
    return { post, requestId };
  }

  test("deleting the whitelist cancels a waiting request: its post loses the buttons, the member is told", async () => {
    const { post, requestId } = await requestAsAlice();
    await world.command(IDS.owner, "whitelist", {
      subcommand: "delete",
      options: { whitelist: "survival", confirm: true },
    });
    const [closed] = (await world.messages(IDS.logChannel)).filter((m) => m.id === post.id);
    const told = await world.message(IDS.survivalChannel, "the notice", (m) =>
      m.content.includes("cancelled"),
    );
    expect({
      post: {
        title: closed?.embeds[0]?.title,
        description: closed?.embeds[0]?.description,
        components: closed?.components,
      },
      told: told.content,
    }).toEqual({
      post: {
        title: "Request cancelled",
        description: `The request of <@${IDS.alice}> for **jeb\\_** is cancelled: staff deleted **survival**.`,
        components: [],
      },
      told: `<@${IDS.alice}> your request for **jeb\\_** on **survival** was cancelled: staff deleted that whitelist.`,
    });
    await expect(world.services.registration.getRequest(requestId)).rejects.toThrow("no longer exists");
  });

  test("a rejection closes the post and tells the member; nothing is registered", async () => {
    const { post, requestId } = await requestAsAlice();
    const decided = await world.click(IDS.manager, post.id, `approval:reject:${requestId}`);
    expect({ title: decided.embeds[0]?.title, components: decided.components }).toEqual({
      title: "Request rejected",
      components: [],
    });
    const told = await world.message(IDS.survivalChannel, "the notice", (m) =>
      m.content.includes("not approved"),
    );
    expect(told.content).toStartWith(
      `<@${IDS.alice}> your request for **jeb\\_** on **survival** was not approved`,
    );
    expect((await world.registrationRequest()).status).toBe("rejected");
    expect(
      await world.services.entries.list(
        (await world.services.whitelists.listForGuild(IDS.guild))[0]?.id ?? "",
      ),
    ).toEqual([]);
  });

  test("only managers may decide: anyone else gets an ephemeral refusal and the post keeps its buttons", async () => {
    const { post, requestId } = await requestAsAlice();
    const refused = await world.click(IDS.bob, post.id, `approval:approve:${requestId}`);
    expect({ ephemeral: refused.ephemeral, content: refused.content }).toEqual({
      ephemeral: true,
      content: "Only staff of survival (Manage Server or one of its manager roles) can do that.",
    });
    const [still] = (await world.messages(IDS.logChannel)).filter((m) => m.id === post.id);
    expect(still?.components).toEqual(post.components);
    expect((await world.registrationRequest()).status).toBe("pending");
  });

  test("a request decided elsewhere is refused at the click, and the post says nothing new", async () => {
    const { post, requestId } = await requestAsAlice();
    await world.services.registration.cancelRequest({
      requestId,
      actor: { userId: IDS.alice, roleIds: [IDS.playerRole], canManageGuild: false },
    });
    const refused = await world.click(IDS.owner, post.id, `approval:approve:${requestId}`);
    expect({ ephemeral: refused.ephemeral, content: refused.content }).toEqual({
      ephemeral: true,
      content: "This request was already cancelled; nothing to do.",
    });
    expect(await world.services.entries.list((await world.registrationRequest()).whitelistId)).toEqual([]);
  });

  test("approving grants the member's roles as they are now, with the approver as the actor", async () => {
    const { post, requestId } = await requestAsAlice();
    const whitelist = await world.services.whitelists.update(
      (await world.registrationRequest()).whitelistId,
      {
        grantedRoleIds: [IDS.whitelistedRole],
      },
    );
    await world.click(IDS.manager, post.id, `approval:approve:${requestId}`);
    expect(await world.services.entries.list(whitelist.id)).toEqual([
      expect.objectContaining({
        nick: PROFILES.jeb.name,
        userId: IDS.alice,
        addedBy: IDS.manager,
        origin: "staff",
        grantedRoleIds: [IDS.whitelistedRole],
      }),
    ]);
    expect((await world.member(IDS.alice)).roleIds).toContain(IDS.whitelistedRole);
  });

  test("a role above the bot at approval: the entry stands, the log and the member are told", async () => {
    const { post, requestId } = await requestAsAlice();
    const whitelist = await world.services.whitelists.update(
      (await world.registrationRequest()).whitelistId,
      {
        grantedRoleIds: [IDS.vipRole],
      },
    );
    await world.click(IDS.manager, post.id, `approval:approve:${requestId}`);
    const told = await world.message(IDS.survivalChannel, "the notice", (m) =>
      m.content.includes("approved"),
    );
    expect(told.content).toEndWith("was approved: you can join now.");
    // The role follows the approval; the one Discord refuses is told to the member and to staff.
    const refused = await world.message(IDS.survivalChannel, "the roles not given", (m) =>
      m.content.includes("I could not give you"),
    );
    expect(refused.content).toBe(
      `<@${IDS.alice}> I could not give you <@&${IDS.vipRole}>; staff have been told.`,
    );
    const failure = await world.message(IDS.logChannel, "the grant failure", (m) =>
      m.embeds.some((embed) => embed.title === "Could not grant roles"),
    );
    expect(failure.embeds[0]?.description).toStartWith(
      `For <@${IDS.alice}> (**jeb\\_**):\n• <@&${IDS.vipRole}>:`,
    );
    expect((await world.services.entries.list(whitelist.id)).map((e) => [e.nick, e.grantedRoleIds])).toEqual([
      [PROFILES.jeb.name, []],
    ]);
  });

  test("without a log channel no request is filed and the member is told why", async () => {
    world = await startWorld();
    await world.whitelist({ registrationMode: "approval" });
    const reply = await world.command(IDS.alice, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "jeb_" },
    });
    expect(reply.content).toBe(
      "survival needs staff approval, but I cannot post requests to a log channel. Ask staff to set one " +
        "with /whitelist log-channel, then try again.",
    );
    expect(() => world.registrationRequest()).toThrow("no registration request was filed");
  });
});
