import { afterEach, describe, expect, test } from "bun:test";
import { createMojangClient, type MojangClientOptions } from "../../src/mojang/client.ts";
import { type FakeMojang, startFakeMojang } from "../../src/sandbox/mojang.ts";
import { manualClock } from "../../src/shared/clock.ts";

const NOTCH = { name: "Notch", uuid: "069a79f444e94726a5befca90e38aaf5" };
const NOTCH_PREMIUM = { premium: true, uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5", name: "Notch" };
const unavailable = expect.objectContaining({
  code: "mojang-unavailable",
  message: "Mojang can't be reached right now; try again in a minute.",
});

let fake: FakeMojang;
let running: FakeMojang[] = [];
afterEach(async () => {
  await Promise.all(running.map((server) => server.stop()));
  running = [];
});

const start = (...args: Parameters<typeof startFakeMojang>) => {
  fake = startFakeMojang(...args);
  running.push(fake);
  return fake;
};

const setup = (options: Partial<MojangClientOptions> = {}) => {
  start({ profiles: [NOTCH] });
  const clock = manualClock();
  const client = createMojangClient({ baseUrl: fake.url, clock, ...options });
  return { client, clock };
};

/** A client whose fetch answers `response` (for bodies the fake never sends). */
const answering = (response: () => Response) => {
  const clock = manualClock();
  const fetch = async () => response();
  return createMojangClient({ baseUrl: "http://127.0.0.1:1", clock, fetch });
};

describe("Mojang client", () => {
  test("a premium name gives the dashed UUID and the account's own spelling", async () => {
    const { client } = setup();
    expect(await client.lookup("nOtCh")).toEqual(NOTCH_PREMIUM);
  });

  test("an unknown name is not premium, whether Mojang answers 404 or 204", async () => {
    const { client } = setup({ cacheTtlMs: 0, negativeTtlMs: 0 });
    expect(await client.lookup("NobodyHere")).toEqual({ premium: false });
    fake.setNotFoundStatus(204);
    expect(await client.lookup("NobodyHere")).toEqual({ premium: false });
    expect(fake.requests()).toBe(2);
  });

  test.each([
    ["rate-limited", 429],
    ["down", 503],
  ] as const)("%s (%d) means Mojang cannot tell now", async (mode) => {
    const { client } = setup();
    fake.setMode(mode);
    await expect(client.lookup("Notch")).rejects.toEqual(unavailable);
  });

  test("no answer within the timeout means Mojang cannot tell now", async () => {
    const { client } = setup({ timeoutMs: 50 });
    fake.setMode("slow");
    await expect(client.lookup("Notch")).rejects.toEqual(unavailable);
  });

  test("a connection refused means Mojang cannot tell now", async () => {
    const { client } = setup();
    await fake.stop();
    await expect(client.lookup("Notch")).rejects.toEqual(unavailable);
  });

  test.each([
    ["not JSON", () => new Response("<html>oops</html>", { status: 200 })],
    ["no id", () => Response.json({ name: "Notch" })],
    ["a bad id", () => Response.json({ id: "not-a-uuid", name: "Notch" })],
    ["another name", () => Response.json({ id: NOTCH.uuid, name: "Dinnerbone" })],
    ["an unexpected status", () => new Response(null, { status: 400 })],
    // A real profile is under 300 bytes; a megabyte is not read (src/shared/capped-body.ts).
    ["a megabyte", () => Response.json({ id: NOTCH.uuid, name: "Notch", padding: "x".repeat(2 ** 20) })],
  ])("a body with %s means Mojang cannot tell now", async (_why, response) => {
    await expect(answering(response).lookup("Notch")).rejects.toEqual(unavailable);
  });

  test("answers are cached per lower-cased nick: a second lookup makes no request", async () => {
    const { client } = setup();
    await client.lookup("Notch");
    expect(await client.lookup("NOTCH")).toEqual(NOTCH_PREMIUM);
    await client.lookup("Nobody");
    expect(await client.lookup("nobody")).toEqual({ premium: false });
    expect(fake.requests()).toBe(2);
  });

  test("concurrent lookups of one nick share one request", async () => {
    const { client } = setup();
    const answers = await Promise.all([
      client.lookup("Notch"),
      client.lookup("notch"),
      client.lookup("NOTCH"),
    ]);
    expect(answers).toEqual([NOTCH_PREMIUM, NOTCH_PREMIUM, NOTCH_PREMIUM]);
    expect(fake.requests()).toBe(1);
  });

  test("premium answers expire after the cache TTL, negative ones after the shorter negative TTL", async () => {
    const { client, clock } = setup({ cacheTtlMs: 600_000, negativeTtlMs: 60_000 });
    await client.lookup("Notch");
    await client.lookup("Nobody");
    clock.advance(59_999);
    await client.lookup("Notch");
    await client.lookup("Nobody");
    expect(fake.requests()).toBe(2);
    clock.advance(1);
    fake.addProfile({ name: "Nobody", uuid: "11111111222233334444555555555555" });
    expect(await client.lookup("Nobody")).toEqual({
      premium: true,
      uuid: "11111111-2222-3333-4444-555555555555",
      name: "Nobody",
    });
    await client.lookup("Notch");
    expect(fake.requests()).toBe(3);
    clock.advance(600_000 - 60_000);
    await client.lookup("Notch");
    expect(fake.requests()).toBe(4);
  });

  test("failures are not cached: the next lookup asks again", async () => {
    const { client } = setup();
    fake.setMode("down");
    await expect(client.lookup("Notch")).rejects.toEqual(unavailable);
    fake.setMode("normal");
    expect(await client.lookup("Notch")).toEqual(NOTCH_PREMIUM);
    expect(fake.requests()).toBe(2);
  });

  test("the base URL may end with a slash, and the nick is escaped into the path", async () => {
    start({ profiles: [NOTCH] });
    const seen: string[] = [];
    const client = createMojangClient({
      baseUrl: `${fake.url}/`,
      clock: manualClock(),
      fetch: (url, init) => {
        seen.push(url);
        return fetch(url, init);
      },
    });
    await client.lookup("Notch");
    await client.lookup("a/b").catch(() => undefined);
    expect(seen).toEqual([
      `${fake.url}/users/profiles/minecraft/Notch`,
      `${fake.url}/users/profiles/minecraft/a%2Fb`,
    ]);
  });
});

describe("Mojang client, many names at once", () => {
  const names = (count: number, prefix = "player_") =>
    Array.from({ length: count }, (_, i) => `${prefix}${i}`);

  test("asks 10 names per bulk request and caches every answer, so lookup then asks nothing", async () => {
    const { client } = setup();
    const asked = [...names(22), "notch", "NOTCH"];
    const answers = await client.lookupMany(asked);
    expect(answers.size).toBe(23);
    expect(answers.get("notch")).toEqual(NOTCH_PREMIUM);
    expect(answers.get("player_3")).toEqual({ premium: false });
    expect({ requests: fake.requests(), bulk: fake.bulkRequests() }).toEqual({ requests: 3, bulk: 3 });
    expect(await client.lookup("Notch")).toEqual(NOTCH_PREMIUM);
    expect(await client.lookup("player_21")).toEqual({ premium: false });
    expect(fake.requests()).toBe(3);
    // Answers already cached are not asked for again.
    await client.lookupMany(["notch", "player_0"]);
    expect(fake.requests()).toBe(3);
  });

  test("keeps at most bulkConcurrency requests in flight", async () => {
    const { client } = setup({ bulkConcurrency: 2 });
    fake.hold();
    const answering = client.lookupMany(names(50));
    await fake.waitForHeld(2);
    expect(fake.requests()).toBe(2);
    fake.release();
    expect((await answering).size).toBe(50);
    expect(fake.bulkRequests()).toBe(5);
  });

  test("a failed request leaves its names out and stops the rest; nothing failed is cached", async () => {
    const { client } = setup({ bulkConcurrency: 1 });
    fake.hold();
    const answering = client.lookupMany(names(30));
    await fake.waitForHeld(1);
    fake.release();
    fake.hold();
    await fake.waitForHeld(1);
    fake.setMode("rate-limited");
    fake.release();
    const answers = await answering;
    expect([...answers.keys()]).toEqual(names(10));
    expect(fake.bulkRequests()).toBe(2);
    fake.setMode("normal");
    expect(await client.lookup("player_10")).toEqual({ premium: false });
    expect(fake.requests()).toBe(3);
  });

  test("an answer that is not Mojang's (no list, a profile of a name not asked for, a megabyte) tells nothing", async () => {
    const notAList = answering(() => Response.json({ id: "x", name: "Notch" }));
    expect((await notAList.lookupMany(["Notch"])).size).toBe(0);
    const stranger = answering(() => Response.json([{ id: NOTCH.uuid, name: "Notch" }]));
    expect((await stranger.lookupMany(["jeb_"])).size).toBe(0);
    const huge = answering(() =>
      Response.json([{ id: NOTCH.uuid, name: "Notch", padding: "x".repeat(2 ** 20) }]),
    );
    expect((await huge.lookupMany(["Notch"])).size).toBe(0);
  });
});
