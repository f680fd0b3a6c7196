/**
 * Capital letters of other scripts drawn like Latin capitals (Cyrillic `Ѕ`, Greek `Ν`), folded before lower
 * casing: lower-cased they would no longer look Latin (`Ν` → `ν`, which reads as `v`).
 */
const CAPITALS: Record<string, string> = {
  // Cyrillic
  А: "A",
  В: "B",
  Е: "E",
  Ѕ: "S",
  І: "I",
  Ј: "J",
  К: "K",
  М: "M",
  Н: "H",
  О: "O",
  Р: "P",
  С: "C",
  Т: "T",
  Х: "X",
  Ү: "Y",
  // Greek
  Α: "A",
  Β: "B",
  Ε: "E",
  Ζ: "Z",
  Η: "H",
  Ι: "I",
  Κ: "K",
  Μ: "M",
  Ν: "N",
  Ο: "O",
  Ρ: "P",
  Τ: "T",
  Υ: "Y",
  Χ: "X",
};

/** Small letters of other scripts drawn like Latin small letters. */
const SMALL: Record<string, string> = {
  // Cyrillic
  а: "a",
  с: "c",
  ԁ: "d",
  е: "e",
  ё: "e",
  һ: "h",
  і: "i",
  ї: "i",
  ј: "j",
  ӏ: "l",
  о: "o",
  р: "p",
  ԛ: "q",
  ѕ: "s",
  у: "y",
  ԝ: "w",
  х: "x",
  // Greek
  α: "a",
  ε: "e",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  υ: "u",
  // Latin letters drawn like other Latin letters
  ı: "i",
  ɑ: "a",
  ɡ: "g",
};

/**
 * The key whitelist names are compared by: NFKC (fullwidth and mathematical letters become plain ones), then
 * every look-alike of a Latin letter folded to it, then lower case: `ѕurvival` (a Cyrillic ѕ), `SURVIΝAL` (a
 * Greek Ν) or `ｓurvival` can never stand beside `survival`. An ASCII name's key is its lower case.
 */
export function nameKey(name: string): string {
  const text = name.normalize("NFKC");
  if (!/[^\x20-\x7e]/.test(text)) return text.toLowerCase();
  let key = "";
  for (const char of text) {
    const small = (CAPITALS[char] ?? char).toLowerCase();
    key += SMALL[small] ?? small;
  }
  return key;
}
