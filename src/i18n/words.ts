import { messagesOf } from "./catalogues.ts";
import type { Language } from "./languages.ts";
import type { Message, MessageKey, Text, TextArgs } from "./messages.ts";
import { formatNumber, renderText } from "./render.ts";

/** The staff's own wording of some texts in a guild (src/guilds/texts.ts), by key. */
export type Overrides = Readonly<Partial<Record<MessageKey, string>>>;

/** Someone's language, ready to render messages in: `t(key, params)`, `render(text)`. */
export type Words = {
  readonly language: Language;
  /** The message `key` in this language, its placeholders filled. */
  t<K extends MessageKey>(key: K, ...params: TextArgs<K>): string;
  /** A message given as a Text (a domain error's, a nested one). */
  render(text: Text): string;
  /** A count in this language's notation (1,000 · 1.000 · 1 000). */
  number(value: number): string;
};

/**
 * The words of `language` (its messages loaded at its first use: catalogues.ts): its catalogue over English (a key a language lacked would read English; the types and
 * test/i18n make sure none does), and the staff's `overrides` over both.
 */
export function wordsFor(language: Language, overrides: Overrides = {}): Words {
  const messages = messagesOf(language);
  const source = messagesOf("en");
  const lookUp = (key: MessageKey): Message | undefined => overrides[key] ?? messages[key] ?? source[key];
  const render = (text: Text) => renderText(language, lookUp, text);
  return {
    language,
    t: (key, ...params) => render({ key, params: (params[0] ?? {}) as Text["params"] }),
    render,
    number: (value) => formatNumber(language, value),
  };
}
