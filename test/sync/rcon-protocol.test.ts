import { afterEach, describe, expect, test } from "bun:test";
import { type CommandRequest, RCONServer } from "rcon-server";
import {
  createPacketReader,
  encodePacket,
  openRcon,
  type RconConnection,
  RconError,
} from "../../src/sync/rcon-protocol.ts";
import { quietPort } from "../helpers/ports.ts";
import { manualTimers } from "./helpers.ts";
import { type RconServer, startRconServer } from "./minecraft-rcon.ts";

const PASSWORD = "s3cret-rcon";
const cleanups: (() => unknown)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function server(options: Parameters<typeof startRconServer>[0] = { password: PASSWORD }): RconServer {
  const running = startRconServer(options);
  cleanups.push(() => running.stop());
  return running;
}

/** A logged-in connection to a local port, closed after the test. */
async function open(port: number, password: string): Promise<RconConnection> {
  const connection = await openRcon({ host: "127.0.0.1", port, password });
  cleanups.push(() => connection.end());
  return connection;
}

/** What a failed open rejects with, as `{ code, message }`. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RconError);
  return { code: (error as RconError).code, message: (error as Error).message };
}

describe("Source RCON, against a server that follows the protocol as Minecraft does", () => {
  test("a login, then commands answered by id, a long answer split in 4096-byte packets included", async () => {
    const big = "x".repeat(10_000);
    const rcon = server({ password: PASSWORD, answer: (command) => (command === "list" ? big : "ok") });
    const connection = await open(rcon.port, PASSWORD);
    // Only the first piece is read; the rest carries the old id and does not pass for the next answer.
    expect(await connection.send("list")).toBe("x".repeat(4096));
    expect(await connection.send("whitelist reload")).toBe("ok");
    expect([rcon.logins, rcon.commands]).toEqual([
      [{ password: PASSWORD, accepted: true }],
      ["list", "whitelist reload"],
    ]);
  });

  test("a long answer is read piece after piece while the caller says it goes on", async () => {
    // 4096-character pieces with no end marker: only the caller knows the whole (here, 3 pieces and a bit).
    const big = `${"y".repeat(3 * 4096)}end`;
    const rcon = server({ password: PASSWORD, answer: (command) => (command === "list" ? big : "ok") });
    const connection = await open(rcon.port, PASSWORD);
    expect(await connection.send("list", { continues: (soFar) => !soFar.endsWith("end") })).toBe(big);
    expect(await connection.send("whitelist reload")).toBe("ok");
  });

  test("the server is as strict as Minecraft's: two requests in one read cut the connection", async () => {
    const rcon = server({ password: PASSWORD });
    const socket = await Bun.connect({ hostname: "127.0.0.1", port: rcon.port, socket: { data() {} } });
    cleanups.push(() => socket.end());
    const login = encodePacket({ id: 1, type: 3, body: PASSWORD });
    socket.write(Buffer.concat([login, encodePacket({ id: 2, type: 2, body: "list" })]));
    await rcon.until(() => rcon.closed === 1);
    expect({ dropped: rcon.dropped, logins: rcon.logins, commands: rcon.commands }).toEqual({
      dropped: [{ bytes: 2 * 14 + PASSWORD.length + 4 }],
      logins: [],
      commands: [],
    });
  });

  test.each([
    ["as Minecraft answers it (id -1)", false],
    ["after an empty SERVERDATA_RESPONSE_VALUE, as Source servers answer it", true],
  ])(
    "a refused password %s: RconError, the connection closed, no command sent",
    async (_label, emptyFirst) => {
      const rcon = server({ password: PASSWORD, emptyValueFirst: emptyFirst });
      expect(await refusal(openRcon({ host: "127.0.0.1", port: rcon.port, password: "wrong" }))).toEqual({
        code: "password-refused",
        message: `RCON password refused by 127.0.0.1:${rcon.port}: it must equal rcon.password in server.properties`,
      });
      await rcon.until(() => rcon.closed === 1);
      expect({ logins: rcon.logins, commands: rcon.commands, unauthorized: rcon.unauthorized }).toEqual({
        logins: [{ password: "wrong", accepted: false }],
        commands: [],
        unauthorized: [],
      });
    },
  );

  test("the empty response value Source servers send before the login's answer is skipped", async () => {
    const rcon = server({ password: PASSWORD, emptyValueFirst: true });
    const connection = await open(rcon.port, PASSWORD);
    expect(await connection.send("whitelist reload")).toBe("Reloaded the whitelist");
  });

  test("a server that never answers: a timeout (fired by the test), then the connection is closed", async () => {
    const seen = { opened: Promise.withResolvers<void>(), closed: Promise.withResolvers<void>() };
    const silent = Bun.listen({
      hostname: "127.0.0.1",
      port: 0,
      socket: { open: () => seen.opened.resolve(), data() {}, close: () => seen.closed.resolve() },
    });
    cleanups.push(() => silent.stop(true));
    const timers = manualTimers();
    const opening = openRcon(
      { host: "127.0.0.1", port: silent.port, password: PASSWORD },
      { setTimer: timers.setTimer },
    );
    // The login's answer is awaited from the start: its timer runs; it fires once the server holds the line.
    expect(timers.armed).toBe(1);
    await seen.opened.promise;
    timers.fireAll();
    expect(await refusal(opening)).toEqual({
      code: "timeout",
      message: `RCON at 127.0.0.1:${silent.port} did not answer within 5 s`,
    });
    await seen.closed.promise;
  });

  test("a port that speaks something else fails at once", async () => {
    const http = Bun.listen({
      hostname: "127.0.0.1",
      port: 0,
      socket: { data: (socket) => void socket.write("HTTP/1.1 400 Bad Request\r\n\r\n") },
    });
    cleanups.push(() => http.stop(true));
    const failure = await refusal(openRcon({ host: "127.0.0.1", port: http.port, password: PASSWORD }));
    expect(failure.code).toBe("protocol");
  });

  test("nothing listening: unreachable", async () => {
    const port = quietPort();
    expect(await refusal(openRcon({ host: "127.0.0.1", port, password: PASSWORD }))).toEqual({
      code: "unreachable",
      message: `cannot reach RCON at 127.0.0.1:${port} (ECONNREFUSED)`,
    });
  });

  test("a command longer than Minecraft reads is refused before it is sent", async () => {
    const rcon = server();
    const connection = await open(rcon.port, PASSWORD);
    const failure = await refusal(connection.send(`say ${"a".repeat(1443)}`));
    expect(failure.code).toBe("protocol");
    expect(rcon.commands).toEqual([]);
  });
});

test("packets are reassembled across chunks, and several in one chunk are all read", () => {
  const read = createPacketReader();
  const bytes = Buffer.concat([
    encodePacket({ id: 1, type: 2, body: "" }),
    encodePacket({ id: 2, type: 0, body: "Reloaded the whitelist" }),
  ]);
  expect([read(bytes.subarray(0, 3)), read(bytes.subarray(3, 20)), read(bytes.subarray(20))]).toEqual([
    [],
    [{ id: 1, type: 2, body: "" }],
    [{ id: 2, type: 0, body: "Reloaded the whitelist" }],
  ]);
  expect(() => createPacketReader()(Buffer.from("HTTP/1.1 400"))).toThrow("a packet of length");
});

describe("against the npm rcon-server package", () => {
  /** rcon-server on port 0, recording the commands that reach it. */
  async function rconServer() {
    const instance = new RCONServer({ port: 0, host: "127.0.0.1", password: PASSWORD });
    const received: string[] = [];
    instance.on("commandRequest", (request: CommandRequest) => {
      received.push(request.body);
      request.resolve(`Echo: ${request.body}`);
    });
    const listening = new Promise<void>((resolve) => instance.on("listening", () => resolve()));
    instance.connect();
    await listening;
    cleanups.push(() => {
      for (const socket of instance.getConnectedSockets()) socket.destroy();
      return new Promise<void>((resolve) => instance.getSocketServer().close(() => resolve()));
    });
    const address = instance.getSocketServer().address();
    return { port: typeof address === "object" && address ? address.port : 0, received };
  }

  test("a login and a command", async () => {
    const { port, received } = await rconServer();
    const connection = await open(port, PASSWORD);
    expect(await connection.send("easywl reload")).toBe("Echo: easywl reload");
    expect(received).toEqual(["easywl reload"]);
  });

  test("a refused password (rcon-server answers type -1): no command reaches it", async () => {
    const { port, received } = await rconServer();
    const failure = await refusal(openRcon({ host: "127.0.0.1", port, password: "wrong" }));
    expect(failure.code).toBe("password-refused");
    expect(received).toEqual([]);
  });
});
