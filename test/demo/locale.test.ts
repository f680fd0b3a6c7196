import { afterAll, expect, test } from "bun:test";
import { demo } from "../../src/demo/seed.ts";
import { readTour, spawnDemo } from "../helpers/demo.ts";

// The demo switched to another language (DEMO_LOCALE=de): its server and members use Discord in German, and the
// tour's commands read right in it: the answers members see, the refusals, and the log channel staff read.

const demoProcess = spawnDemo("wls-demo-de-", {
  SANDBOX_PORT: "0",
  SANDBOX_RATE_LIMITS: "off",
  LOG_LEVEL: "warn",
  DEMO_LOCALE: "de",
});

afterAll(() => demoProcess.stop());

/** Runs one of the tour's `curl -X POST … /interactions -d '…'` lines; the bot's answer. */
async function run(sandbox: string, line: string): Promise<{ content: string }> {
  const body = /-d '(.+)'/.exec(line)?.[1] ?? "";
  const response = await fetch(`${sandbox}/interactions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  return (await response.json()) as { content: string };
}

test("DEMO_LOCALE=de: the tour's register, denied nick and log channel read in German", async () => {
  const printed = await readTour(demoProcess.child);
  const sandbox = /^Sandbox: (\S+)$/m.exec(printed)?.[1] as string;
  const lines = printed.split("\n").filter((line) => line.includes('"command":"register"'));
  const proof = lines.find((line) => line.includes("SteveCraft"));
  const denied = lines.find((line) => line.includes("Griefer_01"));
  // survival requires proof of ownership: steve is told in German where to join and what to type.
  const proven = await run(sandbox, proof as string);
  expect(proven.content).toStartWith(
    "🔒 survival nimmt nur nachgewiesene Accounts: weise zuerst nach, dass SteveCraft dir gehört.\nFüge in Minecraft: Java Edition den Server",
  );
  expect(proven.content).toContain("gib hier `/registrieren code:<code> whitelist:survival` ein");
  const refused = await run(sandbox, denied as string);
  expect(refused.content).toBe(
    "⛔ Das Team hat Griefer\\_01 auf survival gesperrt. Grund: griefed spawn\n" +
      "Registriere einen anderen Nick, oder frag das Team, wenn du das für einen Fehler hältst.",
  );
  // Staff read the log in the server's language: the seeded additions were posted in German.
  type Embed = { title?: string; fields?: { name: string; value: string }[] };
  let embeds: Embed[] = [];
  for (let attempt = 0; attempt < 200 && embeds.length === 0; attempt++) {
    const posts = (await (await fetch(`${sandbox}/channels/${demo.channels.log}/messages`)).json()) as {
      embeds: Embed[];
    }[];
    embeds = posts.flatMap((post) => post.embeds);
    if (embeds.length === 0) await Bun.sleep(10);
  }
  expect(embeds[0]).toMatchObject({
    title: "Nick hinzugefügt",
    fields: expect.arrayContaining([{ name: "Herkunft", value: "Team", inline: true }]),
  });
  // The commands carry German names: the member's client shows /registrieren.
  const commands = (await (await fetch(`${sandbox}/commands`)).json()) as {
    name: string;
    name_localizations: Record<string, string> | null;
  }[];
  expect(commands.find((c) => c.name === "register")?.name_localizations?.de).toBe("registrieren");
});
