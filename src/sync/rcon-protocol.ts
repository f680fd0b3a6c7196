import { connect as connectTcp, type Socket } from "node:net";
import { realSetTimer, type SetTimer } from "./socket.ts";

/**
 * Source RCON as a Minecraft server speaks it (Valve's "Source RCON Protocol"; wiki.vg "RCON"). Every packet
 * is an int32 little-endian length (of the rest), a request id, a type, the body and two NUL bytes. The client
 * logs in with type 3 (SERVERDATA_AUTH); the answer is type 2 (SERVERDATA_AUTH_RESPONSE) carrying the request
 * id when the password was right and -1 when it was refused. Commands are type 2 (SERVERDATA_EXECCOMMAND),
 * answered with type 0 (SERVERDATA_RESPONSE_VALUE) and the same id; a command sent without a login is
 * answered -1 too.
 *
 * Written here rather than taken from rcon-client, which takes the first packet after its login for the
 * answer, whatever its id and type: a server that first sends an empty SERVERDATA_RESPONSE_VALUE (as Source
 * servers do) passes for a successful login even with a wrong password, and the commands that follow go to a
 * server that refused them.
 */

/** Packet types (SERVERDATA_*): the same numbers both ways, told apart by direction. */
export const PacketType = { responseValue: 0, execCommand: 2, authResponse: 2, auth: 3 } as const;

/** A decoded packet. */
export type RconPacket = { id: number; type: number; body: string };

/** Minecraft reads a request into 1460 bytes: 14 of framing leave 1446 for the command. */
export const MAX_COMMAND_BYTES = 1446;
/**
 * Minecraft splits a long answer into pieces of this many characters (Java's String.length: UTF-16 code units),
 * sent one after the other (RconClient.sendCmdResponse).
 */
export const ANSWER_PIECE_CHARS = 4096;
/** A piece is at most 3 UTF-8 bytes per code unit; a longer length is not RCON. */
const MAX_PACKET_LENGTH = 3 * ANSWER_PIECE_CHARS + 10;
/** The smallest length: id, type and the two NUL bytes. */
const MIN_PACKET_LENGTH = 10;

/** One packet's bytes. */
export function encodePacket({ id, type, body }: RconPacket): Buffer {
  const payload = Buffer.from(body, "utf8");
  const packet = Buffer.alloc(payload.length + 14);
  packet.writeInt32LE(payload.length + 10, 0);
  packet.writeInt32LE(id, 4);
  packet.writeInt32LE(type, 8);
  payload.copy(packet, 12);
  return packet;
}

/**
 * Reassembles packets from a TCP stream, where one chunk may hold part of a packet or several. Throws on a
 * length no RCON packet has (so a port that speaks something else fails at once instead of buffering).
 */
export function createPacketReader(): (chunk: Uint8Array) => RconPacket[] {
  let buffer = Buffer.alloc(0);
  return (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    const packets: RconPacket[] = [];
    while (buffer.length >= 4) {
      const length = buffer.readInt32LE(0);
      if (length < MIN_PACKET_LENGTH || length > MAX_PACKET_LENGTH) {
        throw new Error(`a packet of length ${length}`);
      }
      if (buffer.length < 4 + length) break;
      packets.push({
        id: buffer.readInt32LE(4),
        type: buffer.readInt32LE(8),
        body: buffer.subarray(12, 4 + length - 2).toString("utf8"),
      });
      buffer = buffer.subarray(4 + length);
    }
    return packets;
  };
}

/** Why an RCON exchange failed; `code` is stable, the message names the server. */
export type RconErrorCode = "password-refused" | "unreachable" | "timeout" | "closed" | "protocol";

/** An RCON failure. `password-refused` means no command was sent, and none will be on that connection. */
export class RconError extends Error {
  override readonly name = "RconError";
  constructor(
    readonly code: RconErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Where a game server's RCON listens, and its password. */
export type RconTarget = { host: string; port: number; password: string };

/**
 * How to read a long answer: Minecraft splits it into 4096-character pieces with no end marker, so only the caller, who
 * knows what the answer says, can tell whether a full piece is followed by another (`continues`, asked with the text
 * so far after each full piece). Without it, the first piece is the answer.
 */
export type AnswerReading = { continues?: (soFar: string) => boolean };

/** A logged-in RCON connection: commands run one after the other, each answered before the next. */
export type RconConnection = {
  /** Runs a command; resolves with the answer's text (its first piece, unless `reading` says it goes on). */
  send(command: string, reading?: AnswerReading): Promise<string>;
  /** Closes the connection. */
  end(): Promise<void>;
};

/** `host:port` as messages show it (an IPv6 host in brackets). */
export const rconAddress = ({ host, port }: { host: string; port: number }) =>
  `${host.includes(":") ? `[${host}]` : host}:${port}`;

/** How long one answer (the login's, or a command's) may take. */
export const RCON_TIMEOUT_MS = 5000;

/**
 * Connects and logs in. Resolves only once the server accepted the password: a refused login (request id -1)
 * rejects with RconError `password-refused`, closes the connection and sends no command. Empty
 * SERVERDATA_RESPONSE_VALUE packets before the login's answer (Source servers send one) are skipped. A
 * command's answer is matched by its id; further packets of a long answer, which Minecraft splits into
 * 4096-character pieces without an end marker, are read while the caller's `continues` says the text goes on, and left
 * unread otherwise.
 */
export async function openRcon(
  { host, port, password }: RconTarget,
  { timeoutMs = RCON_TIMEOUT_MS, setTimer = realSetTimer }: { timeoutMs?: number; setTimer?: SetTimer } = {},
): Promise<RconConnection> {
  const address = rconAddress({ host, port });
  const socket: Socket = connectTcp({ host, port });
  socket.setNoDelay(true);
  const read = createPacketReader();
  /** The request waiting for its answer (one at a time). */
  let waiting: {
    id: number;
    login: boolean;
    /** The pieces of a long answer read so far, and whether it goes on after a full one. */
    pieces: string[];
    continues?: (soFar: string) => boolean;
    resolve: (body: string) => void;
    reject: (error: RconError) => void;
    cancelTimer: () => void;
  } | null = null;
  let failure: RconError | null = null;
  let connected = false;
  let nextId = 1;

  const fail = (error: RconError) => {
    failure ??= error;
    socket.destroy();
    const pending = waiting;
    waiting = null;
    pending?.cancelTimer();
    pending?.reject(failure);
  };

  socket.on("connect", () => {
    connected = true;
  });
  socket.on("error", (error: NodeJS.ErrnoException) => {
    const why = error.code ?? error.message;
    fail(
      connected
        ? new RconError("closed", `RCON at ${address} dropped the connection (${why})`)
        : new RconError("unreachable", `cannot reach RCON at ${address} (${why})`),
    );
  });
  socket.on("close", () => fail(new RconError("closed", `RCON at ${address} closed the connection`)));
  socket.on("data", (chunk: Buffer) => {
    let packets: RconPacket[];
    try {
      packets = read(chunk);
    } catch (error) {
      return fail(
        new RconError("protocol", `RCON at ${address} does not speak RCON (${(error as Error).message})`),
      );
    }
    for (const packet of packets) {
      const request = waiting;
      if (request === null) continue;
      if (request.login) {
        // A login is answered by its own type; Source servers put an empty response value first.
        if (packet.type === PacketType.responseValue) continue;
        // The protocol refuses with id -1; rcon-server (npm) answers type -1 with our id instead.
        if (packet.id === -1 || packet.type === -1) {
          return fail(
            new RconError(
              "password-refused",
              `RCON password refused by ${address}: it must equal rcon.password in server.properties`,
            ),
          );
        }
        // Some servers echo the login's type 3 instead of answering with type 2.
        const answer = packet.type === PacketType.authResponse || packet.type === PacketType.auth;
        if (packet.id !== request.id || !answer) {
          return fail(
            new RconError(
              "protocol",
              `RCON at ${address} answered the login with a packet of type ${packet.type} and id ${packet.id}`,
            ),
          );
        }
      } else if (packet.id === -1) {
        // Logged in, yet refused: the server no longer takes this login (its password changed, say).
        return fail(new RconError("password-refused", `RCON password refused by ${address}`));
      } else if (packet.id !== request.id) {
        continue; // the rest of an earlier, long answer
      }
      request.pieces.push(packet.body);
      const text = request.pieces.join("");
      const full = packet.body.length >= ANSWER_PIECE_CHARS;
      if (!request.login && full && request.continues?.(text)) continue;
      waiting = null;
      request.cancelTimer();
      request.resolve(text);
    }
  });

  function request(
    type: number,
    body: string,
    login: boolean,
    continues?: (soFar: string) => boolean,
  ): Promise<string> {
    if (failure) return Promise.reject(failure);
    if (waiting) return Promise.reject(new Error("one RCON request at a time"));
    const id = nextId;
    nextId = nextId >= 0x7fffffff ? 1 : nextId + 1;
    return new Promise<string>((resolve, reject) => {
      const cancelTimer = setTimer(
        () =>
          fail(new RconError("timeout", `RCON at ${address} did not answer within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
      waiting = { id, login, pieces: [], continues, resolve, reject, cancelTimer };
      socket.write(encodePacket({ id, type, body }));
    });
  }

  await request(PacketType.auth, password, true);
  return {
    send(command, reading) {
      if (Buffer.byteLength(command, "utf8") > MAX_COMMAND_BYTES) {
        return Promise.reject(
          new RconError("protocol", `the command is longer than RCON takes (${MAX_COMMAND_BYTES} bytes)`),
        );
      }
      return request(PacketType.execCommand, command, false, reading?.continues);
    },
    async end() {
      if (socket.destroyed) return;
      const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
      socket.destroy();
      await closed;
    },
  };
}
