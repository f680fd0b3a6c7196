import { type Language, languageOfLocale, languages, SOURCE_LANGUAGE } from "../i18n/languages.ts";

// The language a page is written in (docs/decisions.md, The dashboard): the browser's first choice the catalogue
// has (Accept-Language, by its q-values), then the person's Discord language, then English.

/** The catalogue's language for one language tag of a browser (`de-AT` reads German, `es-MX` Spain's Spanish). */
function languageOfTag(tag: string): Language | undefined {
  const exact = languages.find((language) => language.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const primary = tag.split("-")[0]?.toLowerCase() ?? "";
  return languages.find((language) => language.split("-")[0]?.toLowerCase() === primary);
}

/** The tags of an Accept-Language header, most wanted first (RFC 9110 §12.5.4); `*` and `q=0` left out. */
function wantedTags(header: string): string[] {
  return header
    .split(",")
    .map((item, index) => {
      const [tag = "", ...params] = item.trim().split(";");
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag !== "" && tag !== "*" && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/** The language of a page for a browser's `Accept-Language` and, when signed in, the person's Discord locale. */
export function pageLanguage(
  acceptLanguage: string | null,
  discordLocale: string | null | undefined,
): Language {
  for (const tag of wantedTags(acceptLanguage ?? "")) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return languageOfLocale(discordLocale) ?? SOURCE_LANGUAGE;
}
