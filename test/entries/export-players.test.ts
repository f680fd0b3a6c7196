import { afterEach, expect, test } from "bun:test";
import type { ExportEntry } from "../../src/entries/export.ts";
import { type ExportFormat, exportFormats, renderExport } from "../../src/entries/export.ts";
import { toEntryView } from "../../src/entries/model.ts";
import type { NickType } from "../../src/whitelists/model.ts";
import { forEachStore, seedWhitelist } from "../helpers/services.ts";
import { alice, GUILD, type RegistrationWorld, registrationWorld } from "../registration/helpers.ts";

// The bytes a real server needs for each kind of player, registered the way members register: a premium Java
// account (Mojang's UUID), an offline one (the UUID an offline-mode server derives from the name) and a Bedrock
// player through Geyser + Floodgate (Floodgate's name and UUID). The fixtures were written from those
// definitions, not from this code's output: test/fixtures/exports/players.*.

const fixtures = new URL("../fixtures/exports/", import.meta.url);
const extension: Record<ExportFormat, string> = { plain: "txt", vanilla: "json", easywhitelist: "yml" };

let world: RegistrationWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** Registers `nick` on a fresh whitelist of `nickType` and returns the entry as every export sees it. */
async function registered(open: RegistrationWorld, nickType: NickType, nick: string): Promise<ExportEntry> {
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

forEachStore("exports for a Java, an offline and a Bedrock player", () => {
  test.each([...exportFormats])("%s: the exact bytes of the fixture", async (format) => {
    world = await registrationWorld();
    const players = [
      await registered(world, "java", "notch"),
      await registered(world, "offline", "CrackedSteve"),
      await registered(world, "bedrock", "Alex Pocket"),
    ];
    const expected = await Bun.file(new URL(`players.${format}.${extension[format]}`, fixtures)).text();
    expect(new TextDecoder().decode(renderExport(format, players).body)).toBe(expected);
  });
});
