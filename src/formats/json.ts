import { toEntryView } from "../entries/model.ts";
import { erasedKeys, type FormatSpec } from "./spec.ts";

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
    separator: ",",
    prefix: "[",
    suffix: "]",
    empty: "[]",
  }),
  file: null,
} satisfies FormatSpec;
