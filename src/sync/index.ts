import { type SyncAgentDeps, startSyncAgent } from "./agent.ts";
import { ExitCode, SyncStopError } from "./errors.ts";
import { syncHelp } from "./option-schema.ts";
import { parseSyncOptions, SyncOptionsError } from "./options.ts";
import { humanReporter, jsonReporter } from "./report.ts";

export { type SyncAgent, type SyncAgentDeps, startSyncAgent } from "./agent.ts";
export { ExitCode, SyncStopError } from "./errors.ts";
export { AGENT_DEFAULTS, parseSyncOptions, type SyncOptions, SyncOptionsError } from "./options.ts";
export type { SyncEvent } from "./report.ts";

/** What `runSyncCommand` reads and writes; the defaults are the process's own. */
export type SyncCommandIo = {
  env: Record<string, string | undefined>;
  /** Writes one line of normal output (no trailing newline). */
  stdout: (line: string) => void;
  /** Writes one line about a problem (no trailing newline). */
  stderr: (line: string) => void;
  /** Stop cleanly on SIGTERM/SIGINT (the CLI); off for in-process callers. */
  handleSignals: boolean;
  deps: Omit<SyncAgentDeps, "report">;
};

/**
 * `whitelist-sync sync [options]`: parses the options, runs the agent until it is stopped (or, with `--once`,
 * until the file is written) and answers with the exit code. Never prints the key.
 */
export async function runSyncCommand(
  argv: readonly string[],
  io: Partial<SyncCommandIo> = {},
): Promise<number> {
  const stdout = io.stdout ?? ((line: string) => process.stdout.write(`${line}\n`));
  const stderr = io.stderr ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (argv.includes("--help") || argv.includes("-h")) {
    stdout(syncHelp());
    return ExitCode.ok;
  }
  let options: ReturnType<typeof parseSyncOptions>;
  try {
    options = parseSyncOptions(argv, io.env ?? process.env);
  } catch (error) {
    if (!(error instanceof SyncOptionsError)) throw error;
    stderr(`whitelist-sync sync: ${error.message}`);
    return ExitCode.config;
  }
  const report = options.json
    ? jsonReporter((line) => stdout(line.trimEnd()), options.verbose)
    : humanReporter({ out: stdout, err: stderr }, options.verbose);
  const agent = startSyncAgent(options, { ...io.deps, report });

  const onSignal = () => void agent.stop();
  if (io.handleSignals) {
    process.on("SIGTERM", onSignal);
    process.on("SIGINT", onSignal);
  }
  try {
    await agent.done;
    return ExitCode.ok;
  } catch (error) {
    const exitCode = error instanceof SyncStopError ? error.exitCode : ExitCode.failure;
    const message = error instanceof Error ? error.message : String(error);
    if (options.json) {
      stdout(
        JSON.stringify({
          time: new Date().toISOString(),
          level: "error",
          msg: "fatal",
          error: message,
          exitCode,
        }),
      );
    } else {
      stderr(`whitelist-sync sync: ${message}`);
    }
    return exitCode;
  } finally {
    process.off("SIGTERM", onSignal);
    process.off("SIGINT", onSignal);
  }
}
