import { expect } from "bun:test";
import { join } from "node:path";
import { loadConfig } from "../../src/config.ts";
import { startService } from "../../src/server.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import type { testApi } from "./services.ts";
import { tempDir } from "./services.ts";

/** The test API app. */
export type TestApp = ReturnType<typeof testApi>;

/** Problem kinds as a client sees them: written out here, not imported, so the tests pin the contract. */
export const problems = {
  unauthorized: { status: 401, title: "Unauthorized" },
  "whitelist-forbidden": { status: 403, title: "Whitelist outside the key's scope" },
  "key-read-only": { status: 403, title: "Key is read-only" },
  "whitelist-not-found": { status: 404, title: "Whitelist not found" },
  "entry-not-found": { status: 404, title: "Nick not registered" },
  "route-not-found": { status: 404, title: "No such endpoint" },
  "method-not-allowed": { status: 405, title: "Method not allowed" },
  "invalid-request": { status: 400, title: "Invalid request" },
  "proof-not-pending": { status: 409, title: "Not awaiting proof" },
  "cursor-unusable": { status: 410, title: "Events no longer available" },
  "rate-limited": { status: 429, title: "Too many requests" },
  "code-limited": { status: 429, title: "Too many proof codes" },
  "store-unavailable": { status: 503, title: "Temporarily unavailable" },
} as const;

/** One of the problem kinds the API answers with. */
export type ProblemKindName = keyof typeof problems;

/** The whole problem body expected for a kind; `detail` is any string unless the wording is the point. */
export function problemBody(kind: ProblemKindName, detail: unknown = expect.any(String)) {
  const { status, title } = problems[kind];
  return { type: `urn:whitelist-sync:problem:${kind}`, title, status, detail };
}

/** The `Authorization` header of a key. */
export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** Test apps listening on a port, stopped after each test by `stopServedApps` (test/setup.ts). */
const served = new Set<TestApp>();

/**
 * Sends one request to the app over a real socket, as a client would: the app starts listening on a free
 * loopback port at its first request, so Bun's router (and the routes registered in it ahead of the app)
 * answers exactly as in production.
 */
export function call(
  app: TestApp,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Response> {
  if (!app.server) {
    app.listen({ hostname: "127.0.0.1", port: 0, reusePort: false });
    served.add(app);
  }
  return fetch(`http://127.0.0.1:${app.server?.port}${path}`, { method, headers, body });
}

/** The OpenAPI document the app serves at /swagger/json, read as the docs tests read it. */
export async function servedDocument<T>(app: TestApp): Promise<T> {
  const response = await call(app, "GET", "/swagger/json");
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** Stops every app `call` started. */
export async function stopServedApps(): Promise<void> {
  const apps = [...served];
  served.clear();
  await Promise.all(apps.map((app) => app.stop(true)));
}

/** A response as one comparable object: status, content type and parsed body. */
export async function summary(response: Response) {
  const text = await response.text();
  const type = response.headers.get("content-type");
  const json = type?.includes("json") && text !== "";
  return { status: response.status, contentType: type, body: json ? (JSON.parse(text) as unknown) : text };
}

/** Asserts that a response is the given problem, with its content type and a status equal to the body's. */
export async function expectProblem(
  response: Response,
  kind: ProblemKindName,
  detail: unknown = expect.any(String),
): Promise<void> {
  expect(await summary(response)).toEqual({
    status: problems[kind].status,
    contentType: "application/problem+json",
    body: problemBody(kind, detail),
  });
}

/** The same key with one character of its secret changed, so its checksum no longer matches. */
export function tamperKey(key: string, index = 10): string {
  const char = key[index];
  return `${key.slice(0, index)}${char === "a" ? "b" : "a"}${key.slice(index + 1)}`;
}

/** The HTTP paths of the API, for whitelist `id` (and `nick`, percent-encoded here). */
export const paths = {
  whitelists: "/api/v1/whitelists",
  entries: (id: string) => `/api/v1/whitelists/${encodeURIComponent(id)}/entries`,
  entry: (id: string, nick: string) =>
    `/api/v1/whitelists/${encodeURIComponent(id)}/entries/${encodeURIComponent(nick)}`,
  events: (query = "") => `/api/v1/events${query}`,
  proofCodes: (id: string) => `/api/v1/whitelists/${encodeURIComponent(id)}/proof-codes`,
};

/**
 * The real service on 127.0.0.1, port 0, over a temp database, with a manual clock; `stop` stops it and
 * removes the directory.
 */
export async function startTestServer(env: Record<string, string> = {}) {
  const dir = tempDir("wls-http-");
  const clock = manualClock(Date.UTC(2026, 10, 22, 12, 0, 0));
  const databasePath = join(dir.path, "whitelist-sync.db");
  const config = loadConfig({
    DATABASE_PATH: databasePath,
    PORT: "0",
    HOST: "127.0.0.1",
    ...env,
  });
  try {
    const service = await startService(config, { logger: silentLogger, clock });
    return {
      ...service,
      clock,
      databasePath,
      async stop() {
        try {
          await service.stop();
        } finally {
          dir.cleanup();
        }
      },
    };
  } catch (error) {
    dir.cleanup();
    throw error;
  }
}

/** A running test server. */
export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * An answer read off the wire: status, headers (lower-cased names) and body text, and `head`, the status line and
 * header lines as written (their case and order).
 */
export type RawAnswer = { status: number; headers: Record<string, string>; body: string; head: string[] };

/**
 * Sends one request written by hand (`lines`, the request line and headers, without the blank line) to
 * 127.0.0.1:`port` and reads the answer until the server closes: for what `fetch` cannot send, such as an
 * HTTP/1.0 request without a Host header, or a Host header `fetch` would rewrite.
 */
export async function rawRequest(port: number | string, lines: string[]): Promise<RawAnswer> {
  const chunks: Uint8Array[] = [];
  await new Promise<void>((resolve, reject) => {
    Bun.connect({
      hostname: "127.0.0.1",
      port: Number(port),
      socket: {
        open(socket) {
          socket.write(`${[...lines, "Connection: close"].join("\r\n")}\r\n\r\n`);
        },
        data(_socket, data) {
          chunks.push(new Uint8Array(data));
        },
        close: () => resolve(),
        error: (_socket, error) => reject(error),
      },
    }).catch(reject);
  });
  const text = new TextDecoder().decode(Buffer.concat(chunks));
  const split = text.indexOf("\r\n\r\n");
  const head = text.slice(0, split).split("\r\n");
  const [statusLine = "", ...headerLines] = head;
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body: text.slice(split + 4), head };
}
