/**
 * A game server's RCON on loopback (port 0), written from the protocol's description (Valve's "Source RCON
 * Protocol", wiki.vg's "RCON") and answering as Minecraft's own server does:
 * - packets are an int32 LE length (of the rest), request id, type, body, two NUL bytes; they are reassembled
 *   from the stream, and one longer than Minecraft's 1460-byte request buffer ends the connection;
 * - type 3 (SERVERDATA_AUTH) logs in: the answer is type 2 (SERVERDATA_AUTH_RESPONSE) with the request's id,
 *   or with id -1 when the password is wrong (an empty password never logs in); the connection stays open;
 * - type 2 (SERVERDATA_EXECCOMMAND) runs a command once logged in, answered by type 0
 *   (SERVERDATA_RESPONSE_VALUE) with the same id, a long answer split into packets of 4096 body bytes; before
 *   a login it is answered with id -1 and not run;
 * - any other type gets "Unknown request <hex>".
 * `emptyValueFirst` adds what Source servers do: an empty SERVERDATA_RESPONSE_VALUE before each login answer.
 */

/** Minecraft reads a request into a buffer of this many bytes. */
const MAX_REQUEST = 1460;
/** Minecraft's piece size for long answers. */
const FRAGMENT = 4096;

function packet(id: number, type: number, body: string | Buffer): Buffer {
  const payload = typeof body === "string" ? Buffer.from(body, "utf8") : body;
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
  answer?: (command: string) => string;
  /** A given port (a game server coming back where the agent kept trying); 0: any free one. */
  port?: number;
}) {
  /** Commands run (after a login). */
  const commands: string[] = [];
  /** Commands that arrived on a connection that was not logged in (never run). */
  const unauthorized: string[] = [];
  const logins: { password: string; accepted: boolean }[] = [];
  let connections = 0;
  let closed = 0;
  const wakers = new Set<() => void>();
  const wake = () => {
    for (const waker of [...wakers]) waker();
  };

  const server = Bun.listen<{ buffer: Buffer; authed: boolean }>({
    hostname: "127.0.0.1",
    port,
    socket: {
      open(socket) {
        socket.data = { buffer: Buffer.alloc(0), authed: false };
        connections++;
        wake();
      },
      close() {
        closed++;
        wake();
      },
      data(socket, chunk) {
        let buffer = Buffer.concat([socket.data.buffer, chunk]);
        while (buffer.length >= 4) {
          const length = buffer.readInt32LE(0);
          if (length < 10 || length + 4 > MAX_REQUEST) {
            socket.end();
            return;
          }
          if (buffer.length < 4 + length) break;
          const id = buffer.readInt32LE(4);
          const type = buffer.readInt32LE(8);
          const body = buffer.subarray(12, 4 + length - 2).toString("utf8");
          buffer = buffer.subarray(4 + length);
          if (type === 3) {
            socket.data.authed = password !== "" && body === password;
            logins.push({ password: body, accepted: socket.data.authed });
            if (emptyValueFirst) socket.write(packet(id, 0, ""));
            socket.write(packet(socket.data.authed ? id : -1, 2, ""));
          } else if (type === 2 && socket.data.authed) {
            commands.push(body);
            const text = Buffer.from(answer(body), "utf8");
            for (let at = 0; at === 0 || at < text.length; at += FRAGMENT) {
              socket.write(packet(id, 0, text.subarray(at, at + FRAGMENT)));
            }
          } else if (type === 2) {
            unauthorized.push(body);
            socket.write(packet(-1, 2, ""));
          } else {
            socket.write(packet(id, 0, `Unknown request ${type.toString(16)}`));
          }
          wake();
        }
        socket.data.buffer = buffer;
      },
    },
  });

  return {
    port: server.port,
    commands,
    unauthorized,
    logins,
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
