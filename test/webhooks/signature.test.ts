import { describe, expect, test } from "bun:test";
import { Webhook } from "standardwebhooks";
import {
  generateWebhookSecret,
  signatureHeaders,
  signingKey,
  signWebhook,
} from "../../src/webhooks/signature.ts";

describe("Standard Webhooks signing", () => {
  test("a secret is whsec_ and the base64 of 32 random bytes, different every time", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(signingKey(secret).length).toBe(32);
    expect(generateWebhookSecret()).not.toBe(secret);
  });

  test("the signature equals the reference library's for the same id, time and body", () => {
    const secret = generateWebhookSecret();
    const body = JSON.stringify({ type: "entry.added", entry: { nick: "Notch" } });
    const seconds = 1_795_000_000;
    expect(signWebhook(signingKey(secret), "42", seconds, body)).toBe(
      new Webhook(secret).sign("42", new Date(seconds * 1000), body),
    );
  });

  test("the headers use whole seconds of the given clock and verify with the reference library", () => {
    const secret = generateWebhookSecret();
    const body = '{"id":"7"}';
    const now = Date.now();
    const headers = signatureHeaders(secret, "7", now, body);
    expect(headers["webhook-id"]).toBe("7");
    expect(headers["webhook-timestamp"]).toBe(String(Math.floor(now / 1000)));
    expect(new Webhook(secret).verify(body, headers)).toEqual({ id: "7" });
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify('{"id":"8"}', headers)).toThrow();
  });
});
