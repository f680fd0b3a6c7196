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

/** A log call for a problem that may repeat: `cause` says which problem it is (the same cause, the same line). */
export type RepeatedLog = (
  level: Exclude<LogLevel, "silent">,
  message: string,
  cause: string,
  fields?: LogFields,
) => void;

/**
 * Logs each cause of a repeated problem at most once per `intervalMs` (a minute), and the next line of a
 * cause says in `repeated` how many times it happened unlogged since: a flood of failing requests costs a
 * line a minute, never a line a request. At most `maxCauses` causes are tracked at once; more share one.
 */
export function createRepeatedLog({
  logger,
  clock,
  intervalMs = 60_000,
  maxCauses = 100,
}: {
  logger: Logger;
  clock: { now(): number };
  intervalMs?: number;
  maxCauses?: number;
}): RepeatedLog {
  const causes = new Map<string, { quietUntil: number; unlogged: number }>();
  return (level, message, cause, fields) => {
    const now = clock.now();
    let key = `${message}\n${cause.slice(0, 200)}`;
    if (!causes.has(key) && causes.size >= maxCauses) {
      for (const [old, entry] of causes)
        if (entry.quietUntil <= now && entry.unlogged === 0) causes.delete(old);
      if (causes.size >= maxCauses) key = `${message}\n(other causes)`;
    }
    const entry = causes.get(key);
    if (entry && now < entry.quietUntil) {
      entry.unlogged++;
      return;
    }
    logger[level](message, entry?.unlogged ? { ...fields, repeated: entry.unlogged } : fields);
    causes.set(key, { quietUntil: now + intervalMs, unlogged: 0 });
  };
}
