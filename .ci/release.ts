/**
 * `bun run release [--bump patch|minor|major|X.Y.Z] [--only linux-arm64,…]`: one executable per platform in
 * dist/release/, named whitelist-sync-<version>-<platform>[.exe], with a SHA256SUMS file (`sha256sum -c` reads
 * it). With --bump the version in package.json goes up first, and CHANGELOG.md's "Unreleased" section becomes
 * that version's, dated today.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bumped, releaseChangelog } from "./changelog.ts";
import { compile, currentCommit, ROOT, TARGETS, type TargetName } from "./compile.ts";

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? undefined : args[at + 1];
};

const packagePath = join(ROOT, "package.json");
const pkg = JSON.parse(readFileSync(packagePath, "utf8")) as { version: string };
const bump = option("bump");
if (bump) {
  const next = bumped(pkg.version, bump);
  const changelogPath = join(ROOT, "CHANGELOG.md");
  const today = new Date().toISOString().slice(0, 10);
  writeFileSync(changelogPath, releaseChangelog(readFileSync(changelogPath, "utf8"), next, today));
  writeFileSync(
    packagePath,
    readFileSync(packagePath, "utf8").replace(`"version": "${pkg.version}"`, `"version": "${next}"`),
  );
  console.log(`version ${pkg.version} → ${next} (package.json, CHANGELOG.md): commit it, then release`);
  pkg.version = next;
}

const only = option("only")?.split(",") as TargetName[] | undefined;
const targets = (Object.keys(TARGETS) as TargetName[]).filter((target) => !only || only.includes(target));
for (const target of only ?? []) if (!(target in TARGETS)) throw new Error(`unknown platform ${target}`);

const dir = join(ROOT, "dist", "release");
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const commit = currentCommit();
console.log(`whitelist-sync ${pkg.version} (commit ${commit}) for ${targets.length} platform(s) → ${dir}`);
const sums: string[] = [];
for (const target of targets) {
  const file = `whitelist-sync-${pkg.version}-${target}${target.startsWith("windows") ? ".exe" : ""}`;
  const started = performance.now();
  // The executable alone: compile() keeps no source map beside it.
  await compile({ target, outfile: join(dir, file), commit });
  const bytes = readFileSync(join(dir, file));
  sums.push(`${createHash("sha256").update(bytes).digest("hex")}  ${file}`);
  const size = (statSync(join(dir, file)).size / 1024 / 1024).toFixed(1);
  console.log(
    `  ${file.padEnd(48)} ${size.padStart(6)} MiB  ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
writeFileSync(join(dir, "SHA256SUMS"), `${sums.join("\n")}\n`);
console.log(`  SHA256SUMS (check with: cd dist/release && sha256sum -c SHA256SUMS)`);
