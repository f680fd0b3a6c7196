import { describe, expect, test } from "bun:test";
import { parseTrustProxy, type TrustProxy } from "../../src/shared/ip.ts";

const off: TrustProxy = { kind: "off" };

describe("parseTrustProxy", () => {
  test("reads empty, false and off as off", () => {
    for (const raw of [undefined, "", "  ", "false", "off", "OFF"]) expect(parseTrustProxy(raw)).toEqual(off);
  });

  test("reads true and positive integers as hop counts", () => {
    expect(parseTrustProxy("true")).toEqual({ kind: "hops", hops: 1 });
    expect(parseTrustProxy("1")).toEqual({ kind: "hops", hops: 1 });
    expect(parseTrustProxy(" 3 ")).toEqual({ kind: "hops", hops: 3 });
  });

  test("reads a comma-separated list of addresses and CIDR ranges into ranges of 16 bytes", () => {
    const mapped = (...ipv4: number[]) =>
      Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...ipv4]);
    const v6 = (...head: number[]) => Uint8Array.from([...head, ...Array(16 - head.length).fill(0)]);
    expect(parseTrustProxy("10.0.0.0/8, ::1,127.0.0.1 , fd00::/8")).toEqual({
      kind: "list",
      ranges: [
        { bytes: mapped(10, 0, 0, 0), prefix: 104 },
        { bytes: Uint8Array.from([...Array(15).fill(0), 1]), prefix: 128 },
        { bytes: mapped(127, 0, 0, 1), prefix: 128 },
        { bytes: v6(0xfd), prefix: 8 },
      ],
    });
  });

  test("rejects anything else with a message saying what TRUST_PROXY expects", () => {
    for (const raw of [
      "0",
      "yes",
      "-1",
      "1.5",
      "10.0.0.0/33",
      "::1/129",
      "10.0.0.0/",
      "300.0.0.1",
      "1::2::3",
      ",",
    ]) {
      expect(() => parseTrustProxy(raw)).toThrow(/TRUST_PROXY must be .*hop count.*CIDR ranges/);
    }
  });
});
