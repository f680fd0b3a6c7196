/** Log levels, quietest last. */
export const logLevels = ["debug", "info", "warn", "error", "silent"] as const;
/** One of the log levels. */
export type LogLevel = (typeof logLevels)[number];
/** Structured fields of a log line. Never put a key, a secret or a token here. */
export type LogFields = Record<string, string | number | boolean | null | undefined>;
/** A structured logger: one line per meaningful event. */
export type Logger = Record<Exclude<LogLevel, "silent">, (message: string, fields?: LogFields) => void>;

/** A logger writing one JSON object per line (time, level, msg, fields) at or above `level`. */
export function createLogger(
  level: LogLevel = "info",
  write: (line: string) => void = (line) => process.stdout.write(line),
): Logger {
  const threshold = logLevels.indexOf(level);
  const at =
    (name: Exclude<LogLevel, "silent">) =>
    (message: string, fields?: LogFields): void => {
      if (logLevels.indexOf(name) < threshold) return;
      write(`${JSON.stringify({ time: new Date().toISOString(), level: name, msg: message, ...fields })}\n`);
    };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

/** A logger that drops everything (tests). */
export const silentLogger: Logger = createLogger("silent");
