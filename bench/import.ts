/**
 * Benchmark: importing a 10,000-line whitelist.json (issue 14: under 10 s against the fake look-ups).
 *
 * What it measures: the real services over a fresh temp SQLite file each (WAL, synchronous=FULL: every commit is
 * a disk flush, as in production), the fake Mojang on 127.0.0.1 (port 0, in this process) knowing a share of the
 * names as premium accounts, and a role gateway that grants at once (the bot's port, without Discord). Three
 * runs, each on its own database and a cold Mojang cache:
 * - "baseline": the same 10,000 entries, their identities already known, stored through the plain
 *   `EntryService.add` path one by one (one transaction and one event each, no look-up, no rule);
 * - "dry run": `importList` with `dryRun` (reading the file, every rule, the bulk look-ups; nothing stored);
 * - "import": `importList`, the figure: reading, rules, 1,000 bulk Mojang requests (4 in flight), the
 *   owner's roles granted once, 20 transactions of 500 entries with one `entry.added` each, published.
 *
 * How to read it: "import" against the 10 s target; "ratio" is import ÷ baseline (below 1: the import, rules
 * and look-ups included, stores faster than the plain path stores alone, because it commits 500 at a time).
 * The dry run shows how much of the import is look-ups and rules rather than storing. Each run checks its
 * outcome (every line added, one event per entry) and exits 1 if it is wrong.
 *
 * Usage: bun bench/import.ts [--lines 10000] [--premium-share 0.1] [--rounds 1]
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { closeDatabase } from "../src/db/client.ts";
import type { RoleGateway } from "../src/registration/model.ts";
import { offlineDiscord } from "../src/registration/offline.ts";
import { startFakeMojang } from "../src/sandbox/mojang.ts";
import { openServices, type Services } from "../src/services.ts";
import { systemClock } from "../src/shared/clock.ts";
import { silentLogger } from "../src/shared/logger.ts";

const TARGET_MS = 10_000;
const GUILD = "110000000000000001";
const STAFF = { userId: "130000000000000001", roleIds: [], canManageGuild: true };
const ROLE = "140000000000000002";

const { values } = parseArgs({
  options: {
    lines: { type: "string", default: "10000" },
    "premium-share": { type: "string", default: "0.1" },
    rounds: { type: "string", default: "1" },
  },
});
const lines = Number(values.lines);
const premiumShare = Number(values["premium-share"]);
const rounds = Number(values.rounds);

/** The names of the list; every `1 / premiumShare`-th one is a premium account the fake Mojang knows. */
const names = Array.from({ length: lines }, (_, i) => `player_${String(i).padStart(5, "0")}`);
const premiumEvery = premiumShare > 0 ? Math.round(1 / premiumShare) : Number.POSITIVE_INFINITY;
const uuidOf = (i: number) => `${i.toString(16).padStart(8, "0")}000040008000000000000000`.slice(0, 32);
const isPremium = (i: number) => i % premiumEvery === 0;
const mojang = startFakeMojang({
  profiles: names.flatMap((name, i) => (isPremium(i) ? [{ name, uuid: uuidOf(i) }] : [])),
});

/** Minecraft's whitelist.json of the names, as a server writes it. */
const file = new TextEncoder().encode(
  `${JSON.stringify(
    names.map((name, i) => ({ uuid: isPremium(i) ? uuidOf(i) : null, name })),
    null,
    2,
  )}\n`,
);

/** The bot's role port, answering at once (the bench measures the service, not Discord). */
const roles: RoleGateway = {
  grant: async (_guild, _user, roleIds) => ({ granted: roleIds, failed: [] }),
  revoke: async (_guild, _user, roleIds) => ({ revoked: roleIds, failed: [] }),
  rolesOf: async () => [],
};

/** Fresh services over a fresh database file, with one java whitelist granting a role. */
async function freshWorld() {
  const dir = mkdtempSync(join(tmpdir(), "wls-bench-import-"));
  const services: Services = openServices({
    path: join(dir, "whitelist-sync.db"),
    clock: systemClock,
    logger: silentLogger,
    mojangApiUrl: mojang.url,
    discord: { roles, board: { post: async () => "0" }, nicknames: offlineDiscord.nicknames },
  });
  const whitelist = await services.whitelists.create({
    guildId: GUILD,
    name: "survival",
    channelId: "150000000000000002",
    nickType: "java",
    registrationMode: "command",
    grantedRoleIds: [ROLE],
  });
  let events = 0;
  services.bus.subscribe(() => events++);
  return {
    services,
    whitelist,
    events: () => events,
    close() {
      closeDatabase(services.db);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function check(what: string, ok: boolean) {
  if (ok) return;
  console.error(`CHECK FAILED: ${what}`);
  process.exit(1);
}

/** The plain path: the same entries stored one by one through EntryService.add. */
async function baseline(): Promise<number> {
  const world = await freshWorld();
  const started = performance.now();
  for (const [i, nick] of names.entries()) {
    await world.services.entries.add({
      whitelistId: world.whitelist.id,
      nick,
      uuid: isPremium(i) ? uuidOf(i).replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5") : null,
      premium: isPremium(i),
      userId: STAFF.userId,
      addedBy: STAFF.userId,
      origin: "staff",
      grantedRoleIds: [ROLE],
    });
  }
  const elapsed = performance.now() - started;
  check(
    "baseline stored every entry",
    (await world.services.entries.list(world.whitelist.id)).length === lines,
  );
  check("baseline published one event per entry", world.events() === lines);
  world.close();
  return elapsed;
}

/** `importList` of the file, for real or as a dry run; resolves with the time and Mojang's request count. */
async function importing(dryRun: boolean): Promise<{ ms: number; bulkRequests: number }> {
  const world = await freshWorld();
  const before = mojang.bulkRequests();
  const started = performance.now();
  const result = await world.services.imports.importList({
    guildId: GUILD,
    whitelist: world.whitelist.id,
    actor: STAFF,
    owner: STAFF,
    file: { name: "whitelist.json", bytes: file },
    dryRun,
  });
  const elapsed = performance.now() - started;
  check(`${dryRun ? "dry run" : "import"} added every line`, result.counts.added === lines);
  const stored = await world.services.entries.list(world.whitelist.id);
  check(
    `${dryRun ? "dry run stored nothing" : "import stored every entry, premium ones with their UUID"}`,
    dryRun ? stored.length === 0 : stored.length === lines && stored.filter((e) => e.premium).length > 0,
  );
  check(
    `${dryRun ? "dry run" : "import"} published one event per entry`,
    world.events() === (dryRun ? 0 : lines),
  );
  world.close();
  return { ms: elapsed, bulkRequests: mojang.bulkRequests() - before };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

console.log(
  `Import of a ${lines.toLocaleString("en-US")}-line whitelist.json (${file.byteLength.toLocaleString("en-US")} ` +
    `bytes, ${Math.round(premiumShare * 100)}% premium), ${rounds} round(s)`,
);
for (let round = 1; round <= rounds; round++) {
  const plain = await baseline();
  const dry = await importing(true);
  const real = await importing(false);
  console.log(
    [
      `round ${round}:`,
      `baseline (EntryService.add one by one) ${seconds(plain)}`,
      `dry run ${seconds(dry.ms)} (${dry.bulkRequests} bulk Mojang requests)`,
      `import ${seconds(real.ms)} (${real.bulkRequests} bulk Mojang requests)`,
      `ratio import/baseline ${(real.ms / plain).toFixed(2)}×`,
      `target ${seconds(TARGET_MS)}: ${real.ms < TARGET_MS ? "met" : "NOT met"}`,
    ].join("\n  "),
  );
}
await mojang.stop();
