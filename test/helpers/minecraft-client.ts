import { constants, publicEncrypt, randomBytes } from "node:crypto";
import type { Socket } from "bun";
import { type Cfb8, createCfb8, minecraftDigest } from "../../src/link/crypto.ts";
import { concat, encodeVarInt, type PacketReader, PacketSplitter, packet } from "../../src/link/protocol.ts";

/**
 * A minimal Minecraft Java login client in Bun, for the link endpoint's tests of what a real client cannot be
 * made to do (a wrong verify token, a login held half-way) and for bench/link.ts, where minecraft-protocol under
 * Node would be the bottleneck. What a real client sees is proved by test/link/minecraft-protocol.full.test.ts.
 */

/** A TCP connection that records what it receives and resolves `closed` when the peer closes. */
export type RawConnection = {
  write(bytes: Uint8Array): void;
  /** Everything received so far. */
  received(): Uint8Array;
  /** Resolves when `predicate` holds for what was received (checked on each arrival), or rejects on close. */
  until(predicate: (received: Uint8Array) => boolean): Promise<Uint8Array>;
  closed: Promise<Uint8Array>;
  end(): void;
  socket: Socket<undefined>;
};

/** Opens a connection to the endpoint on loopback. */
export async function connectRaw(
  port: number,
  options: { hostname?: string; allowHalfOpen?: boolean } = {},
): Promise<RawConnection> {
  const chunks: Uint8Array[] = [];
  const waiters = new Set<() => void>();
  let onClose: () => void = () => {};
  let isClosed = false;
  const closed = new Promise<Uint8Array>((resolve) => {
    onClose = () => {
      isClosed = true;
      for (const wake of [...waiters]) wake();
      resolve(concat(chunks));
    };
  });
  const socket = await Bun.connect({
    hostname: options.hostname ?? "127.0.0.1",
    port,
    allowHalfOpen: options.allowHalfOpen ?? false,
    socket: {
      data(_socket, bytes) {
        chunks.push(new Uint8Array(bytes));
        for (const wake of [...waiters]) wake();
      },
      close: () => onClose(),
      error: () => onClose(),
    },
  });
  return {
    write: (bytes) => {
      socket.write(bytes);
    },
    received: () => concat(chunks),
    until(predicate) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const bytes = concat(chunks);
          if (predicate(bytes)) {
            waiters.delete(check);
            resolve(bytes);
          } else if (isClosed) {
            waiters.delete(check);
            reject(new Error(`closed after ${bytes.length} bytes without what was awaited`));
          }
        };
        waiters.add(check);
        check();
      });
    },
    closed,
    end: () => socket.end(),
    socket,
  };
}

/** A Handshake packet. */
export function handshake(protocol: number, nextState: number, port = 25565, host = "localhost"): Uint8Array {
  return packet(
    0x00,
    { varInt: protocol },
    { string: host },
    { bytes: Uint8Array.of(port >> 8, port & 0xff) },
    {
      varInt: nextState,
    },
  );
}

/** A Login Start packet (1.20.2+: the name and the UUID). */
export function loginStart(name: string, uuid = "00000000000000000000000000000000"): Uint8Array {
  return packet(
    0x00,
    { string: name },
    { bytes: Uint8Array.from(Buffer.from(uuid.replaceAll("-", ""), "hex")) },
  );
}

/** The whole packets in `bytes` (uncompressed), as id and body. */
export function packetsIn(bytes: Uint8Array): { id: number; body: PacketReader }[] {
  const splitter = new PacketSplitter();
  splitter.push(bytes);
  const found: { id: number; body: PacketReader }[] = [];
  for (let next = splitter.next(1 << 20); next; next = splitter.next(1 << 20)) found.push(next);
  return found;
}

/** The text of a Login Disconnect (a JSON text component), if `bytes` hold one whole. */
export function disconnectText(bytes: Uint8Array): string | undefined {
  const first = packetsIn(bytes)[0];
  if (first?.id !== 0x00) return undefined;
  return (JSON.parse(first.body.string(262_144)) as { text: string }).text;
}

/** What a login ended with: the disconnect's text, and whether it came encrypted. */
export type LoginOutcome = { text: string; encrypted: boolean };

/**
 * Logs in as a vanilla client does: Handshake and Login Start, then on the Encryption Request a fresh shared
 * secret, `join` at the session server (`sessionUrl`; skipped without one), the Encryption Response, and from
 * then on AES-128-CFB8. Resolves with the Login Disconnect that ends every login at the endpoint.
 */
export async function login(options: {
  port: number;
  protocol: number;
  name: string;
  uuid: string;
  sessionUrl?: string;
  accessToken?: string;
  /** Sends a verify token other than the server's (a client that did not decrypt it). */
  wrongToken?: boolean;
}): Promise<LoginOutcome> {
  const connection = await connectRaw(options.port);
  connection.write(
    concat([handshake(options.protocol, 2, options.port), loginStart(options.name, options.uuid)]),
  );
  const first = await connection
    .until((bytes) => packetsIn(bytes).length > 0)
    .catch(() => connection.received());
  const request = packetsIn(first)[0];
  if (!request) throw new Error("the endpoint closed without a packet");
  if (request.id === 0x00) return { text: disconnectText(first) ?? "", encrypted: false };
  const serverId = request.body.string(20);
  const publicKey = request.body.byteArray(1024);
  const token = request.body.byteArray(16);
  const secret = randomBytes(16);
  if (options.sessionUrl) {
    const joined = await fetch(`${options.sessionUrl}/session/minecraft/join`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        accessToken: options.accessToken ?? "token",
        selectedProfile: options.uuid.replaceAll("-", ""),
        serverId: minecraftDigest(serverId, secret, publicKey),
      }),
    });
    if (joined.status !== 204) throw new Error(`join answered ${joined.status}`);
  }
  const key = {
    key: Buffer.from(publicKey),
    format: "der",
    type: "spki",
    padding: constants.RSA_PKCS1_PADDING,
  } as const;
  const sentToken = options.wrongToken ? randomBytes(4) : token;
  const response = packet(
    0x01,
    { byteArray: publicEncrypt(key, secret) },
    { byteArray: publicEncrypt(key, sentToken) },
  );
  const decrypt: Cfb8 = createCfb8(secret, secret, "decrypt");
  const already = connection.received().length;
  connection.write(response);
  const rest = await connection.closed;
  const tail = rest.subarray(already);
  // The endpoint encrypts from the Encryption Response on, unless it refused the handshake itself.
  if (options.wrongToken) return { text: disconnectText(tail) ?? "", encrypted: false };
  return { text: disconnectText(decrypt.update(tail)) ?? "", encrypted: true };
}

/** A Status Request and, after it, a Ping with `payload`. */
export function statusExchange(protocol: number, payload: bigint): Uint8Array {
  const ping = new Uint8Array(8);
  new DataView(ping.buffer).setBigInt64(0, payload);
  return concat([handshake(protocol, 1), packet(0x00), packet(0x01, { bytes: ping })]);
}

/** A VarInt length prefix followed by junk: what a flood or a scanner sends. */
export function declaredLength(length: number, body: Uint8Array = new Uint8Array(0)): Uint8Array {
  return concat([encodeVarInt(length), body]);
}
