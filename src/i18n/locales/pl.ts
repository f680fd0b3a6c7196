import type { LanguageFile } from "../messages.ts";
import { en } from "./en.ts";

/** pl: TODO translate. */
export const pl = {
  messages: { ...en },
  commands: {},
} satisfies LanguageFile;
