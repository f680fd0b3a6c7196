import type { LanguageFile } from "../messages.ts";
import { en } from "./en.ts";

/** pt-BR: TODO translate. */
export const ptBR = {
  messages: { ...en },
  commands: {},
} satisfies LanguageFile;
