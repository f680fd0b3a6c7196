import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { Value } from "@sinclair/typebox/value";
import { type FileFormatName, formats } from "../formats/index.ts";
import { readFlags } from "../shared/flags.ts";
import type { BdsPermissionsOptions } from "./bds-permissions.ts";
import { templateProblem } from "./commands.ts";
import type { ConsoleSpec } from "./console.ts";
import type { GroupCommandOptions } from "./group-commands.ts";
import { groupOptions } from "./group-options.ts";
import { type ManagementOptions, managementOptions } from "./management/options.ts";
import {
  DEFAULT_RCON_PORT,
  environmentOnly,
  flagOf,
  isFlag,
  label,
  NO_RELOAD,
  type OptionName,
  type RawOptions,
  SyncOptionsSchema,
  schemaOf,
  secret,
} from "./option-schema.ts";

/** The parsed, resolved options of `whitelist-sync sync`. */
export type SyncOptions = {
  /** The API base, always ending in `/api/v1`, no trailing slash. */
  apiUrl: string;
  key: string;
  /** The whitelists' ids or names as given: the file holds the union of their entries. */
  whitelists: string[];
  format: FileFormatName;
  /** Absolute path of the file to keep current (management mode: of `--state`, its files' prefix). */
  out: string;
  /** Management mode (src/sync/management/): the allowlist kept through the server's API; null: a file. */
  management?: (ManagementOptions & { banSync: boolean }) | null;
  /** The game server's console: RCON, a named pipe or a program; null: the agent only writes the file. */
  console: ConsoleSpec | null;
  /** Run on the console after each change (the format's default unless given); null: none. */
  reloadCommand: string | null;
  /** Console commands for each nick added and removed, with placeholders (src/sync/commands.ts); null: none. */
  onAdd: string | null;
  onRemove: string | null;
  kickRemoved: boolean;
  /**
   * Game groups set from the entries' groups (src/sync/group-commands.ts), or BDS's permissions.json kept from them
   * (src/sync/bds-permissions.ts); null: none.
   */
  groups: GroupCommandOptions | BdsPermissionsOptions | null;
  /**
   * First-join proof (src/sync/proof-poll.ts): how often the player list is read over RCON while entries await
   * proof, in ms; null: never (no RCON, `--once`, or `--proof-poll 0`).
   */
  proofPollMs: number | null;
  /** Keep entries of the file the agent did not write (src/sync/drift.ts) instead of dropping them. */
  keepForeign: boolean;
  /** `--ban-sync`: the server's banned-players.json, whose bans remove nicks (src/sync/bans.ts); null: off. */
  bannedPlayers: string | null;
  once: boolean;
  json: boolean;
  verbose: boolean;
};

/**
 * An agent with nothing asked of it beyond where it reads and writes: no console, commands, groups, proof polls, ban
 * sync or foreign entries kept; it runs until stopped, quietly. For agents started in code (the demo, the benches,
 * the tests), which spread it and set what they use.
 */
export const AGENT_DEFAULTS: Omit<SyncOptions, "apiUrl" | "key" | "whitelists" | "format" | "out"> = {
  console: null,
  reloadCommand: null,
  onAdd: null,
  onRemove: null,
  kickRemoved: false,
  groups: null,
  proofPollMs: null,
  keepForeign: false,
  bannedPlayers: null,
  once: false,
  json: false,
  verbose: false,
};

/** An option that cannot be used: the message names the flag and its variable, and never shows a secret. */
export class SyncOptionsError extends Error {
  override readonly name = "SyncOptionsError";
}

/** Turns `--out x`, `--out=x` and bare boolean `--once` into the matching `WLS_*` variables. */
export function syncFlagsToEnv(argv: readonly string[]): Record<string, string> {
  const variable = (flag: string) => `WLS_${flag.replaceAll("-", "_").toUpperCase()}` as OptionName;
  const flags = readFlags(
    argv,
    (flag) => {
      const name = variable(flag);
      if (!(name in SyncOptionsSchema.properties)) {
        throw new SyncOptionsError(
          `unknown option --${flag}; run whitelist-sync sync --help for the options`,
        );
      }
      if (environmentOnly.has(name)) {
        throw new SyncOptionsError(
          `${flagOf(name)} is not accepted on the command line (other users could read it from the process list); ` +
            `set ${name} or use ${flagOf(`${name}_FILE`)}`,
        );
      }
      return isFlag(name);
    },
    (problem) =>
      new SyncOptionsError(
        problem.kind === "unexpected-argument"
          ? `unexpected argument "${problem.argument}"; options are --name value`
          : `${label(variable(problem.flag))} needs a value: ${schemaOf(variable(problem.flag)).description}`,
      ),
  );
  return Object.fromEntries(flags.map(({ flag, value }) => [variable(flag), value ?? "true"]));
}

/** The API base from a URL given with or without `/api/v1`. */
export function apiBase(url: string): string {
  const trimmed = url.replace(/\/+$/, "");
  return trimmed.endsWith("/api/v1") ? trimmed : `${trimmed}/api/v1`;
}

/** A file's text without its final newline (how secrets are usually saved), or an error naming the option. */
function readSecretFile(name: OptionName, path: string, readText: (path: string) => string): string {
  try {
    return readText(path).replace(/\r?\n$/, "");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new SyncOptionsError(`${label(name)}: cannot read ${path} (${code})`);
  }
}

/**
 * Parses the agent's options from flags (which win) and `WLS_*` variables, reading `@file` keys and the RCON
 * password file. Throws a SyncOptionsError naming the first bad option.
 */
export function parseSyncOptions(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  readText: (path: string) => string = (path) => readFileSync(path, "utf8"),
): SyncOptions {
  const source: Record<string, string | undefined> = { ...env, ...syncFlagsToEnv(argv) };
  const raw: Record<string, string> = {};
  for (const name of Object.keys(SyncOptionsSchema.properties) as OptionName[]) {
    const value = source[name]?.trim();
    if (value !== undefined && value !== "") raw[name] = value;
  }
  if (raw.WLS_KEY?.startsWith("@"))
    raw.WLS_KEY = readSecretFile("WLS_KEY", raw.WLS_KEY.slice(1), readText).trim();
  if (raw.WLS_RCON_PASSWORD_FILE !== undefined) {
    if (raw.WLS_RCON_PASSWORD !== undefined) {
      throw new SyncOptionsError(
        `set either ${label("WLS_RCON_PASSWORD")} or ${label("WLS_RCON_PASSWORD_FILE")}`,
      );
    }
    raw.WLS_RCON_PASSWORD = readSecretFile("WLS_RCON_PASSWORD_FILE", raw.WLS_RCON_PASSWORD_FILE, readText);
  }

  // Value.Convert truncates a fraction to make an integer: a number of seconds must be written as one.
  if (raw.WLS_PROOF_POLL !== undefined && !/^\d+$/.test(raw.WLS_PROOF_POLL)) {
    throw new SyncOptionsError(
      `${label("WLS_PROOF_POLL")} must be ${schemaOf("WLS_PROOF_POLL").description} (got ${JSON.stringify(raw.WLS_PROOF_POLL)})`,
    );
  }
  const converted = Value.Default(SyncOptionsSchema, Value.Convert(SyncOptionsSchema, { ...raw }));
  const error = Value.Errors(SyncOptionsSchema, converted).First();
  if (error) {
    const name = (error.path.replace(/^\//, "").split("/")[0] ?? "") as OptionName;
    const expected = name in SyncOptionsSchema.properties ? schemaOf(name).description : error.message;
    const given = raw[name];
    const got =
      given === undefined ? "nothing" : secret.has(name) ? "a value of another shape" : JSON.stringify(given);
    throw new SyncOptionsError(`${label(name)} must be ${expected} (got ${got})`);
  }
  const options = converted as RawOptions;
  const management = managementOptions(raw, {
    readText,
    fail: (m) => new SyncOptionsError(m),
    label: (n) => label(n as OptionName),
  });
  if (management === null && options.WLS_OUT === undefined) {
    throw new SyncOptionsError(
      `${label("WLS_OUT")} must be ${schemaOf("WLS_OUT").description} (got nothing)`,
    );
  }

  const url = new URL(options.WLS_URL);
  if (url.username || url.password) {
    throw new SyncOptionsError(
      `${label("WLS_URL")} must not carry credentials: the key goes in ${label("WLS_KEY")}`,
    );
  }
  const consoles = (["WLS_RCON", "WLS_CONSOLE_FIFO", "WLS_CONSOLE_EXEC"] as const).filter(
    (name) => options[name] !== undefined,
  );
  if (consoles.length > 1) {
    throw new SyncOptionsError(
      `${consoles.map(label).join(" and ")} both name the game server's console: give one`,
    );
  }
  let gameConsole: ConsoleSpec | null = null;
  if (options.WLS_CONSOLE_FIFO !== undefined)
    gameConsole = { kind: "fifo", path: resolve(options.WLS_CONSOLE_FIFO) };
  if (options.WLS_CONSOLE_EXEC !== undefined)
    gameConsole = { kind: "exec", command: options.WLS_CONSOLE_EXEC };
  if (options.WLS_RCON !== undefined) {
    const match = /^(?:\[(.+)\]|([^:]+))(?::(\d+))?$/.exec(options.WLS_RCON);
    const port = match?.[3] === undefined ? DEFAULT_RCON_PORT : Number(match[3]);
    if (!match || port < 1 || port > 65535) {
      throw new SyncOptionsError(
        `${label("WLS_RCON")} must have a port 1-65535 (got ${JSON.stringify(options.WLS_RCON)})`,
      );
    }
    if (options.WLS_RCON_PASSWORD === undefined) {
      throw new SyncOptionsError(
        `${label("WLS_RCON")} needs a password: set WLS_RCON_PASSWORD or ${label("WLS_RCON_PASSWORD_FILE")}`,
      );
    }
    gameConsole = {
      kind: "rcon",
      host: (match[1] ?? match[2]) as string,
      port,
      password: options.WLS_RCON_PASSWORD,
    };
  }
  const needsConsole = `a console: ${label("WLS_RCON")}, ${label("WLS_CONSOLE_FIFO")} or ${label("WLS_CONSOLE_EXEC")}`;
  for (const name of ["WLS_KICK_REMOVED", "WLS_RELOAD_COMMAND", "WLS_ON_ADD", "WLS_ON_REMOVE"] as const) {
    if (options[name] && gameConsole === null)
      throw new SyncOptionsError(`${label(name)} needs ${needsConsole}`);
  }
  for (const name of ["WLS_ON_ADD", "WLS_ON_REMOVE"] as const) {
    const problem = options[name] === undefined ? null : templateProblem(options[name]);
    if (problem) throw new SyncOptionsError(`${label(name)} cannot be used: ${problem}`);
  }
  const format = options.WLS_FORMAT as FileFormatName;
  if (format === "bds" && options.WLS_KICK_REMOVED) {
    throw new SyncOptionsError(
      `${label("WLS_KICK_REMOVED")} kicks by Java name, which a Bedrock Dedicated Server does not know: use ` +
        `${label("WLS_ON_REMOVE")} 'kick {name}' (the gamertag, quoted as BDS's console reads it)`,
    );
  }
  const given = options.WLS_RELOAD_COMMAND;
  // A console takes commands without the chat's `/` (Bukkit would look for a command named "/easywl").
  const reloadCommand =
    given === undefined
      ? formats[format].file.reloadCommand
      : given === NO_RELOAD
        ? null
        : given.replace(/^\/+/, "");
  const proofPollMs = management ? null : proofPolling(options, raw, gameConsole);
  const groups = groupOptions(options, gameConsole, format, (name, problem) => {
    throw new SyncOptionsError(`${label(name)} ${problem}`);
  });
  const commands =
    options.WLS_KICK_REMOVED ||
    options.WLS_ON_ADD ||
    options.WLS_ON_REMOVE ||
    proofPollMs !== null ||
    groups !== null;
  if (gameConsole !== null && (reloadCommand === null || management) && !commands) {
    throw new SyncOptionsError(
      `${label(consoles[0] as OptionName)} has nothing to run: the ${format} format has no reload command of ` +
        `its own; set ${label("WLS_RELOAD_COMMAND")} (or ${label("WLS_KICK_REMOVED")})`,
    );
  }
  return {
    apiUrl: apiBase(options.WLS_URL),
    key: options.WLS_KEY,
    whitelists: options.WLS_WHITELIST.split(",").map((item) => item.trim()),
    format,
    out: resolve((management ? options.WLS_STATE : options.WLS_OUT) as string),
    management: management && { ...management, banSync: options.WLS_BAN_SYNC },
    console: gameConsole,
    reloadCommand: gameConsole === null || management ? null : reloadCommand,
    onAdd: options.WLS_ON_ADD?.replace(/^\/+/, "") ?? null,
    onRemove: options.WLS_ON_REMOVE?.replace(/^\/+/, "") ?? null,
    kickRemoved: options.WLS_KICK_REMOVED,
    groups,
    proofPollMs,
    keepForeign: options.WLS_KEEP_FOREIGN,
    bannedPlayers: management ? null : bannedPlayers(options, format),
    once: options.WLS_ONCE,
    json: options.WLS_JSON,
    verbose: options.WLS_VERBOSE,
  };
}

/**
 * How often first-join proof reads the player list (ms), or null when it does not: on by default with RCON, whose
 * answers carry the list; asked for elsewhere, refused (a named pipe or a program answers nothing).
 */
function proofPolling(
  options: RawOptions,
  given: Record<string, string>,
  gameConsole: ConsoleSpec | null,
): number | null {
  const seconds = options.WLS_PROOF_POLL;
  const explicit = given.WLS_PROOF_POLL !== undefined && seconds > 0;
  if (explicit && gameConsole?.kind !== "rcon") {
    throw new SyncOptionsError(
      `${label("WLS_PROOF_POLL")} reads the game server's player list from RCON's answers: it needs ${label("WLS_RCON")}`,
    );
  }
  if (explicit && options.WLS_ONCE) {
    throw new SyncOptionsError(`${label("WLS_PROOF_POLL")} watches who joins: not with ${label("WLS_ONCE")}`);
  }
  return gameConsole?.kind === "rcon" && !options.WLS_ONCE && seconds > 0 ? seconds * 1000 : null;
}

/** Where `--ban-sync` reads the server's bans, or null when it is off; refused where it cannot work. */
function bannedPlayers(options: RawOptions, format: FileFormatName): string | null {
  if (options.WLS_BANNED_PLAYERS !== undefined && !options.WLS_BAN_SYNC) {
    throw new SyncOptionsError(`${label("WLS_BANNED_PLAYERS")} needs ${label("WLS_BAN_SYNC")}`);
  }
  if (!options.WLS_BAN_SYNC) return null;
  if (format === "bds") {
    throw new SyncOptionsError(
      `${label("WLS_BAN_SYNC")} reads banned-players.json, and a Bedrock Dedicated Server keeps no list of bans`,
    );
  }
  if (options.WLS_ONCE) {
    throw new SyncOptionsError(
      `${label("WLS_BAN_SYNC")} follows the bans as they come: not with ${label("WLS_ONCE")}`,
    );
  }
  return resolve(
    options.WLS_BANNED_PLAYERS ?? join(dirname(resolve(options.WLS_OUT as string)), "banned-players.json"),
  );
}
