import { afterEach, beforeEach, expect, test } from "bun:test";
import { bearer, rawRequest, startTestServer, type TestServer } from "../helpers/http.ts";
import { seedEntries, seedKey, seedWhitelist } from "../helpers/services.ts";

/**
 * The entries read as it goes over the wire, from the running service: every header line, its case and its
 * order, exactly as docs/api.md and the contract give them. The read route builds its answers from copies
 * (src/api/entries/served.ts), so a change there must leave these bytes alone.
 */

const GUILD = "100000000000000001";
const PER_MINUTE = 60;

let server: TestServer;
let whitelistId: string;
let key: string;

beforeEach(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) });
  const whitelist = await seedWhitelist(server.services, { guildId: GUILD, name: "survival" });
  await seedEntries(server.services, whitelist.id, ["Notch", "jeb_"]);
  whitelistId = whitelist.id;
  key = (await seedKey(server.services, GUILD)).plaintext;
});

afterEach(async () => {
  await server.stop();
});

/** The status line and header lines of one answer, as written (Date left out: it moves), and its body. */
async function onTheWire(path: string, headers: Record<string, string>) {
  const lines = [`GET ${path} HTTP/1.1`, "Host: 127.0.0.1"];
  for (const name in headers) lines.push(`${name}: ${headers[name]}`);
  const { head, body } = await rawRequest(new URL(server.url).port, lines);
  return { head: head.filter((line) => !line.startsWith("Date: ")), body };
}

const plain = () => `/api/v1/whitelists/${whitelistId}/entries?format=plain`;
const policy = `RateLimit-Policy: "ip";q=${PER_MINUTE};w=60`;
const etagOf = (head: string[]) => head.find((line) => line.startsWith("ETag: "))?.slice(6) ?? "";

test("a read, its 304 and the next read: the same header lines, in the same order, each with its own RateLimit", async () => {
  const first = await onTheWire(plain(), bearer(key));
  const etag = etagOf(first.head);
  const revalidated = await onTheWire(plain(), { ...bearer(key), "If-None-Match": etag });
  const again = await onTheWire(plain(), bearer(key));
  const common = [
    `ETag: ${etag}`,
    "Cache-Control: no-cache",
    "X-Content-Type-Options: nosniff",
    "Content-Security-Policy: frame-ancestors 'none'",
    "X-Frame-Options: DENY",
  ];
  const ok = (remaining: number, reset: number) => [
    "HTTP/1.1 200 OK",
    ...common,
    "Content-Type: text/plain; charset=utf-8",
    'Content-Disposition: attachment; filename="whitelist.txt"',
    policy,
    `RateLimit: "ip";r=${remaining};t=${reset}`,
    "Content-Length: 11",
  ];
  expect(etag).toMatch(/^"plain-[0-9a-z]+-[0-9a-z]+"$/);
  expect([first, revalidated, again]).toEqual([
    { head: ok(PER_MINUTE - 1, 1), body: "jeb_\nNotch\n" },
    {
      head: ["HTTP/1.1 304 Not Modified", ...common, policy, `RateLimit: "ip";r=${PER_MINUTE - 2};t=2`],
      body: "",
    },
    { head: ok(PER_MINUTE - 3, 3), body: "jeb_\nNotch\n" },
  ]);
});

test("a key revoked after its reads were answered from memory is refused at its next read", async () => {
  const seeded = await seedKey(server.services, GUILD);
  const read = () => fetch(`${server.url}${plain()}`, { headers: bearer(seeded.plaintext) });
  const before = [(await read()).status, (await read()).status];
  await server.services.keys.revoke(GUILD, seeded.key.id);
  const after = await read();
  expect({ before, after: after.status, type: ((await after.json()) as { type: string }).type }).toEqual({
    before: [200, 200],
    after: 401,
    type: "urn:whitelist-sync:problem:unauthorized",
  });
});
