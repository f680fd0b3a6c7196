import { afterEach, expect, spyOn, test } from "bun:test";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { preparedRead } from "../../src/db/driver.ts";
import type { Whitelist } from "../../src/whitelists/model.ts";
import {
  forEachStore,
  seedEntries,
  seedWhitelist,
  type TestServices,
  testServices,
} from "../helpers/services.ts";

// The registration path's reads built once (src/db/driver.ts, preparedRead; docs/performance.md, Launch day): a
// guild's whitelists, a member's count of nicks, the deny list by UUID, a guild's settings and wordings, a member's
// nickname state. Each answers what the query built afresh
// answers, through the store or a write's transaction, and follows every change committed in the same process.

const GUILD = "100000000000000001";
const OTHER_GUILD = "100000000000000002";
const USER = "300000000000000001";
let services: TestServices;
afterEach(() => services.close());

forEachStore("prepared reads", (kind) => {
  test("a read is built once per connection: on PostgreSQL once for the store and every transaction", async () => {
    services = await testServices();
    const { db, write } = services;
    const { tables } = services.store;
    const wl = await seedWhitelist(services, { guildId: GUILD, name: "survival" });
    let builds = 0;
    const names = preparedRead<{ name: string }>(db, "test_names_of_guild", (q) => {
      builds++;
      return q
        .select({ name: tables.whitelists.name })
        .from(tables.whitelists)
        .where(eq(tables.whitelists.guildId, sql.placeholder("guildId")));
    });
    expect(await names(db, { guildId: GUILD })).toEqual([{ name: wl.name }]);
    expect(await names(db, { guildId: OTHER_GUILD })).toEqual([]);
    for (let n = 0; n < 3; n++) {
      expect(await write((tx) => names(tx, { guildId: GUILD }))).toEqual([{ name: wl.name }]);
    }
    // SQLite: the readers' connection and the writer's each prepare their statement. PostgreSQL: one text.
    expect(builds).toBe(kind === "sqlite" ? 2 : 1);
  });

  test("a removal by nick is built once, not again for each removal, and removes that whitelist's entry only", async () => {
    services = await testServices();
    const { db, entries } = services;
    const a = await seedWhitelist(services, { guildId: GUILD, name: "survival" });
    const b = await seedWhitelist(services, { guildId: GUILD, name: "creative" });
    await seedEntries(services, a.id, ["Notch", "jeb_", "Dinnerbone"]);
    await seedEntries(services, b.id, ["Notch"]);
    // The first removal builds the statement (each SQLite connection prepares its own); those after only run it.
    await entries.remove({ whitelistId: a.id, nick: "dinnerbone", origin: "api" });
    // Where drizzle's builders are: the store's database and its transactions share the prototype.
    let builders: object = db;
    while (!Object.hasOwn(builders, "delete")) builders = Object.getPrototypeOf(builders);
    const deletes = spyOn(builders as Pick<typeof db, "delete">, "delete");
    try {
      const removed = await entries.remove({ whitelistId: a.id, nick: "NOTCH", origin: "api" });
      await entries.remove({ whitelistId: a.id, nick: "jeb_", origin: "api" });
      expect(removed.nick).toBe("Notch");
      expect(deletes).not.toHaveBeenCalled();
    } finally {
      deletes.mockRestore();
    }
    expect((await entries.list(a.id)).map((entry) => entry.nick)).toEqual([]);
    expect((await entries.list(b.id)).map((entry) => entry.nick)).toEqual(["Notch"]);
  });

  test("a guild's whitelists, found by id or name and listed, follow each create, rename and delete at once", async () => {
    services = await testServices();
    const { whitelists, db } = services;
    const { tables } = services.store;
    /** What the query built afresh answers, in the service's order. */
    const fresh = async (guildId: string) =>
      (
        await db
          .select({ id: tables.whitelists.id })
          .from(tables.whitelists)
          .where(eq(tables.whitelists.guildId, guildId))
          .orderBy(asc(tables.whitelists.nameKey))
      ).map((row) => row.id);
    const listed = async (guildId: string) => (await whitelists.listForGuild(guildId)).map((wl) => wl.id);
    const survival = await seedWhitelist(services, { guildId: GUILD, name: "Survival" });
    const creative = await seedWhitelist(services, { guildId: GUILD, name: "creative" });
    const elsewhere = await seedWhitelist(services, { guildId: OTHER_GUILD, name: "Survival" });
    expect(await listed(GUILD)).toEqual([creative.id, survival.id]);
    expect(await listed(GUILD)).toEqual(await fresh(GUILD));
    expect(await listed(OTHER_GUILD)).toEqual([elsewhere.id]);
    expect((await whitelists.find(GUILD, "SURVIVAL"))?.id).toBe(survival.id);
    expect((await whitelists.find(GUILD, survival.id))?.id).toBe(survival.id);
    expect(await whitelists.find(GUILD, elsewhere.id)).toBeUndefined();
    expect(await whitelists.find(OTHER_GUILD, "creative")).toBeUndefined();

    // An edit read back at once, in the same process: the renamed whitelist under its new name only.
    await whitelists.update(survival.id, { name: "Adventure", maxNicksPerUser: 3 });
    expect(await whitelists.find(GUILD, "survival")).toBeUndefined();
    const renamed = await whitelists.find(GUILD, "adventure");
    expect(renamed).toMatchObject({ id: survival.id, name: "Adventure", maxNicksPerUser: 3 });
    expect(await whitelists.resolve({ guildId: GUILD, whitelist: "Adventure" })).toEqual(
      renamed as Whitelist,
    );
    expect(await listed(GUILD)).toEqual([survival.id, creative.id]);
    expect(await listed(GUILD)).toEqual(await fresh(GUILD));

    const third = await seedWhitelist(services, { guildId: GUILD, name: "hardcore" });
    expect(await listed(GUILD)).toEqual([survival.id, creative.id, third.id]);
    await services.deletion.deleteWhitelist(creative.id, null);
    expect(await whitelists.find(GUILD, "creative")).toBeUndefined();
    expect(await listed(GUILD)).toEqual([survival.id, third.id]);
    expect(await listed(GUILD)).toEqual(await fresh(GUILD));
  });

  test("a member's count of nicks: in a write it sees the write's own entry, outside only what committed", async () => {
    services = await testServices();
    const { entries, db } = services;
    const { tables } = services.store;
    const wl = await seedWhitelist(services, { guildId: GUILD, maxNicksPerUser: 5 });
    await seedEntries(services, wl.id, ["Alpha", "Beta"]);
    await seedEntries(services, wl.id, [{ nick: "Guest", guest: true }]);
    /** The count built afresh. */
    const fresh = async () => {
      const [row] = await db
        .select({ n: count() })
        .from(tables.entries)
        .where(
          and(
            eq(tables.entries.whitelistId, wl.id),
            eq(tables.entries.userId, USER),
            eq(tables.entries.guest, false),
          ),
        );
      return row?.n;
    };
    expect(await entries.countForUser(wl.id, USER)).toBe(2);
    expect(await fresh()).toBe(2);
    const seen: number[] = [];
    for (const nick of ["Gamma", "Delta"]) {
      await entries.add(
        {
          whitelistId: wl.id,
          nick,
          uuid: null,
          premium: false,
          userId: USER,
          addedBy: USER,
          origin: "discord",
        },
        undefined,
        {
          alongside: async (tx) => {
            seen.push(await entries.countForUser(wl.id, USER, tx), await entries.countForUser(wl.id, USER));
          },
        },
      );
    }
    // Each write's own insert through its transaction; the store's connection sees only the commits before it.
    expect(seen).toEqual([3, 2, 4, 3]);
    expect(await entries.countForUser(wl.id, USER)).toBe(4);
    expect(await fresh()).toBe(4);
    expect(await entries.countForUser(wl.id, "300000000000000002")).toBe(0);
  });

  test("a member's nicks and guests in a guild, and the guild's nickname templates, follow each change at once", async () => {
    services = await testServices();
    const { entries, whitelists } = services;
    const wl = await seedWhitelist(services, { guildId: GUILD, maxNicksPerUser: 5 });
    const elsewhere = await seedWhitelist(services, { guildId: OTHER_GUILD });
    const nicks = async (guests = false) =>
      (await (guests ? entries.guestsAddedBy(GUILD, USER) : entries.listForUserInGuild(GUILD, USER))).map(
        (entry) => entry.nick,
      );
    expect([await nicks(), await nicks(true)]).toEqual([[], []]);
    await seedEntries(services, wl.id, ["Alpha", { nick: "Guest", guest: true }, "Beta"]);
    await seedEntries(services, elsewhere.id, ["Gamma"]);
    expect([await nicks(), await nicks(true)]).toEqual([["Alpha", "Beta"], ["Guest"]]);
    await entries.remove({ whitelistId: wl.id, nick: "alpha", origin: "staff", actorId: USER });
    expect([await nicks(), await nicks(true)]).toEqual([["Beta"], ["Guest"]]);

    expect(await whitelists.nicknameTemplates(GUILD)).toEqual(new Map());
    await whitelists.update(wl.id, { nicknameTemplate: "{discord} ({mc})" });
    expect(await whitelists.nicknameTemplates(GUILD)).toEqual(new Map([[wl.id, "{discord} ({mc})"]]));
    expect(await whitelists.nicknameTemplates(OTHER_GUILD)).toEqual(new Map());
    await whitelists.update(wl.id, { nicknameTemplate: null });
    expect(await whitelists.nicknameTemplates(GUILD)).toEqual(new Map());
  });

  test("the deny list by UUID answers a denial once what is kept is dropped, forgets a lifted one, and reads the store in a transaction", async () => {
    services = await testServices();
    const { denials, write } = services;
    const { tables } = services.store;
    const wl = await seedWhitelist(services, { guildId: GUILD });
    const uuid = "069a79f444e94726a5befca90e38aaf5";
    expect(await denials.find(wl.id, "Renamed", uuid)).toBeUndefined();
    const denied = {
      nick: "Notch",
      nickKey: "notch",
      uuid,
      reason: "griefing",
      deniedBy: USER,
      createdAt: 1,
      bannedUserId: null,
    };
    const [row] = await write((tx) =>
      tx
        .insert(tables.deniedNicks)
        .values({ whitelistId: wl.id, ...denied })
        .returning(),
    );
    // Written here without the deny list, which drops what it keeps once its own writes commit
    // (test/registration/kept-settings.test.ts): dropped as it would.
    denials.ofWhitelist.drop(wl.id);
    // By name, and under another name by the account's UUID; not on another whitelist.
    expect(await denials.find(wl.id, "NOTCH", null)).toMatchObject({ nick: "Notch", uuid });
    expect(await denials.find(wl.id, "Renamed", uuid)).toMatchObject({ nick: "Notch", reason: "griefing" });
    const other = await seedWhitelist(services, { guildId: GUILD });
    expect(await denials.find(other.id, "Renamed", uuid)).toBeUndefined();
    await write((tx) => tx.delete(tables.deniedNicks).where(eq(tables.deniedNicks.id, row?.id ?? -1)));
    denials.ofWhitelist.drop(wl.id);
    expect(await denials.find(wl.id, "Renamed", uuid)).toBeUndefined();
    // In a transaction it reads the store itself (a registration's own check): no drop needed.
    await write((tx) => tx.insert(tables.deniedNicks).values({ ...denied, whitelistId: wl.id }));
    expect(await write((tx) => denials.find(wl.id, "Renamed", uuid, tx))).toMatchObject({ nick: "Notch" });
  });

  test("a guild's settings and wordings follow each change at once", async () => {
    services = await testServices();
    const { guilds, texts, db } = services;
    const { tables } = services.store;
    /** The row built afresh. */
    const fresh = async (id: string) =>
      (await db.select().from(tables.guilds).where(eq(tables.guilds.id, id)))[0];
    expect(await guilds.get(GUILD)).toBeUndefined();
    expect(await texts.overridesOf(GUILD)).toEqual({});
    await guilds.setLanguage(GUILD, "fr");
    expect(await guilds.get(GUILD)).toMatchObject({ id: GUILD, language: "fr", banSync: false });
    expect(await guilds.get(GUILD)).toEqual(await fresh(GUILD));
    await guilds.setBanSync(GUILD, true);
    await guilds.setLanguage(GUILD, null);
    expect(await guilds.get(GUILD)).toMatchObject({ language: null, banSync: true });
    expect(await guilds.get(GUILD)).toEqual(await fresh(GUILD));
    expect(await guilds.get(OTHER_GUILD)).toBeUndefined();

    await texts.set(GUILD, "public.registered", "Welcome {nick}", USER);
    expect(await texts.overridesOf(GUILD)).toEqual({ "public.registered": "Welcome {nick}" });
    await texts.set(GUILD, "public.registered", "Hello {nick}", USER);
    await texts.set(GUILD, "public.removed", "Gone", USER);
    expect(await texts.overridesOf(GUILD)).toEqual({
      "public.registered": "Hello {nick}",
      "public.removed": "Gone",
    });
    expect(await texts.overridesOf(OTHER_GUILD)).toEqual({});
    expect(await texts.reset(GUILD, "public.registered")).toBe(true);
    expect(await texts.overridesOf(GUILD)).toEqual({ "public.removed": "Gone" });
  });

  test("a member's nickname state follows each write at once, with the types the query built afresh reads", async () => {
    services = await testServices();
    const { nicknames, db, write } = services;
    const { tables } = services.store;
    const table = tables.memberNicknames;
    /** The row built afresh. */
    const fresh = async () =>
      (
        await db
          .select()
          .from(table)
          .where(and(eq(table.guildId, GUILD), eq(table.userId, USER)))
      )[0];
    expect(await nicknames.record(GUILD, USER)).toBeUndefined();
    const row = { guildId: GUILD, userId: USER, original: null, applied: "Alice (Steve)", failure: null };
    await write((tx) => tx.insert(table).values({ ...row, released: false, updatedAt: 1 }));
    expect(await nicknames.record(GUILD, USER)).toEqual({ ...row, released: false, updatedAt: 1 });
    expect(await nicknames.record(OTHER_GUILD, USER)).toBeUndefined();
    await write((tx) => tx.update(table).set({ released: true, updatedAt: 2 }).where(eq(table.userId, USER)));
    expect(await nicknames.record(GUILD, USER)).toEqual({ ...row, released: true, updatedAt: 2 });
    expect(await nicknames.record(GUILD, USER)).toEqual(await fresh());
    await write((tx) => tx.delete(table).where(eq(table.userId, USER)));
    expect(await nicknames.record(GUILD, USER)).toBeUndefined();
  });

  test("an entry stored by the insert built once reads back as the row the store holds, given or left to defaults", async () => {
    services = await testServices();
    const { entries, db } = services;
    const { tables } = services.store;
    const wl = await seedWhitelist(services, { guildId: GUILD, name: "survival" });
    /** The row read afresh, without its comparison key (as EntryRecord). */
    const fresh = async (id: number) => {
      const [row] = await db.select().from(tables.entries).where(eq(tables.entries.id, id));
      const { nickKey: _key, ...entry } = row as typeof tables.entries.$inferSelect;
      return entry;
    };
    const [plain] = await seedEntries(services, wl.id, ["Alice"]);
    expect(plain).toEqual(await fresh((plain as { id: number }).id));
    expect(plain).toMatchObject({
      nick: "Alice",
      gamertag: null,
      xuid: null,
      expiresAt: null,
      nameCheckedAt: null,
      verified: false,
      proofDueAt: null,
      guest: false,
      note: null,
      grantedRoleIds: [],
      groups: [],
    });
    const full = await entries.add({
      whitelistId: wl.id,
      nick: ".Bob_Gamer",
      uuid: "00000000-0000-0000-0009-01f64f65c7c3",
      premium: true,
      gamertag: "Bob Gamer",
      xuid: "2535405290989251",
      expiresAt: 2_000_000_000_000,
      verified: true,
      proofDueAt: 1_900_000_000_000,
      guest: true,
      note: "a friend",
      userId: USER,
      addedBy: USER,
      origin: "staff",
      grantedRoleIds: ["400000000000000001"],
    });
    expect(full).toEqual(await fresh(full.id));
    expect(full).toMatchObject({
      premium: true,
      verified: true,
      guest: true,
      grantedRoleIds: ["400000000000000001"],
    });
    // The same statement again, for another row and through an import's transaction of many.
    const { added } = await entries.addMany([
      {
        whitelistId: wl.id,
        nick: "Carol",
        uuid: null,
        premium: false,
        userId: USER,
        addedBy: USER,
        origin: "staff",
      },
      {
        whitelistId: wl.id,
        nick: "Dave",
        uuid: null,
        premium: false,
        userId: USER,
        addedBy: USER,
        origin: "staff",
      },
    ]);
    for (const entry of added) expect(entry).toEqual(await fresh(entry.id));
    expect(added.map((entry) => entry.nick)).toEqual(["Carol", "Dave"]);
  });
});
