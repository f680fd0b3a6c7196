/**
 * A game server's RCON on loopback (port 0), written from the protocol's description (Valve's "Source RCON
 * Protocol", wiki.vg's "RCON") and as strict as Minecraft's own RconClient (net.minecraft.server.rcon.thread):
 * - packets are an int32 LE length (of the rest), request id, type, body, two NUL bytes. Minecraft reads each
 *   request with one `read` into a 1460-byte buffer and drops the connection unless that read is exactly one
 *   packet (fewer than 10 bytes, or a length other than what was read less 4): so does this server, one packet per
 *   chunk that arrives (a client that sends two requests without waiting, or one in pieces, is cut off);
 * - type 3 (SERVERDATA_AUTH) logs in: the answer is type 2 (SERVERDATA_AUTH_RESPONSE) with the request's id,
 *   or with id -1 when the password is wrong (an empty password never logs in); the connection stays open;
 * - type 2 (SERVERDATA_EXECCOMMAND) runs a command once logged in, answered by type 0
 *   (SERVERDATA_RESPONSE_VALUE) with the same id, a long answer split into packets of 4096 characters (Java's
 *   String.length, not bytes), one after the other with no end marker; before a login it is answered with id -1
 *   and not run;
 * - any other type gets "Unknown request <hex>";
 * - one request at a time per connection: a command's answer is sent before the next request is read.
 * `emptyValueFirst` adds what Source servers do: an empty SERVERDATA_RESPONSE_VALUE before each login answer.
 * `answer` is the server's command handling (test/sync/vanilla-console.ts answers as vanilla does); it may take
 * its time (a promise), as a command runs on the server's main thread.
 */

/** Minecraft reads a request into a buffer of this many bytes. */
const MAX_REQUEST = 1460;
/** Minecraft's piece size for long answers, in UTF-16 code units (RconClient.sendCmdResponse). */
const FRAGMENT = 4096;

function packet(id: number, type: number, body: string): Buffer {
  const payload = Buffer.from(body, "utf8");
  const bytes = Buffer.alloc(payload.length + 14);
  bytes.writeInt32LE(payload.length + 10, 0);
  bytes.writeInt32LE(id, 4);
  bytes.writeInt32LE(type, 8);
  payload.copy(bytes, 12);
  return bytes;
}

/** What each command answers, by default: a short line like Minecraft's. */
const defaultAnswer = (command: string) =>
  command === "whitelist reload" ? "Reloaded the whitelist" : `Ran ${command}`;

/** Starts the server; `stop()` closes it and every connection. */
export function startRconServer({
  password,
  emptyValueFirst = false,
  answer = defaultAnswer,
  port = 0,
}: {
  password: string;
  emptyValueFirst?: boolean;
  answer?: (command: string) => string | Promise<string>;
  /** A given port (a game server coming back where the agent kept trying); 0: any free one. */
  port?: number;
}) {
  /** Commands run (after a login). */
  const commands: string[] = [];
  /** Commands that arrived on a connection that was not logged in (never run). */
  const unauthorized: string[] = [];
  const logins: { password: string; accepted: boolean }[] = [];
  /** Connections dropped for a read that was not exactly one packet, as Minecraft drops them. */
  const dropped: { bytes: number }[] = [];
  let connections = 0;
  let closed = 0;
  const wakers = new Set<() => void>();
  const wake = () => {
    for (const waker of [...wakers]) waker();
  };

  type Connection = { authed: boolean; turn: Promise<void>; cut: boolean };

  /** Handles one request, as RconClient's loop does for one read; resolves once its answer is written. */
  async function handle(socket: Bun.Socket<Connection>, read: Buffer): Promise<void> {
    if (socket.data.cut) return;
    const length = read.length >= 4 ? read.readInt32LE(0) : -1;
    if (read.length < 10 || length !== read.length - 4) {
      socket.data.cut = true;
      dropped.push({ bytes: read.length });
      socket.end();
      wake();
      return;
    }
    const id = read.readInt32LE(4);
    const type = read.readInt32LE(8);
    // PktUtils.stringFromByteArray: the body up to its first NUL.
    const raw = read.subarray(12);
    const end = raw.indexOf(0);
    const body = raw.subarray(0, end < 0 ? raw.length : end).toString("utf8");
    if (type === 3) {
      socket.data.authed = password !== "" && body === password;
      logins.push({ password: body, accepted: socket.data.authed });
      if (emptyValueFirst) socket.write(packet(id, 0, ""));
      socket.write(packet(socket.data.authed ? id : -1, 2, ""));
    } else if (type === 2 && socket.data.authed) {
      commands.push(body);
      wake();
      let text = await answer(body);
      do {
        socket.write(packet(id, 0, text.slice(0, FRAGMENT)));
        text = text.slice(FRAGMENT);
      } while (text.length > 0);
    } else if (type === 2) {
      unauthorized.push(body);
      socket.write(packet(-1, 2, ""));
    } else {
      socket.write(packet(id, 0, `Unknown request ${type.toString(16)}`));
    }
    wake();
  }

  const server = Bun.listen<Connection>({
    hostname: "127.0.0.1",
    port,
    socket: {
      open(socket) {
        socket.data = { authed: false, turn: Promise.resolve(), cut: false };
        connections++;
        wake();
      },
      close() {
        closed++;
        wake();
      },
      data(socket, chunk) {
        // One read of at most 1460 bytes is one request; what is left of a larger chunk is the next read.
        for (let at = 0; at < chunk.length; at += MAX_REQUEST) {
          const read = Buffer.from(chunk.subarray(at, at + MAX_REQUEST));
          socket.data.turn = socket.data.turn.then(() => handle(socket, read));
        }
      },
    },
  });

  return {
    port: server.port,
    commands,
    unauthorized,
    logins,
    dropped,
    /** Connections opened so far. */
    get connections() {
      return connections;
    },
    /** Connections closed so far (by either side). */
    get closed() {
      return closed;
    },
    /** Resolves once `check` holds (checked after every connection change and packet). */
    until(check: () => boolean): Promise<void> {
      return new Promise((resolve) => {
        const waker = () => {
          if (!check()) return;
          wakers.delete(waker);
          resolve();
        };
        wakers.add(waker);
        waker();
      });
    },
    stop: () => server.stop(true),
  };
}

/** The running server's type. */
export type RconServer = ReturnType<typeof startRconServer>;
