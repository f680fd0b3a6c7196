import { afterEach, expect, test } from "bun:test";
import { bearer, call, expectProblem, paths, problemBody, summary, type TestApp } from "../helpers/http.ts";
import {
  forEachStore,
  seedEntries,
  seedKey,
  seedWhitelist,
  type TestServices,
  testApi,
  testServices,
} from "../helpers/services.ts";
import { GUILD, MISSING } from "./world.ts";

// POST /api/v1/whitelists/{id}/proof-codes (src/api/proof-codes/index.ts): the `sync` agent's way to a code for a
// player awaiting proof at first join. Each status it answers, through the real app over a socket.

const NOTCH = "069a79f4-44e9-4726-a5be-fca90e38aaf5";
const JEB = "853c80ef-3c37-49fd-aa49-938b674adae6";

let services: TestServices;
let app: TestApp;
afterEach(() => services.close());

/** A first-join whitelist with Notch awaiting proof and jeb_ verified, a key of each scope. */
async function world() {
  services = await testServices();
  app = testApi(services);
  const wl = await seedWhitelist(services, { guildId: GUILD, name: "survival", proof: "first-join" });
  const other = await seedWhitelist(services, { guildId: GUILD, name: "creative" });
  const due = services.clock.now() + 86_400_000;
  await seedEntries(services, wl.id, [
    { nick: "Notch", uuid: NOTCH, premium: true, proofDueAt: due },
    { nick: "jeb_", uuid: JEB, premium: true, verified: true },
  ]);
  return {
    wl,
    guildKey: (await seedKey(services, GUILD)).plaintext,
    otherKey: (await seedKey(services, GUILD, other.id)).plaintext,
  };
}

const ask = (key: string, id: string, body: unknown) =>
  call(
    app,
    "POST",
    paths.proofCodes(id),
    { ...bearer(key), "content-type": "application/json" },
    JSON.stringify(body),
  );

forEachStore("POST /whitelists/{id}/proof-codes", () => {
  test("200: a code for a player awaiting proof, the line to kick them with, never stored or cached", async () => {
    const { wl, guildKey } = await world();
    const response = await ask(guildKey, wl.id, { nick: "notch", uuid: NOTCH.toUpperCase() });
    const answer = await summary(response);
    const code = (answer.body as { code: string }).code;
    expect({ ...answer, cacheControl: response.headers.get("cache-control") }).toEqual({
      status: 200,
      contentType: expect.stringMatching(/^application\/json/),
      body: {
        nick: "Notch",
        code: expect.stringMatching(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/),
        expiresAt: new Date(services.clock.now() + 600_000).toISOString(),
        message: `Prove this account is yours: in Discord, type /link code:${code} within 10 minutes, then join again.`,
      },
      cacheControl: "no-store",
    });
    const stored = await services.sql`SELECT * FROM proof_codes`;
    expect(JSON.stringify(stored)).not.toContain(code.replace("-", ""));
  });

  test("409 for an entry awaiting no proof or another account, 404 for a nick not there", async () => {
    const { wl, guildKey } = await world();
    await expectProblem(
      await ask(guildKey, wl.id, { nick: "jeb_" }),
      "proof-not-pending",
      "jeb_ on survival is verified already.",
    );
    await expectProblem(
      await ask(guildKey, wl.id, { nick: "Notch", uuid: JEB }),
      "proof-not-pending",
      `Notch on survival is registered for the account ${NOTCH}, not ${JEB}.`,
    );
    await expectProblem(
      await ask(guildKey, wl.id, { nick: "Herobrine" }),
      "entry-not-found",
      "Herobrine is not on survival.",
    );
  });

  test("the key's scope: 403 for a key of another whitelist, 404 for no such whitelist, 401 without a key", async () => {
    const { wl, otherKey, guildKey } = await world();
    await expectProblem(await ask(otherKey, wl.id, { nick: "Notch" }), "whitelist-forbidden");
    await expectProblem(await ask(guildKey, MISSING, { nick: "Notch" }), "whitelist-not-found");
    const anonymous = await call(app, "POST", paths.proofCodes(wl.id), {}, JSON.stringify({ nick: "Notch" }));
    expect((await summary(anonymous)).body).toEqual(problemBody("unauthorized"));
  });

  test("400 for a body that is no request for a code", async () => {
    const { wl, guildKey } = await world();
    await expectProblem(
      await ask(guildKey, wl.id, { nick: "Notch", uuid: "069a79f4" }),
      "invalid-request",
      "uuid is a dashed UUID",
    );
    await expectProblem(
      await ask(guildKey, wl.id, { nick: "" }),
      "invalid-request",
      "nick is 1-64 characters",
    );
  });

  test("429 code-limited with Retry-After once an account was given 3 codes in 10 minutes", async () => {
    const { wl, guildKey } = await world();
    for (let i = 0; i < 3; i++) {
      expect((await ask(guildKey, wl.id, { nick: "Notch" })).status).toBe(200);
      services.clock.advance(60_000);
    }
    const refused = await ask(guildKey, wl.id, { nick: "Notch" });
    expect(refused.headers.get("retry-after")).toBe(String(10 * 60 - 3 * 60));
    await expectProblem(refused, "code-limited");
  });
});
