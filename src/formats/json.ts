import { toEntryView } from "../entries/model.ts";
import { writeJsonString as writeString } from "./json-text.ts";
import { erasedKeys, type FormatEntry, type FormatSpec, type TextSink } from "./spec.ts";

/**
 * The API's own list, `GET …/entries` without `format`: every entry's public view (`Entry`), oldest first (by
 * id), as compact JSON. No game server reads it as a file.
 */
export const json = {
  contentType: "application/json; charset=utf-8",
  render: (entries) => JSON.stringify(entries.map(toEntryView)),
  pieces: erasedKeys({
    key: (entry) => entry.id,
    compare: (a: number, b: number) => a - b,
    piece: (entry) => JSON.stringify(toEntryView(entry)),
    write: writeView,
    separator: ",",
    prefix: "[",
    suffix: "]",
    empty: "[]",
  }),
  file: null,
} satisfies FormatSpec;

/**
 * Writes `JSON.stringify(toEntryView(entry))` in parts, no view object or text made per entry: the largest
 * allocation of a large first build was the JSON piece's (40-50 MB for 100,000 entries: docs/performance.md).
 * `toEntryView` stays what a view holds: the same fields in the same order, the same escapes
 * (test/formats/json-write.test.ts checks both agree on every field).
 */
function writeView(entry: FormatEntry, out: TextSink): void {
  out.write('{"nick":');
  writeString(entry.nick, out);
  // A field left undefined (a test's entry) is left out, as JSON.stringify leaves it out of the view.
  if (entry.uuid !== undefined) {
    out.write(',"uuid":');
    writeNullable(entry.uuid, out);
  }
  if (entry.premium !== undefined) out.write(entry.premium ? ',"premium":true' : ',"premium":false');
  out.write(',"expiresAt":');
  writeNullable(entry.expiresAt === null ? null : new Date(entry.expiresAt).toISOString(), out);
  if (entry.verified !== undefined) out.write(entry.verified ? ',"verified":true' : ',"verified":false');
  if (entry.gamertag != null) {
    out.write(',"gamertag":');
    writeString(entry.gamertag, out);
  }
  if (entry.proofDueAt != null) {
    out.write(',"proofDueAt":');
    writeString(new Date(entry.proofDueAt).toISOString(), out);
  }
  out.write(',"groups":[');
  for (let i = 0; i < entry.groups.length; i++) {
    if (i > 0) out.write(",");
    writeString(entry.groups[i] as string, out);
  }
  out.write("]}");
}

function writeNullable(value: string | null, out: TextSink): void {
  if (value === null) out.write("null");
  else writeString(value, out);
}
