import { afterEach, describe, expect, test } from "bun:test";
import { IDS, lines, startWorld, type World } from "./world.ts";

// Players without Discord, end to end: the real discord.js bot against the sandbox (docs/decisions.md, Players
// without Discord).

let world: World;
afterEach(() => world?.stop());

const staff = (subcommand: string, options: Record<string, unknown>, userId: string = IDS.owner) =>
  world.command(userId, "whitelist", { subcommand, options });

describe("players without Discord", () => {
  test("staff add a guest: noted, shown so in look-ups and the log, kept when they leave, removable", async () => {
    world = await startWorld();
    await world.useLogChannel();
    const wl = await world.whitelist({ nickType: "offline", managerRoleIds: [IDS.staffRole] });
    const added = await staff(
      "guest",
      { whitelist: "survival", nick: "Console_Kid", note: "plays on **Xbox**" },
      IDS.manager,
    );
    expect(lines(added)[0]).toBe(
      "✅ **Console\\_Kid** is on **survival** as your guest: plays on \\*\\*Xbox\\*\\*.",
    );
    const posted = await world.message(
      IDS.logChannel,
      "the addition",
      (m) => m.embeds[0]?.title === "Nick added",
    );
    expect(posted.embeds[0]?.fields?.[0]).toEqual({
      name: "Guest",
      value: `of <@${IDS.manager}>: plays on \\*\\*Xbox\\*\\*`,
      inline: true,
    });
    const whois = await staff("whois", { nick: "console_kid" }, IDS.manager);
    expect(whois.embeds[0]?.fields?.[0]).toEqual({
      name: "Guest",
      value: `of <@${IDS.manager}>: plays on \\*\\*Xbox\\*\\*`,
      inline: true,
    });
    const member = await staff("member", { user: IDS.manager });
    expect(lines(member)).toEqual(
      expect.arrayContaining([
        "Guests they added (players without Discord):",
        expect.stringMatching(
          /^• \*\*Console\\_Kid\*\* on \*\*survival\*\*: plays on \\\*\\\*Xbox\\\*\\\*, /,
        ),
      ]),
    );
    await world.leave(IDS.manager);
    await world.bot.settled();
    expect(await world.services.entries.find(wl.id, "Console_Kid")).toMatchObject({ guest: true });
    await staff("remove", { whitelist: "survival", nick: "Console_Kid" });
    expect(await world.services.entries.find(wl.id, "Console_Kid")).toBeUndefined();
  });
});
