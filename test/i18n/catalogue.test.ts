import { describe, expect, test } from "bun:test";
import { commands } from "../../src/bot/commands/index.ts";
import { commandPaths } from "../../src/bot/localize.ts";
import { FORM_RETENTION_DAYS } from "../../src/guilds/service.ts";
import { commandCatalogues } from "../../src/i18n/catalogues.ts";
import { commandDescription, entryFor } from "../../src/i18n/commands.ts";
import { catalogues } from "../../src/i18n/every-language.ts";
import {
  COMMAND_NAME,
  COMMAND_TEXT_LIMIT,
  FILLED_PLACEHOLDER,
  shownLimitOf,
} from "../../src/i18n/exchange/limits.ts";
import { discordLocalesOf, type Language, languages, pluralFormsOf } from "../../src/i18n/languages.ts";
import { enCommands } from "../../src/i18n/locales/en.ts";
import type { Message } from "../../src/i18n/messages.ts";
import { placeholdersIn } from "../../src/i18n/render.ts";
import { wordsFor } from "../../src/i18n/words.ts";
import { MAX_ROLE_LIMIT } from "../../src/whitelists/model.ts";

// The catalogue in every language (docs/decisions.md, Languages): the same keys and placeholders as English, the
// plural forms each language needs, Discord's limits, and command localizations Discord accepts.

const source = catalogues.en as Readonly<Record<string, Message>>;
const others = languages.filter((language) => language !== "en");
const formsOf = (message: Message): [string, string][] =>
  typeof message === "string" ? [["", message]] : Object.entries(message);

describe("the message catalogue", () => {
  test("every language has exactly English's keys", () => {
    for (const language of others) {
      const keys = Object.keys(catalogues[language]).sort();
      expect({ language, keys }).toEqual({ language, keys: Object.keys(source).sort() });
    }
  });

  test("every text of every language has exactly English's placeholders, and no brace of its own", () => {
    const wrong: string[] = [];
    for (const language of languages) {
      const messages = catalogues[language] as Readonly<Record<string, Message>>;
      for (const [key, english] of Object.entries(source)) {
        const expected = new Set(formsOf(english).flatMap(([, text]) => placeholdersIn(text)));
        if (typeof english !== "string") expected.add("count");
        for (const [form, text] of formsOf(messages[key] as Message)) {
          const found = new Set(placeholdersIn(text));
          if ([...expected].sort().join() !== [...found].sort().join()) {
            wrong.push(
              `${language} ${key} ${form}: {${[...found].join("}, {")}} instead of {${[...expected].join("}, {")}}`,
            );
          }
          if (/[{}]/.test(text.replace(/\{[^{}]+\}/g, "")))
            wrong.push(`${language} ${key} ${form}: a stray brace`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  test("each language's plural forms are CLDR's, as Intl.PluralRules gives them", () => {
    const cldr = Object.fromEntries(
      languages.map((language) => [
        language,
        [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort() as string[],
      ]),
    );
    const table = Object.fromEntries(
      languages.map((language) => [language, [...pluralFormsOf[language]].sort() as string[]]),
    );
    expect(table).toEqual(cldr);
  });

  test("plural messages write exactly their language's forms", () => {
    const wrong: string[] = [];
    for (const language of languages) {
      const forms = [...pluralFormsOf[language]].sort();
      const messages = catalogues[language] as Readonly<Record<string, Message>>;
      for (const [key, message] of Object.entries(messages)) {
        if (typeof message === "string") {
          if (typeof source[key] !== "string") wrong.push(`${language} ${key}: not plural`);
          continue;
        }
        const written = Object.keys(message).sort();
        if (written.join() !== forms.join()) wrong.push(`${language} ${key}: ${written.join(", ")}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test("French, Spanish and Portuguese say a million things with their many form", () => {
    const million = (language: Language) =>
      wordsFor(language).t("whitelist.show.denials.header", { count: 1e6 });
    expect({ fr: million("fr"), es: million("es-ES"), pt: million("pt-BR"), de: million("de") }).toEqual({
      fr: "1\u202f000\u202f000 de pseudos :", // French groups digits with a narrow no-break space
      es: "1.000.000 de nicks:",
      pt: "1.000.000 de nicks:",
      de: "1.000.000 Nicks:",
    });
  });

  test("one term for a thing in each language, and members addressed whatever their gender", () => {
    // German says „Bann“ and „Bann-Abgleich“ (not Ban-Sync, Banns), French « bannissement » (Discord's word, not
    // « ban »); Polish and Russian speak to a member without a past tense or participle that has a gender
    // („potwierdziłeś“, «ты подтвердил»), using impersonal forms instead („potwierdzono“, «подтверждено»).
    const avoided: Partial<Record<Language, RegExp>> = {
      de: /Ban-Sync|\bBanns\b|\bBans?\b/u,
      fr: /(?<![\p{L}-])bans?(?![\p{L}-])/iu,
      pl: /\p{L}(?:łeś|łaś)(?!\p{L})/u,
      ru: /(?<!\p{L})[Тт]ы(?: \p{L}+)? \p{L}+(?:л|ла|ан|ен)(?!\p{L})/u,
    };
    const found: string[] = [];
    for (const [language, pattern] of Object.entries(avoided) as [Language, RegExp][]) {
      const texts = [
        ...Object.entries(catalogues[language]).flatMap(([key, message]) =>
          formsOf(message).map(([, text]) => [key, text] as const),
        ),
        ...Object.entries(commandCatalogues[language]).flatMap(([key, entry]) =>
          [entry.name, entry.description].flatMap((text) => (text ? [[key, text] as const] : [])),
        ),
      ];
      for (const [key, text] of texts) {
        const match = text.match(pattern);
        if (match) found.push(`${language} ${key}: ${match[0]}`);
      }
    }
    expect(found).toEqual([]);
  });

  test("Polish and Russian choose one, few and many as their grammar does", () => {
    const counted = (language: Language) =>
      [1, 2, 5, 22, 25].map((count) => wordsFor(language).t("log.count.nicks", { count }));
    expect({ pl: counted("pl"), ru: counted("ru"), de: counted("de") }).toEqual({
      pl: ["1 nick", "2 nicki", "5 nicków", "22 nicki", "25 nicków"],
      ru: ["1 ник", "2 ника", "5 ников", "22 ника", "25 ников"],
      de: ["1 Nick", "2 Nicks", "5 Nicks", "22 Nicks", "25 Nicks"],
    });
  });

  test("every text stays within Discord's limits for where it is shown, placeholders filled long", () => {
    // Where a text is shown, by its key (src/i18n/exchange/limits.ts, which the import checks too).
    const over: string[] = [];
    for (const language of languages) {
      const messages = catalogues[language] as Readonly<Record<string, Message>>;
      for (const [key, message] of Object.entries(messages)) {
        for (const [form, text] of formsOf(message)) {
          const filled = text.replace(/\{[^{}]+\}/g, FILLED_PLACEHOLDER);
          if (filled.length > shownLimitOf(key))
            over.push(`${language} ${key} ${form}: ${filled.length} > ${shownLimitOf(key)}`);
        }
      }
    }
    expect(over).toEqual([]);
  });

  test("a command a text names is one of that language's commands", () => {
    const wrong: string[] = [];
    for (const language of languages) {
      const texts = commandCatalogues[language];
      const names = new Set(
        commands.map((command) => entryFor(texts, command.data.name)?.name ?? command.data.name),
      );
      const written = [
        ...Object.entries(catalogues[language] as Readonly<Record<string, Message>>).flatMap(
          ([key, message]) => formsOf(message).map(([, text]) => [key, text] as const),
        ),
        ...Object.entries(texts).flatMap(([key, entry]) =>
          [entry.name, entry.description].flatMap((text) => (text ? [[key, text] as const] : [])),
        ),
      ];
      for (const [key, text] of written) {
        for (const match of text.matchAll(/(?:^|[\s`(“„«])\/([\p{L}\p{N}_-]+)/gu)) {
          if (!names.has(match[1] as string)) wrong.push(`${language} ${key}: /${match[1]}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("command localizations", () => {
  // The choices of `/texts language` are the languages, each named in itself in its own file ("Deutsch"), the same
  // in every language: the only choices without an entry here.
  const ownNames = new Set(languages.map((language) => `texts language language ${language}`));
  const paths = commandPaths(commands).filter(({ path }) => !ownNames.has(path));

  test("every command and option has a description in every language, within Discord's 100 characters", () => {
    const wrong: string[] = [];
    for (const language of languages) {
      for (const { path, kind } of paths) {
        const entry = entryFor(commandCatalogues[language], path);
        if (kind !== "choice" && !entry?.description) wrong.push(`${language} ${path}: no description`);
        if ((entry?.description?.length ?? 0) > COMMAND_TEXT_LIMIT)
          wrong.push(`${language} ${path}: description over 100`);
        if (kind === "choice" && !entry?.name) wrong.push(`${language} ${path}: no name`);
        if (kind === "choice" && (entry?.name?.length ?? 0) > COMMAND_TEXT_LIMIT)
          wrong.push(`${language} ${path}: choice over 100`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test("localized names are valid Discord names, lower case, and unique among their siblings", () => {
    const wrong: string[] = [];
    for (const language of others) {
      const siblings = new Map<string, string>();
      for (const { path, kind, name } of paths) {
        if (kind === "choice") continue;
        const localized = entryFor(commandCatalogues[language], path)?.name ?? name;
        if (!COMMAND_NAME.test(localized) || localized !== localized.toLowerCase())
          wrong.push(`${language} ${path}: ${localized}`);
        const parent = path.split(" ").slice(0, -1).join(" ");
        const taken = siblings.get(`${parent}/${localized}`);
        if (taken) wrong.push(`${language} ${path}: ${localized} is also ${taken}`);
        siblings.set(`${parent}/${localized}`, path);
      }
    }
    expect(wrong).toEqual([]);
  });

  test("the definitions are built from the English entries: each text the one its path finds", () => {
    const wrong: string[] = [];
    for (const { path, kind, name, description } of paths) {
      const entry = entryFor(enCommands, path);
      if (kind === "choice" ? entry?.name !== name : entry?.description !== description)
        wrong.push(`${path}: ${kind === "choice" ? name : description}`);
      if (kind !== "choice" && entry?.name !== undefined && entry.name !== name)
        wrong.push(`${path}: named ${name}, not ${entry.name}`);
    }
    expect(wrong).toEqual([]);
  });

  test("each English entry stands for at least one path (so each translation is one Discord shows)", () => {
    const used = new Set(
      paths.map(({ path }) =>
        Object.keys(enCommands).find(
          (key) => (enCommands as Readonly<Record<string, unknown>>)[key] === entryFor(enCommands, path),
        ),
      ),
    );
    expect(Object.keys(enCommands).filter((key) => !used.has(key))).toEqual([]);
  });

  test("the languages a server may choose are named each in itself", () => {
    const choices = commandPaths(commands).filter(({ path }) => ownNames.has(path));
    expect(choices.map(({ name }) => name)).toEqual(
      languages.map((language) => wordsFor(language).t("language.name")),
    );
  });

  test("a description that names a bound names the one the code enforces", () => {
    expect([
      commandDescription("whitelist roles limit"),
      commandDescription("whitelist form retention days"),
    ]).toEqual([
      `A role's nick limit: <role>=<n> (1-${MAX_ROLE_LIMIT}), or <role>=none to clear it`,
      `0-${FORM_RETENTION_DAYS.max} (0: only while a request waits; default ${FORM_RETENTION_DAYS.default})`,
    ]);
  });

  test("the definitions carry them for each language's Discord locales", () => {
    const register = commands.find((command) => command.data.name === "register");
    expect(register?.data.name_localizations).toMatchObject({ de: "registrieren" });
    expect(Object.keys(register?.data.description_localizations ?? {}).sort()).toEqual(
      others.flatMap((language) => discordLocalesOf[language]).sort(),
    );
  });
});
