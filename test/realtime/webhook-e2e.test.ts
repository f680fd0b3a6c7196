import { Database } from "bun:sqlite";
import { afterEach, expect, test } from "bun:test";
import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import type { RunningService } from "../../src/server.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { seedEntries, seedKey, seedWhitelist, tempDir } from "../helpers/services.ts";
import { startTestService } from "../helpers/sockets.ts";

const GUILD = "100000000000000001";
let dir: ReturnType<typeof tempDir> | undefined;
let service: RunningService | undefined;
let receiver: ReturnType<typeof Bun.serve> | undefined;

afterEach(async () => {
  await service?.stop();
  receiver?.stop(true);
  dir?.cleanup();
});

test("an API removal reaches a webhook receiver as a signed entry.removed, and its outcome is kept", async () => {
  dir = tempDir();
  // Receivers check webhook-timestamp against their own clock, so this service's clock starts at real time.
  const clock = manualClock(Date.now());
  service = await startTestService(join(dir.path, "wls.db"), { WEBHOOK_ALLOW_PRIVATE: "true" }, clock);
  const s = service.services;
  const wl = await seedWhitelist(s, { guildId: GUILD, name: "survival" });
  await seedEntries(s, wl.id, ["Notch"]);
  const { key, plaintext } = await seedKey(s, GUILD, wl.id);

  const delivered = Promise.withResolvers<{ body: string; headers: Record<string, string> }>();
  receiver = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      delivered.resolve({ body: await request.text(), headers: Object.fromEntries(request.headers) });
      return new Response(null, { status: 204 });
    },
  });
  const { secret } = await s.webhooks.set(GUILD, key.id, `http://127.0.0.1:${receiver.port}/hook`);

  const response = await fetch(`${service.url}/api/v1/whitelists/${wl.id}/entries/notch`, {
    method: "DELETE",
    headers: { authorization: `Bearer ${plaintext}` },
  });
  expect(await response.json()).toEqual({ removed: true, nick: "Notch" });

  const { body, headers } = await delivered.promise;
  const verified = new Webhook(secret).verify(body, headers);
  expect(verified).toEqual({
    id: "2",
    type: "entry.removed",
    guildId: GUILD,
    whitelistId: wl.id,
    whitelistName: "survival",
    entry: { nick: "Notch", uuid: null, premium: false, expiresAt: null, verified: false, groups: [] },
    userId: "300000000000000001",
    origin: "api",
    timestamp: new Date(clock.now()).toISOString(),
  });
  expect(headers["webhook-id"]).toBe("2");
  expect(headers["user-agent"]).toMatch(/^whitelist-sync\/\d+\.\d+\.\d+/);

  await service.stop();
  service = undefined;
  const [outcome] = new Database(join(dir.path, "wls.db"), { readonly: true })
    .query("SELECT webhook_last_status AS status, webhook_last_at AS at FROM link_keys")
    .all();
  expect(outcome).toEqual({ status: 204, at: clock.now() });
});
