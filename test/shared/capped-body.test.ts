import { afterEach, describe, expect, test } from "bun:test";
import { AnswerTooLarge, readCapped, readCappedJson } from "../../src/shared/capped-body.ts";

let listeners: Bun.TCPSocketListener<undefined>[] = [];
afterEach(() => {
  for (const listener of listeners) listener.stop(true);
  listeners = [];
});

/**
 * A server on port 0 whose chunked answer never ends, on a raw socket so no server buffers it: `closed` resolves
 * when the connection is gone, so a test leaves nothing behind.
 */
function endless() {
  const chunk = new Uint8Array(64 * 1024).fill(0x78);
  const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
  const { promise: closed, resolve: close } = Promise.withResolvers<void>();
  const listener = Bun.listen({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      data(socket) {
        socket.write(
          "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n",
        );
        while (socket.write(frame) === frame.length);
      },
      drain(socket) {
        while (socket.write(frame) === frame.length);
      },
      close: () => close(),
    },
  });
  listeners.push(listener);
  return { url: `http://127.0.0.1:${listener.port}/`, closed };
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

  test("an endless answer stops being read soon after the bound: one chunk past it, never the rest", async () => {
    let pulled = 0;
    let cancelled = false;
    const body = new ReadableStream(
      {
        pull(controller) {
          pulled += 4096;
          controller.enqueue(new Uint8Array(4096).fill(0x78));
        },
        cancel() {
          cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    await expect(readCappedJson(new Response(body), 16 * 1024)).rejects.toBeInstanceOf(AnswerTooLarge);
    // 16 KiB is four chunks; the fifth passes the bound and nothing is asked for after it.
    expect(pulled).toBe(5 * 4096);
    // ...and the stream is cancelled, which over HTTP gives the connection up.
    expect(cancelled).toBe(true);
  });

  test("over a real connection, an endless answer is refused rather than read for ever", async () => {
    const server = endless();
    const response = await fetch(server.url);
    await expect(readCappedJson(response, 16 * 1024)).rejects.toBeInstanceOf(AnswerTooLarge);
    await server.closed;
  });
});
