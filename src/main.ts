#!/usr/bin/env bun
import { homedir } from "node:os";
import { type Config, ConfigSchema, flagsToEnv, loadConfig } from "./config.ts";
import { defaultDatabasePath } from "./shared/data-dir.ts";
import { ConfigError, EX_CONFIG, exitCodeOf } from "./shared/errors.ts";
import { createLogger, defaultLogStyle, type Logger } from "./shared/logger.ts";
import { redactUrl } from "./shared/redact.ts";
import { releaseStartMemory } from "./shared/start-memory.ts";
import { startBytecodeOrder, startStage } from "./shared/start-stages.ts";
import { VERSION, VERSION_LINE } from "./version.ts";

/** The settings' names line up in one column, however long the longest is. */
const NAME_WIDTH = Math.max(...Object.keys(ConfigSchema.properties).map((name) => name.length));

const HELP = `whitelist-sync ${VERSION}: Discord ↔ Minecraft whitelists, with a read-and-remove API

Usage:
  whitelist-sync [serve] [--flags]   run the service: the bot (DISCORD_TOKEN), API, WebSocket, webhooks
  whitelist-sync demo [--flags]      the same, connected to a built-in sandbox Discord with a seeded server
                                     and a fake Mojang API; prints a working API key (no token needed)
  whitelist-sync start [--flags]     serve when DISCORD_TOKEN is set, otherwise demo
  whitelist-sync doctor [--json]     check the bot's setup (token, intents, permissions, roles, channels) and the
                                     database, reading only; each ✘ says how to fix it. Exit 0 when all pass
  whitelist-sync invite              print the link that adds the bot to a server (from DISCORD_TOKEN, offline),
                                     and what each permission it asks for is for
  whitelist-sync sync --url … --key … --whitelist … --out …
                                     keep a game server's whitelist file current from a running service
                                     (no plugin needed; whitelist-sync sync --help for its options)
  whitelist-sync backup <file>       copy the database (DATABASE_URL or DATABASE_PATH) into a new SQLite file,
                                     consistent, while the service runs
  whitelist-sync restore <file> [--yes]
                                     say what restoring a backup would replace; --yes: replace it (stop the
                                     service first; a SQLite file replaced is kept beside it)
  whitelist-sync copy --from <db> --to <db>
                                     copy a stopped database into an empty one, ids and event order kept (a
                                     file path or a postgres:// URL each; one left out is DATABASE_URL or
                                     DATABASE_PATH): move from SQLite to PostgreSQL, or back
  whitelist-sync --version           print the version, the commit and the platform it was built for
  whitelist-sync --help              print this help

Configuration comes from environment variables or the matching flags
(PORT=8080 or --port 8080; DATABASE_PATH or --database-path):

${Object.entries(ConfigSchema.properties)
  .map(([name, schema]) => {
    const fallback = "default" in schema ? ` (default ${JSON.stringify(schema.default)})` : "";
    return `  ${name.padEnd(NAME_WIDTH)} ${schema.description}${fallback}`;
  })
  .join("\n")}

Docs: once running, open http://<host>:<port>/swagger`;

// Each command loads only what it runs (imports below are dynamic): `--version` and `sync` never load the
// service, and the service loads discord.js only when a bot runs.

/** Something running that stops on SIGTERM/SIGINT. */
type Stoppable = { stop(): Promise<void> };

/**
 * Runs until SIGTERM or SIGINT. Signals are handled from the start, so one arriving during start-up still
 * shuts down cleanly once the start has finished; a start that is waiting (for a PostgreSQL not reachable yet)
 * is told by `signal`, and stops waiting.
 */
async function runUntilSignalled(
  logger: Logger,
  start: (signal: AbortSignal) => Promise<Stoppable>,
): Promise<void> {
  let running: Stoppable | undefined;
  let memory: ReturnType<typeof releaseStartMemory> | undefined;
  let signalled = false;
  const starting = new AbortController();
  const shutdown = (signal: string) => {
    if (signalled) return;
    signalled = true;
    memory?.cancel();
    logger.info("shutting down", { signal });
    if (!running) {
      // The start finishes (or gives up waiting), then what it started is stopped: below.
      starting.abort(new Error(`${signal} during start-up`));
      return;
    }
    running.stop().then(
      () => process.exit(0),
      (error) => {
        logger.error("shutdown failed", { error: String(error) });
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  // A closed terminal (SIGHUP; on Windows, closing the console window) and Windows' Ctrl+Break stop it cleanly too.
  process.on("SIGHUP", () => shutdown("SIGHUP"));
  if (process.platform === "win32") process.on("SIGBREAK", () => shutdown("SIGBREAK"));
  try {
    running = await start(starting.signal);
  } catch (error) {
    // The start gave up because it was asked to stop: that is the shutdown asked for, not a failure.
    if (starting.signal.aborted) process.exit(0);
    throw error;
  }
  if (signalled) {
    await running.stop();
    process.exit(0);
  }
  // What only the start used is handed back at the first quiet moment (src/shared/start-memory.ts).
  memory = releaseStartMemory();
  void memory.released.then((released) => {
    if (released)
      logger.debug("the start's memory handed back", { rssMiB: megabytes(process.memoryUsage.rss()) });
  });
}

/** Bytes in MiB, to one decimal. */
const megabytes = (bytes: number) => Math.round(bytes / 104_857.6) / 10;

async function serve(config: Config, logger: Logger): Promise<void> {
  await runUntilSignalled(logger, async (signal) => {
    const { startService } = await import("./server.ts");
    startStage("server loaded");
    const running = await startService(config, {
      logger,
      signal,
      // Where it answers, as soon as it does: the start goes on with the bot's login, seconds more at times.
      onListening: (url) => logger.info("API listening", { url }),
    });
    logger.info("whitelist-sync started", {
      version: VERSION,
      url: running.url,
      docs: `${running.publicUrl}/swagger`,
      database: config.DATABASE_URL ? redactUrl(config.DATABASE_URL) : config.DATABASE_PATH,
      // Of several replicas, only the leader runs the bot (it may be another one, or this one a moment later).
      bot: running.bot ? "connected" : config.DISCORD_TOKEN ? "on the leader" : "off",
      rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
      metrics: running.metricsUrl ?? "off",
    });
    startBytecodeOrder();
    if (!config.DISCORD_TOKEN) {
      logger.warn(
        "DISCORD_TOKEN is not set: the Discord bot is off (try `whitelist-sync demo` for a sandbox)",
      );
    }
    return running;
  });
}

async function runDemo(config: Config, logger: Logger, explicitDatabase: boolean): Promise<void> {
  await runUntilSignalled(logger, async (signal) => {
    const { startDemo } = await import("./demo/index.ts");
    const { describeDemo } = await import("./demo/describe.ts");
    const running = await startDemo(config, {
      logger,
      databasePath: explicitDatabase ? config.DATABASE_PATH : null,
      signal,
    });
    console.log(describeDemo(running));
    return running;
  });
}

/**
 * DATABASE_PATH left unset: `./data/whitelist-sync.db`, or, when the working directory cannot hold `./data` (a
 * program folder on Windows, a read-only directory), the platform's per-user data directory, said in the log.
 */
function withDefaultDatabase(config: Config, logger: Logger): Config {
  const chosen = defaultDatabasePath(config.DATABASE_PATH, {
    platform: process.platform,
    env: process.env,
    home: homedir(),
  });
  if (chosen.fallback) {
    logger.info("the working directory cannot hold ./data: the database is in the user's data directory", {
      database: chosen.path,
    });
  }
  return { ...config, DATABASE_PATH: chosen.path };
}

/**
 * `whitelist-sync invite`: the bot's invite link, from the application id at the start of DISCORD_TOKEN, with the
 * permissions of the opt-in features the database uses (read as doctor reads it: nothing is written). The link alone
 * on stdout, what a script reads; what each permission is for, and what each opt-in feature adds, on stderr.
 */
async function printInvite(config: Config): Promise<void> {
  const { describeInvite, inviteUrl, tokenApplicationId, usedFeatures } = await import(
    "./setup/permissions.ts"
  );
  if (!config.DISCORD_TOKEN) {
    throw new ConfigError(
      "DISCORD_TOKEN is not set: the invite link is made from the bot's token (developer portal → Bot → Reset Token)",
    );
  }
  const applicationId = tokenApplicationId(config.DISCORD_TOKEN);
  const { checkStore } = await import("./doctor/store.ts");
  const store = await checkStore(config);
  try {
    const features = store.services ? await usedFeatures(store.services) : {};
    console.log(inviteUrl(applicationId, features));
    console.error(describeInvite(features).join("\n"));
  } finally {
    await store.close();
  }
}

/**
 * LOG_FORMAT as asked for (the variable, then the flag), known before the configuration is parsed: the line that
 * stops the process is written in it, so under LOG_FORMAT=json even a bad setting's line is a JSON object.
 */
let fatalFormat = process.env.LOG_FORMAT?.trim();

/**
 * The one line that says why the process stops, on standard error (standard output holds only log lines): plain,
 * or under LOG_FORMAT=json a log line of level error with the exit code (and the login failure's reason).
 */
function sayWhyStopped(error: unknown, exitCode: number): void {
  const message =
    error instanceof ConfigError
      ? `Configuration error: ${error.message}`
      : error instanceof Error
        ? error.message
        : String(error);
  if (fatalFormat !== "json") {
    console.error(message);
    return;
  }
  const reason = (error as { reason?: unknown } | null)?.reason;
  createLogger("error", (line) => process.stderr.write(line)).error(message, {
    exitCode,
    ...(typeof reason === "string" ? { reason } : {}),
  });
}

async function main(argv: string[]): Promise<void> {
  startStage("main");
  // The agent has its own options (WLS_*) and help, so it is dispatched before the service's.
  if (argv[0] === "sync") {
    const { runSyncCommand } = await import("./sync/index.ts");
    process.exit(await runSyncCommand(argv.slice(1), { handleSignals: true }));
  }
  // The store commands have their own options (--from, --to, --yes, a file), so they too come before the service's.
  const store = argv[0];
  if ((store === "copy" || store === "backup" || store === "restore") && !argv.includes("--help")) {
    const { runStoreCommand } = await import("./backup/index.ts");
    process.exit(await runStoreCommand(store, argv.slice(1)));
  }
  if (argv.includes("--help") || argv.includes("-h") || argv[0] === "help") {
    console.log(HELP);
    return;
  }
  if (argv.includes("--version") || argv.includes("-v")) {
    console.log(VERSION_LINE);
    return;
  }
  const [command = "serve", ...args] = argv[0]?.startsWith("-") ? ["serve", ...argv] : argv;
  if (!["serve", "demo", "start", "doctor", "invite"].includes(command)) {
    console.error(`Unknown command "${command}". Run whitelist-sync --help for the commands.`);
    process.exit(2);
  }
  const asJson = command === "doctor" && args.includes("--json");
  const rest = args.filter((arg) => !(asJson && arg === "--json"));
  const flags = flagsToEnv(rest);
  fatalFormat = flags.LOG_FORMAT?.trim() ?? fatalFormat;
  const config = loadConfig({ ...process.env, ...flags });
  startStage("config");
  if (command === "invite") return printInvite(config);
  if (command === "doctor") {
    const { formatReport, runDoctor } = await import("./doctor/index.ts");
    const report = await runDoctor(config);
    console.log(asJson ? JSON.stringify(report, null, 2) : formatReport(report));
    // 75 (EX_TEMPFAIL): nothing wrong found, but Discord rate limited some checks: try again later.
    const pending = report.sections.some((section) => section.checks.some((check) => check.pending));
    process.exit(!report.ok ? 1 : pending ? 75 : 0);
  }
  const logger = createLogger(config.LOG_LEVEL, undefined, defaultLogStyle(config.LOG_FORMAT));
  const explicitDatabase = Boolean(process.env.DATABASE_PATH || flags.DATABASE_PATH);
  if (command === "serve" || (command === "start" && config.DISCORD_TOKEN)) {
    if (config.DISCORD_TOKEN)
      (await import("./setup/permissions.ts")).tokenApplicationId(config.DISCORD_TOKEN);
    return serve(explicitDatabase ? config : withDefaultDatabase(config, logger), logger);
  }
  return runDemo(config, logger, explicitDatabase);
}

main(process.argv.slice(2)).catch((error) => {
  // A token Discord refuses asks for EX_CONFIG too (src/bot/login.ts), without main loading discord.js.
  const exitCode = error instanceof ConfigError ? EX_CONFIG : exitCodeOf(error);
  sayWhyStopped(error, exitCode);
  process.exit(exitCode);
});
