import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Words } from "../i18n/words.ts";
import { dashUuid } from "../nicks/uuid.ts";
import type { Logger } from "../shared/logger.ts";
import { type Cfb8, createCfb8, type LoginKeys, minecraftDigest } from "./crypto.ts";
import type { Guard, LinkLimits } from "./guard.ts";
import { type LinkCounters, type LinkProofPort, type Refusal, refusals } from "./model.ts";
import { type PacketReader, PacketSplitter, ProtocolError, packet } from "./protocol.ts";
import type { SessionCheck } from "./session.ts";
import type { StatusAnswers } from "./status.ts";
import { type LoginVersionSpec, loginVersion, NEWEST_RELEASE, OLDEST_RELEASE } from "./versions.ts";

/** Timers the endpoint arms (a deadline per connection); tests fire them instead of waiting. */
export type Timers = {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

/** How the connection reaches its socket. */
export type Transport = {
  address: string;
  /** Writes bytes after those already written (the socket adapter queues what the kernel does not take). */
  write(bytes: Uint8Array): void;
  /** Closes once everything written has been sent. */
  end(): void;
  /** Closes now, dropping anything unsent. */
  destroy(): void;
};

/** What every connection of one endpoint shares. */
export type ConnectionContext = {
  keys: LoginKeys;
  session: SessionCheck;
  port: LinkProofPort;
  guard: Guard;
  limits: LinkLimits;
  status: StatusAnswers;
  /** The language players read the endpoint's refusals in (LINK_LANGUAGE). */
  words: Words;
  counters: LinkCounters;
  logger: Logger;
  timers: Timers;
};

/** One connection's side of the exchange: bytes in, and the socket's closing. */
export type Connection = { receive(bytes: Uint8Array): void; closed(): void };

/**
 * The largest packet accepted in each phase. The handshake is at most 1 + 5 + (3 + 255 × 3) + 2 + 1 bytes
 * (a 255-character host); a status request is 1 and a ping 9; Login Start is at most 1 + 49 + 16 and the
 * Encryption Response 1 + 2 × (2 + 128) for RSA-1024 (with room for a longer key's 256).
 */
const MAX_PACKET = { handshake: 1024, status: 16, "login-start": 80, encryption: 520 } as const;
/** How long an answered connection may stay before it is cut, if the client neither reads nor closes. */
const LINGER_MS = 2000;
/** What vanilla accepts as a player name in Login Start: 1-16 printable ASCII characters, no space. */
const PLAYER_NAME = /^[\x21-\x7e]{1,16}$/;

type Phase = keyof typeof MAX_PACKET | "verifying";

/**
 * The exchange of one connection (minecraft.wiki, Protocol, Server List Ping and Protocol Encryption): a
 * Handshake, then either the status (request, response, ping, pong) or the login (Login Start, Encryption
 * Request, Encryption Response, `hasJoined` at Mojang, and always a Login Disconnect carrying the port's text).
 * Nobody is ever logged in. Anything unexpected closes the connection; a client that reached the login is told
 * why when there is something it can do about it.
 */
export function openConnection(transport: Transport, context: ConnectionContext): Connection {
  const { keys, limits, counters, timers } = context;
  const splitter = new PacketSplitter();
  const abort = new AbortController();
  let phase: Phase = "handshake";
  let inLogin = false;
  let protocol = 0;
  let spec: LoginVersionSpec | undefined;
  let name = "";
  /** The UUID Login Start claimed, dashed: Mojang's answer must be that account. */
  let claimed = "";
  let statusAnswered = false;
  let received = 0;
  let cipher: Cfb8 | undefined;
  let finished = false;
  let closed = false;
  const verifyToken = randomBytes(4);
  let linger: unknown;
  const deadline = timers.setTimeout(() => {
    if (!finished) refuse("timeout");
  }, limits.deadlineMs);

  const send = (bytes: Uint8Array) => transport.write(cipher ? cipher.update(bytes) : bytes);

  /** Sends the last bytes, if any, and closes; a client that neither reads nor closes is cut after a while. */
  const finish = (last?: Uint8Array) => {
    if (finished) return;
    finished = true;
    abort.abort();
    timers.clearTimeout(deadline);
    if (last) send(last);
    // Armed before `end`, which may close the socket (and call `closed`) at once.
    if (!closed) linger = timers.setTimeout(() => transport.destroy(), LINGER_MS);
    transport.end();
  };

  const refuse = (reason: Refusal) => {
    counters.refused[reason]++;
    const key = refusals[reason].text;
    const versions = { oldest: OLDEST_RELEASE, newest: NEWEST_RELEASE, protocol: String(protocol) };
    finish(inLogin && key ? loginDisconnect(context.words.render({ key, params: versions })) : undefined);
  };

  const handshake = (body: PacketReader) => {
    const version = body.varInt();
    body.string(255);
    body.unsignedShort();
    const next = body.varInt();
    body.end();
    protocol = version;
    if (next === 1) {
      phase = "status";
      return;
    }
    // 3 is a transfer from another server (1.20.5+): the login is the same.
    if (next !== 2 && next !== 3)
      throw new ProtocolError("malformed", `a handshake asking for state ${next}`);
    inLogin = true;
    spec = loginVersion(version);
    if (!spec) return refuse("version");
    if (!context.guard.takeLogin(transport.address)) return refuse("rate-limited");
    phase = "login-start";
  };

  const status = (id: number, body: PacketReader) => {
    if (id === 0x00 && !statusAnswered) {
      body.end();
      statusAnswered = true;
      counters.pings++;
      send(packet(0x00, { string: context.status.json(protocol) }));
    } else if (id === 0x01) {
      const payload = body.long();
      body.end();
      finish(packet(0x01, { bytes: payload }));
    } else throw new ProtocolError("malformed", `status packet 0x${id.toString(16)}`);
  };

  const loginStart = (body: PacketReader) => {
    name = body.string(16);
    // What the client claims; believed only once Mojang's answer names the same account.
    claimed = dashUuid(Buffer.from(body.uuid()).toString("hex"));
    body.end();
    if (!PLAYER_NAME.test(name)) return refuse("name");
    phase = "encryption";
    const fields = [{ string: "" }, { byteArray: keys.publicKeyDer }, { byteArray: verifyToken }] as const;
    send(packet(0x01, ...fields, ...(spec?.shouldAuthenticate ? [{ bool: true }] : [])));
  };

  const encryptionResponse = (body: PacketReader) => {
    const secret = keys.decrypt(body.byteArray(256));
    const token = keys.decrypt(body.byteArray(256));
    body.end();
    // One answer for every failure: a wrong padding is never told apart from a wrong token.
    const tokenMatches = token?.length === 4 && timingSafeEqual(token, verifyToken);
    if (secret?.length !== 16 || !tokenMatches) return refuse("encryption");
    // From here on the server writes AES-128-CFB8; it reads nothing more (the client sends nothing before
    // Login Success, which never comes), so only the outgoing direction is kept.
    cipher = createCfb8(secret, secret, "encrypt");
    phase = "verifying";
    verify(minecraftDigest("", secret, keys.publicKeyDer)).catch((error) => {
      context.logger.error("link: the login failed", { error: String(error) });
      if (!finished) refuse("failed");
    });
  };

  const verify = async (serverId: string) => {
    const answer = await context.session({ name, uuid: claimed }, serverId, abort.signal);
    if (finished) return;
    if (answer.outcome === "not-joined") return refuse("not-joined");
    if (answer.outcome === "unavailable") {
      context.logger.warn("link: Mojang's session server could not tell", { detail: answer.detail });
      return refuse("session-unavailable");
    }
    if (answer.outcome === "invalid") {
      context.logger.warn("link: Mojang's session server answered no profile", { detail: answer.detail });
      return refuse("session-invalid");
    }
    if (answer.outcome === "mismatch") {
      context.logger.warn("link: Mojang's session server answered for another account", {
        name,
        uuid: claimed,
        answeredName: answer.answered.name,
        answeredUuid: answer.answered.uuid,
      });
      return refuse("session-mismatch");
    }
    let text: string;
    try {
      text = (await context.port.proven(answer.account, { address: transport.address })).text;
    } catch (error) {
      context.logger.error("link: the proof could not be recorded", { error: String(error) });
      return refuse("failed");
    }
    if (finished) return;
    counters.proven++;
    context.logger.info("java account proven at the link endpoint", { ...answer.account, protocol });
    finish(loginDisconnect(text));
  };

  const handle = (id: number, body: PacketReader) => {
    if (phase === "handshake" && id === 0x00) handshake(body);
    else if (phase === "status") status(id, body);
    else if (phase === "login-start" && id === 0x00) loginStart(body);
    else if (phase === "encryption" && id === 0x01) encryptionResponse(body);
    else throw new ProtocolError("malformed", `packet 0x${id.toString(16)} in ${phase}`);
  };

  return {
    receive(bytes) {
      if (finished) return;
      const first = received === 0;
      received += bytes.length;
      if (received > limits.maxBytesPerConnection) return refuse("too-large");
      if (first && bytes[0] === 0xfe) return legacyPing(bytes);
      if (phase === "verifying") return; // nothing is expected while Mojang is asked
      splitter.push(bytes);
      try {
        while (!finished && (phase as Phase) !== "verifying") {
          const next = splitter.next(MAX_PACKET[phase]);
          if (!next) break;
          handle(next.id, next.body);
        }
      } catch (error) {
        if (!(error instanceof ProtocolError)) throw error;
        refuse(error.reason);
      }
    },
    closed() {
      if (closed) return;
      closed = true;
      finished = true;
      abort.abort();
      timers.clearTimeout(deadline);
      timers.clearTimeout(linger);
    },
  };

  /**
   * The ping of clients before 1.7, told apart by its first byte as vanilla does: `FE` alone (Beta 1.8 to 1.3),
   * or `FE 01`, which 1.4 to 1.6 send (1.6 follows it with `FA` and a plugin message the answer does not need).
   */
  function legacyPing(bytes: Uint8Array) {
    if (bytes.length > 1 && bytes[1] !== 0x01) return refuse("malformed");
    counters.legacyPings++;
    finish(context.status.legacy(bytes.length === 1 ? "beta" : "1.4"));
  }
}

/** Login Disconnect (0x00 in the login state of every version): the reason as a JSON text component. */
export function loginDisconnect(text: string): Uint8Array {
  return packet(0x00, { string: JSON.stringify({ text }) });
}
