import type { Language, pluralFormsOf } from "./languages.ts";
import type { en, enCommands } from "./locales/en.ts";

// The types of the message catalogue (docs/decisions.md, Languages). English (./locales/en.ts) is the source: its
// keys are every text the bot writes, its `{placeholders}` what each needs. Every other language is typed from it,
// so a missing key, a placeholder left out or a key English does not have is a compile error in that file.

/** The plural forms a message may have (CLDR's categories, as `Intl.PluralRules` selects them by `count`). */
export type PluralForm = "zero" | "one" | "two" | "few" | "many" | "other";

/** The plural forms a message of `L` writes: CLDR's categories for the language (languages.ts, pluralFormsOf). */
export type FormsOf<L extends Language> = (typeof pluralFormsOf)[L][number];

/** A message that depends on a number: one text per plural form of its language, `other` always. */
export type Plural = { readonly other: string } & { readonly [F in Exclude<PluralForm, "other">]?: string };

/** A message: one text, or one per plural form (chosen by the `count` parameter). */
export type Message = string | Plural;

type Source = typeof en;

/** Every key of the catalogue. */
export type MessageKey = keyof Source;

/** The `{names}` in a text. */
type Holes<S> = S extends `${string}{${infer P}}${infer R}` ? P | Holes<R> : never;

/** The placeholders of a message: those of its text, or of all its forms and `count`. */
export type HolesOf<M> = M extends string ? Holes<M> : Holes<M[keyof M]> | "count";

/** A value put in a placeholder: text as it is, a number in the reader's notation, or another message. */
export type Param = string | number | Text;

/** The parameters a message takes, by name (`count` a number). */
export type ParamsOf<K extends MessageKey> = {
  readonly [P in HolesOf<Source[K]>]: P extends "count" ? number : Param;
};

/**
 * A message not rendered yet: its key and parameters. Services give them to the adapter that shows them (a domain
 * error's `text`), which renders them in its reader's language.
 */
export type Text = { readonly key: MessageKey; readonly params: Readonly<Record<string, Param>> };

type AllOf<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** A string holding each of the placeholders `H` (any string when there is none). */
type Holding<H extends string> = [H] extends [never]
  ? string
  : AllOf<H extends string ? `${string}{${H}}${string}` : never>;

/**
 * What a translation of a message must be: a text with the same placeholders, or exactly the plural forms `F` of
 * its language, each with them.
 */
type Translation<M, F extends PluralForm> = M extends string
  ? Holding<Holes<M>>
  : { readonly [Form in F]: Holding<HolesOf<M>> };

/**
 * A language's messages: every key of English, each with English's placeholders, a plural one with each of the
 * language's forms (`satisfies` it in each file).
 */
export type Messages<L extends Language> = { readonly [K in MessageKey]: Translation<Source[K], FormsOf<L>> };

/** Any language's messages, as the renderer reads them. */
export type Catalogue = Readonly<Record<MessageKey, Message>>;

type CommandSource = typeof enCommands;

/**
 * An entry of the command texts, by command path ("register", "whitelist create", "whitelist create mode" for an
 * option, "whitelist create mode approval" for a choice by its value) or `* <last words>` for an option or a choice
 * that reads the same under several commands.
 */
export type CommandKey = keyof CommandSource;

/** The entries that give `field`: a description (commands, options) or a name (choices, the commands members type). */
export type CommandKeyWith<Field extends "name" | "description"> = {
  [K in CommandKey]: CommandSource[K] extends { readonly [F in Field]: string } ? K : never;
}[CommandKey];

/** Command texts as the localizer reads them, by path: a name, a description. */
export type CommandCatalogue = Readonly<
  Record<string, { readonly name?: string; readonly description?: string }>
>;

/**
 * A language's command localizations: every entry of English's, each with the fields English gives (a description
 * for a command or an option, a name for a choice or a command members type), so a missing one is a compile error.
 */
export type CommandTexts = {
  readonly [K in CommandKey]: { readonly [F in keyof CommandSource[K]]: string };
};

/** One language's file of messages (src/i18n/locales/<language>.ts), loaded at the language's first use. */
export type LanguageFile<L extends Language> = { readonly messages: Messages<L> };

/**
 * One language's file of command localizations (src/i18n/locales/commands/<language>.ts): apart from its messages,
 * since the command definitions need every language's at start and the messages only a reader of it.
 */
export type CommandFile = { readonly commands: CommandTexts };

/** A message with its parameters, when it takes any: `text("key")` or `text("key", { ... })`. */
export type TextArgs<K extends MessageKey> = [HolesOf<Source[K]>] extends [never] ? [] : [ParamsOf<K>];

/** A message not rendered yet (see Text), its parameters checked against the catalogue. */
export function text<K extends MessageKey>(key: K, ...params: TextArgs<K>): Text {
  return { key, params: (params[0] ?? {}) as Text["params"] };
}
