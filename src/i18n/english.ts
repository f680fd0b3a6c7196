import { en } from "./locales/en.ts";
import type { Message, MessageKey, Text } from "./messages.ts";
import { renderText } from "./render.ts";

const source = en as Readonly<Record<MessageKey, Message>>;

/**
 * A message in English, the source language: what a domain error's `message` says (logs, the API's problem
 * details), while the bot renders the same Text in its reader's language.
 */
export const inEnglish = (text: Text): string => renderText("en", (key) => source[key], text);
