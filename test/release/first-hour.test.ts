import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { cleanEnv, compiledBinary, ROOT } from "../helpers/binary.ts";

// The README's "Your first hour" runs `whitelist-sync invite` and `doctor`, which no clone has on its PATH (issue 30:
// `command not found`). Its opening lines say how to run them from a clone and from a binary: both forms are run
// here as written, through a shell with only the system's PATH, from the clone's root.

const readme = readFileSync(join(ROOT, "README.md"), "utf8");
const section = readme.slice(readme.indexOf("\n## Your first hour\n"));
const firstHour = section.slice(0, section.indexOf("\n## ", 1));
/** The inline commands of the section's opening paragraph (before its numbered steps). */
const forms = [...firstHour.slice(0, firstHour.indexOf("\n1. ")).matchAll(/`(DISCORD_TOKEN=… [^`]+)`/g)].map(
  (match) => match[1] as string,
);
/** A token of the demo's application (its id in base64, then two parts): enough for `invite`, which is offline. */
const TOKEN = `${Buffer.from("1200000000000000001").toString("base64")}.XXXXXX.YYYYYYYYYYYYYYYYYYYYYYYYYYY`;
const INVITE =
  "https://discord.com/oauth2/authorize?client_id=1200000000000000001&scope=bot%20applications.commands&permissions=268553280";

/** Runs a README command line through `sh` from the clone's root, the token in place of `…`. */
async function run(line: string, env: Record<string, string> = {}) {
  const shell = Bun.spawn(["sh", "-c", line.replace("DISCORD_TOKEN=…", `DISCORD_TOKEN=${TOKEN}`)], {
    cwd: ROOT,
    env: cleanEnv(env),
    stdout: "pipe",
    stderr: "pipe",
  });
  const [code, stdout, stderr] = await Promise.all([
    shell.exited,
    new Response(shell.stdout).text(),
    new Response(shell.stderr).text(),
  ]);
  return { code, stdout, stderr };
}

test("the section says how to run the program from a clone and from a binary", () => {
  expect(forms).toEqual([
    "DISCORD_TOKEN=… bun run whitelist-sync invite",
    "DISCORD_TOKEN=… ./dist/whitelist-sync invite",
  ]);
  // Every command the steps name is one the program has.
  const named = new Set([...firstHour.matchAll(/whitelist-sync (\w+)/g)].map((match) => match[1]));
  expect([...named].sort()).toEqual(["doctor", "invite", "serve"]);
});

test("from a clone: `bun run whitelist-sync invite` prints the link, and doctor runs the same way", async () => {
  const invite = await run(forms[0] as string);
  expect({ code: invite.code, stdout: invite.stdout }).toEqual({ code: 0, stdout: `${INVITE}\n` });
  // doctor, the same way: a Discord that cannot be reached is a ✘ of its report, not `command not found`.
  const closed = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const url = `http://127.0.0.1:${closed.port}/api`;
  await closed.stop(true);
  const doctor = await run((forms[0] as string).replace(" invite", " doctor --json"), {
    DISCORD_API_URL: url,
    DATABASE_PATH: join(ROOT, "dist", "first-hour-none", "whitelist-sync.db"),
  });
  expect(doctor.code).toBe(1);
  const report = JSON.parse(doctor.stdout) as { ok: boolean; sections: { checks: { title: string }[] }[] };
  expect(report.ok).toBe(false);
  expect(report.sections[0]?.checks[0]?.title).toBe("Discord could not be reached");
});

test("from the binary: `./dist/whitelist-sync invite` prints the same link", async () => {
  const binary = await compiledBinary();
  const invite = await run((forms[1] as string).replace("./dist/whitelist-sync", binary));
  expect({ code: invite.code, stdout: invite.stdout }).toEqual({ code: 0, stdout: `${INVITE}\n` });
}, 120_000);
