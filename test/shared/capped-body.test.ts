import { afterEach, describe, expect, test } from "bun:test";
import { AnswerTooLarge, readCapped, readCappedJson } from "../../src/shared/capped-body.ts";

let servers: ReturnType<typeof Bun.serve>[] = [];
afterEach(() => {
  for (const server of servers) server.stop(true);
  servers = [];
});

/** A server on port 0 whose answer never ends; `sent()` counts the bytes it handed to the socket. */
function endless() {
  let sent = 0;
  const chunk = new Uint8Array(64 * 1024).fill(0x78);
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            sent += chunk.length;
            controller.enqueue(chunk);
          },
        }),
      ),
  });
  servers.push(server);
  return { url: `http://127.0.0.1:${server.port}/`, sent: () => sent };
}

describe("answers read with a bound on their size", () => {
  test("an answer within the bound is read whole", async () => {
    expect(await readCapped(new Response('{"id":"a"}'), 16)).toBe('{"id":"a"}');
    expect(await readCappedJson(Response.json({ name: "Notch" }), 1024)).toEqual({ name: "Notch" });
  });

  test("a declared length over the bound is refused unread", async () => {
    let pulled = 0;
    const body = new ReadableStream({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(100));
        controller.close();
      },
    });
    const response = new Response(body, { headers: { "content-length": "100" } });
    expect(await readCapped(response, 99)).toBeNull();
    expect(pulled).toBe(0);
  });

  test("an endless answer stops being read soon after the bound, and never resolves as text", async () => {
    const server = endless();
    const response = await fetch(server.url);
    await expect(readCappedJson(response, 16 * 1024)).rejects.toBeInstanceOf(AnswerTooLarge);
    // The bound is 16 KiB: what was read before giving up is a few chunks, not the megabytes that would follow.
    expect(server.sent()).toBeLessThan(4 * 1024 * 1024);
  });
});
