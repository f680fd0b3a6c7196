import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { exportPo, ImportError, type Imported, importPo } from "../src/i18n/exchange/catalogue.ts";
import { type Fingerprints, staleUnits, unitsById } from "../src/i18n/exchange/units.ts";
import { type Language, languages } from "../src/i18n/languages.ts";
import {
  fingerprintsFile,
  fingerprintsNow,
  fingerprintsText,
  localeFiles,
  ROOT,
  readFingerprints,
} from "./i18n/files.ts";
import { applyToSource, changesOf } from "./i18n/locale-source.ts";

// The catalogue for translators who do not write TypeScript (docs/decisions.md, Translators): gettext PO files out,
// checked translations in. A developer's tool, run from a clone: a translation reaches hosts with the next build.

const HELP = `Usage:
  bun run i18n:export [--out DIR]         write DIR/whitelist-sync.pot and DIR/<language>.po (default DIR: i18n)
  bun run i18n:import FILE.po…            check each file and write its translations into src/i18n/locales/
  bun run i18n:status                     list the translations whose English changed since they were made
  bun run i18n:reviewed LANGUAGE|all ID…  record that these translations match today's English
  bun run i18n:reviewed --new             record it for every translation that has no record yet (new texts)`;

const translated = languages.filter((language): language is Exclude<Language, "en"> => language !== "en");

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function writeFingerprints(language: Language, fingerprints: Fingerprints) {
  writeFileSync(fingerprintsFile(language), fingerprintsText(fingerprints));
}

/** Formats files the way `bun run lint` wants them (Biome), so an import leaves a clean tree. */
function format(paths: string[]) {
  const biome = Bun.spawnSync([join(ROOT, "node_modules", ".bin", "biome"), "format", "--write", ...paths], {
    stdout: "pipe",
    stderr: "pipe",
  });
  if (biome.exitCode !== 0) fail(`biome could not format ${paths.join(", ")}:\n${biome.stderr.toString()}`);
}

function exportAll(args: string[]) {
  const at = args.indexOf("--out");
  const out = resolve(at >= 0 ? (args[at + 1] ?? fail("--out needs a directory")) : join(ROOT, "i18n"));
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "whitelist-sync.pot"), exportPo("template"));
  for (const language of translated) {
    const fingerprints = readFingerprints(language);
    writeFileSync(join(out, `${language}.po`), exportPo(language, fingerprints));
    const stale = staleUnits(fingerprints).length;
    console.log(`${language}.po${stale ? `: ${stale} marked fuzzy (English changed since translated)` : ""}`);
  }
  console.log(`Wrote ${out}/whitelist-sync.pot and ${translated.length} translations.`);
}

function importFiles(files: string[]) {
  if (files.length === 0) fail(HELP);
  const imported: Imported[] = [];
  const problems: string[] = [];
  for (const file of files) {
    try {
      imported.push(importPo(readFileSync(file, "utf8"), basename(file)));
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      problems.push(error.message);
    }
  }
  const twice = imported.filter(
    (one, i) => imported.findIndex((other) => other.language === one.language) !== i,
  );
  for (const one of twice) problems.push(`${one.language}: given by more than one file`);
  if (problems.length > 0) fail(`Nothing was imported:\n${problems.join("\n")}`);
  for (const { language, changes, madeFrom } of imported) {
    for (const { path, kind } of localeFiles(language)) {
      const theirs = changesOf(changes, kind);
      if (theirs.size > 0) writeFileSync(path, applyToSource(readFileSync(path, "utf8"), path, theirs));
    }
    writeFingerprints(language, { ...readFingerprints(language), ...madeFrom });
  }
  format(
    imported.flatMap(({ language }) => [
      ...localeFiles(language).map(({ path }) => path),
      fingerprintsFile(language),
    ]),
  );
  for (const { language, changes, madeFrom, skipped } of imported) {
    const stale = staleUnits(readFingerprints(language)).length;
    console.log(
      `${language}: ${changes.size} changed, ${Object.keys(madeFrom).length - changes.size} as they were; ` +
        `left as they are: ${skipped.fuzzy.length} fuzzy, ${skipped.empty.length} empty, ` +
        `${skipped.absent.length} absent, ${skipped.unknown.length} no longer in the catalogue` +
        (stale ? `; ${stale} still made from older English` : ""),
    );
  }
  console.log("Run bun run typecheck and bun test test/i18n, then commit src/i18n.");
}

function status() {
  for (const language of translated) {
    const stale = staleUnits(readFingerprints(language));
    console.log(`${language}: ${stale.length === 0 ? "every translation matches today's English" : ""}`);
    for (const unit of stale) console.log(`  ${unit.id}`);
  }
}

function reviewed(args: string[]) {
  if (args[0] === "--new") {
    for (const language of translated) {
      const kept = readFingerprints(language);
      writeFingerprints(language, { ...fingerprintsNow(), ...kept });
    }
    return;
  }
  const [which, ...ids] = args;
  const chosen = which === "all" ? translated : translated.filter((language) => language === which);
  if (chosen.length === 0 || ids.length === 0) fail(HELP);
  const unknown = ids.filter((id) => !unitsById.has(id));
  if (unknown.length > 0) fail(`Not in the catalogue: ${unknown.join(", ")}`);
  for (const language of chosen) {
    writeFingerprints(language, { ...readFingerprints(language), ...fingerprintsNow(ids) });
  }
}

const [command, ...args] = process.argv.slice(2);
if (command === "export") exportAll(args);
else if (command === "import") importFiles(args);
else if (command === "status") status();
else if (command === "reviewed") reviewed(args);
else fail(HELP);
