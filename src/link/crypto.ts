import {
  constants,
  createCipheriv,
  createHash,
  generateKeyPairSync,
  type KeyObject,
  privateDecrypt,
} from "node:crypto";

/**
 * The cryptography of Minecraft's online-mode login (minecraft.wiki, Protocol Encryption): an RSA-1024 key pair
 * made at start, whose public key is sent as DER (X.509 SubjectPublicKeyInfo); the client's shared secret and
 * verify token arrive encrypted with RSA PKCS#1 v1.5; the stream is then AES-128-CFB8 both ways with the shared
 * secret as key and IV; and the server id asked of Mojang's session server is a SHA-1 written as Java's
 * `BigInteger.toString(16)` of the signed digest.
 */

/** The endpoint's RSA key pair: the public key as sent, and the private half's PKCS#1 v1.5 decryption. */
export type LoginKeys = {
  /** The public key, DER-encoded SubjectPublicKeyInfo, as the Encryption Request carries it. */
  publicKeyDer: Uint8Array;
  /** The message inside a PKCS#1 v1.5 (type 2) ciphertext, or `undefined` when it is not one for this key. */
  decrypt(ciphertext: Uint8Array): Uint8Array | undefined;
};

/** The modulus size Minecraft uses (vanilla servers make the same). */
const RSA_BITS = 1024;

/** Makes a fresh RSA-1024 key pair (about 20 ms), once per endpoint start: it is never stored. */
export function createLoginKeys(): LoginKeys {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: RSA_BITS });
  return {
    publicKeyDer: new Uint8Array(publicKey.export({ type: "spki", format: "der" })),
    decrypt: (ciphertext) => decryptPkcs1(privateKey, ciphertext),
  };
}

/**
 * RSA PKCS#1 v1.5 decryption. Bun 1.4.4 refuses `RSA_PKCS1_PADDING` for `privateDecrypt` ("no longer supported
 * for private decryption", the Marvin attack), so the raw RSA operation is done natively (`RSA_NO_PADDING`) and
 * the padding removed here (RFC 8017, 7.2.2): `00 02`, at least 8 non-zero padding bytes, `00`, the message.
 * What is left of a padding oracle is bounded by the logins allowed per address (docs/link.md, Bounds), and
 * every failure gives the client the same answer.
 */
export function decryptPkcs1(privateKey: KeyObject, ciphertext: Uint8Array): Uint8Array | undefined {
  if (ciphertext.length !== RSA_BITS / 8) return undefined;
  let block: Uint8Array;
  try {
    block = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, ciphertext);
  } catch {
    return undefined; // a value not below the modulus
  }
  return unpadPkcs1(block);
}

/** The message of an encryption block of PKCS#1 v1.5 type 2, or `undefined` when the padding is wrong. */
export function unpadPkcs1(block: Uint8Array): Uint8Array | undefined {
  if (block[0] !== 0x00 || block[1] !== 0x02) return undefined;
  const separator = block.indexOf(0x00, 2);
  if (separator < 10) return undefined; // no separator, or fewer than 8 padding bytes
  return block.subarray(separator + 1);
}

/**
 * The server id a client sends to `join` and a server asks `hasJoined` with: SHA-1 of the server id string
 * (ASCII, empty since 1.7), the shared secret and the public key's DER, read as a signed two's-complement
 * number and written in hexadecimal without leading zeros, with `-` when negative (Java's
 * `new BigInteger(digest).toString(16)`). E.g. "Notch" → `4ed1f46bbe04bc756bcb17c0c7ce3e4632f06a48`,
 * "jeb_" → `-7c9d5b0044c130109a5d7b5fb5c317c02b4e28c1`.
 */
export function minecraftDigest(...parts: (string | Uint8Array)[]): string {
  const hash = createHash("sha1");
  for (const part of parts) hash.update(part);
  const digest = hash.digest();
  const negative = (digest[0] ?? 0) >= 0x80;
  let value = BigInt(`0x${digest.toString("hex")}`);
  if (negative) value = (1n << 160n) - value;
  return `${negative ? "-" : ""}${value.toString(16)}`;
}

/** One direction of AES-128-CFB8: `update` encrypts (or decrypts) bytes in order, across packets. */
export type Cfb8 = { update(bytes: Uint8Array): Uint8Array };

/**
 * AES-128 in CFB mode with an 8-bit segment (NIST SP 800-38A, 6.3), the cipher Minecraft streams use, built on
 * AES-128-ECB because Bun 1.4.4 has no `aes-128-cfb8` (`ERR_CRYPTO_UNKNOWN_CIPHER`): for each byte, the shift
 * register (first the IV) is encrypted, the byte is XORed with the first byte of that block, and the ciphertext
 * byte is shifted into the register. The register is kept between calls: the stream is one cipher for the life
 * of the connection.
 */
export function createCfb8(key: Uint8Array, iv: Uint8Array, direction: "encrypt" | "decrypt"): Cfb8 {
  if (key.length !== 16 || iv.length !== 16) throw new RangeError("AES-128-CFB8 needs a 16-byte key and IV");
  const ecb = createCipheriv("aes-128-ecb", key, null);
  ecb.setAutoPadding(false);
  let register = Uint8Array.from(iv);
  return {
    update(bytes) {
      // The register for byte i is window[i, i + 16): the previous 16 ciphertext bytes, so no byte is moved.
      const window = new Uint8Array(16 + bytes.length);
      window.set(register);
      const out = new Uint8Array(bytes.length);
      for (let i = 0; i < bytes.length; i++) {
        const mask = ecb.update(window.subarray(i, i + 16))[0] ?? 0;
        const input = bytes[i] ?? 0;
        const output = input ^ mask;
        out[i] = output;
        window[16 + i] = direction === "encrypt" ? output : input;
      }
      register = window.slice(bytes.length, bytes.length + 16);
      return out;
    },
  };
}
