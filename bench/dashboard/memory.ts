// One child of bench/dashboard.ts: loads what the service loads (its composition root), then, by its argument,
// nothing more ("without"), the dashboard as the API holds it unused ("lazy": src/dashboard/index.ts and its
// closure), or the dashboard's pages too ("loaded": what its first request imports). Prints its RSS in bytes
// after a full collection.
import "../../src/server.ts";

const mode = process.argv[2];
if (mode === "lazy" || mode === "loaded") {
  const { lazyDashboard } = await import("../../src/dashboard/index.ts");
  (globalThis as { held?: unknown }).held = lazyDashboard({} as never);
}
if (mode === "loaded") await import("../../src/dashboard/app.ts");
Bun.gc(true);
await Bun.sleep(0);
Bun.gc(true);
console.log(process.memoryUsage().rss);
