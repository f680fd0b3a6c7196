import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { argument, CommandDispatcher, literal, string, word } from "@jsprismarine/brigadier";
import { floodgateUuid } from "../../src/nicks/floodgate.ts";
import { offlineUuid } from "../../src/nicks/uuid.ts";
import { placeholderValues, quoteArgument, renderCommand, templateProblem } from "../../src/sync/commands.ts";
import { parseSyncOptions, SyncOptionsError } from "../../src/sync/options.ts";
import { statePath } from "../../src/sync/state.ts";
import { seedEntries } from "../helpers/services.ts";
import { syncFixture } from "./fixture.ts";
import { agentOptions, closedPort, latestEventId, manualSleep, rconAt, seedSurvival } from "./helpers.ts";

// `--on-add` / `--on-remove`: console commands for each change, their values quoted so that no nick, gamertag or
// whitelist name can end the command or start another. The quoting is held to Minecraft's own command parser,
// Brigadier (its StringReader, in @jsprismarine/brigadier's port): each command parses whole, as one command, with
// the value as one argument, read back unchanged.

/** LuckPerms' `lp user <user> parent add <group>`, as Brigadier parses it: the user a string argument. */
function luckPermsParser() {
  const ran: string[] = [];
  const dispatcher = new CommandDispatcher<unknown>();
  dispatcher.register(
    literal("lp").then(
      literal("user").then(
        argument("user", string()).then(
          literal("parent").then(
            literal("add").then(
              argument("group", word()).executes(async (context) => {
                ran.push(context.getArgument("user", String) as unknown as string);
                return 1;
              }),
            ),
          ),
        ),
      ),
    ),
  );
  return {
    ran,
    /** Runs a command line as a console would: it must parse whole. */
    run(command: string) {
      const parsed = dispatcher.parse(command, {});
      expect(parsed.getReader().getRemaining()).toBe("");
      dispatcher.execute(parsed);
    },
  };
}

const HOSTILE = [
  "Alex Pocket",
  'a" parent add admin op Steve "',
  "back\\slash\\",
  '"',
  "§4red §lbold",
  "Ünïcode Ålf 🙂",
  "--help",
  "x parent add admin",
  "'single' quotes",
];

describe("quoting a value into a command", () => {
  test.each(HOSTILE)("%p reaches Brigadier as one argument, unchanged, in one command", (value) => {
    const parser = luckPermsParser();
    const rendered = renderCommand("lp user {name} parent add member", {
      name: value,
      uuid: null,
      whitelist: "survival",
      discord: null,
    });
    expect("command" in rendered).toBe(true);
    parser.run((rendered as { command: string }).command);
    expect(parser.ran).toEqual([value]);
  });

  test("words Brigadier reads bare stay bare: nicks, Floodgate names, UUIDs, Discord ids", () => {
    expect(
      ["Notch", ".Steve_Gamer", "+Alex", "069a79f4-44e9-4726-a5be-fca90e38aaf5", "300000000000000001"].map(
        quoteArgument,
      ),
    ).toEqual([
      "Notch",
      ".Steve_Gamer",
      "+Alex",
      "069a79f4-44e9-4726-a5be-fca90e38aaf5",
      "300000000000000001",
    ]);
    expect(quoteArgument("Alex Pocket")).toBe('"Alex Pocket"');
    expect(quoteArgument('say "hi" \\o/')).toBe('"say \\"hi\\" \\\\o/"');
  });

  test.each([
    ["a line break", "Steve\nop Steve"],
    ["a carriage return", "Steve\rop Steve"],
    ["a Unicode line separator", "Steve\u2028op Steve"],
    ["a NUL", "Steve\u0000"],
    ["`;`, a separator to some consoles", "x; op Steve"],
    ["nothing", ""],
  ])("%s: the command is not run, and says why", (_label, value) => {
    expect(quoteArgument(value)).toBeNull();
    expect(
      renderCommand("lp user {name} parent add member", {
        name: value,
        uuid: null,
        whitelist: "s",
        discord: null,
      }),
    ).toEqual({ refused: `{name} is ${JSON.stringify(value)}, which no command could carry safely` });
  });

  test("templates: known placeholders only, one line", () => {
    expect(templateProblem("lp user {name} parent add {whitelist}")).toBeNull();
    expect(templateProblem("lp user {uuid} meta set discord {discord}")).toBeNull();
    expect(templateProblem("lp user {nick} parent add member")).toBe(
      "{nick} is no placeholder ({name}, {uuid}, {whitelist}, {discord})",
    );
    expect(templateProblem("say {name")).toBe(
      "a { or } does not close a placeholder (write {{ or }} for the brace itself)",
    );
    expect(templateProblem("say hi\nop me")).toBe("it must be one line");
  });

  test("a brace itself is written twice, as in format strings: JSON text in tellraw", () => {
    const values = { name: "Notch", uuid: null, whitelist: "survival", discord: null };
    const tellraw = 'tellraw @a {{"text":"{name} left {whitelist}","color":"gray"}}';
    expect(templateProblem(tellraw)).toBeNull();
    const rendered = renderCommand(tellraw, values) as { command: string };
    expect(rendered.command).toBe('tellraw @a {"text":"Notch left survival","color":"gray"}');
    expect(JSON.parse(rendered.command.slice("tellraw @a ".length))).toEqual({
      text: "Notch left survival",
      color: "gray",
    });
    // Read left to right: `{{name}}` is the text `{name}`; `{{{name}}}` a value between braces.
    expect(renderCommand("say {{name}} is {{{name}}}", values)).toEqual({ command: "say {name} is {Notch}" });
    // A lone brace is still a mistake, named with its escape.
    expect(templateProblem('tellraw @a {"text":"{name} left"}')).toBe(
      "a { or } does not close a placeholder (write {{ or }} for the brace itself)",
    );
    expect(templateProblem("say }} and }")).toBe(
      "a { or } does not close a placeholder (write {{ or }} for the brace itself)",
    );
  });

  test("the values: the name the file lists, the UUID the server knows, the whitelist, the owner", () => {
    const bedrock = {
      nick: ".Alex_Pocket",
      uuid: floodgateUuid("2535432196048835"),
      premium: false,
      gamertag: "Alex Pocket",
    };
    const change = { entry: bedrock, whitelist: "pe", userId: "300000000000000001" };
    expect(placeholderValues(change, "vanilla")).toEqual({
      name: ".Alex_Pocket",
      uuid: "00000000-0000-0000-0009-01f64f65c7c3",
      whitelist: "pe",
      discord: "300000000000000001",
    });
    // A Bedrock Dedicated Server knows the player by gamertag.
    expect(placeholderValues(change, "bds").name).toBe("Alex Pocket");
    // An offline nick: the UUID an offline server derives; a Bedrock player without XUID yet: none known.
    const offline = {
      entry: { nick: "CrackedSteve", uuid: null, premium: false },
      whitelist: "s",
      userId: null,
    };
    expect(placeholderValues(offline, "vanilla").uuid).toBe(offlineUuid("CrackedSteve"));
    expect(placeholderValues({ ...change, entry: { ...bedrock, uuid: null } }, "vanilla").uuid).toBeNull();
  });

  test("options: a template with an unknown placeholder or several lines is refused, and needs a console", () => {
    const env = { WLS_URL: "http://h", WLS_KEY: "k", WLS_WHITELIST: "s", WLS_OUT: "/tmp/x" };
    const refusal = (argv: string[], more: Record<string, string> = {}) => {
      try {
        parseSyncOptions(argv, { ...env, ...more });
      } catch (error) {
        if (error instanceof SyncOptionsError) return error.message;
        throw error;
      }
      return null;
    };
    const rcon = { WLS_RCON: "127.0.0.1", WLS_RCON_PASSWORD: "pw" };
    expect(refusal(["--on-add", "lp user {player} parent add member"], rcon)).toBe(
      "--on-add (WLS_ON_ADD) cannot be used: {player} is no placeholder ({name}, {uuid}, {whitelist}, {discord})",
    );
    expect(refusal(["--on-remove", "lp user {name} parent remove member"])).toStartWith(
      "--on-remove (WLS_ON_REMOVE) needs a console:",
    );
    // The template: a JSON text is no longer a stop (exit 78) once its braces are doubled.
    expect(
      parseSyncOptions(["--on-remove", 'tellraw @a {{"text":"{name} left"}}'], { ...env, ...rcon }).onRemove,
    ).toBe('tellraw @a {{"text":"{name} left"}}');
    // A chat `/` in front is dropped, as for the reload command; plain has no reload but commands to run.
    expect(
      parseSyncOptions(["--format", "plain", "--on-add", "/lp user {name} parent add member"], {
        ...env,
        ...rcon,
      }),
    ).toMatchObject({ onAdd: "lp user {name} parent add member", reloadCommand: null });
  });
});

describe("the agent runs them", () => {
  const fixture = syncFixture("wls-commands-");

  async function world() {
    const service = await fixture.service();
    const s = service.services;
    return { service, s, ...(await seedSurvival(s, ["Notch"])) };
  }

  const rconServer = (port = 0) => fixture.rcon({ password: "pw", port });

  const agent = fixture.agent;

  const commandOptions = {
    onAdd: "lp user {name} parent add {whitelist}",
    onRemove: "lp user {uuid} meta unset discord {discord}",
  };

  test("after each change: the reload, then each change's command in order; values quoted", async () => {
    const { service, s, wl, key } = await world();
    const rcon = rconServer();
    const sync = agent(
      agentOptions(service, key, "survival", fixture.dir, {
        console: rconAt(rcon.port, "pw"),
        ...commandOptions,
      }),
    );
    await sync.waitFor("started");
    await rcon.until(() => rcon.commands.length === 1);
    // What was on the whitelist before: no command (they are not changes).
    expect(rcon.commands).toEqual(["whitelist reload"]);

    await seedEntries(s, wl.id, ["CrackedSteve", { nick: ".Steve Gamer", gamertag: "Steve Gamer" }]);
    await s.entries.remove({ whitelistId: wl.id, nick: "Notch", origin: "api" });
    await sync.waitFor("command", (e) => e.command.includes("meta unset"));
    expect(rcon.commands.filter((c) => c.startsWith("lp "))).toEqual([
      "lp user CrackedSteve parent add survival",
      'lp user ".Steve Gamer" parent add survival',
      `lp user ${offlineUuid("Notch")} meta unset discord 300000000000000001`,
    ]);
    expect(sync.events.filter((e) => e.type === "command").length).toBe(rcon.commands.length);
  });

  test("resuming: only the changes since the cursor run; commands that had not run are run once", async () => {
    const { service, s, wl, key } = await world();
    const port = closedPort();
    const options = agentOptions(service, key, "survival", fixture.dir, {
      console: rconAt(port, "pw"),
      ...commandOptions,
    });
    // The game server is down: the agent applies a change, cannot run its command, and stops.
    const waits = manualSleep();
    const first = agent(options, { sleep: waits.sleep });
    await first.waitFor("started");
    await seedEntries(s, wl.id, ["Before"]);
    await first.synced(await latestEventId(service));
    await first.waitFor("command-failed", (e) => e.error.includes("ECONNREFUSED"));
    await first.stop();
    expect(JSON.parse(readFileSync(statePath(options.out), "utf8")).pending).toEqual([
      "lp user Before parent add survival",
    ]);

    // Meanwhile: one more change. Then the server and the agent come back.
    await seedEntries(s, wl.id, ["Meanwhile"]);
    const rcon = rconServer(port);
    const second = agent(options);
    await second.synced(await latestEventId(service));
    await rcon.until(() => rcon.commands.filter((c) => c.startsWith("lp ")).length === 2);
    await second.waitFor("command", (e) => e.command.includes("Meanwhile"));
    // What waited goes first; then the start's reload, then the change made meanwhile (replayed from the cursor).
    expect(rcon.commands).toEqual([
      "lp user Before parent add survival",
      "whitelist reload",
      "lp user Meanwhile parent add survival",
    ]);
    await second.stop();
    expect(JSON.parse(readFileSync(statePath(options.out), "utf8")).pending).toEqual([]);
  });

  test("a value no command could carry: that command is skipped and said; the others run", async () => {
    const { service, s, wl, key } = await world();
    const rcon = rconServer();
    const sync = agent(
      agentOptions(service, key, "survival", fixture.dir, {
        console: rconAt(rcon.port, "pw"),
        onAdd: "lp user {name} parent add member",
      }),
    );
    await sync.waitFor("started");
    await seedEntries(s, wl.id, ["x;op"]);
    await seedEntries(s, wl.id, ["Fine"]);
    await rcon.until(() => rcon.commands.includes("lp user Fine parent add member"));
    expect(sync.events.filter((e) => e.type === "warning")).toEqual([
      {
        type: "warning",
        message: 'not running --on-add for x;op: {name} is "x;op", which no command could carry safely',
      },
    ]);
  });
});
