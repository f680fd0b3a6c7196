import { describe, expect, test } from "bun:test";
import { bucketOf, clientIp, networkOf } from "../../src/shared/client-ip.ts";
import { parseTrustProxy, type TrustProxy } from "../../src/shared/ip.ts";

const off: TrustProxy = { kind: "off" };
const oneHop: TrustProxy = { kind: "hops", hops: 1 };
const twoHops: TrustProxy = { kind: "hops", hops: 2 };

describe("clientIp without a trusted proxy", () => {
  test("uses the socket address and ignores a forged X-Forwarded-For", () => {
    expect(clientIp(off, "203.0.113.9", "1.1.1.1")).toBe("203.0.113.9");
    expect(clientIp(off, "203.0.113.9", null)).toBe("203.0.113.9");
    expect(clientIp(off, "2001:db8::9", "1.1.1.1, 2.2.2.2")).toBe("2001:db8::9");
  });

  test("reports an IPv4-mapped IPv6 socket address as IPv4", () => {
    expect(clientIp(off, "::ffff:203.0.113.9", null)).toBe("203.0.113.9");
    expect(clientIp(off, "::FFFF:cb00:7109", null)).toBe("203.0.113.9");
  });
});

describe("clientIp with a hop count", () => {
  test("one hop takes the rightmost X-Forwarded-For entry, so a forged left part does not help", () => {
    expect(clientIp(oneHop, "10.0.0.1", "203.0.113.9")).toBe("203.0.113.9");
    expect(clientIp(oneHop, "10.0.0.1", "6.6.6.6, 203.0.113.9")).toBe("203.0.113.9");
  });

  test("two hops trust one more proxy to the left", () => {
    expect(clientIp(twoHops, "10.0.0.1", "6.6.6.6, 203.0.113.9, 10.0.0.2")).toBe("203.0.113.9");
  });

  test("a chain shorter than the hop count gives its leftmost address", () => {
    expect(clientIp(twoHops, "10.0.0.1", "203.0.113.9")).toBe("203.0.113.9");
    expect(clientIp(oneHop, "10.0.0.1", null)).toBe("10.0.0.1");
    expect(clientIp(oneHop, "10.0.0.1", "")).toBe("10.0.0.1");
  });

  test("skips empty entries and stops at garbage, returning the last valid address to its right", () => {
    expect(clientIp(oneHop, "10.0.0.1", "203.0.113.9, ,")).toBe("203.0.113.9");
    expect(clientIp(oneHop, "10.0.0.1", "not-an-ip")).toBe("10.0.0.1");
    expect(clientIp(twoHops, "10.0.0.1", "203.0.113.9, 1.2.3.4:http, 10.0.0.2")).toBe("10.0.0.2");
    expect(clientIp(twoHops, "10.0.0.1", "203.0.113.9, 256.1.1.1")).toBe("10.0.0.1");
  });

  test("normalises IPv4-mapped entries", () => {
    expect(clientIp(oneHop, "::ffff:10.0.0.1", "::ffff:203.0.113.9")).toBe("203.0.113.9");
  });
});

describe("clientIp with X-Forwarded-For elements that carry a port", () => {
  test("drops the port of ip:port, [ipv6]:port and the brackets of [ipv6]", () => {
    expect(
      [
        "1.2.3.4:5678",
        "[2001:db8::1]:443",
        "[2001:db8::1]",
        "[::ffff:1.2.3.4]:80",
        "1.2.3.4:0",
        "1.2.3.4:65535",
      ].map((entry) => clientIp(oneHop, "10.0.0.1", entry)),
    ).toEqual(["1.2.3.4", "2001:db8::1", "2001:db8::1", "1.2.3.4", "1.2.3.4", "1.2.3.4"]);
  });

  test("still reads a bare IPv6 address as IPv6, not as ip:port", () => {
    expect(clientIp(oneHop, "10.0.0.1", "2001:db8::1")).toBe("2001:db8::1");
    expect(clientIp(oneHop, "10.0.0.1", "::1")).toBe("::1");
    expect(clientIp(oneHop, "10.0.0.1", "::ffff:1.2.3.4")).toBe("1.2.3.4");
  });

  test("walks past trusted proxies written with a port", () => {
    const trust = parseTrustProxy("10.0.0.0/8, fd00::/8");
    expect(clientIp(trust, "10.0.0.1", "6.6.6.6, 203.0.113.9:41000, 10.0.0.2:8080, [fd00::7]:443")).toBe(
      "203.0.113.9",
    );
  });

  test.each([
    ["a port that is not a number", "1.2.3.4:abc"],
    ["a port above 65535", "1.2.3.4:99999"],
    ["an empty port", "1.2.3.4:"],
    ["a signed port", "1.2.3.4:+80"],
    ["a bad port after brackets", "[2001:db8::1]:abc"],
    ["text after the brackets", "[2001:db8::1]x"],
    ["an unclosed bracket", "[2001:db8::1:443"],
    ["IPv4 in brackets", "[1.2.3.4]:80"],
    ["a port on garbage", "not-an-ip:80"],
  ])("treats %s (%s) as garbage: the walk stops there", (_why, entry) => {
    expect(clientIp(twoHops, "10.0.0.1", `203.0.113.9, ${entry}, 10.0.0.2`)).toBe("10.0.0.2");
  });
});

describe("clientIp with a list of trusted proxies", () => {
  const trust = parseTrustProxy("10.0.0.0/8, 192.168.1.0/26, fd00::/8, ::1, 127.0.0.1");

  test("walks left past trusted addresses to the first untrusted one", () => {
    expect(clientIp(trust, "10.1.2.3", "6.6.6.6, 203.0.113.9, 192.168.1.63")).toBe("203.0.113.9");
    expect(clientIp(trust, "fd12:3456::1", "2001:db8::42, fd00::7")).toBe("2001:db8::42");
    expect(clientIp(trust, "::1", "203.0.113.9, 127.0.0.1")).toBe("203.0.113.9");
  });

  test("uses the socket address when the socket is not a trusted proxy", () => {
    expect(clientIp(trust, "203.0.113.9", "10.0.0.5")).toBe("203.0.113.9");
    expect(clientIp(trust, "11.0.0.1", "1.1.1.1")).toBe("11.0.0.1");
    expect(clientIp(trust, "192.168.1.64", "1.1.1.1")).toBe("192.168.1.64");
    expect(clientIp(trust, "fe00::1", "1.1.1.1")).toBe("fe00::1");
    expect(clientIp(trust, "::2", "1.1.1.1")).toBe("::2");
  });

  test("gives the leftmost address when every hop is trusted", () => {
    expect(clientIp(trust, "10.0.0.1", "10.0.0.3, 10.0.0.2")).toBe("10.0.0.3");
  });

  test("matches IPv4-mapped addresses against IPv4 ranges and reports them as IPv4", () => {
    expect(clientIp(trust, "::ffff:10.0.0.1", "::ffff:203.0.113.9, ::ffff:10.9.9.9")).toBe("203.0.113.9");
  });

  test("stops at a garbage entry and returns the last valid address to its right", () => {
    expect(clientIp(trust, "10.0.0.1", "203.0.113.9, garbage, 10.0.0.2")).toBe("10.0.0.2");
    expect(clientIp(trust, "10.0.0.1", "203.0.113.9,,, 10.0.0.2")).toBe("203.0.113.9");
    expect(clientIp(trust, "10.0.0.1", "10.0.0.2 10.0.0.3")).toBe("10.0.0.1");
  });

  test("matches CIDR prefixes that do not fall on a byte boundary", () => {
    const narrow = parseTrustProxy("172.16.0.0/12, 2001:db8:8000::/33, ::ffff:100.64.0.0/106");
    expect(clientIp(narrow, "172.31.255.255", "1.1.1.1")).toBe("1.1.1.1");
    expect(clientIp(narrow, "172.32.0.0", "1.1.1.1")).toBe("172.32.0.0");
    expect(clientIp(narrow, "2001:db8:ffff::1", "1.1.1.1")).toBe("1.1.1.1");
    expect(clientIp(narrow, "2001:db8:7fff::1", "1.1.1.1")).toBe("2001:db8:7fff::1");
    expect(clientIp(narrow, "100.127.0.1", "1.1.1.1")).toBe("1.1.1.1");
    expect(clientIp(narrow, "100.128.0.1", "1.1.1.1")).toBe("100.128.0.1");
  });

  test("an IPv6 range covering the mapped space trusts IPv4 proxies", () => {
    expect(clientIp(parseTrustProxy("::ffff:0:0/96"), "10.0.0.1", "1.1.1.1")).toBe("1.1.1.1");
    expect(clientIp(parseTrustProxy("::/0"), "10.0.0.1", "1.1.1.1, 2001:db8::1")).toBe("1.1.1.1");
  });
});

describe("bucketOf", () => {
  test("keeps IPv4 addresses apart and groups IPv6 addresses by their /64, however they are written", () => {
    expect(
      [
        "203.0.113.9",
        "203.0.113.10",
        "2001:db8:1:2::a",
        "2001:0DB8:0001:0002:ffff:ffff:ffff:ffff",
        "2001:db8:1:3::a",
        "::1",
        "fe80::1",
        "not-an-address",
      ].map(bucketOf),
    ).toEqual([
      "203.0.113.9",
      "203.0.113.10",
      "2001:db8:1:2::/64",
      "2001:db8:1:2::/64",
      "2001:db8:1:3::/64",
      "0:0:0:0::/64",
      "fe80:0:0:0::/64",
      "not-an-address",
    ]);
  });
});

describe("networkOf", () => {
  test("groups IPv4 addresses by their /24 and IPv6 addresses by their /48, however they are written", () => {
    expect(
      [
        "203.0.113.9",
        "203.0.113.200",
        "203.0.114.9",
        "2001:db8:1:2::a",
        "2001:0DB8:0001:ffff:ffff:ffff:ffff:ffff",
        "2001:db8:2::a",
        "::1",
        "not-an-address",
      ].map(networkOf),
    ).toEqual([
      "203.0.113.0/24",
      "203.0.113.0/24",
      "203.0.114.0/24",
      "2001:db8:1::/48",
      "2001:db8:1::/48",
      "2001:db8:2::/48",
      "0:0:0::/48",
      "not-an-address",
    ]);
  });
});
