import { createHmac, randomBytes } from "node:crypto";

/** The prefix of a Standard Webhooks secret; the rest is the base64 of the signing key. */
const SECRET_PREFIX = "whsec_";

/** The three Standard Webhooks headers of a delivery. */
export type SignatureHeaders = {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
};

/** A new webhook secret: `whsec_` + base64 of 32 random bytes, shown once to whoever set the webhook. */
export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

/** The signing key of a `whsec_` secret (a secret without the prefix is taken as bare base64, as the spec allows). */
export function signingKey(secret: string): Buffer {
  return Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    "base64",
  );
}

/** The `webhook-signature` value: `v1,` + base64(HMAC-SHA256(key, `${id}.${timestamp}.${body}`)). */
export function signWebhook(key: Buffer, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`).digest("base64");
  return `v1,${mac}`;
}

/** The signed headers of one delivery; `nowMs` comes from the injected clock. */
export function signatureHeaders(secret: string, id: string, nowMs: number, body: string): SignatureHeaders {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signWebhook(signingKey(secret), id, timestamp, body),
  };
}
