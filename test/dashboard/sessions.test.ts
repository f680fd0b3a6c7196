import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { createSealer } from "../../src/dashboard/seal.ts";
import { createSessionStore, hashToken, SESSION_MS } from "../../src/dashboard/sessions.ts";
import { closeStore } from "../../src/db/driver.ts";
import { openPostgres } from "../../src/db/pg/store.ts";
import { createServices, openServices, type Services } from "../../src/services.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { postgresInstalled, sharedPostgres } from "../helpers/postgres.ts";
import { tempDir } from "../helpers/services.ts";

// The dashboard's sessions on both stores (src/dashboard/sessions.ts; docs/dashboard.md, Sessions): found by the
// cookie's token, never by what the table holds; Discord's tokens sealed; signing out ends every session of the
// person; a session runs out after SESSION_MS. PostgreSQL is where replicas share them.

const open: Services[] = [];
const dir = tempDir("wls-sessions-");
afterAll(async () => {
  for (const services of open) await closeStore(services.db);
  dir.cleanup();
});

const engines: Record<string, (clock: ReturnType<typeof manualClock>) => Promise<Services>> = {
  sqlite: async (clock) => openServices({ path: join(dir.path, "sessions.db"), clock, logger: silentLogger }),
  postgres: async (clock) => {
    const url = await (await sharedPostgres()).database();
    return createServices({ store: await openPostgres({ url, poolSize: 2 }), clock, logger: silentLogger });
  },
};

const USER = { id: "130000000000000001", name: "owner", locale: "de" };
const OTHER = { id: "130000000000000002", name: "manager", locale: null };
const tokens = (n: number) => ({ accessToken: `access-${n}`, refreshToken: `refresh-${n}`, expiresAt: 1 });

for (const [engine, start] of Object.entries(engines)) {
  const run =
    engine === "sqlite" || postgresInstalled() || process.env.CI === "true" ? describe : describe.skip;
  run(`dashboard sessions on ${engine}`, () => {
    test("found by the token only; sign-out ends all of the person's; they run out", async () => {
      const clock = manualClock(Date.UTC(2026, 11, 6, 12));
      const services = await start(clock);
      open.push(services);
      const sessions = createSessionStore({
        store: services.store,
        write: services.write,
        clock,
        sealer: await createSealer("a-client-secret-of-the-test"),
      });
      const guilds = [{ id: "110000000000000001", name: "Bot World" }];
      const first = await sessions.create(USER, guilds, tokens(1));
      const second = await sessions.create(USER, guilds, tokens(2));
      const other = await sessions.create(OTHER, [], tokens(3));

      const found = await sessions.find(first.token);
      expect({
        user: found?.userId,
        locale: found?.locale,
        guilds: found?.guilds,
        byHash: await sessions.find(hashToken(first.token)),
        sealed: await sessions.tokensOf(found?.idHash ?? ""),
      }).toEqual({ user: USER.id, locale: "de", guilds, byHash: undefined, sealed: tokens(1) });

      const ended = await sessions.endAll(USER.id);
      expect(ended.map((held) => held.accessToken).sort()).toEqual(["access-1", "access-2"]);
      expect([await sessions.find(first.token), await sessions.find(second.token)]).toEqual([
        undefined,
        undefined,
      ]);
      expect((await sessions.find(other.token))?.userId).toBe(OTHER.id);

      clock.advance(SESSION_MS);
      expect(await sessions.find(other.token)).toBeUndefined();
    }, 60_000);
  });
}
