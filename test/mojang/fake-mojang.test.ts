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
