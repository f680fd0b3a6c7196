import { describe, expect, test } from "bun:test";
import { readFileSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { seedEntries } from "../helpers/services.ts";
import { syncFixture } from "./fixture.ts";
import { agentOptions, latestEventId, manualSleep, seedSurvival } from "./helpers.ts";

// Never write over a setting that could not be read whole. EasyWhitelist keeps its list in its config.yml and
// saves it in place (Bukkit's FileConfiguration.save: a FileOutputStream, which empties the file, then the text),
// on every `/easywl add` and when the server stops; an agent reading in between sees an empty or a cut file.
// The window is stretched here: the agent's wait for the file to settle is where the plugin's save goes on.

const edited = readFileSync(join(import.meta.dir, "fixtures", "easywhitelist-edited.yml.txt"), "utf8");

const fixture = syncFixture("wls-settings-");

async function world() {
  const service = await fixture.service();
  const s = service.services;
  const out = join(fixture.dir, "config.yml");
  writeFileSync(out, edited);
  return { service, s, out, ...(await seedSurvival(s, ["Notch", "jeb_"])) };
}

const agent = fixture.agent;

/** The settings a config.yml holds besides the list, as SnakeYAML (YAML 1.1) reads them. */
const settings = (text: string) => {
  const { whitelisted: _list, ...rest } = parse(text, { version: "1.1" }) as Record<string, unknown>;
  return rest;
};

describe("EasyWhitelist's config.yml caught mid-save", () => {
  test("read empty, then whole: the agent waits for it to settle and keeps every setting", async () => {
    const { service, s, wl, key, out } = await world();
    // The plugin's save, in two halves: the file emptied, and (while the agent waits) the text written.
    let finishSave: (() => void) | null = null;
    const saved = `${edited.replace("it''s quick", "it''s quicker")}`;
    const settle = async () => {
      const finish = finishSave;
      finishSave = null;
      finish?.();
      await new Promise((resolve) => setImmediate(resolve));
    };
    const sync = agent(
      agentOptions(service, key, "survival", fixture.dir, { format: "easywhitelist", out }),
      {
        settle,
      },
    );
    await sync.waitFor("started");

    truncateSync(out, 0);
    finishSave = () => writeFileSync(out, saved);
    await seedEntries(s, wl.id, ["Alex"]);
    await sync.synced(await latestEventId(service));
    const text = readFileSync(out, "utf8");
    expect(settings(text)).toEqual({
      whitelist: true,
      no_whitelisted: "&cNot whitelisted: ask on &eDiscord&c, it's quicker.",
      uuidlisted: {},
    });
    expect(parse(text, { version: "1.1" }).whitelisted).toEqual(["alex", "jeb_", "notch"]);
    expect(text).toContain("# Edited by hand on survival");
  });

  test("still empty after it settled: not written over, said so, tried again until the save is done", async () => {
    const { service, s, wl, key, out } = await world();
    const waits = manualSleep();
    const sync = agent(
      agentOptions(service, key, "survival", fixture.dir, { format: "easywhitelist", out }),
      {
        sleep: waits.sleep,
      },
    );
    await sync.waitFor("started");

    truncateSync(out, 0);
    await seedEntries(s, wl.id, ["Alex"]);
    const refused = await sync.waitFor("warning", (e) => e.message.includes("is empty"));
    expect(refused.message).toStartWith(
      `${out} is empty: the game server may be saving it, and its other settings are not there to keep, so it ` +
        "is not written over",
    );
    expect(readFileSync(out, "utf8")).toBe("");

    // The save completes; the next try fits the list in, every setting kept.
    writeFileSync(out, edited);
    await waits.waiting();
    waits.releaseAll();
    await sync.synced(await latestEventId(service));
    expect(settings(readFileSync(out, "utf8"))).toEqual({
      whitelist: true,
      no_whitelisted: "&cNot whitelisted: ask on &eDiscord&c, it's quick.",
      uuidlisted: {},
    });
    expect(parse(readFileSync(out, "utf8"), { version: "1.1" }).whitelisted).toEqual([
      "alex",
      "jeb_",
      "notch",
    ]);
  });

  test("each save is waited out from the same short wait: the reconnect backoff never grows it", async () => {
    const { service, s, wl, key, out } = await world();
    const waits = manualSleep();
    // The middle of the jitter, so each wait is a known figure.
    const sync = agent(
      agentOptions(service, key, "survival", fixture.dir, { format: "easywhitelist", out }),
      { sleep: waits.sleep, random: () => 0.5 },
    );
    await sync.waitFor("started");

    // Four plugin saves caught in turn, the socket up all along: each one's wait is as short as the first.
    const seen: number[] = [];
    for (const nick of ["Alex", "Steve", "Herobrine", "Dinnerbone"]) {
      const from = sync.events.length;
      truncateSync(out, 0);
      await seedEntries(s, wl.id, [nick]);
      await sync.waitFor("warning", (e) => e.message.includes("is empty"), from);
      seen.push(await waits.waiting());
      writeFileSync(out, edited);
      waits.releaseAll();
      await sync.synced(await latestEventId(service));
    }
    expect(seen).toEqual([375, 375, 375, 375]);
    expect(parse(readFileSync(out, "utf8"), { version: "1.1" }).whitelisted).toHaveLength(6);
  });

  test("a file that keeps changing is not taken for read: tried again later", async () => {
    const { service, key, out } = await world();
    let saves = 0;
    // A plugin saving again and again: each settle finds other bytes.
    const settle = async () => {
      writeFileSync(out, `${edited}# save ${++saves}\n`);
    };
    const waits = manualSleep();
    const sync = agent(
      agentOptions(service, key, "survival", fixture.dir, { format: "easywhitelist", out }),
      {
        settle,
        sleep: waits.sleep,
      },
    );
    const refused = await sync.waitFor("warning", (e) => e.message.includes("kept changing"));
    expect(refused.message).toStartWith(`${out} kept changing while it was read; trying again in`);
    expect(readFileSync(out, "utf8")).toBe(`${edited}# save ${saves}\n`);
    expect(sync.events.some((e) => e.type === "started")).toBe(false);
  });
});
