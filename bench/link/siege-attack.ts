/**
 * bench/link-siege.ts's attacker, a process of its own: from `addresses` loopback addresses (127.x.y.z, each
 * bound by node:net; Linux routes all of 127/8 to lo), `perNetwork` of them in each /24, every address holds
 * `slots` connections to the link endpoint on 127.0.0.1, of three kinds taken in turn: idle (connects and says
 * nothing), drip (the Handshake and Login Start one byte a second) and held login (Handshake and Login Start, then
 * never the Encryption Response). Each is reopened when the endpoint cuts it, never sooner than `retryMs` after
 * its last opening. Bounded: at most addresses × slots at once, loopback only, and it stops after `seconds`.
 * Prints `{"open",...}` every second and `{"done",...}` at the end. Not meant to be run by hand.
 *
 * Usage: bun bench/link/siege-attack.ts '{"port","addresses","perNetwork","slots","seconds","retryMs"}'
 */
import { connect, type Socket } from "node:net";
import { concat } from "../../src/link/protocol.ts";
import { handshake, loginStart } from "../../test/helpers/minecraft-client.ts";

const options = JSON.parse(process.argv[2] ?? "{}") as {
  port: number;
  addresses: number;
  perNetwork: number;
  slots: number;
  seconds: number;
  retryMs: number;
};
const { port, addresses, perNetwork, slots, retryMs } = options;
const DRIP_MS = 1000;
/** How long the first openings are spread over, so the listener's backlog is not what refuses them. */
const RAMP_MS = 3000;

/** The i-th attacking address: `perNetwork` hosts in each /24 from 127.1.0.0/24 on (honest players use 127.250+). */
function attackerAddress(i: number): string {
  const network = Math.floor(i / perNetwork);
  const host = (i % perNetwork) + 1;
  const second = 1 + Math.floor(network / 256);
  if (second >= 250 || host > 254) throw new Error("too many attacking addresses for 127.1-249.x.y");
  return `127.${second}.${network % 256}.${host}`;
}

type Kind = "idle" | "drip" | "login";
const kinds: Kind[] = ["idle", "drip", "login"];
type Slot = {
  address: string;
  kind: Kind;
  bytes: Uint8Array;
  socket?: Socket;
  sent: number;
  openedAt: number;
};

const counts = { open: 0, opened: 0, cut: 0, cutAtOnce: 0, errors: 0 };
const byKind: Record<Kind, { open: number; cut: number }> = {
  idle: { open: 0, cut: 0 },
  drip: { open: 0, cut: 0 },
  login: { open: 0, cut: 0 },
};
const started = performance.now();
const endsAt = started + options.seconds * 1000;
let stopping = false;

const open = (slot: Slot) => {
  if (stopping) return;
  slot.openedAt = performance.now();
  slot.sent = 0;
  counts.opened++;
  const socket = connect({ host: "127.0.0.1", port, localAddress: slot.address });
  slot.socket = socket;
  let connected = false;
  socket.on("connect", () => {
    connected = true;
    counts.open++;
    byKind[slot.kind].open++;
    if (slot.kind === "login") {
      socket.write(slot.bytes);
      slot.sent = slot.bytes.length;
    }
  });
  socket.on("data", () => {}); // the Encryption Request, read and ignored
  socket.on("error", () => {
    counts.errors++;
  });
  socket.on("close", () => {
    slot.socket = undefined;
    if (connected) {
      counts.open--;
      byKind[slot.kind].open--;
    }
    if (stopping) return;
    counts.cut++;
    byKind[slot.kind].cut++;
    const now = performance.now();
    if (now - slot.openedAt < 200) counts.cutAtOnce++;
    setTimeout(() => open(slot), Math.max(0, slot.openedAt + retryMs - now));
  });
};

const all: Slot[] = [];
for (let i = 0; i < addresses; i++) {
  const address = attackerAddress(i);
  for (let j = 0; j < slots; j++) {
    const kind = kinds[(i + j) % kinds.length] as Kind;
    const bytes = concat([handshake(767, 2, port, "127.0.0.1"), loginStart(`siege_${i}_${j}`.slice(0, 16))]);
    all.push({ address, kind, bytes, sent: 0, openedAt: 0 });
  }
}
all.forEach((slot, n) => {
  setTimeout(() => open(slot), (n / all.length) * RAMP_MS);
});

const drip = setInterval(() => {
  for (const slot of all) {
    if (slot.kind !== "drip" || !slot.socket || slot.sent >= slot.bytes.length) continue;
    if (slot.socket.readyState !== "open") continue;
    slot.socket.write(slot.bytes.subarray(slot.sent, slot.sent + 1));
    slot.sent++;
  }
}, DRIP_MS);

const report = setInterval(() => {
  process.stdout.write(
    `${JSON.stringify({ t: Math.round(performance.now() - started), ...counts, byKind })}\n`,
  );
}, 1000);

await Bun.sleep(Math.max(0, endsAt - performance.now()));
stopping = true;
clearInterval(drip);
clearInterval(report);
for (const slot of all) slot.socket?.destroy();
process.stdout.write(`${JSON.stringify({ done: true, ...counts, byKind })}\n`);
process.exit(0);
