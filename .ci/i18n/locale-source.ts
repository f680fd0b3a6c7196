import ts from "typescript";
import { orderedForms, type Unit, unitsById } from "../../src/i18n/exchange/units.ts";
import type { Message } from "../../src/i18n/messages.ts";

// Writing imported translations into a language's TypeScript files (src/i18n/locales/<language>.ts, its messages;
// src/i18n/locales/commands/<language>.ts, its command texts) in place: each
// changed text's literal is replaced where it stands, so the file keeps its comments, its order and everything
// else as written, and the type checker keeps checking it.

/** The name of a property as written (`whitelist`, `"whitelist create"`). */
function nameOf(property: ts.PropertyAssignment): string | undefined {
  const { name } = property;
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

/** The properties of the object literal held by the first property named `name`, by their names. */
function section(file: ts.SourceFile, name: string): Map<string, ts.PropertyAssignment> {
  let found: ts.ObjectLiteralExpression | undefined;
  const visit = (node: ts.Node) => {
    if (found) return;
    if (
      ts.isPropertyAssignment(node) &&
      nameOf(node) === name &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      found = node.initializer;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (!found) throw new Error(`${file.fileName} has no \`${name}\` object`);
  return new Map(
    found.properties
      .filter(ts.isPropertyAssignment)
      .map((property) => [nameOf(property) as string, property] as const),
  );
}

/** A message as TypeScript source: a string literal, or an object of its forms in CLDR's order. */
function literal(message: Message): string {
  if (typeof message === "string") return JSON.stringify(message);
  return `{ ${orderedForms(message)
    .map(([form, text]) => `${form}: ${JSON.stringify(text)}`)
    .join(", ")} }`;
}

/** The changes among `changes` whose units are of `kind`: those one of a language's two files holds. */
export const changesOf = (
  changes: ReadonlyMap<string, Message>,
  kind: Unit["kind"],
): ReadonlyMap<string, Message> =>
  new Map([...changes].filter(([id]) => (unitsById.get(id) as Unit).kind === kind));

/**
 * The source of a language's file with `changes` (translations by unit id) written in; throws when the file lacks
 * a place one of them belongs (a key, a command entry, a field), which a file the type checker accepts never does.
 */
export function applyToSource(
  source: string,
  fileName: string,
  changes: ReadonlyMap<string, Message>,
): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const sections = new Map<string, Map<string, ts.PropertyAssignment>>();
  const sectionOf = (name: string) => {
    let found = sections.get(name);
    if (!found) {
      found = section(file, name);
      sections.set(name, found);
    }
    return found;
  };
  const edits: { start: number; end: number; text: string }[] = [];
  for (const [id, message] of changes) {
    const unit = unitsById.get(id) as Unit;
    let target: ts.Expression | undefined;
    if (unit.kind === "message") target = sectionOf("messages").get(unit.key)?.initializer;
    else {
      const entry = sectionOf("commands").get(unit.key)?.initializer;
      const field =
        entry && ts.isObjectLiteralExpression(entry)
          ? entry.properties
              .filter(ts.isPropertyAssignment)
              .find((property) => nameOf(property) === unit.field)
          : undefined;
      target = field?.initializer;
    }
    if (!target) throw new Error(`${fileName} has no place for ${id}`);
    edits.push({ start: target.getStart(file), end: target.getEnd(), text: literal(message) });
  }
  let written = source;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    written = written.slice(0, edit.start) + edit.text + written.slice(edit.end);
  }
  return written;
}
