import type { LanguageFile } from "../messages.ts";
import { en } from "./en.ts";

/** fr: TODO translate. */
export const fr = {
  messages: { ...en },
  commands: {},
} satisfies LanguageFile;
