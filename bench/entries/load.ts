/**
 * Bench helper: the load generator used when `wrk` is not installed. Runs `connections` concurrent loops of
 * keep-alive `fetch` against one URL for a fixed duration, reading every body, and prints one JSON line
 * (`LoadResult`) on stdout. Runs in its own process so it does not share the server's thread. Takes a JSON
 * `LoadOptions` as its argument. Started by `bench/entries.ts`; not meant to be run by hand.
 */

import { quantile } from "../lib.ts";

/** What one load run takes. */
export type LoadOptions = { url: string; authorization: string; durationMs: number; connections: number };

/** What one load run measured; latencies in milliseconds. */
export type LoadResult = {
  requests: number;
  seconds: number;
  /** Transport errors (refused, reset, timed out). */
  errors: number;
  /** Responses whose status was not 200. */
  non200: number;
  p50Ms: number;
  p99Ms: number;
};

async function run({ url, authorization, durationMs, connections }: LoadOptions): Promise<LoadResult> {
  const headers = { authorization };
  let latencies = new Float64Array(1 << 16);
  let requests = 0;
  let errors = 0;
  let non200 = 0;
  const record = (ms: number) => {
    if (requests === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[requests++] = ms;
  };

  const start = performance.now();
  const end = start + durationMs;
  const loop = async () => {
    while (performance.now() < end) {
      const sent = performance.now();
      try {
        const response = await fetch(url, { headers, keepalive: true });
        await response.arrayBuffer();
        if (response.status !== 200) non200++;
        record(performance.now() - sent);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const seconds = (performance.now() - start) / 1000;

  const measured = latencies.subarray(0, requests);
  return {
    requests,
    seconds,
    errors,
    non200,
    p50Ms: quantile(measured, 0.5),
    p99Ms: quantile(measured, 0.99),
  };
}

if (import.meta.main) {
  const argument = process.argv[2];
  if (!argument) throw new Error("usage: bun bench/entries/load.ts '<LoadOptions as JSON>'");
  const result = await run(JSON.parse(argument) as LoadOptions);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
