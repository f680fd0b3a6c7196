import { afterEach, describe, expect, test } from "bun:test";
import { seedEntries, seedWhitelist, sqliteTestServices } from "../helpers/services.ts";

// What a change costs must not grow with the whitelist: the statements a DELETE and a registration run are
// index look-ups (SQLite's EXPLAIN QUERY PLAN says SEARCH … USING INDEX, never SCAN), and pruning the event log
// goes in small batches, each its own short write.

const GUILD = "100000000000000001";
let services: ReturnType<typeof sqliteTestServices>;
afterEach(() => services?.close());

/** SQLite's plan for a statement: its detail lines. */
const planOf = (sql: string, ...params: (string | number)[]) =>
  services.store.client
    .query<{ detail: string }, (string | number)[]>(`EXPLAIN QUERY PLAN ${sql}`)
    .all(...params)
    .map((row) => row.detail);

describe("the statements of a change use indexes", () => {
  test.each([
    // DELETE …/entries/{nick}: the entry by its key, then the row by id, then the event.
    [
      "the entry holding a nick",
      "SELECT * FROM entries WHERE whitelist_id = ? AND nick_key = ?",
      ["SEARCH entries USING INDEX entries_whitelist_nick_key (whitelist_id=? AND nick_key=?)"],
    ],
    [
      "removing it",
      "DELETE FROM entries WHERE id = ?",
      // The entry's form answers go with it (a foreign key's cascade), found by their own index.
      [
        "SEARCH entries USING INTEGER PRIMARY KEY (rowid=?)",
        "SEARCH form_answers USING COVERING INDEX form_answers_entry (entry_id=?)",
      ],
    ],
    // Registration: the member's count against the limit, the deny list, a pending request for the nick.
    [
      "a member's nicks on a whitelist",
      "SELECT count(*) FROM entries WHERE whitelist_id = ? AND user_id = ?",
      [
        expect.stringMatching(
          /^SEARCH entries USING (COVERING )?INDEX entries_whitelist_user \(whitelist_id=\? AND user_id=\?\)$/,
        ),
      ],
    ],
    [
      "a denied nick",
      "SELECT * FROM denied_nicks WHERE whitelist_id = ? AND nick_key = ?",
      ["SEARCH denied_nicks USING INDEX denied_nicks_whitelist_nick_key (whitelist_id=? AND nick_key=?)"],
    ],
    [
      "a member's requests",
      "SELECT count(*) FROM registration_requests WHERE whitelist_id = ? AND user_id = ? AND status = 'pending'",
      [
        expect.stringMatching(
          /^SEARCH registration_requests USING (COVERING )?INDEX registration_requests_whitelist_user /,
        ),
      ],
    ],
    // Resume and the change feed: events after a cursor, by primary key.
    [
      "events after a cursor",
      "SELECT * FROM events WHERE id > ? ORDER BY id LIMIT 200",
      ["SEARCH events USING INTEGER PRIMARY KEY (rowid>?)"],
    ],
    [
      "a batch of events to prune",
      "SELECT id FROM events WHERE created_at < ? ORDER BY created_at LIMIT 500",
      [expect.stringMatching(/^SEARCH events USING (COVERING )?INDEX events_created \(created_at<\?\)$/)],
    ],
  ])("%s", async (_, sql, plan) => {
    services = sqliteTestServices();
    const wl = await seedWhitelist(services, { guildId: GUILD });
    await seedEntries(
      services,
      wl.id,
      Array.from({ length: 50 }, (_, i) => `player_${i}`),
    );
    services.store.client.run("ANALYZE");
    const params = (sql.match(/\?/g) ?? []).map(() => "x");
    expect(planOf(sql, ...params)).toEqual(plan);
  });
});

test("pruning goes in batches and deletes only what is past the retention, while other writes go on", async () => {
  services = sqliteTestServices();
  const wl = await seedWhitelist(services, { guildId: GUILD });
  await seedEntries(
    services,
    wl.id,
    Array.from({ length: 1203 }, (_, i) => `old_${i}`),
  );
  services.clock.advance(8 * 86_400_000);
  await seedEntries(services, wl.id, ["recent"]);
  const count = () =>
    services.store.client.query<{ n: number }, []>("SELECT count(*) AS n FROM events").get()?.n;
  expect(count()).toBe(1204);
  // Batches of 500: 500, 500, then 203 (a short batch ends it). A change queued meanwhile is not held up.
  const pruned = services.events.prune(7 * 86_400_000, 500);
  const between = seedEntries(services, wl.id, ["between"]);
  expect(await pruned).toBe(1203);
  await between;
  expect(count()).toBe(2);
  expect((await services.events.bounds()).oldest).toBe(1204);
  // 1,204 writes to seed, each synced to disk: more than the default 5 s on a loaded machine.
});
