import { expect, test } from "bun:test";
import { spawnServe } from "../helpers/serve.ts";

// `serve` says where it answers as soon as the API listens, before the rest of the start (the bot's login can take
// seconds), and still ends its start with the line benches and tests wait for (docs/operations.md, Logs).

test("serve logs its URL once when the API listens, /health answering then, and the started line after", async () => {
  const service = spawnServe({ sources: true });
  const listens = await service.until((line) => line.msg === "API listening");
  const health = fetch(`${listens.url}/health`).then((response) => response.status);
  await service.until((line) => line.msg === "whitelist-sync started");
  // Answered before the shutdown, which closes a connection still under way (ECONNRESET on a busy machine).
  const status = await health;
  service.child.kill("SIGTERM");
  expect((await service.exit()).exitCode).toBe(0);
  const lines = service.seen;
  const said = lines.map((line) => line.msg);
  const listening = lines.filter((line) => line.msg === "API listening");
  const started = lines.find((line) => line.msg === "whitelist-sync started");
  expect(listening).toEqual([
    { time: expect.any(String), level: "info", msg: "API listening", url: started?.url },
  ]);
  expect(said.indexOf("API listening")).toBeLessThan(said.indexOf("whitelist-sync started"));
  expect(status).toBe(200);
});

test("serve hands back the memory only its start used once it is quiet, and says so at debug level", async () => {
  const service = spawnServe({ sources: true, env: { LOG_LEVEL: "debug" } });
  await service.until((line) => line.msg === "whitelist-sync started");
  const handedBack = await service.until((line) => line.msg === "the start's memory handed back");
  service.child.kill("SIGTERM");
  expect((await service.exit()).exitCode).toBe(0);
  expect(handedBack).toEqual({
    time: expect.any(String),
    level: "debug",
    msg: "the start's memory handed back",
    rssMiB: expect.any(Number),
  });
});
