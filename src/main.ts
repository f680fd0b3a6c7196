#!/usr/bin/env bun
import { ConfigError, ConfigSchema, flagsToEnv, loadConfig } from "./config.ts";
import { type RunningService, startService } from "./server.ts";
import { createLogger } from "./shared/logger.ts";
import { VERSION } from "./version.ts";

const HELP = `whitelist-sync ${VERSION}: Discord ↔ Minecraft whitelists, with a read-and-remove API

Usage:
  whitelist-sync [serve] [--flags]   run the service (API, WebSocket, webhooks, bot)
  whitelist-sync --version           print the version
  whitelist-sync --help              print this help

Configuration comes from environment variables or the matching flags
(PORT=8080 or --port 8080; DATABASE_PATH or --database-path):

${Object.entries(ConfigSchema.properties)
  .map(([name, schema]) => {
    const fallback = "default" in schema ? ` (default ${JSON.stringify(schema.default)})` : "";
    return `  ${name.padEnd(22)} ${schema.description}${fallback}`;
  })
  .join("\n")}

Docs: once running, open http://<host>:<port>/swagger`;

async function serve(argv: string[]): Promise<void> {
  const config = loadConfig({ ...process.env, ...flagsToEnv(argv) });
  const logger = createLogger(config.LOG_LEVEL);
  // Signals are handled from the start: one arriving during start-up still shuts down cleanly.
  let running: RunningService | undefined;
  let signalled = false;
  const shutdown = (signal: string) => {
    if (signalled) return;
    signalled = true;
    logger.info("shutting down", { signal });
    (running?.stop() ?? Promise.resolve()).then(
      () => process.exit(0),
      (error) => {
        logger.error("shutdown failed", { error: String(error) });
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  running = await startService(config, { logger });
  if (signalled) {
    await running.stop();
    process.exit(0);
  }
  const publicUrl = config.PUBLIC_URL?.replace(/\/$/, "") ?? running.url;
  logger.info("whitelist-sync started", {
    version: VERSION,
    url: running.url,
    docs: `${publicUrl}/swagger`,
    database: config.DATABASE_PATH,
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
  });
  if (!config.DISCORD_TOKEN)
    logger.warn("DISCORD_TOKEN is not set: the Discord bot is off, the API serves what is stored");
}

async function main(argv: string[]): Promise<void> {
  if (argv.includes("--help") || argv.includes("-h") || argv[0] === "help") {
    console.log(HELP);
    return;
  }
  if (argv.includes("--version") || argv.includes("-v")) {
    console.log(VERSION);
    return;
  }
  const [command = "serve", ...rest] = argv[0]?.startsWith("-") ? ["serve", ...argv] : argv;
  if (command === "serve") return serve(rest);
  console.error(`Unknown command "${command}". Run whitelist-sync --help for the commands.`);
  process.exit(2);
}

main(process.argv.slice(2)).catch((error) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
    process.exit(78);
  }
  console.error(error);
  process.exit(1);
});
