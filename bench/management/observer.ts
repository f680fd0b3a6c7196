/**
 * bench/management.ts's floor, in a process of its own: a bare subscriber of `GET /api/v1/ws` (argv: the socket's
 * URL, the key) printing one line per event, `<type> <nick> <ms>`, the moment it arrived on the clock every process
 * shares (`performance.timeOrigin + performance.now()`), and `ready` once subscribed. Apart from the bench's process,
 * where the agent and the fake run, so their work never delays what it sees.
 */
const [url, key] = process.argv.slice(2) as [string, string];
const socket = new WebSocket(url, { headers: { authorization: `Bearer ${key}` } });
socket.onmessage = (message) => {
  const at = performance.timeOrigin + performance.now();
  const event = JSON.parse(String(message.data)) as { type: string; entry?: { nick: string } };
  if (event.type === "connected") console.log("ready");
  else if (event.entry) console.log(`${event.type} ${event.entry.nick} ${at}`);
};
socket.onclose = () => process.exit(0);
