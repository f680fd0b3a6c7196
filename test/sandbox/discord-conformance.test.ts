import { afterEach, expect, test } from "bun:test";
import { startSandboxDiscord } from "../../src/sandbox/discord/index.ts";
import { scriptLines } from "../../src/shared/script-lines.ts";
import { IDS, lineValue, PROFILES, startReceiver, startWorld, type World } from "../bot/world.ts";
import { checkExchange, createContractCheck, templateOf } from "../helpers/discord-contract.ts";
import * as sandboxGuild from "./helpers.ts";

let world: World | undefined;
let receiver: ReturnType<typeof startReceiver> | undefined;
afterEach(async () => {
  await receiver?.stop();
  receiver = undefined;
  await world?.stop();
  world = undefined;
});

/** The routes the bot uses in its day's work; each must be among those the tour below checked. */
const EXPECTED_ROUTES = [
  "GET /gateway/bot",
  "PUT /applications/{application_id}/guilds/{guild_id}/commands",
  "POST /interactions/{interaction_id}/{interaction_token}/callback",
  "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original",
  "POST /channels/{channel_id}/messages",
  "PATCH /channels/{channel_id}/messages/{message_id}",
  "PUT /channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}/@me",
  "GET /guilds/{guild_id}/members/{user_id}",
  "PUT /guilds/{guild_id}/members/{user_id}/roles/{role_id}",
  "DELETE /guilds/{guild_id}/members/{user_id}/roles/{role_id}",
];

test("every command, button and mode keeps to Discord's published contract, both ways", async () => {
  // The tour posts to the log channel faster than Discord's 5 per 5 s: limits off, the shapes are the point
  // (test/sandbox/discord-rate-limits.test.ts holds the 429s to the contract).
  const w = await startWorld({ contract: true, sandbox: { rateLimits: false } });
  world = w;
  const driven = new Set<string>();
  const run = (
    userId: string,
    command: string,
    subcommand?: string,
    options: Record<string, unknown> = {},
  ) => {
    driven.add(subcommand ? `${command} ${subcommand}` : command);
    return w.command(userId, command, { ...(subcommand ? { subcommand } : {}), options });
  };
  const suggest = (userId: string, command: string, focused: string, subcommand?: string, options = {}) =>
    w.autocomplete(userId, command, focused, { ...(subcommand ? { subcommand } : {}), options });
  const logged = (title: string) =>
    w.message(IDS.logChannel, `the "${title}" log post`, (m) =>
      m.embeds.some((embed) => embed.title === title),
    );

  // Staff set the server up: a log channel (proved by a post there), one whitelist per mode, roles, settings.
  await run(IDS.owner, "whitelist", "log-channel", { channel: IDS.logChannel });
  const create = { "nick-type": "java", "max-nicks": 2 };
  await run(IDS.owner, "whitelist", "create", {
    ...create,
    name: "survival",
    channel: IDS.survivalChannel,
    mode: "command",
  });
  await run(IDS.owner, "whitelist", "create", {
    ...create,
    name: "chat",
    channel: IDS.general,
    mode: "message",
  });
  await run(IDS.owner, "whitelist", "create", {
    ...create,
    name: "vetted",
    channel: IDS.survivalChannel,
    mode: "approval",
  });
  for (const name of ["survival", "chat", "vetted"]) {
    await run(IDS.owner, "whitelist", "roles", {
      whitelist: name,
      "add-granted": IDS.whitelistedRole,
      "add-manager": IDS.staffRole,
    });
  }
  // A granted role above the bot's: granting it fails with Discord's 403 (an error body, checked too).
  await run(IDS.owner, "whitelist", "roles", { whitelist: "chat", "add-granted": IDS.vipRole });
  await run(IDS.owner, "whitelist", "edit", {
    whitelist: "survival",
    "max-nicks": 3,
    "entry-lifetime": "30d",
  });
  // Access follows roles: a nick limit for a role, and the role-loss policy.
  await run(IDS.owner, "whitelist", "roles", { whitelist: "survival", limit: `<@&${IDS.playerRole}>=4` });
  await run(IDS.owner, "whitelist", "edit", { whitelist: "vetted", "on-role-loss": "keep" });
  // The opt-in features: nicknames that follow the nick (Modify Guild Member's `nick`), bans that reach the deny
  // list; the bot's role is given what they need (Manage Nicknames, View Audit Log).
  await w.control("PATCH", `/roles/${IDS.botRole}`, {
    permissions: String((1n << 28n) | (1n << 27n) | (1n << 7n)),
  });
  await run(IDS.owner, "whitelist", "edit", { whitelist: "survival", nickname: "{discord} ({mc})" });
  await run(IDS.owner, "whitelist", "ban-sync", { enabled: true });
  await run(IDS.bob, "whitelist", "list");
  await run(IDS.bob, "whitelist", "show", { whitelist: "survival" });
  expect(await suggest(IDS.owner, "whitelist", "whitelist", "show", { whitelist: "s" })).toEqual([
    { name: "survival", value: expect.any(String) },
  ]);

  // Server links: create, list, a webhook, and autocomplete of their ids.
  const link = await run(IDS.owner, "server-link", "create", { name: "survival-server" });
  const linkId = lineValue(link, scriptLines.linkId);
  receiver = startReceiver();
  await run(IDS.owner, "server-link", "webhook", { id: linkId, url: receiver.url });
  await run(IDS.owner, "server-link", "list");
  // Staff word what members read, and choose the language of what everyone reads.
  await run(IDS.owner, "texts", "set", {
    text: "public.registered",
    wording: "🎉 {nick} joins {whitelist}!",
  });
  await run(IDS.owner, "texts", "preview", { text: "public.registered" });
  await run(IDS.owner, "texts", "list");
  await run(IDS.owner, "texts", "reset", { text: "public.registered" });
  await run(IDS.owner, "texts", "language", { language: "discord" });
  expect(await suggest(IDS.owner, "server-link", "id", "revoke", { id: "" })).toHaveLength(1);

  // Command mode: a registration grants the role (PUT) after reading the member from Discord (GET).
  expect(await suggest(IDS.alice, "register", "whitelist", undefined, { whitelist: "sur" })).toHaveLength(1);
  await run(IDS.alice, "register", undefined, { nick: PROFILES.notch.name, whitelist: "survival" });
  await w.roles(IDS.alice, "the granted role", (roles) => roles.includes(IDS.whitelistedRole));
  await logged("Nick added");
  await w.waitFor("alice's nickname", async () => (await w.member(IDS.alice)).nick === "alice (Notch)");

  // Message mode: a nick posted in the channel is answered with ✅, a refusal with a reply; the role above the
  // bot cannot be given.
  const posted = await w.say(IDS.carol, IDS.general, PROFILES.jeb.name);
  await w.message(IDS.general, "the ✅ reaction", (m) => m.id === posted.id && m.reactions.includes("✅"));
  const refused = await w.say(IDS.bob, IDS.general, "not a nick!");
  await w.message(IDS.general, "the refusal", (m) => m.id !== refused.id && m.authorId === IDS.bot);
  await logged("Could not grant roles");

  // Approval mode: a request post with buttons; Approve and Reject update it; the members are told.
  await run(IDS.bob, "register", undefined, { nick: "bob_mc", whitelist: "vetted" });
  const approveThis = await logged("Registration request");
  await w.click(IDS.manager, approveThis.id, `approval:approve:${(await w.registrationRequest()).id}`);
  await w.message(IDS.survivalChannel, "the approval notice", (m) => m.content.includes("was approved"));
  await run(IDS.alice, "register", undefined, { nick: "alice_alt", whitelist: "vetted" });
  const rejectThis = (await w.messages(IDS.logChannel)).findLast((m) => m.components.length > 0);
  if (!rejectThis) throw new Error("no second request post");
  await w.click(IDS.manager, rejectThis.id, `approval:reject:${(await w.registrationRequest()).id}`);
  await w.message(IDS.survivalChannel, "the rejection notice", (m) => m.content.includes("not approved"));

  // Staff add and remove nicks; the member removes their own; roles go back (DELETE).
  await run(IDS.manager, "whitelist", "add", {
    whitelist: "survival",
    member: IDS.bob,
    nick: "bob_staff",
    expires: "7d",
  });
  // Look-ups both ways (embeds with mentions, a list) and the nick suggestions.
  await run(IDS.manager, "whitelist", "whois", { nick: "bob_staff" });
  await run(IDS.bob, "whitelist", "member", { user: IDS.bob });
  expect(
    await suggest(IDS.manager, "whitelist", "nick", "remove", { whitelist: "survival", nick: "bob" }),
  ).toEqual([{ name: "bob_staff (survival)", value: "bob_staff" }]);
  // The deny list: a deny looks the nick up and is logged; show lists it; undeny lifts it.
  await run(IDS.manager, "whitelist", "deny", {
    whitelist: "survival",
    nick: "griefer_mc",
    reason: "griefing",
  });
  await logged("Nick denied");
  await run(IDS.manager, "whitelist", "show", { whitelist: "survival" });
  await run(IDS.manager, "whitelist", "undeny", { whitelist: "survival", nick: "griefer_mc" });
  await logged("Nick allowed again");
  expect(await suggest(IDS.alice, "unregister", "nick", undefined, { nick: "" })).toHaveLength(1);
  await run(IDS.alice, "unregister", undefined, { nick: PROFILES.notch.name, whitelist: "survival" });
  await w.roles(IDS.alice, "the role taken back", (roles) => !roles.includes(IDS.whitelistedRole));
  await run(IDS.manager, "whitelist", "remove", { whitelist: "survival", nick: "bob_staff" });
  await logged("Nick removed");

  // Proof of ownership: /link alone says where to join; a code as the link endpoint issues one links Notch, then
  // /register code: (already linked: the code is used, so a second one) and /unlink.
  await run(IDS.alice, "link");
  const notch = { uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5", name: PROFILES.notch.name };
  await run(IDS.alice, "link", undefined, {
    code: (await w.services.accounts.issue(notch, "java-login")).code,
  });
  const second = (await w.services.accounts.issue(notch, "java-login")).code;
  await run(IDS.alice, "register", undefined, { code: second, whitelist: "survival" });
  await run(IDS.alice, "unlink");

  // Export: the file goes as an attachment (multipart, `payload_json`).
  const exported = await run(IDS.manager, "whitelist", "export", { whitelist: "vetted", format: "vanilla" });
  expect(exported.attachments).toHaveLength(1);

  // Import: the file comes as an attachment option, the report goes back as one; one summary in the log channel.
  // Then a nick imported under the manager's name is handed over to its player.
  const imported = await run(IDS.manager, "whitelist", "import", {
    whitelist: "survival",
    file: { filename: "whitelist.json", text: JSON.stringify([{ uuid: null, name: "imported_1" }]) },
  });
  expect(imported.attachments.map((file) => file.filename)).toEqual(["import-report.csv"]);
  await logged("Nicks imported");
  await run(IDS.manager, "whitelist", "transfer", {
    nick: "imported_1",
    member: IDS.bob,
    whitelist: "survival",
  });
  await logged("Nick handed over");

  // A player without Discord, added by staff.
  await run(IDS.manager, "whitelist", "guest", { whitelist: "survival", nick: "guest_mc", note: "a friend" });
  // A ban: the member's nicks are denied, the post says so.
  await w.control("PUT", `/bans/${IDS.bob}`, {});
  await logged("Member banned: nicks denied");

  // A member with a pending request leaves: their entries go and the request post is edited (PATCH).
  await run(IDS.carol, "register", undefined, { nick: "carol_mc", whitelist: "vetted" });
  await w.leave(IDS.carol);
  await logged("Request cancelled");
  // A member who left cannot be given a nick: Discord's 404 Unknown Member.
  await run(IDS.owner, "whitelist", "add", { whitelist: "survival", member: IDS.carol, nick: "ghost" });

  // The rest of the commands: deleting (asked, then confirmed) and revoking.
  await run(IDS.owner, "whitelist", "delete", { whitelist: "chat" });
  await run(IDS.owner, "whitelist", "delete", { whitelist: "chat", confirm: true });
  await run(IDS.owner, "server-link", "revoke", { id: linkId });
  await logged("Link key revoked");

  const registered = (
    await w.control<{ name: string; options?: { type: number; name: string }[] }[]>("GET", "/commands")
  ).flatMap((command) => {
    const subcommands = (command.options ?? []).filter((option) => option.type === 1);
    return subcommands.length === 0
      ? [command.name]
      : subcommands.map((sub) => `${command.name} ${sub.name}`);
  });
  world = undefined;
  await w.stop(); // fails here, listing them, if any exchange broke the contract

  const routes = w.contract?.routes() ?? [];
  console.log(
    `Routes checked against Discord's published contract:\n${routes
      .map((route) => `  ${route.route} ×${route.count} (${route.statuses.join(", ")})`)
      .join("\n")}`,
  );
  expect({
    commandsDriven: [...driven].sort(),
    uncheckedRoutes: routes.filter((route) => !route.checked).map((route) => route.route),
    expectedButUnseen: EXPECTED_ROUTES.filter((route) => !routes.some((seen) => seen.route === route)),
    errorAnswersChecked: routes.some((route) => route.statuses.some((status) => status >= 400)),
  }).toEqual({
    commandsDriven: registered.sort(),
    uncheckedRoutes: [],
    expectedButUnseen: [],
    errorAnswersChecked: true,
  });
});

test("a body off Discord's contract is named by its route and the path of the field", () => {
  const message = (body: unknown) =>
    checkExchange({
      method: "POST",
      path: "/api/v10/channels/150000000000000003/messages",
      requestBody: body,
      status: 400,
      responseBody: { code: 50035, message: "Invalid Form Body" },
    }).violations;
  expect({
    template: templateOf("PATCH", "/api/v10/webhooks/1/token/messages/%40original"),
    fine: message({ content: "hi", embeds: [{ title: "t", fields: [{ name: "n", value: "v" }] }] }),
    wrongType: message({ embeds: [{ fields: [{ name: "n", value: 3 }] }] }),
    unknownKey: message({ content: "hi", embeds: [{ title: "t", colour: 1 }] }),
  }).toEqual({
    template: "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
    fine: [],
    wrongType: [
      "POST /channels/{channel_id}/messages: request body at embeds.0.fields.0.value: Invalid input: expected string, received number",
    ],
    unknownKey: [
      'POST /channels/{channel_id}/messages: request body at embeds.0: Unrecognized key: "colour"',
    ],
  });
});

test("the sandbox's reading routes, which the bot does not use today, answer in Discord's shape too", async () => {
  const contract = createContractCheck();
  const sandbox = await startSandboxDiscord({
    seed: sandboxGuild.SEED,
    token: sandboxGuild.TOKEN,
    observe: contract.observe,
  });
  try {
    const { guild, general, owner, playerRole } = sandboxGuild.IDS;
    const rest = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${sandbox.apiUrl}/v10${path}`, {
        method,
        headers: { authorization: `Bot ${sandboxGuild.TOKEN}`, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await response.json()) as { id: string };
    };
    const posted = await rest("POST", `/channels/${general}/messages`, {
      content: "hello",
      embeds: [{ title: "An embed", fields: [{ name: "a", value: "b" }] }],
      components: [{ type: 1, components: [{ type: 2, style: 1, custom_id: "x", label: "X" }] }],
    });
    const reads = [
      "/gateway",
      "/users/@me",
      `/users/${owner}`,
      "/applications/@me",
      `/applications/${sandbox.applicationId}/guilds/${guild}/commands`,
      `/guilds/${guild}`,
      `/guilds/${guild}/roles`,
      `/guilds/${guild}/roles/${playerRole}`,
      `/guilds/${guild}/channels`,
      `/guilds/${guild}/members?limit=10`,
      `/guilds/${guild}/members/search?query=al`,
      `/guilds/${guild}/members/${owner}`,
      `/channels/${general}`,
      `/channels/${general}/messages`,
      `/channels/${general}/messages/${posted.id}`,
    ];
    for (const path of reads) await rest("GET", path);
  } finally {
    await sandbox.stop();
  }
  contract.assertConforms();
  const routes = contract.routes();
  expect({
    count: routes.length,
    uncheckedOrFailed: routes.filter(
      (route) => !route.checked || route.statuses.some((status) => status >= 400),
    ),
  }).toEqual({ count: 16, uncheckedOrFailed: [] });
});
