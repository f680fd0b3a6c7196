/** Log levels, quietest last. */
export const logLevels = ["debug", "info", "warn", "error", "silent"] as const;
/** One of the log levels. */
export type LogLevel = (typeof logLevels)[number];
/** How a line is written: `pretty` for people at a terminal, `json` (one object per line) for machines. */
export const logFormats = ["pretty", "json"] as const;
/** One of the log formats. */
export type LogFormat = (typeof logFormats)[number];
/** Structured fields of a log line. Never put a key, a secret or a token here. */
export type LogFields = Record<string, string | number | boolean | null | undefined>;
/** A structured logger: one line per meaningful event. */
export type Logger = Record<Exclude<LogLevel, "silent">, (message: string, fields?: LogFields) => void>;

/** How lines look: the format, and for `pretty` whether the level is coloured (a terminal without NO_COLOR). */
export type LogStyle = { format: LogFormat; color?: boolean };

/**
 * A logger writing one line per call at or above `level`: by default a JSON object (time, level, msg, fields);
 * with `pretty`, `2026-11-24 22:31:43.042Z INFO  nick added nick=Notch origin=api` (docs/operations.md, Logs).
 */
export function createLogger(
  level: LogLevel = "info",
  write: (line: string) => void = toStdout,
  style: LogStyle = { format: "json" },
): Logger {
  const threshold = logLevels.indexOf(level);
  const line = style.format === "pretty" ? prettyLine(style.color ?? false) : jsonLine;
  const at =
    (name: Exclude<LogLevel, "silent">) =>
    (message: string, fields?: LogFields): void => {
      if (logLevels.indexOf(name) < threshold) return;
      write(line(new Date(), name, message, fields));
    };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

/**
 * Writes a line to standard output. A line that cannot be written (whoever read the output has gone: EPIPE) is
 * lost rather than thrown: logging must never stop the service, nor turn a clean shutdown into exit code 1.
 */
function toStdout(line: string): void {
  try {
    process.stdout.write(line);
  } catch {
    // the reader is gone; nothing to tell it
  }
}

/**
 * The format for `process.stdout` when LOG_FORMAT is not set: pretty on a terminal, JSON otherwise (a file, a
 * pipe, journald, a container's log driver), and colour only on a terminal without NO_COLOR (no-color.org).
 */
export function defaultLogStyle(
  format: LogFormat | undefined,
  stream: { isTTY?: boolean } = process.stdout,
  env: Record<string, string | undefined> = process.env,
): LogStyle {
  const terminal = stream.isTTY === true;
  return {
    format: format ?? (terminal ? "pretty" : "json"),
    color: terminal && !env.NO_COLOR,
  };
}

type LineWriter = (
  time: Date,
  level: Exclude<LogLevel, "silent">,
  message: string,
  fields?: LogFields,
) => string;

const jsonLine: LineWriter = (time, level, message, fields) =>
  `${escapeBreaks(JSON.stringify({ time: time.toISOString(), level, msg: message, ...fields }))}\n`;

/**
 * What JSON.stringify leaves raw but a reader may take for a line break or a terminal command: C1 controls (U+0085
 * NEL among them) and the line and paragraph separators U+2028 and U+2029, written as `\uXXXX` escapes like the
 * ESC, CR and LF it escapes itself. Applied to JSON text, where such a character only occurs inside a string.
 */
const escapeBreaks = (json: string) =>
  json.replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );

const LEVEL_COLORS: Record<Exclude<LogLevel, "silent">, string> = {
  debug: "\x1b[90m",
  info: "\x1b[36m",
  warn: "\x1b[33m",
  error: "\x1b[31m",
};

/** `2026-11-24 22:31:43.042Z WARN  message key=value key="a value"`: one line, fields as logfmt. */
function prettyLine(color: boolean): LineWriter {
  return (time, level, message, fields) => {
    const stamp = time.toISOString().replace("T", " ");
    const label = level.toUpperCase().padEnd(5);
    const pairs = Object.entries(fields ?? {})
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${key}=${logfmtValue(value)}`);
    const head = color ? `${LEVEL_COLORS[level]}${label}\x1b[0m` : label;
    return `${stamp} ${head} ${[oneLine(message), ...pairs].join(" ")}\n`;
  };
}

/** A value as logfmt writes it: bare when it has no space, quote, `=` or control character, else quoted. */
function logfmtValue(value: string | number | boolean | null | undefined): string {
  const text = String(value);
  return text === "" || /[\s"=\\\p{Cc}]/u.test(text) ? escapeBreaks(JSON.stringify(text)) : text;
}

/**
 * A message on one line, as written: a line break (CR, LF) becomes a space, any other control character or line
 * separator (ESC, NEL, U+2028…) an escape (a tab stays), so a message can neither forge a second line nor drive
 * the terminal.
 */
const oneLine = (text: string) =>
  text
    .replace(/[\r\n]+/g, " ")
    .replace(/(?!\t)[\p{Cc}\u2028\u2029]/gu, (char) => escapeBreaks(JSON.stringify(char)).slice(1, -1));

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
