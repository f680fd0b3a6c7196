import type { LanguageFile } from "../messages.ts";
import { en } from "./en.ts";

/** ru: TODO translate. */
export const ru = {
  messages: { ...en },
  commands: {},
} satisfies LanguageFile;
