import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";

/** One POST to send: `address` is the IP the URL's host was checked to have, and the only one to connect to. */
export type DeliveryRequest = {
  url: URL;
  address: string;
  headers: Record<string, string>;
  body: string;
  /** Aborts the request (the delivery's total timeout). */
  signal: AbortSignal;
};

/** Sends one delivery and resolves with the response status (a 3xx included: redirects are never followed). */
export type Transport = (request: DeliveryRequest) => Promise<number>;

/** Options of the node:http(s) transport. */
export type NodeTransportOptions = {
  /** Extra trusted certificate authorities (PEM), for tests with a self-signed receiver. */
  ca?: string | string[];
};

/**
 * The production transport: `node:http` / `node:https` requests to the checked IP literal, with the URL's
 * `Host` header and, for https, the host name as SNI and as the name the certificate must match. Pinning the
 * address this way leaves no DNS-rebinding gap between the check and the connection, for https too.
 *
 * Why not `fetch`: Bun's fetch runs at most `BUN_CONFIG_MAX_HTTP_REQUESTS` (256) requests at once and queues
 * the rest, and the queue time counts against the timeout, so 256 hung receivers would stall every other
 * delivery for 5 s (measured: 100 healthy deliveries behind 400 hung ones took 4.8 s with fetch, 0.1 s with
 * node:http, which Bun runs outside that pool). A raw `Bun.connect` client was as fast over plain HTTP but
 * would need its own certificate verification for https. One connection per delivery (no agent): receivers
 * are many and rarely hit twice within a keep-alive window, and a pooled socket could outlive a DNS change.
 */
export function createNodeTransport(options: NodeTransportOptions = {}): Transport {
  return ({ url, address, headers, body, signal }) =>
    new Promise<number>((resolve, reject) => {
      if (signal.aborted) {
        reject(signal.reason);
        return;
      }
      const secure = url.protocol === "https:";
      const hostname = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
      let settled = false;
      const settle = (finish: () => void) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener("abort", onAbort);
        finish();
      };
      const request = (secure ? https : http).request({
        host: address,
        family: isIP(address) === 6 ? 6 : 4,
        port: url.port === "" ? (secure ? 443 : 80) : Number(url.port),
        method: "POST",
        path: `${url.pathname}${url.search}`,
        headers: { ...headers, host: url.host, "content-length": String(Buffer.byteLength(body)) },
        agent: false,
        ...(secure ? { servername: isIP(hostname) === 0 ? hostname : undefined, ca: options.ca } : {}),
      });
      const onAbort = () => {
        settle(() => reject(signal.reason));
        request.destroy();
      };
      signal.addEventListener("abort", onAbort);
      request.on("response", (response) => {
        // Only the status matters; the body is never read, so a receiver streaming one cannot hold us.
        response.on("error", () => {});
        settle(() => resolve(response.statusCode ?? 0));
        response.destroy();
      });
      request.on("error", (error) => settle(() => reject(error)));
      request.end(body);
    });
}
