import { afterEach, describe, expect, test } from "bun:test";
import type { MessageView } from "../../src/sandbox/discord/index.ts";
import { disconnectText, nodeClient, session } from "../helpers/node-minecraft.ts";
import { IDS, PROFILES, startWorld, type World } from "./world.ts";

// Proof of ownership end to end, with parts nobody here wrote: npm minecraft-protocol's client joins the link
// endpoint of the real service (under Node), proves its account through the fake Mojang's join/hasJoined, and the
// code it is shown is typed by a member through the sandbox Discord to the real discord.js bot.

let world: World;
afterEach(() => world?.stop());

const NOTCH = { name: PROFILES.notch.name, uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5" };
const JEB = { name: PROFILES.jeb.name, uuid: "853c80ef-3c37-49fd-aa49-938b674adae6" };

/** The real service with its link endpoint on a free port, a log channel, and `survival` requiring proof. */
async function start() {
  world = await startWorld({ env: { LINK_PORT: "0", LINK_COMMUNITY: "Bot World" } });
  await world.useLogChannel();
  const survival = await world.whitelist({ proof: "required", grantedRoleIds: [IDS.whitelistedRole] });
  const key = await world.key();
  return { survival, key, address: `127.0.0.1:${world.service.link?.port}` };
}

/** Joins the link endpoint with minecraft-protocol's client as `account` (`version`), and reads the code shown. */
async function join(account: { name: string; uuid: string }, version = "1.21.4") {
  const seen = await nodeClient({
    port: world.service.link?.port as number,
    version,
    ...session(account, world.mojang.url),
  });
  const text = disconnectText(seen) ?? "";
  const code = text.match(/Your code: ([0-9A-Z]{4}-[0-9A-Z]{4})/)?.[1];
  if (!code || seen.state !== "login") throw new Error(`no code shown: ${JSON.stringify(seen)}`);
  return { code, text };
}

const command = (userId: string, name: string, options: Record<string, unknown> = {}) =>
  world.command(userId, name, { channelId: IDS.survivalChannel, options });

const field = (message: Pick<MessageView, "embeds">, name: string) =>
  message.embeds[0]?.fields?.find((candidate) => candidate.name === name)?.value;

describe("proof of ownership through Discord", () => {
  test("a member is told where to join; the real client's code registers the account, verified everywhere", async () => {
    const { survival, key, address } = await start();
    const refused = await command(IDS.alice, "register", { nick: "Notch" });
    expect(refused.content).toBe(
      "🔒 survival takes proven accounts only: prove Notch is yours first.\n" +
        `In Minecraft: Java Edition, add the server \`${address}\` and join it with that account: you will not ` +
        "enter a world, you are shown a code. Then type `/register code:<code> whitelist:survival` here within " +
        "10 minutes.",
    );

    const { code, text } = await join(NOTCH);
    expect(text).toBe(
      `Notch, your account is proven.\nYour code: ${code}\nIn Discord, type /link code:${code} within 10 minutes\n` +
        `(or /register code:${code} to put it on a whitelist).`,
    );
    const registered = await command(IDS.alice, "register", { code: code.toLowerCase() });
    expect(registered.content.split("\n")).toEqual([
      "🔗 **Notch** is linked to you on this server: you proved it is yours.",
      "✅ **Notch** is on **survival**. You can join the server now.",
      "🔗 Verified: you proved this account is yours.",
      "Changed your mind? `/unregister nick:Notch` removes it.",
    ]);
    await world.roles(IDS.alice, "the granted role", (roles) => roles.includes(IDS.whitelistedRole));
    const listed = await (await world.api(key, `/whitelists/${survival.id}/entries`)).json();
    expect(listed).toEqual([
      { nick: "Notch", uuid: NOTCH.uuid, premium: true, expiresAt: null, verified: true, groups: [] },
    ]);
    const feed = (await (await world.api(key, "/events?after=0")).json()) as { events: unknown[] };
    const [added] = feed.events;
    expect(added).toMatchObject({ type: "entry.added", entry: { nick: "Notch", verified: true } });
    const post = await world.message(
      IDS.logChannel,
      "the addition",
      (m) => m.embeds[0]?.title === "Nick added",
    );
    expect(field(post, "Verified")).toBe("yes: proven by the member");

    // Staff see it: whois, the member look-up (with the linked account), show's counts and its proof setting.
    const whois = await world.command(IDS.owner, "whitelist", {
      subcommand: "whois",
      options: { nick: "notch" },
    });
    expect(field(whois, "Verified")).toBe("yes: the owner proved the account");
    const looked = await world.command(IDS.owner, "whitelist", {
      subcommand: "member",
      options: { user: IDS.alice },
    });
    expect(looked.content).toContain("• **Notch** on **survival**: registered");
    expect(looked.content).toMatch(
      /, verified\nLinked accounts \(proven\):\n• \*\*Notch\*\* \(UUID `069a79f4-/,
    );
    const shown = await world.command(IDS.owner, "whitelist", {
      subcommand: "show",
      options: { whitelist: "survival" },
    });
    expect([field(shown, "Nicks"), field(shown, "Proof of ownership")]).toEqual([
      "1 (1 verified)",
      `required: members prove their Java account at \`${address}\``,
    ]);

    // The code was used: typing it again is refused and counted.
    const again = await command(IDS.bob, "link", { code });
    expect(again.content).toBe(
      `That code was used already: join the link server again for a new one. The link server is \`${address}\`. ` +
        "4 more tries before a wait.",
    );
  });

  test("a proven account takes over another member's unproven entry: removal, role revert, a log post saying why", async () => {
    await start();
    const creative = await world.whitelist({
      name: "creative",
      channelId: IDS.general,
      grantedRoleIds: [IDS.whitelistedRole],
    });
    await world.command(IDS.bob, "register", { channelId: IDS.general, options: { nick: "jeb_" } });
    await world.roles(IDS.bob, "bob's role", (roles) => roles.includes(IDS.whitelistedRole));

    const { code } = await join(JEB, "1.20.4");
    const linked = await command(IDS.alice, "link", { code });
    expect(linked.content.split("\n")).toEqual([
      "🔗 **jeb\\_** is linked to you on this server: you proved it is yours.",
      "Other members had it on **creative**; those nicks are removed, since you proved it is yours (staff see why in the log).",
      "Put it on a whitelist with `/register nick:jeb_`: no need to join again. `/unlink` forgets it.",
    ]);
    expect(
      await world.roles(IDS.bob, "bob's role taken back", (r) => !r.includes(IDS.whitelistedRole)),
    ).toEqual([]);
    const removal = await world.message(
      IDS.logChannel,
      "the removal",
      (m) => m.embeds[0]?.title === "Nick removed",
    );
    expect({
      description: removal.embeds[0]?.description,
      member: field(removal, "Member"),
      origin: field(removal, "Origin"),
      why: field(removal, "Why"),
    }).toEqual({
      description: "**jeb\\_** removed from **creative**",
      member: `<@${IDS.bob}>`,
      origin: "whitelist-sync",
      why: `<@${IDS.alice}> proved they own this account (one owner per account per server).`,
    });
    expect(await world.services.entries.list(creative.id)).toEqual([]);

    // Remembered: alice registers it on survival (proof required) with no new join; bob cannot take it back.
    const registered = await command(IDS.alice, "register", { nick: "jeb_" });
    expect(registered.content).toStartWith("✅ **jeb\\_** is on **survival**.");
    const bobTries = await world.command(IDS.bob, "register", {
      channelId: IDS.general,
      options: { nick: "jeb_" },
    });
    expect(bobTries.content).toBe(
      "jeb\\_ belongs to another member of this server, who proved they own it: only they can register it.",
    );
  });

  test("/link alone says where to join and lists the links; staff adds need no proof; /unlink forgets", async () => {
    const { survival, address } = await start();
    const how = await command(IDS.alice, "link");
    expect(how.content).toBe(
      `To link a Minecraft Java account: In Minecraft: Java Edition, add the server \`${address}\` and join it ` +
        "with that account: you will not enter a world, you are shown a code. Then type `/link code:<code>` here " +
        "within 10 minutes.\nYou have no linked account on this server yet.",
    );
    const added = await world.command(IDS.owner, "whitelist", {
      subcommand: "add",
      options: { whitelist: "survival", member: IDS.bob, nick: "Notch" },
    });
    expect(added.content).toStartWith("✅");
    expect((await world.services.entries.list(survival.id)).map((e) => [e.nick, e.verified])).toEqual([
      ["Notch", false],
    ]);
    const { code } = await join(JEB);
    await command(IDS.alice, "link", { code });
    expect((await command(IDS.alice, "link")).content).toMatch(
      /\nYour linked accounts here:\n• \*\*jeb\\_\*\* /,
    );
    expect((await command(IDS.alice, "unlink")).content).toStartWith(
      "🔓 **jeb\\_** is no longer linked to you on this server.",
    );
    expect((await command(IDS.alice, "unlink")).content).toBe("You have no linked account on this server.");
  });

  test("guessed codes: after 5 the member waits; a malformed code says what a code looks like", async () => {
    await start();
    expect((await command(IDS.alice, "link", { code: "Notch" })).content).toBe(
      "That is not a code: a code is 8 letters and digits, like K7QX-29MD, shown when you join the link server " +
        "(or the game server, where it asks you to prove your account).",
    );
    for (const guess of ["AAAA-AAAA", "AAAA-AAAB", "AAAA-AAAC", "AAAA-AAAD", "AAAA-AAAE"]) {
      await command(IDS.alice, "link", { code: guess });
    }
    const limited = await command(IDS.alice, "link", { code: "AAAA-AAAF" });
    const retry = Math.floor((world.clock.now() + 10 * 60_000) / 1000);
    expect(limited.content).toBe(
      `⏳ Too many codes that did not work: wait before you type another. Try again <t:${retry}:R>.`,
    );
  });

  test("proof is for java and premium whitelists: edit says where members prove; a Bedrock one refuses it", async () => {
    const { address } = await start();
    const edited = await world.command(IDS.owner, "whitelist", {
      subcommand: "edit",
      options: { whitelist: "survival", proof: "required" },
    });
    expect(edited.content.split("\n")).toContain(
      `🔒 They prove their account first: they join \`${address}\` in Minecraft Java and type the code it shows ` +
        "with `/register code:` (staff additions need no proof and are marked unverified).",
    );
    const refused = await world.command(IDS.owner, "whitelist", {
      subcommand: "create",
      options: {
        name: "pocket",
        channel: IDS.general,
        "nick-type": "bedrock",
        mode: "command",
        "max-nicks": 1,
        proof: "required",
      },
    });
    expect(refused.content).toBe(
      "Proof of ownership before registering is for java and premium whitelists: bedrock nicks cannot be proven " +
        "by a Java login.",
    );
  });
});
