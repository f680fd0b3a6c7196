import type { ImportOutcome, ImportResult } from "./import.ts";

/** How each outcome reads in the report and in the bot's summary. */
export const outcomeLabels: Record<ImportOutcome, string> = {
  added: "added",
  already: "already there",
  invalid: "invalid",
  denied: "denied",
  unchecked: "not checked",
  refused: "refused",
};

/**
 * A CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break; a cell a spreadsheet would run
 * as a formula (`=`, `+`, `-`, `@` first) is prefixed with `'`, since names come from an uploaded file.
 */
function cell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The per-line report of an import, as CSV (`line,name,outcome,nick,detail`, one row per name of the file, in
 * file order); a dry run's additions read "would be added".
 */
export function renderImportReport(result: ImportResult): string {
  const rows = result.lines.map((line) =>
    [
      line.line,
      line.name,
      result.dryRun && line.outcome === "added" ? "would be added" : outcomeLabels[line.outcome],
      line.nick ?? "",
      line.detail,
    ]
      .map(cell)
      .join(","),
  );
  return `line,name,outcome,nick,detail\r\n${rows.map((row) => `${row}\r\n`).join("")}`;
}
