// GNU gettext's PO format, as much of it as translation tools write (GNU gettext manual, "The Format of PO Files"):
// comments (`#.` for translators, `#,` flags, `#|` previous strings, `#~` obsolete entries, which are skipped),
// `msgctxt`, `msgid`, `msgid_plural`, `msgstr` and `msgstr[N]`, each a quoted C string that may continue on the
// lines after it. The reader keeps each entry's line, so a refusal names file, line and key.

/** One entry of a PO file (the header is the entry whose msgid is empty and that has no context). */
export type PoEntry = {
  readonly context?: string;
  readonly id: string;
  readonly plural?: string;
  /** msgstr, or msgstr[0…] of a plural entry. */
  readonly strings: readonly string[];
  /** `#.` lines, for translators. */
  readonly comments?: readonly string[];
  readonly flags?: readonly string[];
  /** The line the entry starts on (1-based), when it was read from a file. */
  readonly line?: number;
};

/** A PO file that cannot be read: the line it stops at and why. */
export class PoSyntaxError extends Error {
  override readonly name = "PoSyntaxError";
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
  }
}

const ESCAPES: Readonly<Record<string, string>> = {
  "\\": "\\\\",
  '"': '\\"',
  "\n": "\\n",
  "\t": "\\t",
  "\r": "\\r",
};
const UNESCAPES: Readonly<Record<string, string>> = {
  "\\": "\\",
  '"': '"',
  n: "\n",
  t: "\t",
  r: "\r",
  a: "\x07",
  b: "\b",
  f: "\f",
  v: "\v",
};

const quote = (text: string) => `"${text.replace(/[\\"\n\t\r]/g, (c) => ESCAPES[c] as string)}"`;

/** A keyword and its string: one line, or (holding line breaks) an empty first line and one line per line break. */
function field(keyword: string, text: string): string {
  const lines = text.split(/(?<=\n)/);
  if (lines.length === 1) return `${keyword} ${quote(text)}`;
  return [`${keyword} ""`, ...lines.filter((line) => line !== "").map(quote)].join("\n");
}

/** The text of a PO file holding `entries`, the header first. */
export function writePo(entries: readonly PoEntry[]): string {
  const blocks = entries.map((entry) => {
    const lines = [
      ...(entry.comments ?? []).map((comment) => (comment === "" ? "#." : `#. ${comment}`)),
      ...(entry.flags?.length ? [`#, ${entry.flags.join(", ")}`] : []),
      ...(entry.context === undefined ? [] : [field("msgctxt", entry.context)]),
      field("msgid", entry.id),
    ];
    if (entry.plural === undefined) lines.push(field("msgstr", entry.strings[0] ?? ""));
    else {
      lines.push(field("msgid_plural", entry.plural));
      entry.strings.forEach((text, index) => {
        lines.push(field(`msgstr[${index}]`, text));
      });
    }
    return lines.join("\n");
  });
  return `${blocks.join("\n\n")}\n`;
}

/** The string of a quoted C string at the start of `text` (after the keyword), and what follows it. */
function unquote(text: string, line: number): string {
  const match = /^"((?:[^"\\]|\\.)*)"\s*$/.exec(text);
  if (!match) throw new PoSyntaxError(line, `expected a quoted string, found ${JSON.stringify(text)}`);
  return (match[1] as string).replace(
    /\\(?:([0-7]{1,3})|x([0-9a-fA-F]{1,2})|(.))/g,
    (_, octal, hex, char) => {
      if (octal) return String.fromCharCode(Number.parseInt(octal, 8));
      if (hex) return String.fromCharCode(Number.parseInt(hex, 16));
      const unescaped = UNESCAPES[char as string];
      if (unescaped === undefined) throw new PoSyntaxError(line, `unknown escape \\${char}`);
      return unescaped;
    },
  );
}

type Draft = {
  context?: string;
  id?: string;
  plural?: string;
  strings: string[];
  comments: string[];
  flags: string[];
  line?: number;
};

/** The entries of a PO file, the header included, in file order; throws PoSyntaxError where it cannot be read. */
export function readPo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let draft: Draft = { strings: [], comments: [], flags: [] };
  /** Where the next continuation line goes. */
  let target: ((more: string) => void) | undefined;
  const finish = (line: number) => {
    if (draft.id === undefined) {
      if (draft.context !== undefined || draft.strings.length > 0)
        throw new PoSyntaxError(line, "an entry without msgid");
      draft = { strings: [], comments: [], flags: [] };
      return;
    }
    if (draft.strings.length === 0) throw new PoSyntaxError(draft.line ?? line, "an entry without msgstr");
    entries.push({
      ...(draft.context === undefined ? {} : { context: draft.context }),
      id: draft.id,
      ...(draft.plural === undefined ? {} : { plural: draft.plural }),
      strings: draft.strings,
      ...(draft.comments.length ? { comments: draft.comments } : {}),
      ...(draft.flags.length ? { flags: draft.flags } : {}),
      line: draft.line as number,
    });
    draft = { strings: [], comments: [], flags: [] };
  };
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  lines.forEach((raw, lineIndex) => {
    const line = lineIndex + 1;
    const trimmed = raw.trim();
    if (trimmed === "") {
      target = undefined;
      return;
    }
    if (trimmed.startsWith("#")) {
      // A comment after a msgstr starts the next entry.
      if (draft.strings.length > 0) finish(line);
      target = undefined;
      if (trimmed.startsWith("#~")) return;
      if (trimmed.startsWith("#.")) draft.comments.push(trimmed.slice(2).trim());
      else if (trimmed.startsWith("#,"))
        draft.flags.push(
          ...trimmed
            .slice(2)
            .split(",")
            .map((flag) => flag.trim())
            .filter(Boolean),
        );
      return;
    }
    if (trimmed.startsWith('"')) {
      if (!target) throw new PoSyntaxError(line, "a string that continues nothing");
      target(unquote(trimmed, line));
      return;
    }
    const keyword = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(.*)$/.exec(trimmed);
    if (!keyword) throw new PoSyntaxError(line, `unknown line ${JSON.stringify(trimmed.slice(0, 40))}`);
    const [, name, index, rest] = keyword as unknown as [string, string, string | undefined, string];
    const value = unquote(rest, line);
    if ((name === "msgctxt" || name === "msgid") && draft.strings.length > 0) finish(line);
    if (name === "msgctxt") {
      if (draft.context !== undefined || draft.id !== undefined)
        throw new PoSyntaxError(line, "msgctxt out of place");
      draft.line = line;
      draft.context = value;
      target = (more) => {
        draft.context += more;
      };
    } else if (name === "msgid") {
      if (draft.id !== undefined) throw new PoSyntaxError(line, "a second msgid in one entry");
      draft.line ??= line;
      draft.id = value;
      target = (more) => {
        draft.id += more;
      };
    } else if (name === "msgid_plural") {
      if (draft.id === undefined || draft.strings.length > 0)
        throw new PoSyntaxError(line, "msgid_plural out of place");
      draft.plural = value;
      target = (more) => {
        draft.plural += more;
      };
    } else {
      if (draft.id === undefined) throw new PoSyntaxError(line, "msgstr before msgid");
      const at = index === undefined ? 0 : Number(index);
      if ((index === undefined) !== (draft.plural === undefined) || at !== draft.strings.length)
        throw new PoSyntaxError(line, `${name} out of place`);
      draft.strings.push(value);
      target = (more) => {
        draft.strings[at] += more;
      };
    }
  });
  finish(lines.length);
  return entries;
}

/** The header's fields (`Language`, `Plural-Forms`…), by name, from the header entry's msgstr. */
export function headerFields(entries: readonly PoEntry[]): Map<string, string> {
  const header = entries.find((entry) => entry.id === "" && entry.context === undefined);
  const fields = new Map<string, string>();
  for (const line of (header?.strings[0] ?? "").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) fields.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return fields;
}
