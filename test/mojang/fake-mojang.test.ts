import { afterEach, describe, expect, test } from "bun:test";
import { type FakeMojang, startFakeMojang } from "../../src/sandbox/mojang.ts";

let fake: FakeMojang;
afterEach(() => fake.stop());

const profile = (name: string) => fetch(`${fake.url}/users/profiles/minecraft/${encodeURIComponent(name)}`);
const answer = async (response: Response) => ({
  status: response.status,
  body: response.status === 204 ? null : await response.json(),
});

describe("fake Mojang profile API", () => {
  test("known names answer in any letter case with the stored spelling and the undashed UUID", async () => {
    fake = startFakeMojang({ profiles: [{ name: "Notch", uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5" }] });
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await answer(await profile("nOTCH"))).toEqual({
      status: 200,
      body: { id: "069a79f444e94726a5befca90e38aaf5", name: "Notch" },
    });
  });

  test("unknown names get Mojang's 404 error body, or an empty 204 when toggled", async () => {
    fake = startFakeMojang();
    expect(await answer(await profile("Nobody"))).toEqual({
      status: 404,
      body: {
        path: "/users/profiles/minecraft/Nobody",
        errorMessage: "Couldn't find any profile with name Nobody",
      },
    });
    fake.setNotFoundStatus(204);
    expect(await answer(await profile("Nobody"))).toEqual({ status: 204, body: null });
    fake.addProfile({ name: "Nobody", uuid: "11111111222233334444555555555555" });
    expect((await profile("nobody")).status).toBe(200);
  });

  test("names Mojang deems invalid get 400, as the real API answers", async () => {
    fake = startFakeMojang();
    expect((await profile("no spaces")).status).toBe(400);
  });

  test("modes: down answers 503, rate-limited 429, then normal again; every request is counted", async () => {
    fake = startFakeMojang({ profiles: [{ name: "Notch", uuid: "069a79f444e94726a5befca90e38aaf5" }] });
    fake.setMode("down");
    expect((await profile("Notch")).status).toBe(503);
    fake.setMode("rate-limited");
    expect((await profile("Notch")).status).toBe(429);
    fake.setMode("normal");
    expect((await profile("Notch")).status).toBe(200);
    expect(fake.requests()).toBe(3);
  });

  test("slow holds requests unanswered until stopped, and stopping answers them 503", async () => {
    fake = startFakeMojang();
    fake.setMode("slow");
    let settled = false;
    const held = profile("Notch").then((response) => {
      settled = true;
      return response.status;
    });
    // Wait for the request to arrive (a condition, not a duration).
    while (fake.requests() === 0) await Bun.sleep(1);
    expect(settled).toBe(false);
    await fake.stop();
    expect(await held).toBe(503);
  });
});

describe("fake Mojang session server: profile by UUID", () => {
  const NOTCH_ID = "069a79f444e94726a5befca90e38aaf5";
  const sessionProfile = (uuid: string) => fetch(`${fake.url}/session/minecraft/profile/${uuid}`);
  type SessionBody = { name: string; properties: { value: string }[] };
  const nameNow = async (uuid: string) => ((await (await sessionProfile(uuid)).json()) as SessionBody).name;

  test("a known UUID, dashed or not, answers the current name, the undashed id and the textures property", async () => {
    fake = startFakeMojang({ profiles: [{ name: "Notch", uuid: NOTCH_ID }] });
    for (const uuid of [NOTCH_ID, "069a79f4-44e9-4726-a5be-fca90e38aaf5"]) {
      const { status, body } = await answer(await sessionProfile(uuid));
      expect(status).toBe(200);
      expect(body).toEqual({
        id: NOTCH_ID,
        name: "Notch",
        properties: [{ name: "textures", value: expect.any(String) }],
        profileActions: [],
      });
      const textures = JSON.parse(
        Buffer.from((body as SessionBody).properties[0]?.value ?? "", "base64").toString(),
      );
      expect(textures).toEqual({
        timestamp: expect.any(Number),
        profileId: NOTCH_ID,
        profileName: "Notch",
        textures: {},
      });
    }
  });

  test("an unknown UUID gets an empty 204; anything but a UUID gets 400 with Mojang's error body", async () => {
    fake = startFakeMojang();
    expect(await answer(await sessionProfile("11111111222233334444555555555555"))).toEqual({
      status: 204,
      body: null,
    });
    expect(await answer(await sessionProfile("Notch"))).toEqual({
      status: 400,
      body: { path: "/session/minecraft/profile/Notch", errorMessage: "Not a valid UUID: Notch" },
    });
  });

  test("rename: the UUID answers the new name, the new name finds the account, the old name is free", async () => {
    fake = startFakeMojang({ profiles: [{ name: "Notch", uuid: NOTCH_ID }] });
    fake.rename("069a79f4-44e9-4726-a5be-fca90e38aaf5", "Notch2");
    expect(await nameNow(NOTCH_ID)).toBe("Notch2");
    expect(await answer(await profile("notch2"))).toEqual({
      status: 200,
      body: { id: NOTCH_ID, name: "Notch2" },
    });
    expect((await profile("Notch")).status).toBe(404);
  });

  test("rename refuses a name another account holds, and an account it does not know", async () => {
    fake = startFakeMojang({
      profiles: [
        { name: "Notch", uuid: NOTCH_ID },
        { name: "jeb_", uuid: "853c80ef3c3749fdaa49938b674adae6" },
      ],
    });
    expect(() => fake.rename(NOTCH_ID, "JEB_")).toThrow("the name JEB_ is taken");
    expect(() => fake.rename("11111111222233334444555555555555", "Nobody")).toThrow("knows no account");
    fake.rename(NOTCH_ID, "notch");
    expect(await nameNow(NOTCH_ID)).toBe("notch");
  });

  test("a removed account is unknown by name and by UUID", async () => {
    fake = startFakeMojang({ profiles: [{ name: "Notch", uuid: NOTCH_ID }] });
    fake.removeProfile(NOTCH_ID);
    expect((await sessionProfile(NOTCH_ID)).status).toBe(204);
    expect((await profile("Notch")).status).toBe(404);
  });

  test("the modes apply to it too, and every request's path is recorded in order", async () => {
    fake = startFakeMojang({ profiles: [{ name: "Notch", uuid: NOTCH_ID }] });
    fake.setMode("rate-limited");
    expect((await sessionProfile(NOTCH_ID)).status).toBe(429);
    fake.setMode("down");
    expect((await sessionProfile(NOTCH_ID)).status).toBe(503);
    fake.setMode("normal");
    await profile("Notch");
    expect(fake.requestedPaths()).toEqual([
      `/session/minecraft/profile/${NOTCH_ID}`,
      `/session/minecraft/profile/${NOTCH_ID}`,
      "/users/profiles/minecraft/Notch",
    ]);
  });
});

describe("fake Mojang bulk look-up (POST /profiles/minecraft)", () => {
  const bulk = (body: unknown, init: RequestInit = {}) =>
    fetch(`${fake.url}/profiles/minecraft`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
      ...init,
    });

  test("answers the profiles found, in any letter case, sorted by name; unknown names are left out", async () => {
    fake = startFakeMojang({
      profiles: [
        { name: "Notch", uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5" },
        { name: "jeb_", uuid: "853c80ef3c3749fdaa49938b674adae6" },
      ],
    });
    expect(await answer(await bulk(["NOTCH", "nobody_here", "JEB_"]))).toEqual({
      status: 200,
      body: [
        { id: "853c80ef3c3749fdaa49938b674adae6", name: "jeb_" },
        { id: "069a79f444e94726a5befca90e38aaf5", name: "Notch" },
      ],
    });
    expect(await answer(await bulk(["nobody_here"]))).toEqual({ status: 200, body: [] });
    expect({ requests: fake.requests(), bulk: fake.bulkRequests() }).toEqual({ requests: 2, bulk: 2 });
  });

  test("refuses what Mojang refuses: more than 10 names, an invalid name, a body that is no array, no JSON type, GET", async () => {
    fake = startFakeMojang();
    const eleven = Array.from({ length: 11 }, (_, i) => `player_${i}`);
    expect(await answer(await bulk(eleven))).toEqual({
      status: 400,
      body: {
        error: "IllegalArgumentException",
        errorMessage: "Not more that 10 profile name per call is allowed.",
      },
    });
    expect((await bulk(eleven.slice(0, 10))).status).toBe(200);
    expect(await answer(await bulk(["fine", "not fine"]))).toEqual({
      status: 400,
      body: { error: "BadRequestException", errorMessage: "not fine is invalid" },
    });
    expect((await bulk({ names: ["Notch"] })).status).toBe(400);
    expect((await bulk("[not json")).status).toBe(400);
    expect((await bulk(["Notch"], { headers: { "content-type": "text/plain" } })).status).toBe(415);
    expect((await fetch(`${fake.url}/profiles/minecraft`)).status).toBe(405);
  });

  test("the modes apply to it as to any request", async () => {
    fake = startFakeMojang();
    fake.setMode("rate-limited");
    expect((await bulk(["Notch"])).status).toBe(429);
    fake.setMode("down");
    expect((await bulk(["Notch"])).status).toBe(503);
  });
});

describe("fake Mojang session server: join and hasJoined", () => {
  const NOTCH = "069a79f444e94726a5befca90e38aaf5";
  const join = (body: unknown, init: RequestInit = {}) =>
    fetch(`${fake.url}/session/minecraft/join`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      ...init,
    });
  const hasJoined = (username: string, serverId: string) =>
    fetch(
      `${fake.url}/session/minecraft/hasJoined?username=${encodeURIComponent(username)}&serverId=${encodeURIComponent(serverId)}`,
    );

  test("a join with any token for a known account answers 204, and hasJoined then answers its profile", async () => {
    fake = startFakeMojang({ profiles: [{ name: "Notch", uuid: NOTCH }] });
    const joined = await join({ accessToken: "anything", selectedProfile: NOTCH, serverId: "-4f2a" });
    expect(await answer(joined)).toEqual({ status: 204, body: null });
    expect(fake.joins()).toEqual(new Map([[NOTCH, "-4f2a"]]));
    const profile = await answer(await hasJoined("Notch", "-4f2a"));
    expect(profile).toEqual({
      status: 200,
      body: { id: NOTCH, name: "Notch", properties: [{ name: "textures", value: expect.any(String) }] },
    });
    // Asked again (a server retrying): the join is still on record.
    expect((await hasJoined("Notch", "-4f2a")).status).toBe(200);
  });

  test("a spoiled hasJoined answers a good join as told, a bad join still 204, until the spoil is lifted", async () => {
    fake = startFakeMojang({ profiles: [{ name: "Notch", uuid: NOTCH }] });
    await join({ accessToken: "t", selectedProfile: NOTCH, serverId: "abc" });
    const jeb = { name: "jeb_", uuid: "853c80ef3c3749fdaa49938b674adae6" };
    fake.spoilHasJoined({ kind: "profile", profile: jeb });
    const other = await answer(await hasJoined("Notch", "abc"));
    fake.spoilHasJoined({ kind: "long-name", length: 40 });
    const long = await answer(await hasJoined("Notch", "abc"));
    fake.spoilHasJoined({ kind: "endless", bytes: 100_000 });
    const endless = await (await hasJoined("Notch", "abc")).text();
    const streamed = fake.streamed();
    fake.spoilHasJoined({ kind: "body", text: "[]" });
    const body = await answer(await hasJoined("Notch", "abc"));
    const notJoined = (await hasJoined("Notch", "abd")).status;
    fake.spoilHasJoined(null);
    expect({
      other: other.body,
      long: (long.body as { name: string }).name,
      endless: [endless.length, endless.slice(0, 49), streamed],
      body: body.body,
      notJoined,
      lifted: (await answer(await hasJoined("Notch", "abc"))).body,
    }).toEqual({
      other: { id: jeb.uuid, name: "jeb_", properties: [{ name: "textures", value: expect.any(String) }] },
      long: `Notch${"x".repeat(35)}`,
      endless: [100_000, `{"id":"${NOTCH}","name":"`, 100_000],
      body: [],
      notJoined: 204,
      lifted: { id: NOTCH, name: "Notch", properties: [{ name: "textures", value: expect.any(String) }] },
    });
  });

  test("hasJoined answers 204 to a name that never joined, another server id, or an unknown name", async () => {
    fake = startFakeMojang({
      profiles: [
        { name: "Notch", uuid: NOTCH },
        { name: "jeb_", uuid: "853c80ef3c3749fdaa49938b674adae6" },
      ],
    });
    expect((await join({ accessToken: "t", selectedProfile: NOTCH, serverId: "abc" })).status).toBe(204);
    expect((await hasJoined("jeb_", "abc")).status).toBe(204);
    expect((await hasJoined("Notch", "abd")).status).toBe(204);
    expect((await hasJoined("Nobody", "abc")).status).toBe(204);
    // A later join with another server id replaces the record, as one client joins one server at a time.
    expect((await join({ accessToken: "t", selectedProfile: NOTCH, serverId: "xyz" })).status).toBe(204);
    expect((await hasJoined("Notch", "abc")).status).toBe(204);
    expect((await hasJoined("notch", "xyz")).status).toBe(200);
  });

  test("a join for an account the fake does not know gets Mojang's 403; malformed joins are refused", async () => {
    fake = startFakeMojang({ profiles: [{ name: "Notch", uuid: NOTCH }] });
    expect(
      await answer(
        await join({ accessToken: "t", selectedProfile: "11111111222233334444555555555555", serverId: "a" }),
      ),
    ).toEqual({
      status: 403,
      body: { error: "ForbiddenOperationException", path: "/session/minecraft/join" },
    });
    expect((await join({ selectedProfile: NOTCH, serverId: "a" })).status).toBe(400);
    expect(
      (await join({ accessToken: "t", selectedProfile: NOTCH, serverId: "a" }, { headers: {} })).status,
    ).toBe(415);
    expect((await fetch(`${fake.url}/session/minecraft/join`)).status).toBe(405);
    expect(fake.joins().size).toBe(0);
  });

  test("an account removed is forgotten by hasJoined; the modes apply to both calls", async () => {
    fake = startFakeMojang({ profiles: [{ name: "Notch", uuid: NOTCH }] });
    expect((await join({ accessToken: "t", selectedProfile: NOTCH, serverId: "a" })).status).toBe(204);
    fake.setMode("down");
    expect((await hasJoined("Notch", "a")).status).toBe(503);
    fake.setMode("normal");
    fake.removeProfile(NOTCH);
    expect((await hasJoined("Notch", "a")).status).toBe(204);
    expect(fake.requestedPaths().filter((path) => path.startsWith("/session/minecraft/"))).toHaveLength(3);
  });
});
