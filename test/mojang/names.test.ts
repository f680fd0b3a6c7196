import { afterEach, describe, expect, test } from "bun:test";
import { createMojangNames } from "../../src/mojang/names.ts";
import { type FakeMojang, startFakeMojang } from "../../src/sandbox/mojang.ts";
import { manualClock } from "../../src/shared/clock.ts";

const NOTCH = { name: "Notch", uuid: "069a79f444e94726a5befca90e38aaf5" };
const NOTCH_DASHED = "069a79f4-44e9-4726-a5be-fca90e38aaf5";
const unavailable = expect.objectContaining({ code: "mojang-unavailable" });

let fake: FakeMojang | undefined;
afterEach(async () => {
  await fake?.stop();
  fake = undefined;
});

const setup = (timeoutMs?: number) => {
  fake = startFakeMojang({ profiles: [NOTCH] });
  return { fake, names: createMojangNames({ baseUrl: fake.url, clock: manualClock(), timeoutMs }) };
};

/** A client whose fetch answers `response` (for answers the fake never gives). */
const answering = (response: () => Response) =>
  createMojangNames({ baseUrl: "http://127.0.0.1:1", clock: manualClock(), fetch: async () => response() });

describe("Mojang names by UUID (session server)", () => {
  test("asks for the undashed UUID and answers the account's current name", async () => {
    const { fake, names } = setup();
    expect(await names.nameOf(NOTCH_DASHED)).toEqual({ found: true, name: "Notch" });
    fake.rename(NOTCH.uuid, "Notch2");
    expect(await names.nameOf(NOTCH_DASHED)).toEqual({ found: true, name: "Notch2" });
    expect(fake.requestedPaths()).toEqual([
      `/session/minecraft/profile/${NOTCH.uuid}`,
      `/session/minecraft/profile/${NOTCH.uuid}`,
    ]);
  });

  test("a UUID Mojang does not know (204, or 404) is no account", async () => {
    const { names } = setup();
    expect(await names.nameOf("11111111-2222-3333-4444-555555555555")).toEqual({ found: false });
    const notFound = answering(() => Response.json({ errorMessage: "Not Found" }, { status: 404 }));
    expect(await notFound.nameOf(NOTCH_DASHED)).toEqual({ found: false });
  });

  test.each([
    ["rate-limited", 429],
    ["down", 503],
  ] as const)("%s (%d) means Mojang cannot tell now", async (mode) => {
    const { fake, names } = setup();
    fake.setMode(mode);
    await expect(names.nameOf(NOTCH_DASHED)).rejects.toEqual(unavailable);
  });

  test("no answer within the timeout means Mojang cannot tell now", async () => {
    const { fake, names } = setup(50);
    fake.setMode("slow");
    await expect(names.nameOf(NOTCH_DASHED)).rejects.toEqual(unavailable);
  });

  test.each([
    ["not JSON", () => new Response("<html>oops</html>", { status: 200 })],
    ["no name", () => Response.json({ id: NOTCH.uuid, properties: [] })],
    ["another UUID's profile", () => Response.json({ id: "853c80ef3c3749fdaa49938b674adae6", name: "jeb_" })],
    ["a name Mojang never gives", () => Response.json({ id: NOTCH.uuid, name: "<@everyone>" })],
    ["a 400", () => Response.json({ errorMessage: "Not a valid UUID" }, { status: 400 })],
    [
      "a megabyte of properties",
      () =>
        Response.json({
          id: NOTCH.uuid,
          name: "Notch",
          properties: [{ name: "textures", value: "x".repeat(2 ** 20) }],
        }),
    ],
  ])("an answer with %s means Mojang cannot tell now", async (_why, response) => {
    await expect(answering(response).nameOf(NOTCH_DASHED)).rejects.toEqual(unavailable);
  });

  test("nothing is cached: each call asks Mojang", async () => {
    const { fake, names } = setup();
    await names.nameOf(NOTCH_DASHED);
    await names.nameOf(NOTCH_DASHED);
    expect(fake.requests()).toBe(2);
  });
});
