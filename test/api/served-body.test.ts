import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Server } from "bun";
import { createServedFormats, type ServedFormat } from "../../src/api/entries/served.ts";
import type { Formatted } from "../../src/formats/cache.ts";

// A small body in ASCII is held as a string, any other as a Blob (src/api/entries/served.ts): either way the
// bytes on the wire are the format's bytes exactly, whatever they hold, and the headers are the same.

const encode = (text: string) => new TextEncoder().encode(text);
const BODIES: Record<string, Uint8Array[]> = {
  ascii: [encode("Notch\n"), encode("jeb_\n")],
  "UTF-8 beyond ASCII": [encode("Ünïcödé\n"), encode("名前\n")],
  "Latin-1 bytes, not UTF-8": [new Uint8Array([0x4e, 0xe9, 0x0a])],
  "a byte-order mark first": [new Uint8Array([0xef, 0xbb, 0xbf]), encode("Notch\n")],
  "ASCII past the string's size": [encode("x".repeat(40 * 1024))],
  empty: [],
};

/** A Formatted of these parts, as the format cache hands them over. */
function formattedOf(parts: Uint8Array[]): Formatted {
  const size = parts.reduce((sum, part) => sum + part.byteLength, 0);
  return { parts, size, fileName: "whitelist.txt", etag: `"${size}"`, bytes: Buffer.concat(parts) };
}

let server: Server<unknown>;

beforeAll(() => {
  const served = new Map<string, ServedFormat>();
  for (const [name, parts] of Object.entries(BODIES)) {
    const formatted = formattedOf(parts);
    const formats = createServedFormats({
      get: async () => formatted,
      cached: () => formatted,
    });
    served.set(encodeURIComponent(name), formats.cached(name, "plain") as ServedFormat);
  }
  server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request) {
      const answers = served.get(new URL(request.url).pathname.slice(1));
      if (!answers || !("whole" in answers.body)) return new Response(null, { status: 404 });
      return answers.body.whole.clone() as Response;
    },
  });
});

afterAll(async () => {
  await server.stop(true);
});

test.each(Object.keys(BODIES))(
  "%s: the bytes on the wire are the format's, with its headers",
  async (name) => {
    const response = await fetch(`http://127.0.0.1:${server.port}/${encodeURIComponent(name)}`);
    const parts = BODIES[name] as Uint8Array[];
    expect({
      status: response.status,
      body: new Uint8Array(await response.arrayBuffer()),
      type: response.headers.get("content-type"),
      length: response.headers.get("content-length"),
      disposition: response.headers.get("content-disposition"),
    }).toEqual({
      status: 200,
      body: new Uint8Array(Buffer.concat(parts)),
      type: "text/plain; charset=utf-8",
      length: String(Buffer.concat(parts).byteLength),
      disposition: 'attachment; filename="whitelist.txt"',
    });
  },
);
