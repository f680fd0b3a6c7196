import type { LanguageFile } from "../messages.ts";
import { en } from "./en.ts";

/** es-ES: TODO translate. */
export const esES = {
  messages: { ...en },
  commands: {},
} satisfies LanguageFile;
