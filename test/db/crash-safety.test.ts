import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { closeDatabase } from "../../src/db/client.ts";
import { openServices } from "../../src/services.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { seedEntries, seedWhitelist, tempDir } from "../helpers/services.ts";

const ENTRIES = 2_000;
/** The child is killed once the parent has read this many acknowledged removals. */
const KILL_AFTER = 200;
const remover = join(import.meta.dir, "fixtures", "remover.ts");

const dir = tempDir("wls-crash-");
const children = new Set<Bun.Subprocess>();
afterAll(() => {
  for (const child of children) child.kill(9);
  dir.cleanup();
});

/** Seeds one whitelist with ENTRIES entries in a database file, then closes it; returns what was seeded. */
async function seed(path: string) {
  const services = openServices({ path, clock: manualClock(), logger: silentLogger });
  // Only the seeding connection skips fsync (it is closed cleanly before the child starts); the child
  // opens the file with the service's own durability settings, which are what this test is about.
  services.store.client.run("PRAGMA synchronous = OFF");
  const whitelist = await seedWhitelist(services, { guildId: "100000000000000001", name: "crash" });
  const nicks = Array.from({ length: ENTRIES }, (_, i) => `Player_${String(i).padStart(4, "0")}`);
  await seedEntries(services, whitelist.id, nicks);
  closeDatabase(services.db);
  return { whitelistId: whitelist.id, nicks };
}

/**
 * Reads the child's stdout line by line, SIGKILLs it as soon as `killAfter` lines have arrived, and keeps
 * reading until the pipe closes (every line it printed was printed after its removal returned).
 */
async function acknowledgedUntilKilled(child: Bun.Subprocess<"ignore", "pipe", "pipe">, killAfter: number) {
  const acknowledged: string[] = [];
  const decoder = new TextDecoder();
  let pending = "";
  let killed = false;
  for await (const chunk of child.stdout) {
    pending += decoder.decode(chunk, { stream: true });
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    acknowledged.push(...lines);
    if (!killed && acknowledged.length >= killAfter) {
      child.kill(9);
      killed = true;
    }
  }
  return { acknowledged, killed };
}

describe("a removal acknowledged before a SIGKILL", () => {
  test("survives the crash together with its event, and nothing is half-done", async () => {
    const path = join(dir.path, "whitelist-sync.db");
    const { whitelistId, nicks } = await seed(path);

    const child = Bun.spawn([process.execPath, remover, path, whitelistId], {
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
    });
    children.add(child);
    const { acknowledged, killed } = await acknowledgedUntilKilled(child, KILL_AFTER);
    await child.exited;
    const stderr = await new Response(child.stderr).text();

    // The child must have been killed by the parent, in the middle of its run.
    expect({ killed, signalCode: child.signalCode, stderr }).toEqual({
      killed: true,
      signalCode: "SIGKILL",
      stderr: "",
    });
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

    const sqlite = new Database(path);
    try {
      expect(sqlite.query<{ integrity_check: string }, []>("PRAGMA integrity_check").all()).toEqual([
        { integrity_check: "ok" },
      ]);
      const remaining = sqlite
        .query<{ nick: string }, [string]>("SELECT nick FROM entries WHERE whitelist_id = ?")
        .all(whitelistId)
        .map((row) => row.nick);
      const removed = sqlite
        .query<{ payload: string }, [string]>(
          "SELECT payload FROM events WHERE type = 'entry.removed' AND whitelist_id = ? ORDER BY id",
        )
        .all(whitelistId)
        .map((row) => (JSON.parse(row.payload) as { entry: { nick: string } }).entry.nick);
      const remainingSet = new Set(remaining);
      const removedCount = new Map<string, number>();
      for (const nick of removed) removedCount.set(nick, (removedCount.get(nick) ?? 0) + 1);

      // Killed mid-run: some removals never happened.
      expect(remaining.length).toBeGreaterThan(0);
      // Every acknowledged removal is durable: the entry is gone and exactly one event records it.
      expect(acknowledged.filter((nick) => remainingSet.has(nick) || removedCount.get(nick) !== 1)).toEqual(
        [],
      );
      // No event without its deletion, and no deletion twice.
      expect(removed.filter((nick) => remainingSet.has(nick))).toEqual([]);
      expect([...removedCount].filter(([, count]) => count !== 1)).toEqual([]);
      // Nothing lost: what remains plus what was removed is exactly what was seeded.
      expect([...remaining, ...removed].sort()).toEqual([...nicks].sort());
      // The removals happened in the child's order, so what was acknowledged is a prefix of the events.
      expect(removed.slice(0, acknowledged.length)).toEqual(acknowledged);
    } finally {
      sqlite.close();
    }
  });
});
