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
import { GUILD } from "./world.ts";

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

// Issue 36 §1: what a key sets in motion is bounded by what the key may do (docs/decisions.md, Proof of ownership,
// Codes asked through a key). Grumm is registered on survival (first-join) by Mallory, who colludes with a key's
// holder, and was added on hardcore for Alex by staff.
const GRUMM = "5f8eb73b-25be-4c5a-a50f-d27d65e30ca0";
const MALLORY = { userId: "300000000000000002", roleIds: [], canManageGuild: false };
const ALEX = "300000000000000003";

/** survival (first-join) with Mallory's Grumm awaiting proof, hardcore with Alex's Grumm from staff, and keys. */
async function takeOverWorld() {
  services = await testServices();
  app = testApi(services);
  const survival = await seedWhitelist(services, { guildId: GUILD, name: "survival", proof: "first-join" });
  const hardcore = await seedWhitelist(services, { guildId: GUILD, name: "hardcore" });
  const grumm = { nick: "Grumm", uuid: GRUMM, premium: true };
  await seedEntries(services, survival.id, [
    {
      ...grumm,
      userId: MALLORY.userId,
      addedBy: MALLORY.userId,
      proofDueAt: services.clock.now() + 86_400_000,
    },
  ]);
  await seedEntries(services, hardcore.id, [
    { ...grumm, userId: ALEX, addedBy: "300000000000000009", origin: "staff" },
  ]);
  const key = (whitelistId: string | null, mayRemove: boolean) =>
    seedKey(services, GUILD, whitelistId, mayRemove).then(({ plaintext }) => plaintext);
  return {
    survival,
    hardcore,
    keys: {
      readOnlyScoped: await key(survival.id, false),
      readOnlyGuild: await key(null, false),
      scoped: await key(survival.id, true),
      guild: await key(null, true),
    },
  };
}

/** Who holds Grumm where, verified or not, and whom the guild links the account to. */
async function holders(world: Awaited<ReturnType<typeof takeOverWorld>>) {
  const on = async (id: string) =>
    (await services.entries.list(id)).map((entry) => ({ userId: entry.userId, verified: entry.verified }));
  return {
    survival: await on(world.survival.id),
    hardcore: await on(world.hardcore.id),
    links: await services.sql`SELECT user_id, uuid FROM linked_accounts`,
  };
}

/** Mallory types the code in Discord (`/link code:`). */
const typed = (code: string) => services.linking.link({ guildId: GUILD, member: MALLORY, code });

forEachStore("a proof code goes no further than the key that asked for it", () => {
  test.each([
    ["scoped to survival", "readOnlyScoped"],
    ["guild-wide", "readOnlyGuild"],
  ] as const)("a read-only key %s gets 403 key-read-only and no code: nothing changes", async (_, name) => {
    const world = await takeOverWorld();
    const answer = await summary(await ask(world.keys[name], world.survival.id, { nick: "Grumm" }));
    // The attack, had the key been given a code: Mallory types it.
    if (answer.status === 200) await typed((answer.body as { code: string }).code);
    expect({
      answer,
      codes: (await services.sql`SELECT code_hash FROM proof_codes`).length,
      ...(await holders(world)),
    }).toEqual({
      answer: {
        status: 403,
        contentType: "application/problem+json",
        body: problemBody(
          "key-read-only",
          "This key is read-only (created with may-remove:False): it may read whitelists and receive their " +
            "events, not change anything (remove nicks, ask for proof codes). Staff create a key that may with " +
            "/server-link create.",
        ),
      },
      codes: 0,
      survival: [{ userId: MALLORY.userId, verified: false }],
      hardcore: [{ userId: ALEX, verified: false }],
      links: [],
    });
  });

  test("a code asked by a key scoped to survival verifies survival's entry and takes over nothing else, linking nothing", async () => {
    const world = await takeOverWorld();
    const answer = await ask(world.keys.scoped, world.survival.id, { nick: "Grumm" });
    const linked = await typed(((await answer.json()) as { code: string }).code);
    expect({
      linked: {
        link: linked.link,
        within: linked.within,
        took: linked.took.length,
        verified: linked.verified.map(({ whitelist }) => whitelist.name),
      },
      ...(await holders(world)),
    }).toEqual({
      linked: { link: null, within: world.survival.id, took: 0, verified: ["survival"] },
      survival: [{ userId: MALLORY.userId, verified: true }],
      hardcore: [{ userId: ALEX, verified: false }],
      links: [],
    });
  });

  test("a code asked by a guild-wide key that may remove links the account in the guild and takes it over everywhere", async () => {
    const world = await takeOverWorld();
    const answer = await ask(world.keys.guild, world.survival.id, { nick: "Grumm" });
    const linked = await typed(((await answer.json()) as { code: string }).code);
    expect({ within: linked.within, took: linked.took.length, ...(await holders(world)) }).toEqual({
      within: null,
      took: 1,
      survival: [{ userId: MALLORY.userId, verified: true }],
      hardcore: [],
      links: [{ user_id: MALLORY.userId, uuid: GRUMM }],
    });
  });
});
