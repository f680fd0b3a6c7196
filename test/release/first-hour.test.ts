import { expect, test } from "bun:test";
import { join } from "node:path";
import { ROOT } from "../helpers/binary.ts";
import { refusingUrl } from "../helpers/ports.ts";
import { firstHour, forms, INVITE, run } from "./first-hour.ts";

// The README's "Your first hour", from a clone (first-hour.ts says why; the binary's form is first-hour.full.test.ts).

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
  const url = refusingUrl("/api");
  const doctor = await run((forms[0] as string).replace(" invite", " doctor --json"), {
    DISCORD_API_URL: url,
    DATABASE_PATH: join(ROOT, "dist", "first-hour-none", "whitelist-sync.db"),
  });
  expect(doctor.code).toBe(1);
  const report = JSON.parse(doctor.stdout) as { ok: boolean; sections: { checks: { title: string }[] }[] };
  expect(report.ok).toBe(false);
  expect(report.sections[0]?.checks[0]?.title).toBe("Discord could not be reached");
});
