import { isIP } from "node:net";
import { connect, type PeerCertificate } from "node:tls";
import { TransientError } from "../errors.ts";

/**
 * Which certificate the agent trusts on a `wss://` management API (docs/sync.md, Management API). Minecraft serves
 * TLS by default with the certificate of a PKCS12 keystore, usually one `keytool` made: self-signed. The agent never
 * turns the check off; it trusts either a CA file (`--management-ca`, the chain and host name checked as usual) or one
 * pinned certificate (`--management-fingerprint`, its SHA-256): the server's certificate is read first, over a TLS
 * handshake that sends nothing, and when its fingerprint is the pinned one the connection is made trusting exactly
 * that certificate and checking the fingerprint again, before the secret is sent.
 */

/** The TLS options of the WebSocket: a CA to trust and, for a pin, the check of the certificate's fingerprint. */
export type TlsTrust = {
  ca?: string;
  checkServerIdentity?: (host: string, certificate: PeerCertificate) => Error | undefined;
};

/** A SHA-256 fingerprint as `AB:CD:…` (upper case, colons), from hex with or without colons; null if not one. */
export function normalizeFingerprint(text: string): string | null {
  const hex = text
    .replace(/^sha256[:=]?/i, "")
    .replace(/[:\s]/g, "")
    .toUpperCase();
  if (!/^[0-9A-F]{64}$/.test(hex)) return null;
  return (hex.match(/../g) as string[]).join(":");
}

const pem = (der: Buffer) =>
  `-----BEGIN CERTIFICATE-----\n${(der.toString("base64").match(/.{1,64}/g) as string[]).join("\n")}\n-----END CERTIFICATE-----\n`;

/** The certificate a TLS server presents at host:port, read without sending anything. */
function presentedCertificate(host: string, port: number): Promise<PeerCertificate> {
  return new Promise((resolve, reject) => {
    // Only reads the certificate to compare it with the pin; the connection that carries the secret checks it.
    const socket = connect(
      { host, port, servername: isIP(host) ? undefined : host, rejectUnauthorized: false },
      () => {
        const certificate = socket.getPeerCertificate();
        socket.destroy();
        if (!certificate?.raw) reject(new TransientError(`${host}:${port} presented no certificate`));
        else resolve(certificate);
      },
    );
    socket.setTimeout(15_000, () => socket.destroy(new Error("no TLS handshake in 15 s")));
    socket.on("error", (error) =>
      reject(
        new TransientError(
          `cannot reach ${host}:${port} (${(error as NodeJS.ErrnoException).code ?? error.message})`,
        ),
      ),
    );
  });
}

/** The error of a certificate that is not the pinned one (the agent stops: a retry cannot change it). */
export class PinMismatch extends Error {}

/** The trust for a connection to `url`: null for `ws://` or the system's CAs, else the CA or the pinned certificate. */
export async function trustFor(
  url: string,
  { ca, fingerprint }: { ca: string | null; fingerprint: string | null },
): Promise<TlsTrust | null> {
  const target = new URL(url);
  if (target.protocol !== "wss:") return null;
  if (ca !== null) return { ca };
  if (fingerprint === null) return null;
  const host = target.hostname.replace(/^\[|\]$/g, "");
  const certificate = await presentedCertificate(host, Number(target.port || 443));
  if (certificate.fingerprint256 !== fingerprint) {
    throw new PinMismatch(
      `${target.host} presented a certificate with SHA-256 ${certificate.fingerprint256}, not the pinned ${fingerprint}: ` +
        "if the server's keystore changed, pin its new certificate (--management-fingerprint)",
    );
  }
  return {
    ca: pem(certificate.raw),
    checkServerIdentity: (_host, presented) =>
      presented.fingerprint256 === fingerprint ? undefined : new Error("not the pinned certificate"),
  };
}
