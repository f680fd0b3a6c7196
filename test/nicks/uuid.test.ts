import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { floodgateUuid } from "../../src/nicks/floodgate.ts";
import { dashUuid, offlineUuid, UUID_PATTERN } from "../../src/nicks/uuid.ts";

// Computed outside this code base, twice, with matching results:
//   Java 17:  UUID.nameUUIDFromBytes(("OfflinePlayer:" + nick).getBytes(StandardCharsets.UTF_8))
//   Python 3: hashlib.md5(("OfflinePlayer:" + nick).encode()), then byte 6 = (b & 0x0f) | 0x30 and
//             byte 8 = (b & 0x3f) | 0x80, formatted with uuid.UUID(bytes=...)
// Nicks are in NFC form (precomposed Ü, ï, Å).
const known: Record<string, string> = {
  Notch: "b50ad385-829d-3141-a216-7e7d7539ba7f",
  notch: "42653081-a90e-3475-b3d6-3550cdb43f8e",
  jeb_: "a762f560-4fce-3236-812a-b80efff0b62b",
  _under: "6311cb12-e8cd-35a6-9aa3-f6ba78606eac",
  ".Steve Gamer": "b7c5a8ee-f7d8-3774-998a-705f5e8a77a7",
  ".Ünïcode Ålf": "038533ac-acfc-3754-8719-b583eb488884",
};

describe("offlineUuid", () => {
  test("matches Java's UUID.nameUUIDFromBytes for java, bedrock and non-ASCII nicks", () => {
    const computed = Object.fromEntries(Object.keys(known).map((nick) => [nick, offlineUuid(nick)]));
    expect(computed).toEqual(known);
  });

  test("preserves case: Notch and notch are different players", () => {
    expect(offlineUuid("Notch")).not.toBe(offlineUuid("notch"));
  });

  test("is a dashed lowercase version 3 UUID with the IETF variant", () => {
    for (const nick of [...Object.keys(known), "a", "Zed", "x".repeat(16)]) {
      expect(offlineUuid(nick)).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-3[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
  });
});

describe("dashUuid", () => {
  test("dashes and lower-cases Mojang's undashed form", () => {
    expect(dashUuid("069A79F444E94726A5BEFCA90E38AAF5")).toBe("069a79f4-44e9-4726-a5be-fca90e38aaf5");
    expect(dashUuid("853c80ef3c3749fdaa49938b674adae6")).toBe("853c80ef-3c37-49fd-aa49-938b674adae6");
  });

  test("rejects anything that is not exactly 32 hex digits", () => {
    for (const bad of [
      "",
      "069a79f444e94726a5befca90e38aaf",
      "069a79f4-44e9-4726-a5be-fca90e38aaf5",
      "g".repeat(32),
    ]) {
      expect(() => dashUuid(bad)).toThrow(TypeError);
    }
  });
});

describe("UUID_PATTERN", () => {
  const pattern = new RegExp(UUID_PATTERN);

  test("matches every UUID the service writes: offline, Mojang's and Floodgate's (version 0) alike", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.stringMatching(/^[0-9a-fA-F]{32}$/),
        fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
        (nick, mojang, xuid) =>
          pattern.test(offlineUuid(nick)) &&
          pattern.test(dashUuid(mojang)) &&
          pattern.test(floodgateUuid(xuid.toString())),
      ),
    );
    expect(floodgateUuid("2535432196048835")).toMatch(pattern);
  });

  test("refuses what is not a dashed lower-case UUID", () => {
    for (const bad of ["069A79F4-44E9-4726-A5BE-FCA90E38AAF5", "069a79f444e94726a5befca90e38aaf5", "", "x"]) {
      expect(bad).not.toMatch(pattern);
    }
  });
});
