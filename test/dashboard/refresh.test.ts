import { afterAll, beforeAll, expect, test } from "bun:test";
import { manualClock } from "../../src/shared/clock.ts";
import { IDS, startWorld, type World } from "../bot/world.ts";
import { recordingLogger } from "../helpers/log.ts";
import { sqliteClient } from "../helpers/services.ts";
import { type Browser, signIn } from "./session.ts";

// The dashboard keeps Discord's tokens after sign-in to read the person's servers again (every 10 minutes, on the
// servers page) and to revoke them at sign-out (docs/dashboard.md, Sessions). Discord's access tokens last 7 days,
// as long as a session; here the sandbox's application gets one-hour tokens, so the refresh (Discord's Refresh
// Token Exchange) runs within a session, against the sandbox's token endpoint, on its clock.

const HOUR_MS = 3_600_000;
/** Past the sandbox's token lifetime and the dashboard's 10 minutes of a fresh servers list. */
const LATER_MS = HOUR_MS + 11 * 60_000;

let world: World;
let owner: Browser;
const log = recordingLogger();
const discordClock = manualClock(Date.UTC(2026, 10, 22, 12));

beforeAll(async () => {
  world = await startWorld({
    dashboard: true,
    logger: log.logger,
    sandbox: { clock: discordClock },
  });
  // The portal's settings are the sandbox's to change at any time (its control API changes them too).
  world.sandbox.oauth2.app.accessTokenSeconds = HOUR_MS / 1000;
  owner = await signIn(world, IDS.owner);
});

afterAll(async () => {
  await world?.stop();
});

/** Time passes for the service and for Discord alike. */
const later = () => {
  world.clock.advance(LATER_MS);
  discordClock.advance(LATER_MS);
};

/** The owner's session row: when its servers were last read, and its sealed tokens. */
const sessionRow = () =>
  sqliteClient(world.services)
    .query<{ guilds_at: number; discord_tokens: string }, []>(
      "SELECT guilds_at, discord_tokens FROM dashboard_sessions",
    )
    .get();

const refusals = () => log.at("warn").filter((msg) => msg.includes("servers could not be read again"));

test("an expired access token is refreshed with the client secret, and each refresh token is used once", async () => {
  const signedIn = sessionRow();
  later();
  // Read with the expired token, Discord would answer 401; refreshed first, the servers are read again.
  const first = await owner.get("/dashboard");
  expect(first.status).toBe(200);
  expect(await first.text()).toContain("Bot World");
  const once = sessionRow();
  expect(once?.guilds_at).toBe(world.clock.now());
  expect(once?.discord_tokens).not.toBe(signedIn?.discord_tokens);
  expect(refusals()).toEqual([]);

  // The sandbox used the first refresh token up: a second refresh works only with the one it gave back.
  later();
  expect((await owner.get("/dashboard")).status).toBe(200);
  const twice = sessionRow();
  expect(twice?.guilds_at).toBe(world.clock.now());
  expect(twice?.discord_tokens).not.toBe(once?.discord_tokens);
  expect(refusals()).toEqual([]);
  expect(world.sandbox.oauth2.liveAuthorizations(IDS.owner)).toBe(1);
});

test("a refresh with a client secret Discord no longer knows is refused: the page keeps the servers it had", async () => {
  const before = sessionRow();
  world.sandbox.oauth2.resetSecret();
  later();
  const page = await owner.get("/dashboard");
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Bot World");
  expect(sessionRow()).toEqual(before);
  const [refused] = log.lines.filter((line) => line.msg.includes("servers could not be read again"));
  expect(String(refused?.error)).toContain("invalid_client");
});
