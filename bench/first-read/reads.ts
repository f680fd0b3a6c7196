/**
 * Bench helper for bench/first-read.ts: the four first reads, from a process of their own, so that receiving their
 * 18 MB does not hold up the probes of the bench's process (which would count it as the service's wait). Prints
 * `ready` once it has reached the service, then on a `go` line on stdin asks for the four formats at once and
 * prints `{"readsMs": …, "formatMs": {…}}`. Not meant to be run by hand.
 *
 *   bun bench/first-read/reads.ts <url> <whitelist id> <key>
 */
const [url, whitelistId, key] = process.argv.slice(2) as [string, string, string];
const FORMATS = ["json", "plain", "easywhitelist", "vanilla"] as const;

await (await fetch(`${url}/health`)).arrayBuffer();
process.stdout.write("ready\n");
const decoder = new TextDecoder();
let input = "";
for await (const chunk of Bun.stdin.stream()) {
  input += decoder.decode(chunk);
  if (input.includes("go\n")) break;
}
const started = performance.now();
const formatMs: Record<string, number> = {};
await Promise.all(
  FORMATS.map(async (format) => {
    const query = format === "json" ? "" : `?format=${format}`;
    const response = await fetch(`${url}/api/v1/whitelists/${whitelistId}/entries${query}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    if (response.status !== 200) throw new Error(`GET ${format}: ${response.status}`);
    await response.arrayBuffer();
    formatMs[format] = performance.now() - started;
  }),
);
process.stdout.write(`${JSON.stringify({ readsMs: performance.now() - started, formatMs })}\n`);
