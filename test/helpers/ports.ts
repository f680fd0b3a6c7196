/**
 * Loopback ports a test names itself, picked below Linux's ephemeral range (32768 and up). A port the kernel hands
 * out for port 0 is free when asked, but the suite's other processes' connections and port-0 listeners take from
 * that same range: a test that pinned a service to such a port, or counted on it staying closed, met another
 * process there (EADDRINUSE in a CI run). A port below the range is only ever taken by asking for that very port.
 */

/** Ports handed out by this process, never twice. */
const chosen = new Set<number>();

/** A loopback port nothing listens on right now, below the ephemeral range, never handed out before here. */
export function quietPort(): number {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (chosen.has(port)) continue;
    try {
      const probe = Bun.serve({ hostname: "127.0.0.1", port, fetch: () => new Response() });
      probe.stop(true);
      chosen.add(port);
      return port;
    } catch {
      // Taken: another.
    }
  }
}

/** An http URL on 127.0.0.1 where nothing listens: a connection to it is refused. */
export const refusingUrl = (path = ""): string => `http://127.0.0.1:${quietPort()}${path}`;
