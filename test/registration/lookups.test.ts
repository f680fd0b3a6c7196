import { afterEach, expect, test } from "bun:test";
import type { NickSource } from "../../src/registration/lookups.ts";
import type { Member } from "../../src/registration/model.ts";
import type { Whitelist } from "../../src/whitelists/model.ts";
import { forEachStore, seedEntries, seedWhitelist, sqliteClient } from "../helpers/services.ts";
import {
  alice,
  bob,
  GUILD,
  MANAGER_ROLE,
  moderator,
  owner,
  refusal,
  type SeededWorld,
  seededWorld,
} from "./helpers.ts";

let world: SeededWorld;
afterEach(() => world.close());

/** Survival (offline nicks, managed by MANAGER_ROLE) and creative (offline nicks, Manage Server only). */
const setup = async () => {
  world = await seededWorld({
    name: "survival",
    nickType: "offline",
    maxNicksPerUser: 5,
    managerRoleIds: [MANAGER_ROLE],
  });
  const creative = await seedWhitelist(world.services, {
    guildId: GUILD,
    name: "creative",
    nickType: "offline",
    maxNicksPerUser: 5,
  });
  return { ...world, survival: world.wl, creative };
};

const register = (whitelist: Whitelist, nick: string, who: Member = alice) =>
  world.registration.register({
    guildId: GUILD,
    whitelist: whitelist.id,
    member: who,
    nick,
    actor: who,
    origin: "discord",
  });

const staffAdd = (whitelist: Whitelist, nick: string, who: Member) =>
  world.registration.register({
    guildId: GUILD,
    whitelist: whitelist.id,
    member: who,
    nick,
    actor: owner,
    origin: "staff",
  });

const whois = (nick: string, actor: Member, whitelist: string | null = null) =>
  world.services.lookups.whois({ guildId: GUILD, whitelist, nick, actor });

const suggest = async (
  typed: string,
  actor: Member,
  whitelist: string | null = null,
  source: NickSource = "entries",
) =>
  (await world.services.lookups.suggest({ guildId: GUILD, whitelist, typed, actor, source })).map(
    ({ nick, whitelist: wl }) => `${nick}@${wl.name}`,
  );

forEachStore("whois", () => {
  test("a manager sees who holds a nick, who added it, when, how and its expiry, on every whitelist", async () => {
    const { survival, creative, services } = await setup();
    const own = await register(survival, "Shared_Nick");
    services.clock.advance(60_000);
    const added = await staffAdd(creative, "shared_nick", bob);
    const result = await whois("SHARED_NICK", owner);
    expect(result).toEqual({
      nick: "SHARED_NICK",
      found: [
        { entry: added.entry, whitelist: creative },
        { entry: own.entry, whitelist: survival },
      ],
      hidden: 0,
      denied: [],
    });
    expect([added.entry.userId, added.entry.addedBy, added.entry.origin, added.entry.expiresAt]).toEqual([
      bob.userId,
      owner.userId,
      "staff",
      null,
    ]);
    expect((await whois("shared_nick", owner, "survival")).found).toEqual([
      { entry: own.entry, whitelist: survival },
    ]);
  });

  test("a manager role sees its whitelist; elsewhere only the member's own nicks show", async () => {
    const { survival, creative } = await setup();
    await register(survival, "Alice_Mc");
    await register(creative, "Alice_Mc");
    expect(await whois("alice_mc", moderator)).toEqual(
      expect.objectContaining({ found: [expect.objectContaining({ whitelist: survival })], hidden: 1 }),
    );
    expect((await whois("alice_mc", alice)).found.map(({ whitelist }) => whitelist.name)).toEqual([
      "creative",
      "survival",
    ]);
    await expect(whois("alice_mc", bob)).rejects.toThrow(
      expect.objectContaining({
        code: "not-manager",
        message:
          "Alice_Mc on creative, survival belongs to another member; only staff of that whitelist can see whose.",
      }),
    );
  });

  test("managers also see a nick's denial, with its reason", async () => {
    const { survival } = await setup();
    await world.services.denials.deny({
      guildId: GUILD,
      whitelist: "survival",
      nick: "Griefer_1",
      reason: "griefing",
      actor: owner,
    });
    expect(await whois("griefer_1", moderator)).toEqual({
      nick: "griefer_1",
      found: [],
      hidden: 0,
      denied: [
        { denial: expect.objectContaining({ nick: "Griefer_1", reason: "griefing" }), whitelist: survival },
      ],
    });
    await expect(whois("griefer_1", alice)).rejects.toThrow(refusal("entry-not-found"));
  });

  test("an unknown nick, on one whitelist or all, and an unknown whitelist are said so", async () => {
    await setup();
    await expect(whois("Ghost", owner)).rejects.toThrow(
      refusal("entry-not-found", "Ghost is not on any whitelist of this server. Check the spelling"),
    );
    await expect(whois("Ghost", owner, "survival")).rejects.toThrow(
      refusal("entry-not-found", "Ghost is not on survival."),
    );
    await expect(whois("  ", owner)).rejects.toThrow(refusal("entry-not-found", "That nick is not on"));
    await expect(whois("Ghost", owner, "nowhere")).rejects.toThrow(refusal("whitelist-not-found"));
  });

  test("a Bedrock player is found by gamertag or in-game name", async () => {
    await setup();
    const pe = await seedWhitelist(world.services, { guildId: GUILD, name: "pe", nickType: "bedrock" });
    const { entry } = await register(pe, "Alex Pocket");
    for (const typed of ["alex pocket", ".Alex_Pocket", "Alex_Pocket"]) {
      expect((await whois(typed, alice)).found).toEqual([{ entry, whitelist: pe }]);
    }
  });
});

forEachStore("member look-up", () => {
  test("members see their own nicks everywhere; staff see anyone's, a manager role on its whitelists only", async () => {
    const { survival, creative } = await setup();
    const first = await register(survival, "Alice_One");
    const second = await register(creative, "Alice_Two");
    const lookUp = (actor: Member, userId = alice.userId) =>
      world.services.lookups.memberNicks({ guildId: GUILD, userId, actor });
    const all = {
      userId: alice.userId,
      entries: [
        { entry: first.entry, whitelist: survival },
        { entry: second.entry, whitelist: creative },
      ],
      answers: [],
      guests: [],
      partial: false,
    };
    expect(await lookUp(alice)).toEqual(all);
    expect(await lookUp(owner)).toEqual(all);
    expect(await lookUp(moderator)).toEqual({
      ...all,
      entries: [{ entry: first.entry, whitelist: survival }],
      partial: true,
    });
    await expect(lookUp(bob)).rejects.toThrow(
      refusal("not-manager", "Only staff can look up another member's nicks; you can look up your own."),
    );
  });

  test("someone with nothing has no entries, and a member may look themselves up with nothing", async () => {
    await setup();
    const lookUp = (actor: Member, userId: string) =>
      world.services.lookups.memberNicks({ guildId: GUILD, userId, actor });
    const none = { userId: bob.userId, entries: [], guests: [], answers: [], partial: false };
    expect(await lookUp(owner, bob.userId)).toEqual(none);
    expect(await lookUp(bob, bob.userId)).toEqual(none);
  });
});

forEachStore("nick suggestions", (store) => {
  test("managers get the whitelist's nicks starting with what is typed, by nick; members their own", async () => {
    const { survival, creative } = await setup();
    await register(survival, "Alpha_Alice");
    await register(survival, "Beta_Alice");
    await register(survival, "alpha_bob", bob);
    await register(creative, "Alpine_Bob", bob);
    expect(await suggest("AL", moderator)).toEqual(["Alpha_Alice@survival", "alpha_bob@survival"]);
    expect(await suggest("al", owner)).toEqual([
      "Alpha_Alice@survival",
      "alpha_bob@survival",
      "Alpine_Bob@creative",
    ]);
    expect(await suggest("al", owner, "creative")).toEqual(["Alpine_Bob@creative"]);
    // A member: their own only, those starting with the text first, then those holding it.
    expect(await suggest("al", alice)).toEqual(["Alpha_Alice@survival", "Beta_Alice@survival"]);
    expect(await suggest("", bob, "survival")).toEqual(["alpha_bob@survival"]);
    expect(await suggest("al", alice, "no-such-whitelist")).toEqual([]);
    // For staff-only commands (deny) a member's own nicks are not offered.
    expect(await suggest("al", alice, null, "staff-entries")).toEqual([]);
    expect(await suggest("al", moderator, null, "staff-entries")).toEqual(await suggest("AL", moderator));
  });

  test("at most 25, and on a Bedrock whitelist the gamertag forms match Floodgate's names", async () => {
    const { survival } = await setup();
    const rows = Array.from({ length: 40 }, (_, i) => ({ nick: `Player_${String(i).padStart(2, "0")}` }));
    await seedEntries(world.services, survival.id, rows);
    const shown = await suggest("player_", owner);
    expect([shown.length, shown[0], shown[24]]).toEqual([25, "Player_00@survival", "Player_24@survival"]);
    const pe = await seedWhitelist(world.services, { guildId: GUILD, name: "pe", nickType: "bedrock" });
    await register(pe, "Alex Pocket");
    for (const typed of ["Alex P", ".alex_p", "alex_"])
      expect(await suggest(typed, owner, "pe")).toEqual([".Alex_Pocket@pe"]);
  });

  test("denied nicks are suggested to managers only", async () => {
    await setup();
    for (const nick of ["Griefer_1", "Griefer_2", "Other_1"]) {
      await world.services.denials.deny({ guildId: GUILD, whitelist: "survival", nick, actor: owner });
    }
    expect(await suggest("gr", moderator, "survival", "denied")).toEqual([
      "Griefer_1@survival",
      "Griefer_2@survival",
    ]);
    expect(await suggest("gr", alice, "survival", "denied")).toEqual([]);
  });

  // SQLite only: it reads SQLite's own query plans.
  test.skipIf(store === "postgres")(
    "a keystroke reads an index range of the whitelist, never the whole table",
    async () => {
      const { survival, services } = await setup();
      // 5,000 nicks on one whitelist, half of them starting with "Zz".
      const nicks = Array.from({ length: 5000 }, (_, i) => `${i % 2 === 0 ? "Aa" : "Zz"}_${i}`);
      const client = sqliteClient(services);
      client.transaction(() => {
        const insert = client.prepare(
          "INSERT INTO entries (whitelist_id, nick, nick_key, premium, user_id, added_by, origin, created_at) " +
            "VALUES (?, ?, ?, 0, ?, ?, 'discord', 0)",
        );
        for (const nick of nicks)
          insert.run(survival.id, nick, nick.toLowerCase(), alice.userId, alice.userId);
      })();
      const statements: string[] = [];
      const prepare = client.prepare.bind(client);
      client.prepare = ((sql: string) => {
        statements.push(sql);
        return prepare(sql);
      }) as typeof client.prepare;
      try {
        const expected = nicks
          .filter((nick) => nick.toLowerCase().startsWith("zz_49"))
          .sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1))
          .slice(0, 25);
        expect((await services.entries.startingWith(survival.id, "ZZ_49", 25)).map((e) => e.nick)).toEqual(
          expected,
        );
        await services.denials.startingWith(survival.id, "zz", 25);
      } finally {
        client.prepare = prepare;
      }
      const plans = statements.map((sql) =>
        client
          .query<{ detail: string }, string[]>(`EXPLAIN QUERY PLAN ${sql}`)
          .all(...Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => "x"))
          .map((row) => row.detail),
      );
      expect(plans).toEqual([
        [
          expect.stringMatching(
            /^SEARCH entries USING INDEX entries_whitelist_nick_key \(whitelist_id=\? AND nick_key>\? AND nick_key<\?\)$/,
          ),
        ],
        [
          expect.stringMatching(
            /^SEARCH denied_nicks USING INDEX denied_nicks_whitelist_nick_key \(whitelist_id=\? AND nick_key>\? AND nick_key<\?\)$/,
          ),
        ],
      ]);
    },
  );
});
