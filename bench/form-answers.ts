/**
 * Benchmark: what form answers cost a removal (docs/decisions.md, Application forms). An entry's answers go with
 * it by a foreign key's cascade, inside the transaction that removes it, however it goes; this measures that
 * cascade where it weighs most.
 *
 * What runs, in this process: two SQLite stores (temporary files, the service's settings), each with one whitelist
 * of `--entries` entries seeded through the services; in "answers", every entry also has its member's answers to
 * a two-question form (as a registration with a form stores them), in "none" there are no answers at all (the
 * baseline: the same schema, nothing for the cascade to find).
 *
 * What it measures, per store: `--removals` single removals through `entries.remove` (the core of
 * `DELETE …/entries/{nick}` and `/unregister`: one write with its event), taken in alternating segments so a
 * change of the machine's load falls on both, as removals per second; then the deletion of the whole whitelist
 * with what is left (`deletion.deleteWhitelist`: every entry in one transaction), in ms.
 *
 * How to read it: "ratio" is answers ÷ none (1.0: the cascade costs nothing measurable; for removals/s, lower is
 * slower). The load average is printed first: on a shared machine neighbours move both columns.
 *
 * Usage: bun bench/form-answers.ts [--entries 20000] [--removals 2000] [--segments 4]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { closeDatabase } from "../src/db/client.ts";
import { openServices, type Services } from "../src/services.ts";
import { systemClock } from "../src/shared/clock.ts";
import { silentLogger } from "../src/shared/logger.ts";
import { fixed, grouped, table } from "./lib.ts";

const { values } = parseArgs({
  options: {
    entries: { type: "string", default: "20000" },
    removals: { type: "string", default: "2000" },
    segments: { type: "string", default: "4" },
  },
});
const ENTRIES = Number(values.entries);
const REMOVALS = Number(values.removals);
const SEGMENTS = Number(values.segments);
const GUILD = "100000000000000001";
const MEMBER = "300000000000000001";

type Variant = {
  name: "answers" | "none";
  services: Services;
  whitelistId: string;
  removed: number;
  ms: number;
};

/** A store with one whitelist of ENTRIES entries, with answers for each or none. */
async function seeded(dir: string, name: Variant["name"]): Promise<Variant> {
  const services = openServices({ path: join(dir, `${name}.db`), clock: systemClock, logger: silentLogger });
  const whitelist = await services.whitelists.create({
    guildId: GUILD,
    name: "survival",
    channelId: "200000000000000001",
    nickType: "offline",
    registrationMode: "command",
  });
  const nicks = Array.from({ length: ENTRIES }, (_, i) => `player_${i}`);
  for (let start = 0; start < nicks.length; start += 1000) {
    await services.entries.addMany(
      nicks.slice(start, start + 1000).map((nick) => ({
        whitelistId: whitelist.id,
        nick,
        uuid: null,
        premium: false,
        userId: MEMBER,
        addedBy: MEMBER,
        origin: "discord" as const,
      })),
    );
  }
  if (name === "answers") {
    const client = services.store.client as import("bun:sqlite").Database;
    const answers = JSON.stringify([
      { question: "How old are you?", answer: "17" },
      { question: "Why do you want to join?", answer: "I build castles with my friends, ".repeat(8) },
    ]);
    client.run(
      `INSERT INTO form_answers (guild_id, whitelist_id, user_id, entry_id, answers, created_at, closed_at)
       SELECT ?, whitelist_id, user_id, id, ?, created_at, created_at FROM entries`,
      [GUILD, answers],
    );
  }
  return { name, services, whitelistId: whitelist.id, removed: 0, ms: 0 };
}

/** Removes the next `count` nicks of the variant one by one; adds the time to its total. */
async function removeSome(variant: Variant, count: number): Promise<void> {
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    await variant.services.entries.remove({
      whitelistId: variant.whitelistId,
      nick: `player_${variant.removed + i}`,
      origin: "api",
    });
  }
  variant.ms += performance.now() - started;
  variant.removed += count;
}

const dir = mkdtempSync(join(tmpdir(), "wls-bench-answers-"));
try {
  console.log(
    `load average: ${loadavg()
      .map((value) => fixed(value, 2))
      .join(" ")}`,
  );
  console.log(`seeding two stores of ${grouped(ENTRIES)} entries…`);
  const answers = await seeded(dir, "answers");
  const none = await seeded(dir, "none");
  const perSegment = Math.ceil(REMOVALS / SEGMENTS);
  for (let segment = 0; segment < SEGMENTS; segment++) {
    // ABBA: each takes the first turn as often as the other.
    const order = segment % 2 === 0 ? [answers, none] : [none, answers];
    for (const variant of order) await removeSome(variant, perSegment);
  }
  const deletion: Record<Variant["name"], number> = { answers: 0, none: 0 };
  for (const variant of [answers, none]) {
    const started = performance.now();
    await variant.services.deletion.deleteWhitelist(variant.whitelistId, MEMBER);
    deletion[variant.name] = performance.now() - started;
  }
  const left = answers.services.store.client as import("bun:sqlite").Database;
  const stored = left.query<{ n: number }, []>("SELECT count(*) AS n FROM form_answers").get()?.n;
  if (stored !== 0) throw new Error(`${stored} answers outlived their entries`);
  const rate = (variant: Variant) => (variant.removed / variant.ms) * 1000;
  console.log(
    table([
      ["", "answers", "none", "ratio"],
      [
        "removals/s (one by one)",
        fixed(rate(answers), 0),
        fixed(rate(none), 0),
        fixed(rate(answers) / rate(none), 2),
      ],
      [
        `whitelist deleted (${grouped(ENTRIES - answers.removed)} entries), ms`,
        fixed(deletion.answers, 0),
        fixed(deletion.none, 0),
        fixed(deletion.answers / deletion.none, 2),
      ],
    ]),
  );
  for (const variant of [answers, none]) closeDatabase(variant.services.db);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
