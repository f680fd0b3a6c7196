import { afterEach, describe, expect, test } from "bun:test";
import { defaultLimits } from "../../src/link/guard.ts";
import { zeroCounters } from "../../src/link/model.ts";
import { concat, packet } from "../../src/link/protocol.ts";
import {
  connectRaw,
  declaredLength,
  disconnectText,
  handshake,
  login,
  loginStart,
  packetsIn,
  statusExchange,
} from "../helpers/minecraft-client.ts";
import { acceptedSoFar, JEB, NOTCH, startWorld } from "./helpers.ts";

let world: ReturnType<typeof startWorld>;
afterEach(async () => {
  await world.stop();
});

/** The counters an endpoint shows after `changes`, from zero. */
const counted = (changes: Partial<Omit<ReturnType<typeof zeroCounters>, "refused">>, refused = {}) => {
  const zero = zeroCounters();
  return { ...zero, ...changes, refused: { ...zero.refused, ...refused } };
};

const VERSIONS_TEXT = "1.20.2 to 26.1";

describe("the server list", () => {
  test("any protocol gets the status (MOTD naming the community, 0/0 players, the login's versions), then its pong", async () => {
    world = startWorld();
    for (const protocol of [47, 767, -1]) {
      const client = await connectRaw(world.link.port);
      client.write(statusExchange(protocol, 0x0123456789abcdefn));
      const [response, pong] = packetsIn(await client.closed);
      const status = JSON.parse(response?.body.string(32767) ?? "{}");
      expect(status).toEqual({
        version: { name: "Java 1.20.2-26.1", protocol: protocol === 767 ? 767 : 775 },
        players: { max: 0, online: 0 },
        description: {
          text: "",
          extra: [
            { text: "Account link for Test SMP", color: "gold" },
            { text: "\nJoin to get a code for Discord (you will not enter a world)", color: "gray" },
          ],
        },
      });
      expect(pong?.id).toBe(0x01);
      expect(Buffer.from(pong?.body.long() ?? []).toString("hex")).toBe("0123456789abcdef");
    }
    await world.link.idle();
    expect(world.link.counters()).toEqual(counted({ pings: 3 }));
  });

  test("the legacy ping of clients before 1.7 gets the legacy kick string, in both of its formats", async () => {
    world = startWorld();
    const legacy = async (bytes: number[]) => {
      const client = await connectRaw(world.link.port);
      client.write(Uint8Array.from(bytes));
      const answer = await client.closed;
      const length = ((answer[1] ?? 0) << 8) | (answer[2] ?? 0);
      expect([answer[0], answer.length]).toEqual([0xff, 3 + 2 * length]);
      return Buffer.from(answer.subarray(3)).swap16().toString("utf16le");
    };
    expect(await legacy([0xfe])).toBe("Account link for Test SMP§0§0");
    // 1.6 sends FE 01 FA and a plugin message naming the host; 1.4 and 1.5 send FE 01.
    const oneSix = [0xfe, 0x01, 0xfa, 0x00, 0x0b, ...Buffer.from("\0M\0C\0|\0P\0i\0n\0g\0H\0o\0s\0t")];
    for (const bytes of [[0xfe, 0x01], oneSix]) {
      expect((await legacy(bytes)).split("\0")).toEqual([
        "§1",
        "127",
        "Java 1.20.2-26.1",
        "Account link for Test SMP",
        "0",
        "0",
      ]);
    }
    await world.link.idle();
    expect(world.link.counters()).toEqual(counted({ legacyPings: 3 }));
  });
});

describe("the login", () => {
  test("proves an account through hasJoined and always disconnects with the port's text, encrypted", async () => {
    world = startWorld();
    // 764 sends the Encryption Request without `shouldAuthenticate`, 774 with it.
    for (const [protocol, account] of [
      [764, NOTCH],
      [774, JEB],
    ] as const) {
      const outcome = await login({
        port: world.link.port,
        protocol,
        ...account,
        sessionUrl: world.mojang.url,
      });
      expect(outcome.encrypted).toBe(true);
      expect(outcome.text).toMatch(/^Your code: K7Q-\d\nType \/register code:K7Q-\d in Discord$/);
    }
    expect(world.proofs).toEqual([
      { account: NOTCH, address: "127.0.0.1" },
      { account: JEB, address: "127.0.0.1" },
    ]);
    expect(world.mojang.requestedPaths()).toEqual([
      "/session/minecraft/join",
      "/session/minecraft/hasJoined",
      "/session/minecraft/join",
      "/session/minecraft/hasJoined",
    ]);
    const proven = world.log.lines.filter((line) => line.msg === "java account proven at the link endpoint");
    expect(proven.map(({ uuid, name, protocol }) => ({ uuid, name, protocol }))).toEqual([
      { ...NOTCH, protocol: 764 },
      { ...JEB, protocol: 774 },
    ]);
    await world.link.idle();
    expect(world.link.counters()).toEqual(counted({ proven: 2 }));
  });

  test("a client that never joined at Mojang is refused with a clear text, and nothing is proven", async () => {
    world = startWorld();
    const outcome = await login({ port: world.link.port, protocol: 767, ...NOTCH });
    expect(outcome).toEqual({
      text:
        "Could not verify your account with Mojang.\n" +
        "Restart your game and launcher, then join again (a premium Java account is needed).",
      encrypted: true,
    });
    expect(world.proofs).toEqual([]);
    expect(world.mojang.requestedPaths()).toEqual(["/session/minecraft/hasJoined"]);
    await world.link.idle();
    expect(world.link.counters()).toEqual(counted({}, { "not-joined": 1 }));
  });

  test("a client too old or too new for the login is told which versions can join, at once", async () => {
    world = startWorld();
    for (const protocol of [763, 776, 47]) {
      const client = await connectRaw(world.link.port);
      client.write(handshake(protocol, 2));
      const text = disconnectText(await client.closed);
      expect(text).toBe(
        `This server links Minecraft Java ${VERSIONS_TEXT} accounts; your game speaks protocol ${protocol}.\n` +
          `Join with a version from ${VERSIONS_TEXT} to get your code.`,
      );
    }
    await world.link.idle();
    expect(world.link.counters()).toEqual(counted({}, { version: 3 }));
  });

  test("a wrong verify token is refused unencrypted, before Mojang is asked", async () => {
    world = startWorld();
    const outcome = await login({ port: world.link.port, protocol: 765, ...NOTCH, wrongToken: true });
    expect(outcome).toEqual({
      text: "The encryption handshake failed. Restart your game, then join again.",
      encrypted: false,
    });
    expect(world.mojang.requestedPaths()).toEqual([]);
  });

  test("Mojang down, a name no account can have, and a port that fails each get their own text", async () => {
    world = startWorld({
      proof: {
        proven: async () => {
          throw new Error("store locked");
        },
      },
    });
    const { port } = world.link;
    world.mojang.setMode("down");
    expect((await login({ port, protocol: 767, ...NOTCH })).text).toBe(
      "Could not verify your account with Mojang: its session server did not answer.\nJoin again in a minute.",
    );
    world.mojang.setMode("normal");
    expect((await login({ port, protocol: 767, name: "no space", uuid: NOTCH.uuid })).text).toBe(
      "That is not a Minecraft Java name. Join with your premium Java account.",
    );
    expect((await login({ port, protocol: 767, ...NOTCH, sessionUrl: world.mojang.url })).text).toBe(
      "Something went wrong on our side. Join again in a minute.",
    );
    expect(world.log.at("warn")).toEqual(["link: Mojang's session server could not tell"]);
    expect(world.log.at("error")).toEqual(["link: the proof could not be recorded"]);
    await world.link.idle();
    expect(world.link.counters()).toEqual(counted({}, { "session-unavailable": 1, name: 1, failed: 1 }));
  });

  test("the log never holds the shared secret or the server id", async () => {
    world = startWorld();
    await login({ port: world.link.port, protocol: 767, ...NOTCH, sessionUrl: world.mojang.url });
    const serverId = [...world.mojang.joins().values()][0] as string;
    expect(serverId.length).toBeGreaterThan(30);
    expect(JSON.stringify(world.log.lines)).not.toContain(serverId.replace(/^-/, ""));
  });
});

describe("Mojang's answer, checked before it is believed", () => {
  const STEVE = { name: "SteveCraft", uuid: "4566e69f-c907-48ee-8d71-d7ba5aa00d20" };
  const MISMATCH =
    "Mojang vouched for another account than the one you joined with.\n" +
    "Restart your game and launcher, then join again with your premium Java account.";
  const UNREADABLE =
    "Could not verify your account with Mojang: its session server's answer could not be read.\n" +
    "Join again in a minute.";

  test("a profile of another account than the login's is refused: another name, or another UUID", async () => {
    world = startWorld();
    world.mojang.addProfile(STEVE);
    const { port } = world.link;
    world.mojang.spoilHasJoined({ kind: "profile", profile: NOTCH });
    expect((await login({ port, protocol: 767, ...STEVE, sessionUrl: world.mojang.url })).text).toBe(
      MISMATCH,
    );
    world.mojang.spoilHasJoined({ kind: "profile", profile: { name: "Notch", uuid: JEB.uuid } });
    expect((await login({ port, protocol: 767, ...NOTCH, sessionUrl: world.mojang.url })).text).toBe(
      MISMATCH,
    );
    expect(world.proofs).toEqual([]);
    expect(world.log.lines.filter((line) => line.level === "warn")).toEqual([
      expect.objectContaining({
        msg: "link: Mojang's session server answered for another account",
        name: "SteveCraft",
        uuid: STEVE.uuid,
        answeredName: "Notch",
        answeredUuid: NOTCH.uuid,
      }),
      expect.objectContaining({
        name: "Notch",
        uuid: NOTCH.uuid,
        answeredName: "Notch",
        answeredUuid: JEB.uuid,
      }),
    ]);
    await world.link.idle();
    expect(world.link.counters()).toEqual(counted({}, { "session-mismatch": 2 }));
  });

  test("a login whose name differs from the profile's in letter case only is that account, proven as Mojang spells it", async () => {
    world = startWorld();
    await login({
      port: world.link.port,
      protocol: 767,
      name: "nOTCH",
      uuid: NOTCH.uuid,
      sessionUrl: world.mojang.url,
    });
    expect(world.proofs).toEqual([{ account: NOTCH, address: "127.0.0.1" }]);
  });

  test.each([
    ["a 1 MB name (its length declared)", { kind: "long-name", length: 1_000_000 }],
    ["50 MB that never ends (no length declared)", { kind: "endless", bytes: 50_000_000 }],
    ["a body that is not JSON", { kind: "body", text: "<html>502 Bad Gateway</html>" }],
    ["a profile whose id is a number", { kind: "body", text: '{"id":5,"name":"Notch"}' }],
    ["an array", { kind: "body", text: "[]" }],
    [
      "properties that are no list",
      { kind: "body", text: '{"id":"069a79f444e94726a5befca90e38aaf5","name":"Notch","properties":{}}' },
    ],
  ] as const)("an answer that is no profile is refused with its own text: %s", async (_, spoil) => {
    world = startWorld();
    world.mojang.spoilHasJoined(spoil);
    const outcome = await login({
      port: world.link.port,
      protocol: 767,
      ...NOTCH,
      sessionUrl: world.mojang.url,
    });
    expect({
      outcome,
      proofs: world.proofs,
      warned: world.log.at("warn"),
      // Reading stops past the cap: of 50 MB, the fake wrote no more than what the sockets' buffers took.
      readPast10MB: world.mojang.streamed() > 10_000_000,
    }).toEqual({
      outcome: { text: UNREADABLE, encrypted: true },
      proofs: [],
      warned: ["link: Mojang's session server answered no profile"],
      readPast10MB: false,
    });
    await world.link.idle();
    expect(world.link.counters()).toEqual(counted({}, { "session-invalid": 1 }));
  });
});

/** The text of a Login Disconnect packet. */
const textOf = (found: ReturnType<typeof packetsIn>[number] | undefined) =>
  found?.id === 0x00 ? (JSON.parse(found.body.string(32767)) as { text: string }).text : undefined;

describe("bounds", () => {
  test("what has not sent its Handshake and Login Start is cut at the deadline to log in; a login left half-way at the whole one", async () => {
    // Shorter than the whole here, to tell the two apart (by default both are 20 s: docs/link.md, Bounds).
    const handshakeDeadlineMs = 5000;
    const { deadlineMs } = defaultLimits;
    world = startWorld({ limits: { handshakeDeadlineMs } });
    const silent = await connectRaw(world.link.port);
    const status = await connectRaw(world.link.port);
    const halfWay = await connectRaw(world.link.port);
    halfWay.write(concat([handshake(767, 2), loginStart("Notch")]));
    await halfWay.until((bytes) => packetsIn(bytes).length === 1); // the Encryption Request
    silent.write(Uint8Array.of(0x10, 0x00)); // the start of a handshake, and nothing more
    status.write(concat([handshake(767, 1), packet(0x00)])); // the status, and never the ping
    await status.until((bytes) => packetsIn(bytes).length === 1);
    await acceptedSoFar(world.link.port);
    world.time.advance(handshakeDeadlineMs - 1);
    expect(world.link.counters().refused.timeout).toBe(0);
    world.time.advance(1);
    expect((await silent.closed).length).toBe(0);
    expect(packetsIn(await status.closed)).toHaveLength(1);
    expect(world.link.counters().refused.timeout).toBe(2);
    world.time.advance(deadlineMs - handshakeDeadlineMs - 1);
    expect(world.link.counters().refused.timeout).toBe(2);
    world.time.advance(1);
    const [request, disconnect] = packetsIn(await halfWay.closed);
    expect([request?.id, textOf(disconnect)]).toEqual([0x01, "Took too long to log in. Join again."]);
    await world.link.idle();
    expect(world.link.counters()).toEqual(counted({ pings: 2 }, { timeout: 3 }));
    expect(world.time.pending()).toBe(0);
  });

  test("a client that half-closes is closed and forgotten at once", async () => {
    world = startWorld();
    const client = await connectRaw(world.link.port);
    client.write(Uint8Array.of(0x10, 0x00, 0xfd));
    client.socket.shutdown();
    expect((await client.closed).length).toBe(0);
    await world.link.idle();
    expect(world.link.counters().open).toBe(0);
  });

  test("past an address's cap its oldest connection not logging in makes way; logins under way never do, the newcomer is closed", async () => {
    world = startWorld({ limits: { maxConnectionsPerAddress: 2 } });
    const halfWay = async (name: string) => {
      const client = await connectRaw(world.link.port);
      client.write(concat([handshake(767, 2), loginStart(name)]));
      await client.until((bytes) => packetsIn(bytes).length === 1); // the Encryption Request
      return client;
    };
    const idle = await connectRaw(world.link.port);
    const held = [await halfWay("Notch")];
    // A second player behind the same address (a shared NAT): the idle connection makes way.
    held.push(await halfWay("jeb_"));
    expect((await idle.closed).length).toBe(0);
    const third = await connectRaw(world.link.port);
    expect((await third.closed).length).toBe(0);
    expect(world.link.counters()).toEqual(counted({ open: 2 }, { evicted: 1, capacity: 1 }));
    for (const client of held) client.end();
    await world.link.idle();
    const again = await connectRaw(world.link.port);
    again.write(statusExchange(767, 1n));
    expect(packetsIn(await again.closed)).toHaveLength(2);
  });

  test("logins per address per minute are limited, with a text; a minute later they are allowed again", async () => {
    world = startWorld({ limits: { loginsPerMinute: 2 } });
    const start = async () => {
      const client = await connectRaw(world.link.port);
      client.write(concat([handshake(767, 2), loginStart("Notch")]));
      const first = packetsIn(await client.until((bytes) => packetsIn(bytes).length > 0))[0];
      client.end();
      return first?.id === 0x01 ? "encryption request" : textOf(first);
    };
    expect([await start(), await start(), await start()]).toEqual([
      "encryption request",
      "encryption request",
      "Too many joins from your address. Wait a minute, then join again.",
    ]);
    world.clock.advance(30_000);
    expect(await start()).toBe("encryption request");
    expect(await start()).toBe("Too many joins from your address. Wait a minute, then join again.");
    await world.link.idle();
    expect(world.link.counters().refused["rate-limited"]).toBe(2);
  });

  test("a packet declared over its phase's limit, or a connection sending too much in all, is closed", async () => {
    world = startWorld({ limits: { maxBytesPerConnection: 200 } });
    const oversized = async (bytes: Uint8Array) => {
      const client = await connectRaw(world.link.port);
      client.write(bytes);
      return (await client.closed).length;
    };
    expect(await oversized(declaredLength(5000, new Uint8Array(100)))).toBe(0);
    expect(await oversized(declaredLength(2 ** 31 - 1))).toBe(0);
    expect(await oversized(concat([handshake(767, 1), declaredLength(17, new Uint8Array(17))]))).toBe(0);
    expect(await oversized(concat([handshake(767, 2), declaredLength(81)]))).toBe(0);
    expect(await oversized(handshake(767, 1, 25565, "h".repeat(255)))).toBe(0);
    await world.link.idle();
    expect(world.link.counters()).toEqual(counted({}, { "too-large": 5 }));
  });

  test("malformed bytes close the connection: a bad VarInt, an unknown packet, a wrong next state, leftovers", async () => {
    world = startWorld();
    const junk = [
      Uint8Array.of(0x80, 0x80, 0x80, 0x80, 0x80, 0x01),
      packet(0x05),
      handshake(767, 4),
      concat([handshake(767, 1), packet(0x00, { varInt: 1 })]),
      concat([handshake(767, 2), packet(0x01)]),
      Uint8Array.of(0xfe, 0x02),
      concat([packet(0x00, { varInt: 767 }, { string: "\uD800" })]),
    ];
    for (const bytes of junk) {
      const client = await connectRaw(world.link.port);
      client.write(bytes);
      expect((await client.closed).length).toBe(0);
    }
    await world.link.idle();
    expect(world.link.counters()).toEqual(counted({}, { malformed: junk.length }));
    expect(world.log.at("error")).toEqual([]);
  });
});
