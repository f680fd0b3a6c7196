import { afterEach, expect, test } from "bun:test";
import { toEntryView } from "../../src/entries/model.ts";
import { type FileFormatName, fileFormats, renderFormat } from "../../src/formats/index.ts";
import type { Player } from "../../src/formats/spec.ts";
import type { NickType } from "../../src/whitelists/model.ts";
import { forEachStore, seedWhitelist } from "../helpers/services.ts";
import { alice, GUILD, type RegistrationWorld, registrationWorld } from "../registration/helpers.ts";

// The bytes a real server needs for each kind of player, registered the way members register: a premium Java
// account (Mojang's UUID), an offline one (the UUID an offline-mode server derives from the name) and a Bedrock
// player through Geyser + Floodgate (Floodgate's name and UUID). The fixtures were written from those
// definitions, not from this code's output: test/fixtures/formats/players.*.

const fixtures = new URL("../fixtures/formats/", import.meta.url);
const extension: Record<FileFormatName, string> = {
  plain: "txt",
  vanilla: "json",
  easywhitelist: "yml",
  // Compact, as BDS writes it; `.txt` so the formatter (which formats JSON) leaves it so.
  bds: "json.txt",
};

let world: RegistrationWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** Registers `nick` on a fresh whitelist of `nickType` and returns the entry as every file format sees it. */
async function registered(open: RegistrationWorld, nickType: NickType, nick: string): Promise<Player> {
  const wl = await seedWhitelist(open.services, { guildId: GUILD, name: nickType, nickType });
  const { entry } = await open.registration.register({
    guildId: GUILD,
    whitelist: wl.id,
    member: alice,
    actor: alice,
    nick,
    origin: "discord",
  });
  return toEntryView(entry);
}

forEachStore("files for a Java, an offline and a Bedrock player", () => {
  test.each([...fileFormats])("%s: the exact bytes of the fixture", async (format) => {
    world = await registrationWorld();
    const players = [
      await registered(world, "java", "notch"),
      await registered(world, "offline", "CrackedSteve"),
      await registered(world, "bedrock", "Alex Pocket"),
    ];
    const expected = await Bun.file(new URL(`players.${format}.${extension[format]}`, fixtures)).text();
    expect(new TextDecoder().decode(renderFormat(format, players))).toBe(expected);
  });
});
