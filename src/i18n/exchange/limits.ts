// Where a text is shown and how long it may be there: Discord's limits (a message 2,000 characters; an embed's
// title and a field's name 256; a button's label 80; a modal's title and a text input's label 45; a command's or an
// option's description and a choice's name 100; a command's name 1-32 of letters, digits, `-`, `_` and `'`, lower
// case), and the link endpoint's texts, which Minecraft shows. test/i18n checks every language against them, the
// export tells translators, and the import refuses a translation past them.

/** The most characters a message may take where it is shown, its placeholders filled (by its key). */
export function shownLimitOf(key: string): number {
  if (/^modal\.title\./.test(key) || /^modal\.label\./.test(key)) return 45;
  if (/\.(approve|reject)$/.test(key)) return 80;
  if (/\.title$/.test(key) || /^log\.field\./.test(key)) return 256;
  return 2000;
}

/** Where a message is shown, for translators: a line of the export. */
export function shownWhere(key: string): string {
  if (key.startsWith("link."))
    return "Shown in Minecraft (the server list or the disconnect screen): plain text.";
  const limit = shownLimitOf(key);
  const where =
    limit === 45
      ? "a Discord form's title or label"
      : limit === 80
        ? "a Discord button"
        : limit === 256
          ? "a Discord embed's title or field name"
          : "Discord (markdown: **bold**, `code`)";
  return `Shown in ${where}: at most ${limit.toLocaleString("en")} characters, placeholders filled.`;
}

/** A command's or an option's description, and a choice's name: Discord's limit. */
export const COMMAND_TEXT_LIMIT = 100;

/** A command's name as Discord takes it (Application Command Object, naming): lower case besides. */
export const COMMAND_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

/** The length placeholders are filled with when a text is measured against its limit. */
export const FILLED_PLACEHOLDER = "x".repeat(40);
