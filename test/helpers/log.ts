import { createLogger, type LogFields, type Logger } from "../../src/shared/logger.ts";

/** One line the service logged. */
export type LogLine = { level: string; msg: string } & LogFields;

/** A logger that keeps what the service logs (info and above), so a test can read or wait for a line. */
export function recordingLogger() {
  const lines: LogLine[] = [];
  const waiters = new Set<() => void>();
  const logger: Logger = createLogger("info", (line) => {
    lines.push(JSON.parse(line) as LogLine);
    for (const wake of [...waiters]) wake();
  });
  return {
    logger,
    lines,
    /** The messages logged at one level. */
    at: (level: "info" | "warn" | "error") =>
      lines.filter((line) => line.level === level).map((line) => line.msg),
    /** Resolves with the first line (already logged or later) that passes `predicate`. */
    waitFor(predicate: (line: LogLine) => boolean): Promise<LogLine> {
      return new Promise((resolve) => {
        const check = () => {
          const found = lines.find(predicate);
          if (!found) return;
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      });
    },
  };
}
