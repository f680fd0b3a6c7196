/**
 * Test helper (test/start/bot-steps.ts, rest-later.ts): asks `/health` over a socket of this process's own event loop
 * (Bun.connect), not through `fetch`, whose client runs on a thread of its own: on a starved CPU that thread could
 * be scheduled only after the whole start, and the request then arrive once everything had loaded. `probe` runs
 * when the answer's first bytes arrive, on the same loop as the service's steps.
 */
export function firstHealth<T>(
  url: string,
  probe: () => T,
): Promise<{ status: number; gateway: string; probed: T }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let text = "";
    let probed: T | undefined;
    Bun.connect({
      hostname,
      port: Number(port),
      socket: {
        open(socket) {
          socket.write(`GET /health HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
        },
        data(_socket, bytes) {
          if (probed === undefined) probed = probe();
          text += bytes.toString();
        },
        close() {
          const status = Number(text.match(/^HTTP\/1\.1 (\d{3})/)?.[1]);
          const body = text.slice(text.indexOf("\r\n\r\n") + 4);
          try {
            const gateway = (JSON.parse(body) as { gateway: string }).gateway;
            resolve({ status, gateway, probed: probed as T });
          } catch (error) {
            reject(new Error(`not a /health answer: ${JSON.stringify(text)} (${String(error)})`));
          }
        },
        error(_socket, error) {
          reject(error);
        },
      },
    }).catch(reject);
  });
}
