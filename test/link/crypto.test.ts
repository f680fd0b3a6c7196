import { describe, expect, test } from "bun:test";
import { constants, generateKeyPairSync, publicEncrypt, randomBytes } from "node:crypto";
import fc from "fast-check";
import {
  createCfb8,
  createLoginKeys,
  decryptPkcs1,
  minecraftDigest,
  unpadPkcs1,
} from "../../src/link/crypto.ts";

const hex = (text: string) => Uint8Array.from(Buffer.from(text, "hex"));

describe("the server id digest", () => {
  test("matches the examples Minecraft's protocol documentation gives for Java's signed hex SHA-1", () => {
    expect([minecraftDigest("Notch"), minecraftDigest("jeb_"), minecraftDigest("simon")]).toEqual([
      "4ed1f46bbe04bc756bcb17c0c7ce3e4632f06a48",
      "-7c9d5b0044c130109a5d7b5fb5c317c02b4e28c1",
      "88e16a1019277b15d58faf0541e11910eb756f6",
    ]);
  });

  test("hashes the server id, the shared secret and the public key in that order, as one stream", () => {
    expect(minecraftDigest("", hex("6a"), hex("6562"))).toBe(minecraftDigest("jeb"));
  });
});

describe("AES-128-CFB8 on ECB", () => {
  // NIST SP 800-38A, F.3.7 (CFB8-AES128.Encrypt).
  const key = hex("2b7e151628aed2a6abf7158809cf4f3c");
  const iv = hex("000102030405060708090a0b0c0d0e0f");
  const plain = hex("6bc1bee22e409f96e93d7e117393172aae2d");
  const cipher = hex("3b79424c9c0dd436bace9e0ed4586a4f32b9");

  test("gives NIST's test vector, in one call or byte by byte, and decrypts it back", () => {
    expect(createCfb8(key, iv, "encrypt").update(plain)).toEqual(cipher);
    const stream = createCfb8(key, iv, "encrypt");
    expect(Uint8Array.from(plain, (byte) => stream.update(Uint8Array.of(byte))[0] ?? -1)).toEqual(cipher);
    expect(createCfb8(key, iv, "decrypt").update(cipher)).toEqual(plain);
  });

  test("is one stream across calls however the bytes are split", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 200 }),
        fc.array(fc.nat(200), { maxLength: 6 }),
        (bytes, cuts) => {
          const secret = randomBytes(16);
          const whole = createCfb8(secret, secret, "encrypt").update(bytes);
          const parts = createCfb8(secret, secret, "encrypt");
          const points = [...new Set(cuts.map((cut) => Math.min(cut, bytes.length)))].sort((a, b) => a - b);
          const pieces: number[] = [];
          let from = 0;
          for (const point of [...points, bytes.length]) {
            pieces.push(...parts.update(bytes.subarray(from, point)));
            from = point;
          }
          expect(pieces).toEqual([...whole]);
          expect(createCfb8(secret, secret, "decrypt").update(whole)).toEqual(Uint8Array.from(bytes));
        },
      ),
      { numRuns: 50 },
    );
  });

  test("refuses a key or IV that is not 16 bytes", () => {
    expect(() => createCfb8(new Uint8Array(15), iv, "encrypt")).toThrow(RangeError);
  });
});

describe("RSA PKCS#1 v1.5 decryption", () => {
  const keys = createLoginKeys();
  const encrypt = (message: Uint8Array) =>
    publicEncrypt(
      {
        key: Buffer.from(keys.publicKeyDer),
        format: "der",
        type: "spki",
        padding: constants.RSA_PKCS1_PADDING,
      },
      message,
    );

  test("the public key is DER SubjectPublicKeyInfo of an RSA-1024 key (162 bytes, rsaEncryption)", () => {
    expect(keys.publicKeyDer.length).toBe(162);
    // SEQUENCE { SEQUENCE { OID 1.2.840.113549.1.1.1, NULL }, BIT STRING … }
    expect(Buffer.from(keys.publicKeyDer.subarray(0, 18)).toString("hex")).toBe(
      "30819f300d06092a864886f70d0101010500",
    );
  });

  test("recovers what the public key encrypted (the shared secret, the verify token)", () => {
    const secret = randomBytes(16);
    const token = randomBytes(4);
    expect(keys.decrypt(encrypt(secret))).toEqual(new Uint8Array(secret));
    expect(keys.decrypt(encrypt(token))).toEqual(new Uint8Array(token));
  });

  test("gives nothing for a ciphertext of another key, a tampered one, or one of the wrong length", () => {
    const other = generateKeyPairSync("rsa", { modulusLength: 1024 });
    const foreign = publicEncrypt(
      { key: other.publicKey, padding: constants.RSA_PKCS1_PADDING },
      randomBytes(16),
    );
    const tampered = encrypt(randomBytes(16));
    tampered[5] = (tampered[5] ?? 0) ^ 0xff;
    expect([
      keys.decrypt(foreign),
      keys.decrypt(tampered),
      keys.decrypt(new Uint8Array(127)),
      keys.decrypt(new Uint8Array(128).fill(0xff)),
      decryptPkcs1(other.privateKey, new Uint8Array(0)),
    ]).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  test("the padding: 00 02, at least 8 non-zero bytes, 00, then the message", () => {
    const block = (padding: number, message: number[]) =>
      Uint8Array.from([0x00, 0x02, ...Array(padding).fill(0x5a), 0x00, ...message]);
    expect(unpadPkcs1(block(8, [1, 2, 3]))).toEqual(Uint8Array.of(1, 2, 3));
    expect(unpadPkcs1(block(8, []))).toEqual(new Uint8Array(0));
    expect(unpadPkcs1(block(7, [1, 2, 3]))).toBeUndefined();
    expect(unpadPkcs1(Uint8Array.from([0x00, 0x01, ...Array(8).fill(0xff), 0x00, 1]))).toBeUndefined();
    expect(unpadPkcs1(Uint8Array.from([0x00, 0x02, ...Array(20).fill(0x5a)]))).toBeUndefined();
  });
});
