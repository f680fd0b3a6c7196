/** One command-line setting: `--name value`, `--name=value`, or a bare `--name` switch (value null). */
export type FlagValue = { flag: string; value: string | null };

/** A syntax problem `readFlags` found; each command words it for its own users. */
export type FlagProblem =
  | { kind: "unexpected-argument"; argument: string }
  | { kind: "missing-value"; flag: string };

/**
 * Reads `--name value`, `--name=value` and bare switches, the one flag syntax of every command.
 * `isSwitch(flag)` says which flags take no value (and may throw to refuse a flag); `fail` turns a syntax
 * problem into the caller's error.
 */
export function readFlags(
  argv: readonly string[],
  isSwitch: (flag: string) => boolean,
  fail: (problem: FlagProblem) => Error,
): FlagValue[] {
  const values: FlagValue[] = [];
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i] as string;
    if (!argument.startsWith("--")) throw fail({ kind: "unexpected-argument", argument });
    const [flag, inline] = argument.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (isSwitch(flag)) {
      values.push({ flag, value: inline ?? null });
      continue;
    }
    const value = inline ?? argv[i + 1];
    if (value === undefined || (inline === undefined && value.startsWith("--"))) {
      throw fail({ kind: "missing-value", flag });
    }
    if (inline === undefined) i++;
    values.push({ flag, value });
  }
  return values;
}
