import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { po } from "gettext-parser";
import { fingerprintsFile, fingerprintsText, localeFiles, readFingerprints } from "../../.ci/i18n/files.ts";
import { applyToSource, changesOf } from "../../.ci/i18n/locale-source.ts";
import { exportPo, ImportError, importPo, languageNamed } from "../../src/i18n/exchange/catalogue.ts";
import {
  gettextPluralForms,
  numbersFormsAsCldr,
  readPluralForms,
  SAMPLE_COUNTS,
} from "../../src/i18n/exchange/plural-forms.ts";
import { readPo } from "../../src/i18n/exchange/po.ts";
import { fingerprint, staleUnits, translationOf, units } from "../../src/i18n/exchange/units.ts";
import { type Language, languages, pluralFormsOf } from "../../src/i18n/languages.ts";
import { tempDir } from "../helpers/services.ts";

// The catalogue in gettext's PO format for translation tools (docs/decisions.md, Translators): exported and
// imported without loss, read as meant by a parser nobody here wrote, refused where the type checker would refuse
// the TypeScript, and each translation flagged when its English changed since it was made.

const translated = languages.filter((language): language is Exclude<Language, "en"> => language !== "en");
const dir = tempDir("wls-i18n-");
afterAll(() => dir.cleanup());

/** Every translation of a language, by unit id, as the catalogue has it now. */
const catalogueOf = (language: Language): Map<string, unknown> =>
  new Map(units.map((unit) => [unit.id, translationOf(language, unit)] as const));

/** Today's English fingerprints: what an up-to-date language records. */
const upToDate = Object.fromEntries(units.map((unit) => [unit.id, fingerprint(unit.source)]));

describe("plural forms in PO files", () => {
  test("each language's Plural-Forms numbers its forms as CLDR does (Intl.PluralRules), from 0 to a billion", () => {
    const picked = Object.fromEntries(
      translated.map((language) => {
        const rule = readPluralForms(gettextPluralForms[language]);
        const forms = pluralFormsOf[language] as readonly string[];
        return [language, SAMPLE_COUNTS.map((n) => forms[rule.pick(n)])];
      }),
    );
    const cldr = Object.fromEntries(
      translated.map((language) => {
        const rules = new Intl.PluralRules(language);
        return [language, SAMPLE_COUNTS.map((n) => rules.select(n))];
      }),
    );
    expect(picked).toEqual(cldr);
  });

  test("a formula written otherwise but numbering alike is taken; gettext's old French (no many) is not", () => {
    expect(numbersFormsAsCldr("de", readPluralForms("nplurals=2; plural=n!=1"))).toBe(true);
    expect(numbersFormsAsCldr("fr", readPluralForms("nplurals=2; plural=(n > 1);"))).toBe(false);
    expect(() => readPluralForms("nplurals=2; plural=n # 2;")).toThrow("cannot be read");
  });
});

describe("export, then import", () => {
  // One language a test: gettext-parser takes about a second for a file on a busy machine.
  test.each(translated)("%s: gives the same catalogue, every unit, and nothing to change", (language) => {
    const back = importPo(exportPo(language, upToDate), `${language}.po`);
    expect({ translations: new Map<string, unknown>(back.translations), changes: back.changes.size }).toEqual(
      {
        translations: catalogueOf(language),
        changes: 0,
      },
    );
    expect(back.skipped).toEqual({ fuzzy: [], empty: [], absent: [], unknown: [] });
    // Each translation is recorded as made from today's English, plurals included.
    expect(back.madeFrom).toEqual(upToDate);
    // Written into the language's files, it leaves each byte for byte as it was.
    for (const { path, kind } of localeFiles(language)) {
      const source = readFileSync(path, "utf8");
      expect(applyToSource(source, path, changesOf(back.changes, kind)) === source).toBe(true);
    }
  });

  test.each(translated)(
    "%s: a parser nobody here wrote (gettext-parser) reads the file as meant",
    (language) => {
      {
        const parsed = po.parse(exportPo(language, upToDate));
        expect(parsed.headers).toMatchObject({
          Language: language,
          "Plural-Forms": gettextPluralForms[language],
          "Content-Type": "text/plain; charset=UTF-8",
        });
        const read = new Map<string, unknown>();
        for (const unit of units) {
          const [entry, ...more] = Object.values(parsed.translations[unit.id] ?? {});
          const forms = pluralFormsOf[language] as readonly string[];
          read.set(
            unit.id,
            more.length > 0 || !entry
              ? undefined
              : entry.msgid_plural === undefined
                ? entry.msgstr[0]
                : Object.fromEntries(forms.map((form, i) => [form, entry.msgstr[i]])),
          );
          expect(entry?.comments?.flag ?? "").not.toContain("fuzzy");
        }
        expect(read).toEqual(catalogueOf(language));
      }
    },
  );

  test("the template holds every unit, untranslated", () => {
    const template = po.parse(exportPo("template"));
    const entries = Object.entries(template.translations).filter(([context]) => context !== "");
    expect(entries.map(([context]) => context)).toEqual(units.map((unit) => unit.id));
    expect(entries.flatMap(([, byId]) => Object.values(byId).flatMap((entry) => entry.msgstr)).join("")).toBe(
      "",
    );
  });

  test.each(translated)(
    "%s: what another tool writes (gettext-parser's wrapping, escapes) imports the same",
    (language) => {
      const rewritten = po.compile(po.parse(exportPo(language, upToDate)), { foldLength: 40 }).toString();
      expect(new Map<string, unknown>(importPo(rewritten, `${language}.po`).translations)).toEqual(
        catalogueOf(language),
      );
    },
  );

  test("an imported change is written where it belongs, and the file still reads as the catalogue plus it", async () => {
    const language = "pl";
    const changed = exportPo(language, upToDate)
      .replace(
        'msgstr "Coś poszło nie tak po naszej stronie. Wejdź ponownie za minutę."',
        'msgstr "Ups. Wejdź za minutę."',
      )
      .replace('msgstr[2] "{count} nicków"', 'msgstr[2] "{count} nicków!"')
      .replace(/(msgctxt "command\/register\/name"\nmsgid "register"\nmsgstr )"[^"]*"/, '$1"zapisz"');
    const back = importPo(changed, "pl.po");
    expect([...back.changes.keys()].sort()).toEqual([
      "command/register/name",
      "error.limit.nicks",
      "link.refused.failed",
    ]);
    const written = join(dir.path, "locales");
    mkdirSync(join(written, "commands"), { recursive: true });
    for (const { path, kind } of localeFiles(language)) {
      const to = join(written, kind === "command" ? "commands" : "", "pl.ts");
      writeFileSync(to, applyToSource(readFileSync(path, "utf8"), path, changesOf(back.changes, kind)));
    }
    const { pl } = (await import(join(written, "pl.ts"))) as { pl: unknown };
    const { pl: commands } = (await import(join(written, "commands", "pl.ts"))) as { pl: unknown };
    const { pl: before } = await import("../../src/i18n/locales/pl.ts");
    const { pl: beforeCommands } = await import("../../src/i18n/locales/commands/pl.ts");
    expect({ pl, commands }).toEqual({
      pl: {
        messages: {
          ...before.messages,
          "link.refused.failed": "Ups. Wejdź za minutę.",
          "error.limit.nicks": { ...before.messages["error.limit.nicks"], many: "{count} nicków!" },
        },
      },
      commands: {
        commands: {
          ...beforeCommands.commands,
          register: { ...beforeCommands.commands.register, name: "zapisz" },
        },
      },
    });
  });
});

describe("translations whose English changed since they were made", () => {
  test("are marked fuzzy in the export, and an import leaves them flagged until they are confirmed", () => {
    const old = { ...upToDate, "error.closed": "0123456789ab" };
    const exported = exportPo("de", old);
    const parsed = po.parse(exported);
    const flagged = units.filter((unit) =>
      Object.values(parsed.translations[unit.id] ?? {}).some((entry) =>
        entry.comments?.flag?.includes("fuzzy"),
      ),
    );
    expect(flagged.map((unit) => unit.id)).toEqual(["error.closed"]);
    expect(importPo(exported, "de.po").skipped.fuzzy).toEqual(["error.closed"]);
    // The translator confirms it (the flag goes): from then on it was made from today's English.
    const confirmed = importPo(
      exported.replace(
        '#, fuzzy, python-brace-format\nmsgctxt "error.closed"',
        '#, python-brace-format\nmsgctxt "error.closed"',
      ),
      "de.po",
    );
    expect(staleUnits({ ...old, ...confirmed.madeFrom })).toEqual([]);
  });

  test("a file made against older English records that English, so the translation stays flagged", () => {
    const exported = exportPo("fr", upToDate).replace(
      'msgid "{whitelist} is closed for registrations right now. Ask staff when it reopens."',
      'msgid "{whitelist} is closed right now."',
    );
    const back = importPo(exported, "fr.po");
    expect(staleUnits({ ...upToDate, ...back.madeFrom }).map((unit) => unit.id)).toEqual(["error.closed"]);
  });

  test("none in the repository (else: `bun run i18n:reviewed --new` for a new text, `all <id>` for a reworded one)", () => {
    const stale = Object.fromEntries(
      translated.map((language) => [language, staleUnits(readFingerprints(language)).map((unit) => unit.id)]),
    );
    // A text whose English changed: update its translations, then `bun run i18n:reviewed all <id>`; a new text:
    // `bun run i18n:reviewed --new` (docs/decisions.md, Translators).
    expect(stale).toEqual(Object.fromEntries(translated.map((language) => [language, []])));
    for (const language of translated) {
      const path = fingerprintsFile(language);
      expect(readFileSync(path, "utf8")).toBe(fingerprintsText(readFingerprints(language)));
    }
  });
});

describe("importing refuses what the type checker and test/i18n would, naming file, line and unit", () => {
  const lineOf = (text: string, context: string) => text.split("\n").indexOf(`msgctxt "${context}"`) + 1;

  test("a placeholder lost or added, a missing plural form, a text past Discord's limit, an invalid command name", () => {
    const text = exportPo("de", upToDate)
      .replace(
        'msgstr "{whitelist} nimmt gerade keine Registrierungen an. Frag das Team, wann sie wieder öffnet."',
        'msgstr "Geschlossen, {nick}."',
      )
      .replace(/(msgctxt "error.limit.nicks"[\s\S]*?)msgstr\[1\] "[^"]*"\n/, "$1")
      .replace('msgstr "Die Minecraft-Whitelists des Servers verwalten"', `msgstr "${"x".repeat(101)}"`)
      .replace(
        /(msgctxt "command\/register\/name"\nmsgid "register"\nmsgstr )"[^"]*"/,
        '$1"Registrieren Sie"',
      );
    let error: unknown;
    try {
      importPo(text, "de.po");
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).message.split("\n")).toEqual([
      `de.po:${lineOf(text, "error.closed")}: error.closed: it lacks {whitelist}`,
      `de.po:${lineOf(text, "error.closed")}: error.closed: it has {nick}, which English has not`,
      `de.po:${lineOf(text, "error.limit.nicks")}: error.limit.nicks: 1 plural forms where the language has 2 (one, other)`,
      `de.po:${lineOf(text, "command/whitelist/description")}: command/whitelist/description: 101 characters, Discord takes 100`,
      `de.po:${lineOf(text, "command/register/name")}: command/register/name: "Registrieren Sie" is no Discord command name (lower case, 1-32 letters, digits, - or _)`,
    ]);
  });

  test("a Plural-Forms that numbers the forms otherwise, and a language the bot has no file for", () => {
    const text = exportPo("fr", upToDate).replace(gettextPluralForms.fr, "nplurals=2; plural=(n > 1);");
    expect(() => importPo(text, "fr.po")).toThrow(
      'fr.po:1: (header): Plural-Forms "nplurals=2; plural=(n > 1);" does not number fr\'s forms (one, many, other)',
    );
    expect(() => importPo(exportPo("de").replace("Language: de", "Language: es_419"), "x.po")).toThrow(
      'x.po:1: (header): its Language ("es_419") is none of de, fr, es-ES, pt-BR, pl, ru',
    );
  });

  test("a file that is no PO says where it stops", () => {
    expect(() =>
      importPo('msgid ""\nmsgstr ""\n"Language: de\\n"\nmsgctxt "x"\nmsgid "a"\nmsgstr "b\n', "de.po"),
    ).toThrow('de.po:6: (file): expected a quoted string, found "\\"b"');
  });

  test("the reader keeps what tools add (comments, previous strings, obsolete entries) out of the translations", () => {
    const entries = readPo(
      [
        'msgid ""',
        'msgstr "Language: de\\n"',
        "",
        "# a translator's note",
        "#. for translators",
        '#| msgid "old English"',
        "#, fuzzy",
        'msgctxt "a"',
        'msgid ""',
        '"two\\n"',
        '"lines \\"quoted\\""',
        'msgstr "zwei\\tZeilen"',
        '#~ msgctxt "gone"',
        '#~ msgid "gone"',
        '#~ msgstr "weg"',
      ].join("\n"),
    );
    expect(entries.slice(1)).toEqual([
      {
        context: "a",
        id: 'two\nlines "quoted"',
        strings: ["zwei\tZeilen"],
        comments: ["for translators"],
        flags: ["fuzzy"],
        line: 8,
      },
    ]);
  });
});

test("a file's language is read as tools write it, a region the bot has no file for refused", () => {
  const names = ["de", "de_DE", "de-AT", "pt_BR", "pt", "pt-PT", "es", "es_ES", "es-419", "fr.po", "ja"];
  expect(names.map((name) => languageNamed(name) ?? null)).toEqual([
    "de",
    "de",
    "de",
    "pt-BR",
    "pt-BR",
    null,
    "es-ES",
    "es-ES",
    null,
    "fr",
    null,
  ]);
});
