import { afterEach, expect, test } from "bun:test";
import { IDS, PROFILES, startWorld, type World } from "./world.ts";

// A premium account renamed at Mojang, end to end: registered on Discord, renamed by the refresh, told in the
// log channel in one line, the member's roles untouched (docs/decisions.md, Renames).

const DAY = 24 * 60 * 60_000;

let world: World | undefined;
afterEach(() => world?.stop());

test("a rename found at Mojang is posted once in the log channel as “Nick renamed”; roles stay", async () => {
  const w = await startWorld();
  world = w;
  await w.useLogChannel();
  const wl = await w.whitelist({ nickType: "premium", grantedRoleIds: [IDS.whitelistedRole] });
  await w.command(IDS.alice, "register", { channelId: IDS.survivalChannel, options: { nick: "notch" } });
  await w.message(IDS.logChannel, "the addition", (m) => m.embeds[0]?.title === "Nick added");
  await w.roles(IDS.alice, "the granted role", (roles) => roles.includes(IDS.whitelistedRole));

  w.mojang.rename(PROFILES.notch.uuid, "Notch2");
  w.clock.advance(DAY);
  expect(await w.services.renames.pass()).toMatchObject({ asked: 1, renamed: 1 });

  const posted = await w.message(IDS.logChannel, "the rename", (m) => m.embeds[0]?.title === "Nick renamed");
  expect(posted.embeds).toEqual([
    expect.objectContaining({
      title: "Nick renamed",
      description: `**Notch** is now **Notch2** on **survival**`,
      fields: [
        { name: "Member", value: `<@${IDS.alice}>`, inline: true },
        { name: "Origin", value: "renamed (Mojang)", inline: true },
        { name: "Account", value: "premium, UUID 069a79f4-44e9-4726-a5be-fca90e38aaf5", inline: false },
      ],
    }),
  ]);
  await w.services.reverter.settled();
  const titles = (await w.messages(IDS.logChannel)).map((m) => m.embeds[0]?.title);
  expect(titles).toEqual(["Nick added", "Nick renamed"]);
  expect((await w.member(IDS.alice)).roleIds).toContain(IDS.whitelistedRole);
  expect((await w.services.entries.find(wl.id, "Notch2"))?.userId).toBe(IDS.alice);
});
