import { afterEach, describe, expect, test } from "bun:test";
import { createGeyserClient, type GeyserClientOptions } from "../../src/geyser/client.ts";
import { type FakeGeyser, startFakeGeyser } from "../../src/sandbox/geyser.ts";
import { manualClock } from "../../src/shared/clock.ts";

const ALEX = { gamertag: "Alex Pocket", xuid: "2535432196048835" };
const unavailable = expect.objectContaining({
  code: "geyser-unavailable",
  message: expect.stringContaining("try again in a minute"),
});

let running: FakeGeyser[] = [];
afterEach(async () => {
  await Promise.all(running.map((server) => server.stop()));
  running = [];
});

const setup = (options: Partial<GeyserClientOptions> = {}) => {
  const fake = startFakeGeyser({ accounts: [ALEX] });
  running.push(fake);
  const clock = manualClock();
  const client = createGeyserClient({ baseUrl: fake.url, clock, ...options });
  return { client, clock, fake };
};

/** A client whose fetch answers `response` (for answers the fake never gives). */
const answering = (response: () => Response) =>
  createGeyserClient({ baseUrl: "http://127.0.0.1:1", clock: manualClock(), fetch: async () => response() });

describe("GeyserMC client", () => {
  test("a known gamertag gives its XUID, whatever the letter case; spaces are percent-encoded", async () => {
    const { client } = setup();
    expect(await client.xuidOf("alex pocket")).toBe(ALEX.xuid);
  });

  test("a gamertag no Xbox account has is null (GeyserMC answers 200 with an empty object)", async () => {
    const { client } = setup();
    expect(await client.xuidOf("Nobody Here")).toBeNull();
  });

  test("503 (GeyserMC cannot ask Xbox Live) means it cannot tell now, and is never cached", async () => {
    const { client, fake } = setup();
    fake.setMode("down");
    await expect(client.xuidOf(ALEX.gamertag)).rejects.toEqual(unavailable);
    fake.setMode("normal");
    expect(await client.xuidOf(ALEX.gamertag)).toBe(ALEX.xuid);
  });

  test("no answer within the timeout means it cannot tell now", async () => {
    const { client, fake } = setup({ timeoutMs: 50 });
    fake.setMode("slow");
    await expect(client.xuidOf(ALEX.gamertag)).rejects.toEqual(unavailable);
  });

  test("answers are reused until they expire; one request for callers asking at once", async () => {
    const { client, clock, fake } = setup({ cacheTtlMs: 1000, negativeTtlMs: 100 });
    await Promise.all([client.xuidOf("Alex Pocket"), client.xuidOf("ALEX POCKET"), client.xuidOf("Nobody")]);
    expect(fake.requests()).toBe(2);
    clock.advance(101);
    await client.xuidOf("Nobody");
    await client.xuidOf("Alex Pocket");
    expect(fake.requests()).toBe(3);
    clock.advance(1000);
    await client.xuidOf("Alex Pocket");
    expect(fake.requests()).toBe(4);
  });

  test("an XUID beyond 2^53 keeps every digit", async () => {
    const { client, fake } = setup();
    fake.addAccount({ gamertag: "Big One", xuid: "9007199254740993" });
    expect(await client.xuidOf("Big One")).toBe("9007199254740993");
  });

  test.each([
    ["a 400 with GeyserMC's message", () => Response.json({ message: "Invalid gamertag" }, { status: 400 })],
    ["HTML from a proxy", () => new Response("<html>bad gateway</html>", { status: 200 })],
    ["a list", () => Response.json([1, 2])],
    ["an xuid that is not a number", () => Response.json({ xuid: "abc" })],
    ["a megabyte", () => new Response(`{"xuid":2535405290364123,"padding":"${"x".repeat(2 ** 20)}"}`)],
  ])("%s is an unavailable lookup, not an unknown gamertag", async (_why, response) => {
    await expect(answering(response).xuidOf("Alex")).rejects.toEqual(unavailable);
  });

  test("an explicit null xuid is an unknown gamertag, as Floodgate reads it", async () => {
    expect(await answering(() => Response.json({ xuid: null })).xuidOf("Alex")).toBeNull();
  });
});
