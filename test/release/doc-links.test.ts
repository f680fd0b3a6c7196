import { expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { ROOT } from "../helpers/binary.ts";

// The README keeps what a newcomer needs and links its reference in docs/ from where each part was (issue 30):
// every relative link of the README and of docs/ must reach a file, and a heading of it when it names one, so a
// section moved or renamed without its links fails here.

const documents = ["README.md", ...readdirSync(join(ROOT, "docs")).map((name) => `docs/${name}`)].filter(
  (path) => path.endsWith(".md"),
);

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

/** The anchors of a Markdown file's headings (outside code blocks). */
function anchorsOf(path: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(join(ROOT, path), "utf8").split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.+)$/.exec(line);
    if (heading) anchors.add(slug(heading[1] as string));
  }
  return anchors;
}

/** Every relative link of a Markdown file outside code blocks: `[text](target)`. */
function linksOf(path: string): string[] {
  const text = readFileSync(join(ROOT, path), "utf8").replace(/^```[\s\S]*?^```$/gm, "");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] as string)
    .filter((target) => !/^[a-z]+:/.test(target));
}

test.each(documents)("%s: every relative link reaches a file, and its heading", (path) => {
  const broken = linksOf(path).filter((target) => {
    const [file, anchor] = target.split("#") as [string, string | undefined];
    const resolved = file === "" ? path : relative(ROOT, join(ROOT, dirname(path), file));
    if (!existsSync(join(ROOT, resolved))) return true;
    return anchor !== undefined && resolved.endsWith(".md") && !anchorsOf(resolved).has(anchor);
  });
  expect(broken).toEqual([]);
});

test("the README links each reference document it handed its sections to", () => {
  const links = linksOf("README.md");
  for (const moved of ["configuration.md", "sync.md", "running.md", "performance.md", "sandbox.md"]) {
    expect(links.some((target) => target.startsWith(`docs/${moved}`))).toBe(true);
  }
});
