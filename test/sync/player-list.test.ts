import { describe, expect, test } from "bun:test";
import { parsePlayerList } from "../../src/sync/player-list.ts";

// The player list as game servers answer `list` over RCON, verbatim: the texts are vanilla's language file
// (`commands.list.players` "There are %s of a max of %s players online: %s", `commands.list.nameAndId` "%s (%s)"),
// joined as ListPlayersCommand joins them (", "), and as RCON carries a command's messages (one after the other,
// nothing between them). Paper answers the console with vanilla's command unchanged; Bukkit's own ListCommand (1.12
// and before) sent "There are %d/%d players online:\n" and the display names.

const NOTCH = "069a79f4-44e9-4726-a5be-fca90e38aaf5";
const JEB = "853c80ef-3c37-49fd-aa49-938b674adae6";
/** Floodgate's UUID of a Bedrock player: the XUID in the last 16 hex digits. */
const STEVE = "00000000-0000-0000-0009-01f2a5c6e7a3";

describe("vanilla and Paper (1.13 and later)", () => {
  test("list uuids: each player's name and UUID, a Floodgate player under Floodgate's name", () => {
    const answer = `There are 3 of a max of 20 players online: Notch (${NOTCH}), jeb_ (${JEB}), .Steve_Jobs (${STEVE})`;
    expect(parsePlayerList(answer, true)).toEqual({
      online: 3,
      max: 20,
      players: [
        { name: "Notch", uuid: NOTCH },
        { name: "jeb_", uuid: JEB },
        { name: ".Steve_Jobs", uuid: STEVE },
      ],
      complete: true,
    });
  });

  test("nobody online: the text ends after the colon's space", () => {
    expect(parsePlayerList("There are 0 of a max of 20 players online: ", true)).toEqual({
      online: 0,
      max: 20,
      players: [],
      complete: true,
    });
    expect(parsePlayerList("There are 0 of a max of 100 players online: ", false)?.players).toEqual([]);
  });

  test("list: display names, a scoreboard team's prefix included, as the server shows them", () => {
    expect(parsePlayerList("There are 2 of a max of 20 players online: [Admin] Notch, jeb_", false)).toEqual({
      online: 2,
      max: 20,
      players: [
        { name: "[Admin] Notch", uuid: null },
        { name: "jeb_", uuid: null },
      ],
      complete: true,
    });
  });

  test("a Bedrock name kept with spaces (Floodgate's replace-spaces off) stays one name", () => {
    const answer = `There are 1 of a max of 20 players online: .Steve Jobs (${STEVE})`;
    expect(parsePlayerList(answer, true)?.players).toEqual([{ name: ".Steve Jobs", uuid: STEVE }]);
  });

  test("an answer cut after RCON's first 4096 characters names fewer players than it counts", () => {
    const players = Array.from(
      { length: 100 },
      (_, i) => `Player${i} (${NOTCH.slice(0, 30)}${String(i).padStart(6, "0")})`,
    );
    const full = `There are 100 of a max of 100 players online: ${players.join(", ")}`;
    const cut = parsePlayerList(full.slice(0, 4096), true);
    // Every item that ends within the first piece is read; the one cut in two is not.
    const whole = players.filter((item) => full.indexOf(item) + item.length <= 4096).length;
    expect({ online: cut?.online, named: cut?.players.length, complete: cut?.complete }).toEqual({
      online: 100,
      named: whole,
      complete: false,
    });
    expect(whole).toBeLessThan(100);
    expect(parsePlayerList(full, true)?.complete).toBe(true);
  });
});

describe("what is no list", () => {
  test.each([
    [
      "an unknown command (vanilla, no minecraft: names)",
      "Unknown or incomplete command, see below for errorminecraft:list uuids<--[HERE]",
    ],
    [
      "an unknown argument (a `list` that takes none)",
      "Incorrect argument for command...list uuids<--[HERE]",
    ],
    ["Bukkit's unknown command", 'Unknown command. Type "/help" for help.'],
    ["names where UUIDs were asked for", "There are 1 of a max of 20 players online: Notch"],
    ["a plugin's own list", "§6There are §c1§6 out of maximum §c20§6 players online."],
  ])("%s", (_what, answer) => {
    expect(parsePlayerList(answer, true)).toBeNull();
  });
});

describe("servers from before `list uuids`", () => {
  test("Bukkit's ListCommand (Spigot, Paper 1.12 and before): a line break, then the names", () => {
    expect(parsePlayerList("There are 2/20 players online:\nNotch, jeb_", false)).toEqual({
      online: 2,
      max: 20,
      players: [
        { name: "Notch", uuid: null },
        { name: "jeb_", uuid: null },
      ],
      complete: true,
    });
  });

  test("vanilla 1.12: two messages joined with nothing between them", () => {
    expect(parsePlayerList("There are 1/20 players online:Notch", false)?.players).toEqual([
      { name: "Notch", uuid: null },
    ]);
  });
});
