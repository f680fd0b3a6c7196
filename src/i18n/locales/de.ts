import type { LanguageFile } from "../messages.ts";
import { en } from "./en.ts";

/** de: TODO translate. */
export const de = {
  messages: { ...en },
  commands: {},
} satisfies LanguageFile;
