/** Version bumps and CHANGELOG.md sections for `bun run release --bump` (release.ts). */

/** The next version after `current` for a bump (`patch`, `minor`, `major`) or an explicit X.Y.Z. */
export function bumped(current: string, bump: string): string {
  if (/^\d+\.\d+\.\d+$/.test(bump)) return bump;
  const [major = 0, minor = 0, patch = 0] = current.split(".").map(Number);
  if (bump === "major") return `${major + 1}.0.0`;
  if (bump === "minor") return `${major}.${minor + 1}.0`;
  if (bump === "patch") return `${major}.${minor}.${patch + 1}`;
  throw new Error(`--bump takes patch, minor, major or a version X.Y.Z (got ${bump})`);
}

/** CHANGELOG.md with its "Unreleased" changes moved under `version`, dated `date` (Keep a Changelog). */
export function releaseChangelog(text: string, version: string, date: string): string {
  const heading = "## [Unreleased]";
  if (!text.includes(heading)) throw new Error(`CHANGELOG.md has no "${heading}" section`);
  if (text.includes(`## [${version}]`)) throw new Error(`CHANGELOG.md already has a section for ${version}`);
  return text.replace(heading, `${heading}\n\n## [${version}] - ${date}`);
}
