import { afterEach, beforeEach, expect, test } from "bun:test";
import type { Server } from "bun";
import { serveEntries } from "../../src/api/entries/serve.ts";
import { createServedFormats } from "../../src/api/entries/served.ts";
import type { EntryRecord } from "../../src/entries/model.ts";
import { type FormatName, fileFormats, renderFormat } from "../../src/formats/index.ts";
import type { Principal } from "../../src/keys/service.ts";
import { seedKey, seedWhitelist, type TestServices, testServices } from "../helpers/services.ts";

// A body over the Blob threshold is sent from its chunks (src/api/entries/serve.ts). The same service answers
// every read twice: `/chunks` sends every body from its chunks, `/joined` every body as one Blob.
const GUILD = "100000000000000001";
/** More than two chunks of pieces (1,024 each), so a body is several parts. */
const ENTRIES = 2_100;
const FORMATS: FormatName[] = ["json", ...fileFormats];

let services: TestServices;
let server: Server<unknown>;
let whitelistId: string;
let added: EntryRecord[];
let principal: Principal;

beforeEach(async () => {
  services = await testServices();
  const whitelist = await seedWhitelist(services, { guildId: GUILD, name: "survival" });
  whitelistId = whitelist.id;
  ({ added } = await services.entries.addMany(
    Array.from({ length: ENTRIES }, (_, i) => ({
      whitelistId,
      nick: `Player_${i.toString(36)}`,
      uuid: i % 3 === 0 ? crypto.randomUUID() : null,
      premium: i % 3 === 0,
      userId: "300000000000000001",
      addedBy: "300000000000000001",
      origin: "discord" as const,
    })),
  ));
  principal = (await services.keys.verify((await seedKey(services, GUILD)).plaintext)) as Principal;
  const chunks = { whitelists: services.whitelists, served: createServedFormats(services.formatCache, -1) };
  const joined = {
    whitelists: services.whitelists,
    served: createServedFormats(services.formatCache, Infinity),
  };
  server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request) {
      const { pathname, searchParams } = new URL(request.url);
      const format = (searchParams.get("format") ?? "json") as FormatName;
      const deps = pathname === "/chunks" ? chunks : joined;
      return serveEntries(deps, principal, whitelistId, format, request);
    },
  });
});

afterEach(async () => {
  await server.stop(true);
  await services.close();
});

const get = (path: string, format: FormatName, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${server.port}${path}?format=${format}`, { headers });

async function summary(response: Response) {
  return {
    status: response.status,
    body: new Uint8Array(await response.arrayBuffer()) as Uint8Array,
    contentType: response.headers.get("content-type"),
    disposition: response.headers.get("content-disposition"),
    etag: response.headers.get("etag"),
  };
}

test.each(FORMATS)(
  "%s: the body sent from its chunks is the format rendered whole, as the Blob",
  async (format) => {
    const chunked = await summary(await get("/chunks", format));
    const joined = await summary(await get("/joined", format));
    expect(chunked).toEqual(joined);
    expect(chunked.status).toBe(200);
    expect(chunked.body).toEqual(renderFormat(format, added));
  },
);

test("a body sent from its chunks keeps its ETag until a change, and answers 304 to it", async () => {
  // Three chunks and the separators between them, between the prefix and the suffix.
  expect((await services.formatCache.get(whitelistId, "json")).parts.length).toBe(7);
  const first = await summary(await get("/chunks", "json"));
  const again = await summary(await get("/chunks", "json"));
  const unchanged = await get("/chunks", "json", { "if-none-match": first.etag ?? "" });
  expect({ etag: again.etag, status: unchanged.status, body: await unchanged.text() }).toEqual({
    etag: first.etag,
    status: 304,
    body: "",
  });

  const [gone, ...kept] = added;
  await services.entries.remove({ whitelistId, nick: (gone as EntryRecord).nick, origin: "api" });
  const changed = await summary(await get("/chunks", "json", { "if-none-match": first.etag ?? "" }));
  expect({ status: changed.status, sameEtag: changed.etag === first.etag }).toEqual({
    status: 200,
    sameEtag: false,
  });
  expect(changed.body).toEqual(renderFormat("json", kept));
});
