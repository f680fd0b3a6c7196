import { afterEach, beforeEach, expect, test } from "bun:test";
import { formats } from "../../src/formats/index.ts";
import { bearer, call, paths, type TestApp } from "../helpers/http.ts";
import { forEachStore, seedEntries, seedWhitelist, type TestServices } from "../helpers/services.ts";
import { apiWorld } from "./world.ts";

// Read-your-writes across a DELETE (docs/performance.md, Where a DELETE's time goes): the formats a whitelist is
// kept in are changed at the removal's commit, before its flush, and the answer goes out after the flush; so a GET
// sent the moment the answer arrives, in any format, must already miss the nick and carry a new ETag.

const GUILD = "100000000000000001";
const NICKS = Array.from({ length: 40 }, (_, i) => `Player_${String(i).padStart(2, "0")}`);
const FORMATS = Object.keys(formats) as (keyof typeof formats)[];
/** The formats that list these (Java) nicks: Bedrock's allowlist.json lists gamertags only, its ETag still changes. */
const LISTING: readonly string[] = FORMATS.filter((format) => format !== "bds");

let services: TestServices;
let app: TestApp;
let key: string;

beforeEach(async () => {
  ({ services, app, key } = await apiWorld(GUILD));
});

afterEach(async () => {
  await services.close();
});

/** Whether a format's body lists `nick` (EasyWhitelist writes nicks in lower case). */
const lists = (body: string, nick: string) => body.toLowerCase().includes(nick.toLowerCase());

/** Every format read at once over real sockets: each one's ETag and body. */
const readAll = (whitelistId: string) =>
  Promise.all(
    FORMATS.map(async (format) => {
      const query = format === "json" ? "" : `?format=${format}`;
      const response = await call(app, "GET", `${paths.entries(whitelistId)}${query}`, bearer(key));
      expect(response.status).toBe(200);
      return { format, etag: response.headers.get("etag"), body: await response.text() };
    }),
  );

forEachStore("a read right after a DELETE's answer", () => {
  test("never shows the nick, in any format, and every ETag changed", async () => {
    const whitelist = await seedWhitelist(services, { guildId: GUILD });
    await seedEntries(services, whitelist.id, NICKS);
    // Every format built and kept before the removals: the reads below are served from what the removals change.
    let before = await readAll(whitelist.id);
    const listed = before.filter((read) => LISTING.includes(read.format));
    expect(
      listed.map((read) => ({ format: read.format as string, shows: lists(read.body, "Player_00") })),
    ).toEqual(LISTING.map((format) => ({ format, shows: true })));
    for (const nick of NICKS.slice(0, 10)) {
      const removal = await call(app, "DELETE", paths.entry(whitelist.id, nick), bearer(key));
      // The reads go out as soon as the answer's head is in, before its body is read.
      const after = await readAll(whitelist.id);
      expect(removal.status).toBe(200);
      await removal.arrayBuffer();
      for (const read of after) {
        const was = before.find((one) => one.format === read.format);
        expect({
          format: read.format,
          shows: lists(read.body, nick),
          etagChanged: read.etag !== was?.etag,
        }).toEqual({ format: read.format, shows: false, etagChanged: true });
      }
      before = after;
    }
  });
});
