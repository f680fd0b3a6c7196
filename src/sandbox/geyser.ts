/** How the fake answers: as GeyserMC on a good day, unable to ask Xbox Live (503), or never (until stopped). */
export type FakeGeyserMode = "normal" | "down" | "slow";

/** An Xbox account the fake knows: its gamertag and XUID (decimal). */
export type FakeXboxAccount = { gamertag: string; xuid: string };

/** A running fake of GeyserMC's Xbox lookup. */
export type FakeGeyser = {
  /** Base URL to use as `GEYSER_API_URL`, e.g. `http://127.0.0.1:40123/v2/xbox`. */
  url: string;
  /** Stops the server, first answering (503) any request held by the "slow" mode. */
  stop(): Promise<void>;
  setMode(mode: FakeGeyserMode): void;
  /** How many requests reached the fake, whatever their answer. */
  requests(): number;
  addAccount(account: FakeXboxAccount): void;
};

const XUID_PATH = /^\/v2\/xbox\/xuid\/([^/]*)$/;

/**
 * Starts a fake of GeyserMC's `GET /v2/xbox/xuid/{gamertag}` on loopback for tests and `whitelist-sync demo`,
 * answering as its published contract says: 200 `{"xuid": <int64>}` for a known gamertag (any letter case),
 * 200 `{}` for one no Xbox account has, 400 `{"message"}` for an empty or over-long one, 503 `{"message"}` when
 * it cannot ask Xbox Live.
 */
export function startFakeGeyser(options: { port?: number; accounts?: FakeXboxAccount[] } = {}): FakeGeyser {
  const accounts = new Map<string, string>();
  const addAccount = (account: FakeXboxAccount) => accounts.set(account.gamertag.toLowerCase(), account.xuid);
  for (const account of options.accounts ?? []) addAccount(account);

  let mode: FakeGeyserMode = "normal";
  let count = 0;
  const held = new Set<() => void>();
  const json = (status: number, body: string) =>
    new Response(body, { status, headers: { "content-type": "application/json" } });
  const message = (status: number, text: string) => json(status, JSON.stringify({ message: text }));

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: options.port ?? 0,
    fetch(request) {
      count++;
      if (mode === "slow") {
        return new Promise<Response>((resolve) => {
          const release = () => {
            held.delete(release);
            resolve(message(503, "stopped"));
          };
          held.add(release);
          request.signal.addEventListener("abort", release, { once: true });
        });
      }
      const url = new URL(request.url);
      const match = XUID_PATH.exec(url.pathname);
      if (request.method !== "GET" || !match) return message(404, "Not Found");
      if (mode === "down") {
        return message(503, "The requested account was not cached and we could not call the Xbox Live API");
      }
      const gamertag = decodeURIComponent(match[1] ?? "");
      if (gamertag.length === 0 || gamertag.length > 16) return message(400, "Invalid gamertag");
      const xuid = accounts.get(gamertag.toLowerCase());
      // The XUID is written as the int64 number it is, not through a JS number, which could round it.
      return json(200, xuid === undefined ? "{}" : `{"xuid":${xuid}}`);
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}/v2/xbox`,
    async stop() {
      const released = held.size;
      for (const release of [...held]) release();
      if (released > 0) await server.stop();
      await server.stop(true);
    },
    setMode(next) {
      mode = next;
    },
    requests: () => count,
    addAccount,
  };
}
