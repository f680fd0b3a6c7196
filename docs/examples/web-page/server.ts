/**
 * A whitelist on a web page, the safe way: this small server holds the link key, follows the whitelist through
 * the whitelist-sync API and relays it to browsers as server-sent events. The page never sees the key.
 *
 *   WLS_API=https://wls.example.org/api/v1 WLS_KEY=wls_… WLS_WHITELIST=k3v9x0q2ab bun server.ts
 *
 * WLS_KEY: a read-only key (`/server-link create name:web-page may-remove:False`). PORT (default 8080) and HOST
 * (default 127.0.0.1) are where the page is served. Bun only, no dependencies.
 */

const api = required("WLS_API").replace(/\/+$/, "");
const whitelistId = required("WLS_WHITELIST");
const auth = { authorization: `Bearer ${required("WLS_KEY")}` };

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required (see the top of server.ts)`);
  return value;
}

/** The nicks on the whitelist, as the API spells them. */
const nicks = new Set<string>();
/** The browsers listening, each a function that sends it one event. */
const browsers = new Set<(event: string, data: unknown) => void>();

function broadcast(event: string, data: unknown) {
  for (const send of browsers) send(event, data);
}

type Change = { type: string; whitelistId?: string; entry?: { nick: string } };

/** Applies one message of the socket. Applying the same change twice changes nothing, so replays are harmless. */
function apply(change: Change) {
  if (change.whitelistId !== whitelistId || !change.entry) return; // a guild-wide key sees every whitelist
  const { nick } = change.entry;
  if (change.type === "entry.added" && !nicks.has(nick)) {
    nicks.add(nick);
    broadcast("added", nick);
  } else if (change.type === "entry.removed" && nicks.delete(nick)) {
    broadcast("removed", nick);
  }
}

async function get(path: string) {
  const response = await fetch(`${api}${path}`, { headers: auth });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * Follows the whitelist (docs/api.md, Change feed): note the event cursor, read the entries, then open the
 * socket from that cursor. The socket first replays every change since the cursor, then sends live ones, so no
 * change falls between the read and the socket. Reconnects with backoff, starting over each time.
 */
async function follow(delayMs = 1000): Promise<void> {
  const retry = () => setTimeout(() => void follow(Math.min(delayMs * 2, 30_000)), delayMs);
  let socket: WebSocket;
  try {
    const { next } = (await get("/events")) as { next: string };
    const entries = (await get(`/whitelists/${encodeURIComponent(whitelistId)}/entries`)) as {
      nick: string;
    }[];
    nicks.clear();
    for (const entry of entries) nicks.add(entry.nick);
    broadcast("snapshot", [...nicks]);
    // Bun's WebSocket sends headers in the handshake; a browser's cannot, one more reason the key stays here.
    socket = new WebSocket(`${api.replace(/^http/, "ws")}/ws?after=${next}`, { headers: auth });
  } catch (error) {
    console.error(`cannot read the whitelist: ${(error as Error).message}`);
    retry();
    return;
  }
  socket.onopen = () => {
    delayMs = 1000;
  };
  socket.onmessage = (message) => apply(JSON.parse(String(message.data)) as Change);
  socket.onclose = ({ code, reason }) => {
    if (code === 4001) {
      console.error(`the key no longer works (${reason}): create another with /server-link create`);
      process.exit(1);
    }
    retry();
  };
}

const page = Bun.file(new URL("index.html", import.meta.url));

const server = Bun.serve({
  hostname: process.env.HOST ?? "127.0.0.1",
  port: Number(process.env.PORT ?? 8080),
  fetch(request, server) {
    const { pathname } = new URL(request.url);
    if (pathname === "/")
      return new Response(page, { headers: { "content-type": "text/html; charset=utf-8" } });
    if (pathname !== "/events") return new Response("Not found", { status: 404 });
    server.timeout(request, 0); // an event stream may stay quiet for long: Bun would close it after 10 s
    let send: (event: string, data: unknown) => void;
    let keepAlive: ReturnType<typeof setInterval>;
    const stream = new ReadableStream<string>({
      start(controller) {
        send = (event, data) => controller.enqueue(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        send("snapshot", [...nicks]);
        browsers.add(send);
        keepAlive = setInterval(() => controller.enqueue(": keep-alive\n\n"), 25_000);
      },
      cancel() {
        browsers.delete(send);
        clearInterval(keepAlive);
      },
    });
    return new Response(stream, {
      headers: { "content-type": "text/event-stream", "cache-control": "no-store" },
    });
  },
});

console.log(`Serving the whitelist page at http://${server.hostname}:${server.port}/`);
void follow();
