import { afterAll, afterEach, expect, test } from "bun:test";
import { join } from "node:path";
import { startFakeMojang } from "../../src/sandbox/mojang.ts";
import type { RunningService } from "../../src/server.ts";
import { connectRaw, login, packetsIn, statusExchange } from "../helpers/minecraft-client.ts";
import { tempDir } from "../helpers/services.ts";
import { startTestService } from "../helpers/sockets.ts";
import { NOTCH } from "./helpers.ts";

const store = tempDir("wls-link-");
afterAll(() => store.cleanup());
let running: RunningService | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

test("without LINK_PORT the service starts no link endpoint", async () => {
  running = await startTestService(join(store.path, "off.db"));
  expect(running.link).toBeUndefined();
});

test("with LINK_PORT the service runs the endpoint on its own port, and its stop closes it", async () => {
  const mojang = startFakeMojang({ profiles: [NOTCH] });
  try {
    running = await startTestService(join(store.path, "on.db"), {
      LINK_PORT: "0",
      MOJANG_SESSION_URL: mojang.url,
    });
    const port = running.link?.port ?? 0;
    expect(port).toBeGreaterThan(0);
    expect(port).not.toBe(running.port);
    const client = await connectRaw(port);
    client.write(statusExchange(767, 1n));
    expect(packetsIn(await client.closed)).toHaveLength(2);
    // Until linked accounts are stored (issue 25, §2) the service's proof port says so, after a real proof.
    const outcome = await login({ port, protocol: 767, ...NOTCH, sessionUrl: mojang.url });
    expect(outcome.text).toBe(
      "Your Java account Notch is proven,\nbut this service cannot link it to Discord yet: linking is not set up.",
    );
    await running.stop();
    running = undefined;
    await expect(connectRaw(port)).rejects.toThrow();
  } finally {
    await mojang.stop();
  }
});
