/**
 * Bench helper: the baseline for `bench/fanout.ts`, the least a Bun server can do for the same job. A bare
 * `Bun.serve` on 127.0.0.1 (port 0) with the service's WebSocket settings (`websocketOptions`, so only the
 * service's own code differs): every request must carry the expected Authorization header (plain string
 * compare); `POST /publish` publishes one message of `<bytes>` bytes, shaped like an `entry.removed` event
 * with an increasing `id`, to the single topic; any other request is upgraded, subscribed to that topic and
 * sent `{"type":"connected"}`. Prints a `ServerHello` line, then `published` after each publish (as
 * serve.ts does), and follows the control protocol of `protocol.ts`. Not meant to be run by hand.
 *
 * Usage: bun bench/fanout/bare-server.ts <bytes>
 */
import { websocketOptions } from "../../src/realtime/hub.ts";
import { emit, serveControl, wallClock } from "./protocol.ts";

const TOPIC = "events";
const AUTHORIZATION = "Bearer bare-fanout-baseline";
const CONNECTED = JSON.stringify({ type: "connected" });

const bytes = Number(process.argv[2]);
if (!Number.isSafeInteger(bytes) || bytes < 64)
  throw new Error("usage: bun bench/fanout/bare-server.ts <bytes>");

/** An event-shaped message of exactly `bytes` bytes: the padding absorbs the id's digits. */
function message(id: number): string {
  const head = `{"id":"${id}","type":"entry.removed","origin":"api","pad":"`;
  const tail = `"}`;
  return `${head}${"x".repeat(Math.max(0, bytes - head.length - tail.length))}${tail}`;
}

let lastId = 0;
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch(request, server) {
    if (request.headers.get("authorization") !== AUTHORIZATION) return new Response(null, { status: 401 });
    if (request.method === "POST") {
      const id = ++lastId;
      server.publish(TOPIC, message(id));
      emit({ type: "published", at: wallClock() });
      return Response.json({ id: String(id) });
    }
    if (server.upgrade(request, { data: undefined })) return undefined;
    return new Response(null, { status: 426 });
  },
  websocket: {
    ...websocketOptions,
    open(ws) {
      ws.subscribe(TOPIC);
      ws.send(CONNECTED);
    },
    message() {},
  },
});

emit({
  type: "hello",
  url: `http://127.0.0.1:${server.port}`,
  authorization: AUTHORIZATION,
  socketPath: "/ws",
});
serveControl({
  sockets: () => server.subscriberCount(TOPIC),
  stop: async () => {
    await server.stop(true);
  },
});
