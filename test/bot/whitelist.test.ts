import { afterEach, describe, expect, test } from "bun:test";
import { fileFormats } from "../../src/formats/index.ts";
import { openSocket } from "../helpers/sockets.ts";
import { IDS, lines, startWorld, type World } from "./world.ts";

let world: World;
afterEach(() => world?.stop());

const wl = (userId: string, subcommand: string, options: Record<string, unknown> = {}) =>
  world.command(userId, "whitelist", { subcommand, options });

const MANAGE_SERVER_ONLY =
  "Only members with the Manage Server permission can do that. Ask a server admin to run it.";
const STAFF_ONLY = "Only staff of survival (Manage Server or one of its manager roles) can do that.";

describe("/whitelist create", () => {
  const options = { name: "survival", channel: IDS.survivalChannel, "nick-type": "bedrock", mode: "command" };

  test("creates the whitelist with the chosen settings and says what to do next", async () => {
    world = await startWorld();
    const reply = await wl(IDS.owner, "create", { ...options, "max-nicks": 2 });
    const created = await world.services.whitelists.find(IDS.guild, "survival");
    expect(created).toEqual({
      id: expect.any(String),
      guildId: IDS.guild,
      name: "survival",
      channelId: IDS.survivalChannel,
      nickType: "bedrock",
      registrationMode: "command",
      maxNicksPerUser: 2,
      enabled: true,
      removeOnLeave: true,
      requiredRoleIds: [],
      grantedRoleIds: [],
      managerRoleIds: [],
      floodgatePrefix: ".",
      replaceSpaces: true,
      onRoleLoss: "remove",
      roleLimits: {},
      entryLifetimeSeconds: null,
      proof: "off",
      proofWindowSeconds: 86_400,
      form: [],
      nicknameTemplate: null,
    });
    expect({ ephemeral: reply.ephemeral, lines: lines(reply) }).toEqual({
      ephemeral: true,
      lines: [
        `✅ Created **survival** (id \`${created?.id}\`): bedrock nicks, 2 per member. ` +
          "Floodgate: prefix `.`, spaces as `_` (the gamertag Alex Pocket plays as `.Alex_Pocket`).",
        `Members register with \`/register\` in <#${IDS.survivalChannel}>.`,
        "Next: set required, granted and manager roles with `/whitelist roles`, and give your game server access " +
          "with `/server-link create`.",
      ],
    });
  });

  test("needs Manage Server, and a free, valid name", async () => {
    world = await startWorld();
    expect((await wl(IDS.manager, "create", { ...options, "max-nicks": 1 })).content).toBe(
      MANAGE_SERVER_ONLY,
    );
    await wl(IDS.owner, "create", { ...options, "max-nicks": 1 });
    expect((await wl(IDS.owner, "create", { ...options, name: "SURVIVAL", "max-nicks": 1 })).content).toBe(
      "A whitelist named “SURVIVAL” already exists.",
    );
    expect((await wl(IDS.owner, "create", { ...options, name: "no spaces", "max-nicks": 1 })).content).toBe(
      "A whitelist name is 1-32 letters, digits, `-` or `_`.",
    );
    expect((await world.services.whitelists.listForGuild(IDS.guild)).map((w) => w.name)).toEqual([
      "survival",
    ]);
  });

  test("approval mode without a log channel says to set one", async () => {
    world = await startWorld();
    const reply = await wl(IDS.owner, "create", { ...options, mode: "approval", "max-nicks": 1 });
    expect(lines(reply)[1]).toEndWith("Set that channel first with `/whitelist log-channel`.");
  });
});

describe("/whitelist edit", () => {
  test("changes only what is given and reports it", async () => {
    world = await startWorld();
    const before = await world.whitelist();
    const reply = await wl(IDS.owner, "edit", { whitelist: "survival", "max-nicks": 3, enabled: false });
    expect(await world.services.whitelists.get(before.id)).toEqual({
      ...before,
      maxNicksPerUser: 3,
      enabled: false,
    });
    expect(lines(reply)).toEqual([
      "✅ **survival** now: 3 nicks per member, closed for registrations.",
      "Registrations are closed; reopen them with `enabled:True`.",
      "See every setting with `/whitelist show`.",
    ]);
  });

  test("changing the Floodgate settings respells the Bedrock nicks and says how many", async () => {
    world = await startWorld();
    const bedrock = await world.whitelist({ nickType: "bedrock", maxNicksPerUser: 2 });
    for (const nick of ["Steve Jobs", "Alex Pocket"]) {
      await world.command(IDS.alice, "register", {
        channelId: IDS.survivalChannel,
        options: { nick },
      });
    }
    const reply = await wl(IDS.owner, "edit", {
      whitelist: "survival",
      "floodgate-prefix": "none",
      "replace-spaces": false,
    });
    expect(lines(reply)).toEqual([
      "✅ **survival** now: Floodgate: no prefix, spaces kept (the gamertag Alex Pocket plays as `Alex Pocket`).",
      "2 Bedrock nicks respelled to match (each sent as a removal and an addition).",
      `Members register with \`/register\` in <#${IDS.survivalChannel}>.`,
      "See every setting with `/whitelist show`.",
    ]);
    expect((await world.services.entries.list(bedrock.id)).map((e) => e.nick)).toEqual([
      "Steve Jobs",
      "Alex Pocket",
    ]);
    const refused = await wl(IDS.owner, "edit", { whitelist: "survival", "floodgate-prefix": "a b" });
    expect(refused.content).toStartWith("A Floodgate prefix is up to 15 printable characters without spaces");
    // Floodgate's own fallback for a longer one, which Discord (15 characters at most) never lets through.
    expect(refused.content).toContain(
      "Floodgate quietly uses `.` instead of a prefix of 16 characters or more, so if yours is that long, " +
        "your Bedrock players are named with `.`: set `.` here.",
    );
  });

  test("switching to message mode starts reading messages at once", async () => {
    world = await startWorld();
    const survival = await world.whitelist();
    await wl(IDS.owner, "edit", { whitelist: survival.id, mode: "message" });
    const { id } = await world.say(IDS.alice, IDS.survivalChannel, "Notch");
    await world.message(IDS.survivalChannel, "the ✅", (m) => m.id === id && m.reactions.includes("✅"));
    expect((await world.services.entries.list(survival.id)).map((e) => e.nick)).toEqual(["Notch"]);
  });

  test("needs Manage Server, and at least one change", async () => {
    world = await startWorld();
    await world.whitelist({ managerRoleIds: [IDS.staffRole] });
    expect((await wl(IDS.manager, "edit", { whitelist: "survival", enabled: false })).content).toBe(
      MANAGE_SERVER_ONLY,
    );
    expect((await wl(IDS.owner, "edit", { whitelist: "survival" })).content).toStartWith("Nothing to change");
  });
});

describe("/whitelist create, edit and show in the staff member's language", () => {
  /** Sets a member's Discord client language (the sandbox then sends it as `locale`). */
  const speak = (userId: string, locale: string) =>
    world.control("POST", `/members/${userId}/locale`, { locale });

  test("create's and edit's answers, show's fields, and the service's refusals follow their Discord language", async () => {
    world = await startWorld();
    await speak(IDS.owner, "pl");
    const created = await wl(IDS.owner, "create", {
      name: "kreatyw_",
      channel: IDS.general,
      "nick-type": "java",
      mode: "command",
      "max-nicks": 5,
    });
    const { id } = (await world.services.whitelists.find(IDS.guild, "kreatyw_")) ?? { id: "" };
    expect(lines(created)).toEqual([
      `✅ Utworzono **kreatyw\\_** (id \`${id}\`): nicki java, 5 na członka.`,
      `Członkowie rejestrują się przez \`/zarejestruj\` na <#${IDS.general}>.`,
      "Dalej: ustaw role wymagane, nadawane i zarządzające przez `/whitelist roles` i daj serwerowi gry dostęp " +
        "przez `/server-link create`.",
    ]);

    await speak(IDS.owner, "de");
    const edited = await wl(IDS.owner, "edit", { whitelist: "kreatyw_", "max-nicks": 3, enabled: false });
    expect(lines(edited)).toEqual([
      "✅ **kreatyw\\_** jetzt: 3 Nicks pro Mitglied, für Registrierungen geschlossen.",
      "Registrierungen sind geschlossen; öffne sie wieder mit `enabled:True`.",
      "Alle Einstellungen siehst du mit `/whitelist show`.",
    ]);
    const [embed] = (await wl(IDS.owner, "show", { whitelist: "kreatyw_" })).embeds;
    expect(embed?.description).toBe(`ID \`${id}\` · für Registrierungen geschlossen`);
    expect((embed?.fields ?? []).slice(0, 5).map((field) => [field.name, field.value])).toEqual([
      ["Kanal", `<#${IDS.general}>`],
      ["Nick-Typ", "java"],
      ["Modus", "command"],
      ["Nicks pro Mitglied", "3"],
      ["Nicks", "0 (0 verifiziert)"],
    ]);

    // A refusal of src/whitelists, its placeholders `{mc}` and `{discord}` shown as written, what was typed escaped.
    await speak(IDS.owner, "fr");
    const refused = await wl(IDS.owner, "edit", { whitelist: "kreatyw_", nickname: "{user}_{mc}" });
    expect(refused.content).toBe(
      "« {user}\\_{mc} » n'est pas un modèle de surnom : les seuls espaces réservés sont `{mc}` et `{discord}`, " +
        "sur une ligne. Écris-le avec `{mc}` pour le nom Minecraft, par ex. `{discord} ({mc})` ou `{mc}`.",
    );
  });
});

describe("/whitelist delete", () => {
  test("without confirm it only says what would go", async () => {
    world = await startWorld();
    const survival = await world.whitelist();
    await world.command(IDS.alice, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "Notch" },
    });
    const reply = await wl(IDS.owner, "delete", { whitelist: "survival" });
    expect(reply.content).toBe(
      "Deleting **survival** removes its 1 nick (roles given for them are taken back), drops its pending " +
        "requests and revokes 0 link keys limited to it. Nothing changed yet: run " +
        "`/whitelist delete whitelist:survival confirm:True` to go ahead.",
    );
    expect(await world.services.whitelists.get(survival.id)).toEqual(survival);
  });

  test("with confirm: nicks removed with events and roles reverted, scoped keys revoked, then it is gone", async () => {
    world = await startWorld();
    await world.useLogChannel();
    const survival = await world.whitelist({ grantedRoleIds: [IDS.whitelistedRole] });
    const scopedKey = await world.key(survival.id);
    const guildKey = await world.key();
    await world.command(IDS.bob, "register", { channelId: IDS.survivalChannel, options: { nick: "Notch" } });
    const socket = openSocket(world.service.url, guildKey);
    await socket.waitFor((m) => m.type === "connected");

    const reply = await wl(IDS.owner, "delete", { whitelist: "survival", confirm: true });

    expect(reply.content).toStartWith("🗑️ Deleted **survival**: 1 nick removed, 1 link key revoked.");
    expect(await socket.waitFor((m) => m.type === "entry.removed")).toMatchObject({
      whitelistId: survival.id,
      origin: "staff",
      entry: { nick: "Notch" },
    });
    socket.close();
    expect({
      whitelist: await world.services.whitelists.get(survival.id),
      scopedKey: (await world.api(scopedKey, "/whitelists")).status,
      guildKey: (await world.api(guildKey, `/whitelists/${survival.id}/entries`)).status,
    }).toEqual({ whitelist: undefined, scopedKey: 401, guildKey: 404 });
    expect(await world.roles(IDS.bob, "the role reverted", (roles) => roles.length === 0)).toEqual([]);
    const logged = await world.message(
      IDS.logChannel,
      "the deletion",
      (m) => m.embeds[0]?.title === "Whitelist deleted",
    );
    expect(logged.embeds.map((embed) => embed.title)).toEqual(["Whitelist deleted", "Link key revoked"]);
  });

  test("needs Manage Server", async () => {
    world = await startWorld();
    await world.whitelist({ managerRoleIds: [IDS.staffRole] });
    expect((await wl(IDS.manager, "delete", { whitelist: "survival", confirm: true })).content).toBe(
      MANAGE_SERVER_ONLY,
    );
    expect(await world.services.whitelists.listForGuild(IDS.guild)).toHaveLength(1);
  });
});

describe("/whitelist list and show", () => {
  test("list shows every whitelist to anyone, or how to start", async () => {
    world = await startWorld();
    expect((await wl(IDS.bob, "list")).content).toBe(
      "This server has no whitelist yet. Staff create one with `/whitelist create`.",
    );
    const survival = await world.whitelist();
    const creative = await world.whitelist({
      name: "creative",
      nickType: "offline",
      enabled: false,
      channelId: IDS.general,
    });
    await world.command(IDS.alice, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "Notch" },
    });
    expect(lines(await wl(IDS.bob, "list"))).toEqual([
      "2 whitelists:",
      `• **creative** (\`${creative.id}\`) in <#${IDS.general}>: offline, command mode, 0 nicks, closed`,
      `• **survival** (\`${survival.id}\`) in <#${IDS.survivalChannel}>: java, command mode, 1 nick`,
      "Details with `/whitelist show`; register with `/register`.",
    ]);
  });

  test("show gives the settings, the role lists and the counts; it accepts the id too", async () => {
    world = await startWorld();
    const survival = await world.whitelist({
      registrationMode: "approval",
      requiredRoleIds: [IDS.playerRole],
      managerRoleIds: [IDS.staffRole],
    });
    await world.useLogChannel();
    await world.command(IDS.alice, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "Notch" },
    });
    const reply = await wl(IDS.bob, "show", { whitelist: survival.id });
    const [embed] = reply.embeds;
    expect({
      title: embed?.title,
      description: embed?.description,
      fields: Object.fromEntries((embed?.fields ?? []).map((field) => [field.name, field.value])),
    }).toEqual({
      title: "survival",
      description: `id \`${survival.id}\` · open`,
      fields: {
        Channel: `<#${IDS.survivalChannel}>`,
        "Nick type": "java",
        Mode: "approval",
        "Nicks per member": "1",
        Nicks: "0 (0 verified)",
        "Pending requests": "1",
        "On leave": "nicks removed",
        "Entry lifetime": "for good",
        "Proof of ownership": "off: any nick may be registered",
        "Ranks (game group ← who is in it)": "none",
        Form: "none",
        Nicknames: "left alone",
        "Ban sync (server)": "off",
        "On role loss": "nicks removed",
        "Required roles": `<@&${IDS.playerRole}>`,
        "Granted roles": "none",
        "Manager roles": `<@&${IDS.staffRole}>`,
        "Denied nicks": "none",
      },
    });
  });
  test("show tells a Bedrock whitelist's Floodgate settings and the nicks still without their UUID", async () => {
    world = await startWorld();
    const bedrock = await world.whitelist({ nickType: "bedrock", floodgatePrefix: "*" });
    // As an upgrade leaves a nick while GeyserMC is down: its gamertag known, its XUID not yet.
    await world.services.entries.add({
      whitelistId: bedrock.id,
      nick: "*Alex_Pocket",
      gamertag: "Alex Pocket",
      xuid: null,
      uuid: null,
      premium: false,
      userId: IDS.alice,
      addedBy: IDS.alice,
      origin: "discord",
    });
    const [embed] = (await wl(IDS.bob, "show", { whitelist: "survival" })).embeds;
    const fields = Object.fromEntries((embed?.fields ?? []).map((field) => [field.name, field.value]));
    expect([fields.Bedrock, fields["⚠️ Bedrock UUIDs pending"]]).toEqual([
      "Floodgate: prefix `*`, spaces as `_` (the gamertag Alex Pocket plays as `*Alex_Pocket`).",
      "1 nick waits for GeyserMC to give its XUID, so `whitelist.json` cannot let it in yet. " +
        "It is asked for every 10 minutes.",
    ]);
  });
});

describe("/whitelist roles", () => {
  test("adds, removes and clears roles in the three lists, and shows them", async () => {
    world = await startWorld();
    const survival = await world.whitelist({ requiredRoleIds: [IDS.staffRole] });
    await wl(IDS.owner, "roles", {
      whitelist: "survival",
      "add-required": IDS.playerRole,
      "remove-required": IDS.staffRole,
      "add-granted": IDS.whitelistedRole,
      "add-manager": IDS.staffRole,
    });
    expect(await world.services.whitelists.get(survival.id)).toMatchObject({
      requiredRoleIds: [IDS.playerRole],
      grantedRoleIds: [IDS.whitelistedRole],
      managerRoleIds: [IDS.staffRole],
    });
    const reply = await wl(IDS.owner, "roles", { whitelist: "survival", clear: "required" });
    expect(lines(reply)).toEqual([
      "✅ Roles of **survival**:",
      "• Required (one of them lets a member register): none",
      `• Granted on registration: <@&${IDS.whitelistedRole}>`,
      `• Managers (add and remove anyone's nicks): <@&${IDS.staffRole}>`,
      "• Nick limits by role: none (every member: 1, max-nicks)",
      "Change a list with `add-…`/`remove-…` (one role each), or empty it with `clear`; set a role's nick " +
        "limit with `limit:@Role=3` (`@Role=none` clears it).",
    ]);
  });

  test("warns about a granted role above the bot, and refuses @everyone", async () => {
    world = await startWorld();
    await world.whitelist();
    const reply = await wl(IDS.owner, "roles", { whitelist: "survival", "add-granted": IDS.vipRole });
    expect(lines(reply)).toContain(
      "⚠️ survival: I can't grant @VIP: my role is below it. Fix: drag the bot's role (@whitelist-sync) above " +
        "@VIP in Server Settings → Roles.",
    );
    expect((await wl(IDS.owner, "roles", { whitelist: "survival", "add-required": IDS.guild })).content).toBe(
      "@everyone cannot be used here; pick a real role.",
    );
  });

  test("needs Manage Server, even for a manager", async () => {
    world = await startWorld();
    await world.whitelist({ managerRoleIds: [IDS.staffRole] });
    expect(
      (await wl(IDS.manager, "roles", { whitelist: "survival", "add-manager": IDS.playerRole })).content,
    ).toBe(MANAGE_SERVER_ONLY);
  });
});

describe("/whitelist add and remove", () => {
  test("a manager adds a nick for a member, roles granted, required roles not applied where nicks are kept on role loss", async () => {
    world = await startWorld();
    await world.useLogChannel();
    const survival = await world.whitelist({
      requiredRoleIds: [IDS.playerRole],
      grantedRoleIds: [IDS.whitelistedRole],
      managerRoleIds: [IDS.staffRole],
      onRoleLoss: "keep",
    });
    const reply = await wl(IDS.manager, "add", { whitelist: "survival", member: IDS.bob, nick: "Notch" });
    expect(lines(reply)[0]).toBe(`✅ **Notch** is on **survival** for <@${IDS.bob}>.`);
    expect(await world.services.entries.list(survival.id)).toEqual([
      expect.objectContaining({ nick: "Notch", userId: IDS.bob, addedBy: IDS.manager, origin: "staff" }),
    ]);
    // The answer comes first; the role follows.
    expect(await world.roles(IDS.bob, "the role given", (roles) => roles.length > 0)).toEqual([
      IDS.whitelistedRole,
    ]);
    const logged = await world.message(
      IDS.logChannel,
      "the addition",
      (m) => m.embeds[0]?.title === "Nick added",
    );
    expect(logged.embeds[0]?.fields?.find((field) => field.name === "Origin")?.value).toBe("staff");
  });

  test("only managers add; a member who left cannot be given a nick", async () => {
    world = await startWorld();
    await world.whitelist({ managerRoleIds: [IDS.staffRole] });
    expect(
      (await wl(IDS.alice, "add", { whitelist: "survival", member: IDS.bob, nick: "Notch" })).content,
    ).toBe(STAFF_ONLY);
    await world.leave(IDS.carol);
    expect(
      (await wl(IDS.owner, "add", { whitelist: "survival", member: IDS.carol, nick: "Notch" })).content,
    ).toBe(
      `<@${IDS.carol}> is not a member of this server (any more), so nothing can be registered for them.`,
    );
  });

  test("the owner or a manager removes a nick; anyone else is refused", async () => {
    world = await startWorld();
    const survival = await world.whitelist({ managerRoleIds: [IDS.staffRole], maxNicksPerUser: 2 });
    await world.command(IDS.alice, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "Notch" },
    });
    await world.command(IDS.alice, "register", { channelId: IDS.survivalChannel, options: { nick: "jeb_" } });
    expect((await wl(IDS.bob, "remove", { whitelist: "survival", nick: "notch" })).content).toBe(
      "Notch on survival belongs to another member; only they or staff can remove it.",
    );
    expect((await wl(IDS.manager, "remove", { whitelist: "survival", nick: "notch" })).content).toStartWith(
      `🗑️ **Notch** is no longer on **survival**. It belonged to <@${IDS.alice}>.`,
    );
    await wl(IDS.alice, "remove", { whitelist: "survival", nick: "JEB_" });
    expect(await world.services.entries.list(survival.id)).toEqual([]);
  });
});

describe("/whitelist export", () => {
  test.each(fileFormats)("%s: the attachment is byte for byte what the API serves", async (format) => {
    world = await startWorld();
    const survival = await world.whitelist({ managerRoleIds: [IDS.staffRole], maxNicksPerUser: 3 });
    for (const nick of ["Notch", "zed_offline", "alpha_1"]) {
      await world.command(IDS.alice, "register", { channelId: IDS.survivalChannel, options: { nick } });
    }
    const reply = await wl(IDS.manager, "export", { whitelist: "survival", format });
    const served = await world.api(await world.key(), `/whitelists/${survival.id}/entries?format=${format}`);
    const bytes = new Uint8Array(await served.arrayBuffer());
    const fileName = /filename="([^"]+)"/.exec(served.headers.get("content-disposition") ?? "")?.[1];
    expect(reply.attachments).toEqual([
      expect.objectContaining({
        filename: fileName,
        size: bytes.byteLength,
        text: new TextDecoder().decode(bytes),
      }),
    ]);
    expect(reply.content).toContain(`${world.apiUrl}/whitelists/${survival.id}/entries?format=${format}`);
  });

  test("only managers export", async () => {
    world = await startWorld();
    await world.whitelist({ managerRoleIds: [IDS.staffRole] });
    const reply = await wl(IDS.alice, "export", { whitelist: "survival", format: "plain" });
    expect({ content: reply.content, attachments: reply.attachments }).toEqual({
      content: STAFF_ONLY,
      attachments: [],
    });
  });
});

describe("/whitelist log-channel", () => {
  test("sets the channel, proves it by posting there, and needs Manage Server", async () => {
    world = await startWorld();
    expect((await wl(IDS.manager, "log-channel", { channel: IDS.logChannel })).content).toBe(
      MANAGE_SERVER_ONLY,
    );
    const reply = await wl(IDS.owner, "log-channel", { channel: IDS.logChannel });
    expect(reply.content).toStartWith(`✅ I log to <#${IDS.logChannel}> from now on.`);
    expect((await world.services.guilds.get(IDS.guild))?.logChannelId).toBe(IDS.logChannel);
    await world.message(IDS.logChannel, "the first post", (m) => m.embeds[0]?.title === "Log channel");
    expect((await wl(IDS.owner, "log-channel")).content).toStartWith("Logging is off.");
    expect((await world.services.guilds.get(IDS.guild))?.logChannelId).toBeNull();
  });
});

describe("whitelist autocomplete", () => {
  test("offers at most 25 names, those starting with what is typed first", async () => {
    world = await startWorld();
    for (let i = 0; i < 30; i++) await world.whitelist({ name: `server-${String(i).padStart(2, "0")}` });
    await world.whitelist({ name: "my-server" });
    const all = await world.autocomplete(IDS.owner, "whitelist", "whitelist", {
      subcommand: "show",
      options: { whitelist: "" },
    });
    expect(all).toHaveLength(25);
    const typed = await world.autocomplete(IDS.owner, "whitelist", "whitelist", {
      subcommand: "export",
      options: { whitelist: "SERVER-2" },
    });
    expect(typed.map((choice) => choice.name)).toEqual([
      "server-20",
      "server-21",
      "server-22",
      "server-23",
      "server-24",
      "server-25",
      "server-26",
      "server-27",
      "server-28",
      "server-29",
    ]);
    const contains = await world.autocomplete(IDS.owner, "whitelist", "whitelist", {
      subcommand: "edit",
      options: { whitelist: "y-ser" },
    });
    expect(contains).toEqual([{ name: "my-server", value: "my-server" }]);
  });
});
