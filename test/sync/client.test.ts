import { describe, expect, test } from "bun:test";
import { manualClock } from "../../src/shared/clock.ts";
import { createApiClient } from "../../src/sync/client.ts";
import { SyncStopError, TransientError } from "../../src/sync/errors.ts";

const problem = (status: number, detail: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ type: "urn:x", title: "t", status, detail }), {
    status,
    headers: { "content-type": "application/problem+json", ...headers },
  });

/** A client whose every request gets `answer`; records what was asked. */
function clientAnswering(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const asked: { url: string; headers: Headers }[] = [];
  const client = createApiClient({
    apiUrl: "http://wl.test/api/v1",
    key: "wls_secret",
    clock: manualClock(Date.UTC(2026, 10, 22, 12)),
    signal: new AbortController().signal,
    fetch: (async (url: string, init: RequestInit) => {
      asked.push({ url, headers: new Headers(init.headers) });
      return answer(url, init);
    }) as unknown as typeof fetch,
  });
  return { client, asked };
}

const survival = { id: "k3v9x0q2ab", name: "survival" };

describe("API client", () => {
  test("sends the key, a user agent and the ETag; 304 means unchanged", async () => {
    const { client, asked } = clientAnswering(() => new Response(null, { status: 304 }));
    expect(await client.entries(survival, '"json-abc"')).toEqual({ status: 304 });
    expect(asked[0]?.url).toBe("http://wl.test/api/v1/whitelists/k3v9x0q2ab/entries");
    expect(asked[0]?.headers.get("authorization")).toBe("Bearer wls_secret");
    expect(asked[0]?.headers.get("if-none-match")).toBe('"json-abc"');
    expect(asked[0]?.headers.get("user-agent")).toStartWith("whitelist-sync-agent/");
  });

  test("matches a whitelist by id first, then by name in any letter case", async () => {
    const lists = [
      { id: "aaa", name: "Creative", extra: true },
      { id: "survival", name: "Other" },
      { id: "bbb", name: "Survival" },
    ];
    const { client } = clientAnswering(() => Response.json(lists));
    expect(await client.resolveWhitelists(["creative"])).toEqual([{ id: "aaa", name: "Creative" }]);
    expect(await client.resolveWhitelists(["survival"])).toEqual([{ id: "survival", name: "Other" }]);
    expect(await client.resolveWhitelists(["SURVIVAL"])).toEqual([{ id: "bbb", name: "Survival" }]);
  });

  test("several whitelists resolve in the order given, each once", async () => {
    const lists = [
      { id: "aaa", name: "Creative" },
      { id: "bbb", name: "Survival" },
    ];
    const { client } = clientAnswering(() => Response.json(lists));
    expect(await client.resolveWhitelists(["survival", "aaa", "Survival"])).toEqual([
      { id: "bbb", name: "Survival" },
      { id: "aaa", name: "Creative" },
    ]);
  });

  test.each([
    [
      "limited to one whitelist (403 for any other id)",
      403,
      'no whitelist "bedrock" is visible to this key (visible: survival (bbb)); this key is limited to one ' +
        "whitelist: a guild-wide key (/server-link create name, without a whitelist) sees every whitelist of " +
        "the Discord server",
    ],
    [
      "guild-wide (404 for an unknown id)",
      404,
      'no whitelist "bedrock" is visible to this key (visible: survival (bbb))',
    ],
  ])("a whitelist the key cannot see, the key %s: 78, naming it", async (_label, probe, message) => {
    const { client, asked } = clientAnswering((url) =>
      url.endsWith("/whitelists") ? Response.json([{ id: "bbb", name: "survival" }]) : problem(probe, "no"),
    );
    const error = await client.resolveWhitelists(["survival", "bedrock"]).catch((e: unknown) => e);
    expect([(error as SyncStopError).exitCode, (error as Error).message]).toEqual([78, message]);
    expect(asked.map((request) => request.url)).toEqual([
      "http://wl.test/api/v1/whitelists",
      "http://wl.test/api/v1/whitelists/_/entries",
    ]);
  });

  test("a whitelist the service no longer has answers 404 whitelist-not-found: gone, not a failure", async () => {
    const gone = clientAnswering(
      () =>
        new Response(
          JSON.stringify({ type: "urn:whitelist-sync:problem:whitelist-not-found", status: 404 }),
          {
            status: 404,
            headers: { "content-type": "application/problem+json" },
          },
        ),
    );
    expect(await gone.client.entries(survival, null)).toEqual({ status: 404 });
  });

  test.each([
    [503, { "retry-after": "7" }, TransientError, 7000],
    [429, { "retry-after": "20" }, TransientError, 20_000],
    [502, {}, TransientError, null],
    [401, {}, SyncStopError, 77],
    [403, {}, SyncStopError, 77],
    [404, {}, SyncStopError, 78],
    [400, {}, SyncStopError, 1],
  ] as const)("status %d is %p (%p)", async (status, headers, kind, detail) => {
    const { client } = clientAnswering(() => problem(status, "why", headers));
    const error = await client.entries(survival, null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(kind);
    if (error instanceof TransientError) expect(error.retryAfterMs).toBe(detail);
    if (error instanceof SyncStopError) expect(error.exitCode).toBe(detail as number);
    expect((error as Error).message).toContain(`${status}: why`);
    expect((error as Error).message).not.toContain("wls_secret");
  });

  test("an unreachable service is transient, and malformed entries are not trusted", async () => {
    const refused = clientAnswering(() => {
      throw Object.assign(new Error("connect failed"), { code: "ECONNREFUSED" });
    });
    const error = await refused.client.entries(survival, null).catch((e: unknown) => e);
    expect([error instanceof TransientError, (error as Error).message]).toEqual([
      true,
      "cannot reach http://wl.test/api/v1/whitelists/k3v9x0q2ab/entries (ECONNREFUSED)",
    ]);
    const garbled = clientAnswering(() => Response.json([{ nick: 3 }]));
    expect(await garbled.client.entries(survival, null).catch((e: unknown) => e)).toBeInstanceOf(
      TransientError,
    );
  });

  test("a failed handshake is explained by a plain GET of the socket URL", async () => {
    const upgradeOnly = clientAnswering(() => problem(426, "upgrade"));
    expect((await upgradeOnly.client.explainHandshakeFailure()).message).toContain("forward Upgrade");
    const limited = clientAnswering(() => problem(429, "slow down", { "retry-after": "3" }));
    const error = await limited.client.explainHandshakeFailure();
    expect([error instanceof TransientError, (error as TransientError).retryAfterMs]).toEqual([true, 3000]);
    expect(upgradeOnly.client.socketUrl("42")).toBe("ws://wl.test/api/v1/ws?after=42");
  });
});
