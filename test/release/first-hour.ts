import { readFileSync } from "node:fs";
import { join } from "node:path";
import { cleanEnv, ROOT } from "../helpers/binary.ts";
import { runToEnd } from "../helpers/run.ts";

// The README's "Your first hour" runs `whitelist-sync invite` and `doctor`, which no clone has on its PATH (issue 30:
// `command not found`). Its opening lines say how to run them from a clone and from a binary: both forms are run
// as written, through a shell with only the system's PATH, from the clone's root (first-hour.test.ts from a clone,
// first-hour.full.test.ts from the compiled binary).

const readme = readFileSync(join(ROOT, "README.md"), "utf8");
const section = readme.slice(readme.indexOf("\n## Your first hour\n"));
/** The README's "Your first hour" section. */
export const firstHour = section.slice(0, section.indexOf("\n## ", 1));
/** The inline commands of the section's opening paragraph (before its numbered steps). */
export const forms = [
  ...firstHour.slice(0, firstHour.indexOf("\n1. ")).matchAll(/`(DISCORD_TOKEN=… [^`]+)`/g),
].map((match) => match[1] as string);
/** A token of the demo's application (its id in base64, then two parts): enough for `invite`, which is offline. */
const TOKEN = `${Buffer.from("1200000000000000001").toString("base64")}.XXXXXX.YYYYYYYYYYYYYYYYYYYYYYYYYYY`;
/** The link `invite` prints for that token. */
export const INVITE =
  "https://discord.com/oauth2/authorize?client_id=1200000000000000001&scope=bot%20applications.commands&permissions=268553280";

/** Runs a README command line through `sh` from the clone's root, the token in place of `…`. */
export async function run(line: string, env: Record<string, string> = {}) {
  return runToEnd(["sh", "-c", line.replace("DISCORD_TOKEN=…", `DISCORD_TOKEN=${TOKEN}`)], {
    cwd: ROOT,
    env: cleanEnv(env),
  });
}
