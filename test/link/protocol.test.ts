import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import {
  encodeVarInt,
  PacketReader,
  PacketSplitter,
  ProtocolError,
  packet,
  readVarInt,
} from "../../src/link/protocol.ts";

describe("VarInt", () => {
  test("encodes as minecraft.wiki's examples show", () => {
    const examples: [number, number[]][] = [
      [0, [0x00]],
      [1, [0x01]],
      [127, [0x7f]],
      [128, [0x80, 0x01]],
      [255, [0xff, 0x01]],
      [25565, [0xdd, 0xc7, 0x01]],
      [2097151, [0xff, 0xff, 0x7f]],
      [2147483647, [0xff, 0xff, 0xff, 0xff, 0x07]],
      [-1, [0xff, 0xff, 0xff, 0xff, 0x0f]],
      [-2147483648, [0x80, 0x80, 0x80, 0x80, 0x08]],
    ];
    for (const [value, bytes] of examples) {
      expect([...encodeVarInt(value)]).toEqual(bytes);
      expect(readVarInt(Uint8Array.from(bytes), 0)).toEqual({ value, size: bytes.length });
    }
  });

  test("reads back any 32-bit integer; an unfinished one is undefined, a sixth byte malformed", () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), (value) => {
        const bytes = encodeVarInt(value);
        expect(readVarInt(bytes, 0)).toEqual({ value, size: bytes.length });
        if (bytes.length > 1) expect(readVarInt(bytes.subarray(0, bytes.length - 1), 0)).toBeUndefined();
      }),
    );
    expect(() => readVarInt(Uint8Array.of(0x80, 0x80, 0x80, 0x80, 0x80, 0x01), 0)).toThrow(ProtocolError);
  });
});

describe("packets", () => {
  test("frames id and fields behind their length, and a reader reads them back", () => {
    const bytes = packet(
      0x01,
      { string: "é" },
      { byteArray: Uint8Array.of(9, 8) },
      { bool: true },
      { varInt: 300 },
    );
    expect([...bytes]).toEqual([10, 0x01, 2, 0xc3, 0xa9, 2, 9, 8, 1, 0xac, 0x02]);
    const splitter = new PacketSplitter();
    splitter.push(bytes);
    const next = splitter.next(64);
    expect(next?.id).toBe(1);
    const body = next?.body as PacketReader;
    expect([body.string(1), [...body.byteArray(2)]]).toEqual(["é", [9, 8]]);
  });

  test("a splitter waits for whole packets however the bytes arrive, and keeps what follows", () => {
    const stream = Uint8Array.from([...packet(0, { varInt: 5 }), ...packet(1, { varInt: 6 })]);
    for (let cut = 0; cut <= stream.length; cut++) {
      const splitter = new PacketSplitter();
      const ids: number[] = [];
      for (const part of [stream.subarray(0, cut), stream.subarray(cut)]) {
        splitter.push(part);
        for (let next = splitter.next(64); next; next = splitter.next(64)) ids.push(next.body.varInt());
      }
      expect(ids).toEqual([5, 6]);
    }
  });

  test("refuses a declared length over the limit before its bytes arrive, and a zero or negative one", () => {
    const refusal = (bytes: number[], max = 64) => {
      const splitter = new PacketSplitter();
      splitter.push(Uint8Array.from(bytes));
      try {
        splitter.next(max);
        return "accepted";
      } catch (error) {
        return (error as ProtocolError).reason;
      }
    };
    expect(refusal([...encodeVarInt(65)])).toBe("too-large");
    expect(refusal([...encodeVarInt(2 ** 31 - 1)])).toBe("too-large");
    expect(refusal([0x00])).toBe("malformed");
    expect(refusal([...encodeVarInt(-5)])).toBe("malformed");
    expect(refusal([0x80, 0x80, 0x80, 0x80, 0x80, 0x80])).toBe("malformed");
    expect(refusal([...encodeVarInt(64)])).toBe("accepted");
  });

  test("a reader refuses fields past the end, oversized strings and arrays, invalid UTF-8, and leftovers", () => {
    const read = (bytes: number[], how: (reader: PacketReader) => unknown) => {
      try {
        how(new PacketReader(Uint8Array.from(bytes)));
        return "read";
      } catch (error) {
        return (error as ProtocolError).reason;
      }
    };
    expect(read([5, 0x61, 0x62], (r) => r.string(16))).toBe("malformed");
    expect(read([17, ...Array(17).fill(0x61)], (r) => r.string(16))).toBe("malformed");
    expect(read([16, ...Array(16).fill(0x61)], (r) => r.string(16))).toBe("read");
    expect(read([2, 0xc3, 0x28], (r) => r.string(16))).toBe("malformed");
    expect(read([3, 1, 2, 3], (r) => r.byteArray(2))).toBe("malformed");
    expect(read([0x7f], (r) => r.byteArray(256))).toBe("malformed");
    expect(read([1, 2, 3], (r) => r.unsignedShort() && r.end())).toBe("malformed");
    expect(read([0x80], (r) => r.varInt())).toBe("malformed");
  });
});
