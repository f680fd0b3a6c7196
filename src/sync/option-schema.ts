/**
 * What the `sync` agent's options are: their schema (a `--flag` and a `WLS_*` variable each), what each is for, and
 * the help screen built from both. Parsing them and checking how they combine is options.ts's.
 */
import { type Static, type TSchema, Type } from "@sinclair/typebox";
import { fileFormats, formats } from "../formats/index.ts";
import { groupOptionSchema, groupPurposes } from "./group-options.ts";
import { managementPurposes, managementSchema } from "./management/options.ts";
import { DEFAULT_PROOF_POLL_SECONDS } from "./proof-poll.ts";

/** The RCON port Minecraft uses when `rcon.port` is not set. */
export const DEFAULT_RCON_PORT = 25575;

/** The `--reload-command` value that turns the reload off (for RCON used only to kick). */
export const NO_RELOAD = "none";

const Flag = Type.Boolean({ default: false, description: "true or false (as a flag: present = true)" });

// Plain TypeBox, not Elysia's `t`: Elysia's Integer/Number also accept numeric strings, and these options are
// converted explicitly (Value.Convert) before they are checked.
/**
 * The agent's own settings (not the service's ConfigSchema): each is a `--flag` and a `WLS_*` variable. Each
 * `description` says what the option expects; it is what a bad value's error message shows.
 */
export const SyncOptionsSchema = Type.Object({
  WLS_URL: Type.String({
    pattern: "^https?://[^\\s?#]+$",
    description: "the service's base URL, with or without /api/v1, e.g. https://wl.example.org",
  }),
  WLS_KEY: Type.String({
    pattern: "^[!-~]+$",
    description: "a link key (wls_…), or @/path/to/a/file holding it",
  }),
  WLS_WHITELIST: Type.String({
    maxLength: 1000,
    pattern: "^[^,]*[^,\\s][^,]*(,[^,]*[^,\\s][^,]*)*$",
    description: "a whitelist's id or name, or several separated by commas (survival,bedrock)",
  }),
  WLS_FORMAT: Type.Union(
    fileFormats.map((format) => Type.Literal(format)),
    { default: "vanilla", description: `one of ${fileFormats.join(", ")}` },
  ),
  WLS_OUT: Type.Optional(
    Type.String({
      minLength: 1,
      description: "the file the game server reads, e.g. /srv/minecraft/whitelist.json",
    }),
  ),
  ...managementSchema,
  WLS_RCON: Type.Optional(
    Type.String({
      pattern: "^(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9.-]+)(:[0-9]{1,5})?$",
      description: `the game server's RCON address host:port (port ${DEFAULT_RCON_PORT} when left out)`,
    }),
  ),
  WLS_RCON_PASSWORD: Type.Optional(
    Type.String({ minLength: 1, description: "the RCON password (rcon.password in server.properties)" }),
  ),
  WLS_RCON_PASSWORD_FILE: Type.Optional(
    Type.String({ minLength: 1, description: "a file holding the RCON password" }),
  ),
  WLS_CONSOLE_FIFO: Type.Optional(
    Type.String({ minLength: 1, description: "the path of a named pipe the game server's console reads" }),
  ),
  WLS_CONSOLE_EXEC: Type.Optional(
    Type.String({
      maxLength: 1000,
      pattern: "^[^\\u0000-\\u001f\\u007f]+$",
      description: "one line: a shell command that types $WLS_COMMAND into the game server's console",
    }),
  ),
  WLS_RELOAD_COMMAND: Type.Optional(
    Type.String({
      maxLength: 256,
      pattern: "^[^\\u0000-\\u001f\\u007f]+$",
      description: `one line: a console command, or ${NO_RELOAD}`,
    }),
  ),
  WLS_ON_ADD: Type.Optional(
    Type.String({
      maxLength: 500,
      description:
        "one line: a console command, with {name}, {uuid}, {whitelist} or {discord} where values go ({{ and }}: a brace)",
    }),
  ),
  WLS_ON_REMOVE: Type.Optional(
    Type.String({
      maxLength: 500,
      description:
        "one line: a console command, with {name}, {uuid}, {whitelist} or {discord} where values go ({{ and }}: a brace)",
    }),
  ),
  ...groupOptionSchema,
  WLS_PROOF_POLL: Type.Integer({
    minimum: 0,
    maximum: 3600,
    default: DEFAULT_PROOF_POLL_SECONDS,
    description: "whole seconds from 0 to 3600 (0: off)",
  }),
  WLS_KICK_REMOVED: Flag,
  WLS_KEEP_FOREIGN: Flag,
  WLS_BAN_SYNC: Flag,
  WLS_BANNED_PLAYERS: Type.Optional(
    Type.String({ minLength: 1, description: "the path of the game server's banned-players.json" }),
  ),
  WLS_ONCE: Flag,
  WLS_JSON: Flag,
  WLS_VERBOSE: Flag,
});

/** The options as the schema checks them, by variable. */
export type RawOptions = Static<typeof SyncOptionsSchema>;
/** One option, by its variable. */
export type OptionName = keyof RawOptions;

/** What every option means on the help screen (the schema's descriptions say what a value must look like). */
const purposes: Record<OptionName, string> = {
  WLS_URL: "the whitelist-sync service, e.g. https://wl.example.org",
  WLS_KEY: "a link key from /server-link create, or @/path/to/key (preferred: not in `ps`)",
  WLS_WHITELIST:
    "the whitelist's id or name (any letter case); several, comma-separated (survival,bedrock), share the file",
  WLS_FORMAT: `the file format: ${fileFormats.join(", ")} (default vanilla)`,
  WLS_OUT: "the file to keep current, e.g. /srv/minecraft/whitelist.json",
  ...managementPurposes,
  WLS_RCON: `the game server's console is RCON at host:port (port ${DEFAULT_RCON_PORT} by default)`,
  WLS_RCON_PASSWORD: "the RCON password (environment only: never on the command line)",
  WLS_RCON_PASSWORD_FILE: "a file holding the RCON password",
  WLS_CONSOLE_FIFO:
    "the game server's console is this named pipe (a Bedrock Dedicated Server's standard input)",
  WLS_CONSOLE_EXEC:
    'the game server\'s console is this shell command, run with the command in $WLS_COMMAND ("tmux send-keys …")',
  WLS_RELOAD_COMMAND: `what the console runs after each change (default: ${fileFormats
    .map((format) => {
      const command = formats[format].file.reloadCommand;
      return command === null ? `nothing for ${format}` : `\`${command}\` for ${format}`;
    })
    .join(", ")}); ${NO_RELOAD} runs nothing`,
  WLS_ON_ADD: "a console command run for each nick added: `lp user {name} parent add member`",
  WLS_ON_REMOVE: "a console command run for each nick removed: `lp user {name} parent remove member`",
  ...groupPurposes,
  WLS_PROOF_POLL: `with --rcon: how often the player list is read while entries await proof at first join, in seconds (default ${DEFAULT_PROOF_POLL_SECONDS}; 0: never)`,
  WLS_KICK_REMOVED: "also `kick <nick>` on the console when a nick is removed",
  WLS_KEEP_FOREIGN:
    "keep entries someone else put in the file (in-game /whitelist add, a hand edit) instead of dropping them",
  WLS_BAN_SYNC:
    "remove from the whitelist, through the API, the nick of each player banned on the game server (with the reason)",
  WLS_BANNED_PLAYERS: "the server's banned-players.json for --ban-sync (default: beside --out)",
  WLS_ONCE: "write the file once and exit (for cron)",
  WLS_JSON:
    "log one JSON object per line (for supervisors) instead of human lines; console commands included",
  WLS_VERBOSE: "also print each console command that ran (and debug lines with --json)",
};

/** Options that must not be given on the command line, where every local user can read them (`ps`). */
export const environmentOnly = new Set<OptionName>(["WLS_RCON_PASSWORD", "WLS_MANAGEMENT_SECRET"]);
/** Options whose values are never echoed in an error message. */
export const secret = new Set<OptionName>(["WLS_KEY", "WLS_RCON_PASSWORD", "WLS_MANAGEMENT_SECRET"]);

/** `WLS_RCON_PASSWORD_FILE` → `--rcon-password-file`. */
export const flagOf = (name: string) => `--${name.slice(4).toLowerCase().replaceAll("_", "-")}`;
/** How an option is named in messages: both spellings, so the user finds it whichever they used. */
export const label = (name: OptionName) => `${flagOf(name)} (${name})`;
/** The schema of one option. */
export const schemaOf = (name: OptionName) =>
  (SyncOptionsSchema.properties as Record<string, TSchema>)[name] as TSchema;
/** Whether an option is a flag (true or false). */
export const isFlag = (name: OptionName) => schemaOf(name).type === "boolean";

/** The help screen of `whitelist-sync sync`, listing every option from the schema. */
export function syncHelp(): string {
  const lines = (Object.keys(SyncOptionsSchema.properties) as OptionName[]).map((name) => {
    const flag = environmentOnly.has(name) ? "" : flagOf(name);
    const value = isFlag(name) ? "" : " <value>";
    return `  ${`${flag}${flag ? value : ""}`.padEnd(30)} ${name.padEnd(24)} ${purposes[name]}`;
  });
  return `whitelist-sync sync: keep a game server's whitelist file current, in real time

Usage:
  whitelist-sync sync --url <base url> --key <key|@file> --whitelist <id|name>[,<id|name>…] --out <path> [options]

Mirrors a whitelist of a running whitelist-sync service into a file the game server reads (no plugin
needed), then applies every change as it happens. Several whitelists (a Java one and a Bedrock one for
Geyser + Floodgate, say) share one file: it holds their union, each nick once, and the key must be
guild-wide. Every option is also an environment variable; flags win.

${lines.join("\n")}

Files: the file is replaced atomically (never half-written); <out>.cursor holds the resume position, <out>.lock
the running agent (one per file), <out>.groups the game groups applied (--groups). An existing EasyWhitelist config.yml keeps its other settings: only its
whitelist and whitelisted keys change. Entries someone else puts in the file are named and dropped (or kept).
Console: --rcon, --console-fifo or --console-exec; a command that fails is tried again (backoff, or with the
next change) until it runs. In --on-add and --on-remove, {name}, {uuid}, {whitelist} and {discord} are filled in
(quoted where needed), and {{ and }} are a brace itself: --on-add 'tellraw @a {{"text":"{name} joined"}}'.
Exit codes: 0 stopped or --once done, 1 failure, 77 key refused or revoked (or every whitelist deleted), 78 bad
option, a whitelist the key cannot see, or another agent keeping the file.`;
}
