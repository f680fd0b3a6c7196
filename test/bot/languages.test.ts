import { afterEach, describe, expect, test } from "bun:test";
import { IDS, startWorld, type World } from "./world.ts";

// The bot speaks the reader's language (docs/decisions.md, Languages): a member's own answers follow their Discord
// client's locale (`locale` of the interaction); what everyone reads follows the server's language in Discord
// (`preferred_locale`, `guild_locale`) unless staff chose another with /texts language; staff may word the texts
// members read of their registrations their own way. Driven through the sandbox, which sends both locales as
// Discord does.

let world: World;
afterEach(() => world?.stop());

/** Sets a member's Discord client language (the sandbox then sends it as `locale`). */
const speak = (userId: string, locale: string) =>
  world.control("POST", `/members/${userId}/locale`, { locale });
/** Sets the server's language in Discord (GUILD_UPDATE; then `guild_locale` and `preferred_locale`). */
const serverSpeaks = (locale: string) => world.control("POST", "/guild/locale", { locale });

describe("a member's own answers", () => {
  test("follow their Discord language: German, Polish, and English for a locale the bot has no file for", async () => {
    world = await startWorld();
    await world.whitelist({ requiredRoleIds: [] });
    await speak(IDS.alice, "de");
    await speak(IDS.bob, "pl");
    await speak(IDS.carol, "ja");
    const register = (userId: string, nick: string) =>
      world.command(userId, "register", { channelId: IDS.survivalChannel, options: { nick } });
    expect((await register(IDS.alice, "Notch")).content.split("\n")[0]).toBe(
      "✅ **Notch** steht auf **survival**. Du kannst den Server jetzt betreten.",
    );
    expect((await register(IDS.bob, "jeb_")).content.split("\n")[0]).toBe(
      "✅ **jeb\\_** jest na **survival**. Możesz już wejść na serwer.",
    );
    expect((await register(IDS.carol, "carol_mc")).content.split("\n")[0]).toBe(
      "✅ **carol\\_mc** is on **survival**. You can join the server now.",
    );
  });

  test("refusals from the services are worded in their language too, plurals and all", async () => {
    world = await startWorld();
    await world.whitelist({ requiredRoleIds: [], maxNicksPerUser: 2 });
    await speak(IDS.alice, "ru");
    for (const nick of ["Notch", "jeb_"]) {
      await world.command(IDS.alice, "register", { channelId: IDS.survivalChannel, options: { nick } });
    }
    const refused = await world.command(IDS.alice, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "alice_mc" },
    });
    expect(refused.content).toBe(
      "У тебя уже 2 ника в survival, это максимум (2). Сначала удали один через /удалить-ник.",
    );
    const invalid = await world.command(IDS.alice, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "no spaces" },
    });
    expect(invalid.content).toStartWith("«no spaces» не подходит как ник. Ник в Minecraft Java");
  });
});

describe("what everyone reads", () => {
  test("follows the server's language in Discord; an approval post and its outcome read in it, whoever clicks", async () => {
    world = await startWorld();
    await world.useLogChannel();
    await serverSpeaks("fr");
    await speak(IDS.alice, "de");
    await world.whitelist({ registrationMode: "approval", managerRoleIds: [IDS.staffRole] });
    const asked = await world.command(IDS.alice, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "jeb_" },
    });
    // Only alice reads her answer: German.
    expect(asked.content).toStartWith("📨 Deine Anfrage für **jeb\\_** auf **survival**");
    const post = await world.message(IDS.logChannel, "the request post", (m) => m.components.length > 0);
    const requestId = (await world.registrationRequest()).id;
    expect({
      title: post.embeds[0]?.title,
      buttons: (post.components[0] as { components: { label: string }[] }).components.map((b) => b.label),
    }).toEqual({ title: "Demande d'inscription", buttons: ["Accepter", "Refuser"] });
    const decided = await world.click(IDS.manager, post.id, `approval:approve:${requestId}`);
    expect(decided.embeds[0]?.title).toBe("Demande acceptée");
    const told = await world.message(IDS.survivalChannel, "the outcome", (m) => m.content.includes("jeb\\_"));
    expect(told.content).toBe(
      `<@${IDS.alice}> ✅ ta demande pour **jeb\\_** sur **survival** a été acceptée : tu peux rejoindre maintenant.`,
    );
  });

  test("staff choose another language with /texts language, and give it back to Discord's", async () => {
    world = await startWorld();
    await world.useLogChannel();
    await world.whitelist({ requiredRoleIds: [] });
    const chosen = await world.command(IDS.owner, "texts", {
      subcommand: "language",
      options: { language: "es-ES" },
    });
    expect(chosen.content).toStartWith("✅ What everyone reads here");
    expect(chosen.content).toContain("is in Español from now on");
    await world.command(IDS.alice, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "Notch" },
    });
    const added = await world.message(
      IDS.logChannel,
      "the addition",
      (m) => m.embeds[0]?.title === "Nick añadido",
    );
    expect(added.embeds[0]?.description).toBe("**Notch** añadido a **survival**");
    await world.command(IDS.owner, "texts", { subcommand: "language", options: { language: "discord" } });
    await world.command(IDS.alice, "unregister", {
      channelId: IDS.survivalChannel,
      options: { nick: "Notch" },
    });
    await world.message(
      IDS.logChannel,
      "the removal, in English again",
      (m) => m.embeds[0]?.title === "Nick removed",
    );
  });
});

describe("staff's own wording", () => {
  test("is checked when saved, previewed with sample values, used whatever the reader's language, and reset", async () => {
    world = await startWorld();
    await world.whitelist({ requiredRoleIds: [] });
    const set = (wording: string) =>
      world.command(IDS.owner, "texts", {
        subcommand: "set",
        options: { text: "public.registered", wording },
      });
    expect((await set("Welcome {player}!")).content).toBe(
      "This text has no placeholder {player}. It has {nick}, {whitelist}.",
    );
    expect((await set("Welcome {nick!")).content).toStartWith("A brace opens or closes no placeholder.");
    const saved = await set("🎉 {nick} joins {whitelist}: welcome!");
    expect(saved.content).toContain("🎉 Steve joins survival: welcome!");
    await speak(IDS.alice, "fr");
    const registered = await world.command(IDS.alice, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "Notch" },
    });
    // Staff's wording, then the rest of the answer in alice's language.
    expect(registered.content.split("\n").slice(0, 2)).toEqual([
      "🎉 Notch joins survival: welcome!",
      "Tu as changé d'avis ? `/désinscrire nick:Notch` le retire.",
    ]);
    const preview = await world.command(IDS.owner, "texts", {
      subcommand: "preview",
      options: { text: "public.registered" },
    });
    expect(preview.content).toContain("your wording");
    const reset = await world.command(IDS.owner, "texts", {
      subcommand: "reset",
      options: { text: "public.registered" },
    });
    expect(reset.content).toContain("✅ **Steve** is on **survival**. You can join the server now.");
    const again = await world.command(IDS.owner, "texts", {
      subcommand: "reset",
      options: { text: "public.registered" },
    });
    expect(again.content).toContain("was not reworded");
  });

  test("needs Manage Server", async () => {
    world = await startWorld();
    const refused = await world.command(IDS.alice, "texts", { subcommand: "list" });
    expect(refused.content).toBe(
      "Only members with the Manage Server permission can do that. Ask a server admin to run it.",
    );
  });
});
