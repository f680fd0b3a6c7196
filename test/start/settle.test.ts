import { expect, test } from "bun:test";
import { spawnServe } from "../helpers/serve.ts";

// Once a start has finished, the service lets go of what only the start used, once (src/shared/settle.ts;
// docs/performance.md, Start and memory: what that saves is bench/start.ts's idle RSS).

test("a second after its started line, serve lets go of the start's compiled code, once, and keeps answering", async () => {
  const service = spawnServe({ sources: true, env: { LOG_LEVEL: "debug" } });
  const started = await service.until((line) => line.msg === "whitelist-sync started");
  const settled = await service.until((line) => String(line.msg).startsWith("start settled"));
  // What the start ran and let go of is compiled again at its next call.
  const health = await fetch(`${started.url}/health`);
  expect({ status: health.status, body: await health.json() }).toEqual({
    status: 200,
    body: expect.objectContaining({ ok: true, database: "ok" }),
  });
  service.child.kill("SIGTERM");
  expect((await service.exit()).exitCode).toBe(0);
  const said = service.seen.map((line) => line.msg);
  expect(said.filter((msg) => String(msg).startsWith("start settled"))).toHaveLength(1);
  expect(said.indexOf("whitelist-sync started")).toBeLessThan(said.indexOf(settled.msg));
  expect(settled).toEqual(
    expect.objectContaining({ ms: expect.any(Number), rssBeforeMiB: expect.any(Number) }),
  );
});
