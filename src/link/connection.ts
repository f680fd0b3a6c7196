import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Words } from "../i18n/words.ts";
import { dashUuid } from "../nicks/uuid.ts";
import type { Logger } from "../shared/logger.ts";
import { type Cfb8, createCfb8, type LoginKeys, minecraftDigest } from "./crypto.ts";
import type { Admitted, Guard, LinkLimits } from "./guard.ts";
import { type LinkCounters, type LinkProofPort, type Refusal, refusals } from "./model.ts";
import { type PacketReader, PacketSplitter, ProtocolError, packet } from "./protocol.ts";
import type { SessionCheck } from "./session.ts";
import type { StatusAnswers } from "./status.ts";
import { type LoginVersionSpec, loginVersion, NEWEST_RELEASE, OLDEST_RELEASE } from "./versions.ts";

/** Timers the endpoint arms (the deadlines of each connection); tests fire them instead of waiting. */
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
export function openConnection(
  transport: Transport,
  context: ConnectionContext,
  admitted: Pick<Admitted, "settle">,
): Connection {
  return new LinkConnection(transport, context, admitted);
}

/**
 * One connection's state. A class, its methods shared, and what only a login needs made when it starts: the
 * endpoint holds thousands of connections at once, most of them idle (docs/link.md, Bounds, counts the cost).
 */
class LinkConnection implements Connection {
  private splitter: PacketSplitter | undefined;
  private abort: AbortController | undefined;
  private phase: Phase = "handshake";
  private inLogin = false;
  private protocol = 0;
  private spec: LoginVersionSpec | undefined;
  private name = "";
  /** The UUID Login Start claimed, dashed: Mojang's answer must be that account. */
  private claimed = "";
  private verifyToken: Uint8Array | undefined;
  private statusAnswered = false;
  private received = 0;
  private cipher: Cfb8 | undefined;
  private finished = false;
  private isClosed = false;
  private linger: unknown;
  private deadline: unknown;

  constructor(
    private readonly transport: Transport,
    private readonly context: ConnectionContext,
    private readonly admitted: Pick<Admitted, "settle">,
  ) {
    const { limits, timers } = context;
    // A real client sends its Handshake and Login Start at once, so until the login has started (and for a whole
    // status exchange) the short deadline holds; a login then has what is left of the whole one.
    const opening = Math.min(limits.handshakeDeadlineMs, limits.deadlineMs);
    this.deadline = timers.setTimeout(() => {
      if (this.finished) return;
      if (this.phase !== "encryption" && this.phase !== "verifying") return this.refuse("timeout");
      this.deadline = timers.setTimeout(() => {
        if (!this.finished) this.refuse("timeout");
      }, limits.deadlineMs - opening);
    }, opening);
  }

  receive(bytes: Uint8Array) {
    if (this.finished) return;
    const first = this.received === 0;
    this.received += bytes.length;
    if (this.received > this.context.limits.maxBytesPerConnection) return this.refuse("too-large");
    if (first && bytes[0] === 0xfe) return this.legacyPing(bytes);
    if (this.phase === "verifying") return; // nothing is expected while Mojang is asked
    this.splitter ??= new PacketSplitter();
    this.splitter.push(bytes);
    try {
      while (!this.finished && (this.phase as Phase) !== "verifying") {
        const next = this.splitter.next(MAX_PACKET[this.phase]);
        if (!next) break;
        this.handle(next.id, next.body);
      }
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      this.refuse(error.reason);
    }
  }

  closed(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.finished = true;
    this.abort?.abort();
    this.context.timers.clearTimeout(this.deadline);
    this.context.timers.clearTimeout(this.linger);
  }

  private send(bytes: Uint8Array): void {
    this.transport.write(this.cipher ? this.cipher.update(bytes) : bytes);
  }

  /** Sends the last bytes, if any, and closes; a client that neither reads nor closes is cut after a while. */
  private finish(last?: Uint8Array): void {
    if (this.finished) return;
    this.finished = true;
    this.abort?.abort();
    const { timers } = this.context;
    timers.clearTimeout(this.deadline);
    if (last) this.send(last);
    // Armed before `end`, which may close the socket (and call `closed`) at once.
    if (!this.isClosed) this.linger = timers.setTimeout(() => this.transport.destroy(), LINGER_MS);
    this.transport.end();
  }

  private refuse(reason: Refusal): void {
    this.context.counters.refused[reason]++;
    const key = refusals[reason].text;
    const versions = { oldest: OLDEST_RELEASE, newest: NEWEST_RELEASE, protocol: String(this.protocol) };
    const text = this.inLogin && key ? this.context.words.render({ key, params: versions }) : undefined;
    this.finish(text === undefined ? undefined : loginDisconnect(text));
  }

  private handle(id: number, body: PacketReader): void {
    const { phase } = this;
    if (phase === "handshake" && id === 0x00) this.handshake(body);
    else if (phase === "status") this.status(id, body);
    else if (phase === "login-start" && id === 0x00) this.loginStart(body);
    else if (phase === "encryption" && id === 0x01) this.encryptionResponse(body);
    else throw new ProtocolError("malformed", `packet 0x${id.toString(16)} in ${phase}`);
  }

  private handshake(body: PacketReader) {
    const version = body.varInt();
    body.string(255);
    body.unsignedShort();
    const next = body.varInt();
    body.end();
    this.protocol = version;
    if (next === 1) {
      this.phase = "status";
      return;
    }
    // 3 is a transfer from another server (1.20.5+): the login is the same.
    if (next !== 2 && next !== 3)
      throw new ProtocolError("malformed", `a handshake asking for state ${next}`);
    this.inLogin = true;
    this.spec = loginVersion(version);
    if (!this.spec) return this.refuse("version");
    if (!this.context.guard.takeLogin(this.transport.address)) return this.refuse("rate-limited");
    this.phase = "login-start";
  }

  private status(id: number, body: PacketReader): void {
    if (id === 0x00 && !this.statusAnswered) {
      body.end();
      this.statusAnswered = true;
      this.context.counters.pings++;
      this.send(packet(0x00, { string: this.context.status.json(this.protocol) }));
    } else if (id === 0x01) {
      const payload = body.long();
      body.end();
      this.finish(packet(0x01, { bytes: payload }));
    } else throw new ProtocolError("malformed", `status packet 0x${id.toString(16)}`);
  }

  private loginStart(body: PacketReader) {
    this.name = body.string(16);
    // What the client claims; believed only once Mojang's answer names the same account.
    this.claimed = dashUuid(Buffer.from(body.uuid()).toString("hex"));
    body.end();
    if (!PLAYER_NAME.test(this.name)) return this.refuse("name");
    this.phase = "encryption";
    this.admitted.settle();
    this.verifyToken = randomBytes(4);
    const fields = [
      { string: "" },
      { byteArray: this.context.keys.publicKeyDer },
      { byteArray: this.verifyToken },
    ] as const;
    this.send(packet(0x01, ...fields, ...(this.spec?.shouldAuthenticate ? [{ bool: true }] : [])));
  }

  private encryptionResponse(body: PacketReader) {
    const { keys } = this.context;
    const secret = keys.decrypt(body.byteArray(256));
    const token = keys.decrypt(body.byteArray(256));
    body.end();
    // One answer for every failure: a wrong padding is never told apart from a wrong token.
    const expected = this.verifyToken as Uint8Array;
    const tokenMatches = token?.length === 4 && timingSafeEqual(token, expected);
    if (secret?.length !== 16 || !tokenMatches) return this.refuse("encryption");
    // From here on the server writes AES-128-CFB8; it reads nothing more (the client sends nothing before
    // Login Success, which never comes), so only the outgoing direction is kept.
    this.cipher = createCfb8(secret, secret, "encrypt");
    this.phase = "verifying";
    this.abort = new AbortController();
    this.verify(minecraftDigest("", secret, keys.publicKeyDer), this.abort.signal).catch((error) => {
      this.context.logger.error("link: the login failed", { error: String(error) });
      if (!this.finished) this.refuse("failed");
    });
  }

  private async verify(serverId: string, signal: AbortSignal): Promise<void> {
    const { context, name, claimed } = this;
    const answer = await context.session({ name, uuid: claimed }, serverId, signal);
    if (this.finished) return;
    if (answer.outcome === "not-joined") return this.refuse("not-joined");
    if (answer.outcome === "unavailable") {
      context.logger.warn("link: Mojang's session server could not tell", { detail: answer.detail });
      return this.refuse("session-unavailable");
    }
    if (answer.outcome === "invalid") {
      context.logger.warn("link: Mojang's session server answered no profile", { detail: answer.detail });
      return this.refuse("session-invalid");
    }
    if (answer.outcome === "mismatch") {
      context.logger.warn("link: Mojang's session server answered for another account", {
        name,
        uuid: claimed,
        answeredName: answer.answered.name,
        answeredUuid: answer.answered.uuid,
      });
      return this.refuse("session-mismatch");
    }
    let text: string;
    try {
      text = (await context.port.proven(answer.account, { address: this.transport.address })).text;
    } catch (error) {
      context.logger.error("link: the proof could not be recorded", { error: String(error) });
      return this.refuse("failed");
    }
    if (this.finished) return;
    context.counters.proven++;
    context.logger.info("java account proven at the link endpoint", {
      ...answer.account,
      protocol: this.protocol,
    });
    this.finish(loginDisconnect(text));
  }

  /**
   * The ping of clients before 1.7, told apart by its first byte as vanilla does: `FE` alone (Beta 1.8 to 1.3),
   * or `FE 01`, which 1.4 to 1.6 send (1.6 follows it with `FA` and a plugin message the answer does not need).
   */
  private legacyPing(bytes: Uint8Array) {
    if (bytes.length > 1 && bytes[1] !== 0x01) return this.refuse("malformed");
    this.context.counters.legacyPings++;
    this.finish(this.context.status.legacy(bytes.length === 1 ? "beta" : "1.4"));
  }
}

/** Login Disconnect (0x00 in the login state of every version): the reason as a JSON text component. */
export function loginDisconnect(text: string): Uint8Array {
  return packet(0x00, { string: JSON.stringify({ text }) });
}
