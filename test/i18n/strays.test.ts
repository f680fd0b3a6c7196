import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { Glob } from "bun";
import ts from "typescript";

// No user-facing text outside the message catalogue (src/i18n/locales/en.ts): a string or template literal of
// src/bot, src/setup and src/link (what players read at the link endpoint) that reads as words (two words or more)
// is a stray, unless it is one of what is not shown to a Discord member or a player (below). A new reply, embed, button or modal written as a literal fails here, naming the file
// and line: move it to the catalogue, in every language.

const SRC = join(import.meta.dir, "..", "..", "src");
const SCANNED = ["bot/**/*.ts", "setup/**/*.ts", "link/**/*.ts"];
/** Files nobody on Discord reads: why the bot could not log in, printed to the operator's terminal. */
const NOT_SHOWN_FILES = new Set(["bot/login.ts"]);

/** Calls whose string arguments nobody on Discord reads: the operator's log lines and thrown internal errors. */
const NOT_SHOWN_CALLS = [
  /(^|\.)logger(\[\w+\])?\.(debug|info|warn|error)$/,
  /^logger\[\w+\]$/,
  /(^|\.)logUnexpected$/,
  // The log feed's warning before it backs off (src/bot/log-feed.ts): a log line.
  /^warnThenBackOff$/,
  /(^|\.)track$/,
  // A start's stage, written to standard error only with WLS_START_STAGES=1 (src/shared/start-stages.ts).
  /^startStage$/,
  /^new (Error|TypeError|RangeError|BotLoginError|ProtocolError|ConfigError)$/,
  // Why the link endpoint closed on junk (src/link/protocol.ts): logged and counted, never shown to a player.
  /^malformed$/,
  // A command text's key in the catalogue (src/i18n/commands.ts): a command's path, not words.
  /^(commandDescription|choiceName)$/,
  // A command's path, typed in the reader's language by typedCommand (src/bot/localize.ts), also through the
  // setup checks' Naming (src/setup/checks.ts).
  /^(typedCommand|naming\.command)$/,
];

/**
 * Properties, variables and functions whose texts nobody on Discord reads: a listener's log line, Discord's
 * audit-log reason, what the operator's log says of a privileged intent switched off, why Mojang's session server
 * could not vouch for a login (src/link/session.ts: logged, the player reads the refusal's catalogue text), what
 * `invite` tells the operator's terminal of each permission (src/setup/permissions.ts, English like the terminal).
 */
const NOT_SHOWN_PROPERTIES = new Set([
  "detail",
  "failure",
  "reason",
  "switch",
  "without",
  "PORTAL_PLACE",
  "BOT_PERMISSION_USES",
  "OPT_IN_FEATURES",
  "describeInvite",
  "missingIntentWarning",
]);

/** Words: two of them with a space between (catalogue keys, ids and paths have none). */
const WORDS = /\p{L}{2,}[,.:;!?'’)]*\s+[(“«„]*\p{L}{2,}/u;

/** The text of a call's callee (`context.logger.warn`, `new Error`). */
function calleeOf(node: ts.Node): string | null {
  if (ts.isCallExpression(node)) return node.expression.getText();
  if (ts.isNewExpression(node)) return `new ${node.expression.getText()}`;
  return null;
}

/** Whether a literal is where nobody on Discord reads it (see the lists above). */
function notShown(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    const callee = calleeOf(at);
    if (callee && NOT_SHOWN_CALLS.some((pattern) => pattern.test(callee))) return true;
    if (ts.isPropertyAssignment(at) && NOT_SHOWN_PROPERTIES.has(at.name.getText())) return true;
    if (ts.isVariableDeclaration(at) && NOT_SHOWN_PROPERTIES.has(at.name.getText())) return true;
    if (ts.isFunctionDeclaration(at) && NOT_SHOWN_PROPERTIES.has(at.name?.getText() ?? "")) return true;
    if (ts.isImportDeclaration(at) || ts.isExportDeclaration(at)) return true;
  }
  return false;
}

/** The strays of one file: `file:line: text`. */
function straysOf(path: string): string[] {
  const file = join(SRC, path);
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const text =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? node.text
        : ts.isTemplateExpression(node)
          ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(" ")
          : null;
    if (text !== null && WORDS.test(text) && !notShown(node)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${path}:${line + 1}: ${text.slice(0, 60)}`);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = SCANNED.flatMap((pattern) => [...new Glob(pattern).scanSync(SRC)])
  .filter((path) => !NOT_SHOWN_FILES.has(path))
  .sort();
const strays = new Map(files.map((path) => [path, straysOf(path)]));

describe("texts outside the catalogue", () => {
  test("none in src/bot or src/setup: every text the bot writes is a catalogue key", () => {
    expect([...strays.values()].flat()).toEqual([]);
  });

  test("the scan finds a stray where there is one (a broken scan would pass everything)", () => {
    // A fixture of its own (test/fixtures/i18n/stray.ts): the files of src/ each lose their strays in turn.
    const fixture = "../test/fixtures/i18n/stray.ts";
    expect(straysOf(fixture)).toEqual([`${fixture}:4: closed for registrations`]);
    expect(relative(SRC, join(SRC, "bot"))).toBe("bot");
  });
});
