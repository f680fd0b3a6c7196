/**
 * The wire format of Minecraft Java's protocol, as much as the link endpoint reads and writes
 * (docs/link.md, Where the facts come from): VarInt, String (a VarInt byte length and UTF-8), unsigned short,
 * UUID, byte arrays prefixed by their VarInt length, and packets framed as `VarInt length, VarInt id, body`
 * without compression (the endpoint never sends Set Compression). Every read is bounded: a malformed or
 * oversized input throws a `ProtocolError` and never allocates more than it was allowed.
 */

/** Why a peer's bytes were refused; the endpoint closes the connection. */
export class ProtocolError extends Error {
  constructor(
    readonly reason: "malformed" | "too-large",
    message: string,
  ) {
    super(message);
  }
}

const malformed = (message: string) => new ProtocolError("malformed", message);

/** A VarInt has at most 5 bytes (32 bits in groups of 7). */
const VARINT_MAX_BYTES = 5;

/** The VarInt encoding of `value` (a signed 32-bit integer; negatives take 5 bytes, as Java writes them). */
export function encodeVarInt(value: number): Uint8Array {
  const out: number[] = [];
  let rest = value >>> 0;
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) byte |= 0x80;
    out.push(byte);
  } while (rest !== 0);
  return Uint8Array.from(out);
}

/**
 * Reads a VarInt at `offset`: its value (a signed 32-bit integer) and how many bytes it took, or `undefined`
 * when the bytes end before it does. More than 5 bytes is malformed.
 */
export function readVarInt(bytes: Uint8Array, offset: number): { value: number; size: number } | undefined {
  let value = 0;
  for (let i = 0; i < VARINT_MAX_BYTES; i++) {
    const byte = bytes[offset + i];
    if (byte === undefined) return undefined;
    value |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) === 0) return { value: value | 0, size: i + 1 };
  }
  throw malformed("a VarInt longer than 5 bytes");
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** A cursor over one packet's body; every read checks the bounds and throws `ProtocolError` past them. */
export class PacketReader {
  private offset = 0;
  constructor(private readonly bytes: Uint8Array) {}

  varInt(): number {
    const read = readVarInt(this.bytes, this.offset);
    if (read === undefined) throw malformed("the packet ends inside a VarInt");
    this.offset += read.size;
    return read.value;
  }

  /** A String of at most `maxChars` UTF-16 units (Minecraft's limit), so at most `maxChars` × 3 bytes. */
  string(maxChars: number): string {
    const length = this.varInt();
    if (length < 0 || length > maxChars * 3)
      throw malformed(`a string of ${length} bytes (at most ${maxChars} characters)`);
    let text: string;
    try {
      text = utf8.decode(this.take(length));
    } catch (error) {
      if (error instanceof ProtocolError) throw error;
      throw malformed("a string that is not UTF-8");
    }
    if (text.length > maxChars)
      throw malformed(`a string of ${text.length} characters (at most ${maxChars})`);
    return text;
  }

  /** A byte array prefixed by its VarInt length, at most `maxBytes` long. */
  byteArray(maxBytes: number): Uint8Array {
    const length = this.varInt();
    if (length < 0 || length > maxBytes)
      throw malformed(`a byte array of ${length} bytes (at most ${maxBytes})`);
    return this.take(length);
  }

  unsignedShort(): number {
    const [high = 0, low = 0] = this.take(2);
    return (high << 8) | low;
  }

  long(): Uint8Array {
    return this.take(8);
  }

  uuid(): Uint8Array {
    return this.take(16);
  }

  /** Fails when bytes are left over: Minecraft refuses a packet larger than its fields, and so does the endpoint. */
  end(): void {
    if (this.offset !== this.bytes.length)
      throw malformed(`${this.bytes.length - this.offset} bytes after the packet's fields`);
  }

  private take(length: number): Uint8Array {
    if (this.offset + length > this.bytes.length) throw malformed("the packet ends inside a field");
    const slice = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return slice;
  }
}

const encoder = new TextEncoder();

/** A field of an outgoing packet. */
export type Field =
  | { varInt: number }
  | { string: string }
  | { byteArray: Uint8Array }
  | { bytes: Uint8Array }
  | { bool: boolean };

/** One framed packet, `VarInt length, VarInt id, fields`, uncompressed. */
export function packet(id: number, ...fields: Field[]): Uint8Array {
  const parts: Uint8Array[] = [encodeVarInt(id)];
  for (const field of fields) {
    if ("varInt" in field) parts.push(encodeVarInt(field.varInt));
    else if ("string" in field) {
      const text = encoder.encode(field.string);
      parts.push(encodeVarInt(text.length), text);
    } else if ("byteArray" in field) parts.push(encodeVarInt(field.byteArray.length), field.byteArray);
    else if ("bytes" in field) parts.push(field.bytes);
    else parts.push(Uint8Array.of(field.bool ? 1 : 0));
  }
  const body = concat(parts);
  return concat([encodeVarInt(body.length), body]);
}

/** The bytes of several arrays, one after another. */
export function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Splits a byte stream into packets: `push` bytes as they arrive, then `next(maxLength)` gives the next whole
 * packet's id and body, or `undefined` until more bytes come. A declared length over `maxLength`, zero or
 * negative is refused before any of its bytes are waited for or kept.
 */
export class PacketSplitter {
  private buffer: Uint8Array = new Uint8Array(0);

  push(bytes: Uint8Array): void {
    this.buffer = this.buffer.length === 0 ? bytes.slice() : concat([this.buffer, bytes]);
  }

  /** Bytes received and not yet taken as a packet. */
  get pending(): number {
    return this.buffer.length;
  }

  next(maxLength: number): { id: number; body: PacketReader } | undefined {
    const header = readVarInt(this.buffer, 0);
    if (header === undefined) return undefined;
    const length = header.value;
    if (length <= 0) throw malformed(`a packet length of ${length}`);
    if (length > maxLength)
      throw new ProtocolError("too-large", `a packet of ${length} bytes (at most ${maxLength} here)`);
    if (this.buffer.length < header.size + length) return undefined;
    const frame = this.buffer.subarray(header.size, header.size + length);
    this.buffer = this.buffer.subarray(header.size + length);
    const id = readVarInt(frame, 0);
    if (id === undefined) throw malformed("the packet ends inside its id");
    return { id: id.value, body: new PacketReader(frame.subarray(id.size)) };
  }
}
