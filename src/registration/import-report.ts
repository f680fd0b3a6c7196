import { type Text, text } from "../i18n/messages.ts";
import type { Words } from "../i18n/words.ts";
import type { ImportOutcome, ImportResult } from "./import.ts";

/** How an outcome reads in the report and in the bot's summary; a dry run's additions read "would be added". */
export const outcomeText = (outcome: ImportOutcome, dryRun = false): Text =>
  text(dryRun && outcome === "added" ? "import.outcome.wouldBeAdded" : `import.outcome.${outcome}`);

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
 * file order), its outcomes and details in `words` (the staff member's who imported); the header stays as it is,
 * for the scripts and spreadsheets that read the columns by name.
 */
export function renderImportReport(result: ImportResult, words: Words): string {
  const rows = result.lines.map((line) =>
    [
      line.line,
      line.name,
      words.render(outcomeText(line.outcome, result.dryRun)),
      line.nick ?? "",
      words.render(line.detail),
    ]
      .map(cell)
      .join(","),
  );
  return `line,name,outcome,nick,detail\r\n${rows.map((row) => `${row}\r\n`).join("")}`;
}
