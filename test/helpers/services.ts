import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApi } from "../../src/api/app.ts";
import { closeDatabase } from "../../src/db/client.ts";
import { databaseReadable } from "../../src/db/driver.ts";
import type { EntryRecord } from "../../src/entries/model.ts";
import type { NewEntry } from "../../src/entries/service.ts";
import { createHealth } from "../../src/health/status.ts";
import { createHub } from "../../src/realtime/hub.ts";
import { openServices, type ServiceOptions, type Services } from "../../src/services.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import type { NewWhitelist } from "../../src/whitelists/service.ts";

/** A fresh temp directory, removed by `cleanup`. */
export function tempDir(prefix = "wls-test-"): { path: string; cleanup(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, cleanup: () => rmSync(path, { recursive: true, force: true }) };
}

/** Services over a real SQLite file in a temp directory, with a manual clock. */
export function testServices(options: Partial<Omit<ServiceOptions, "clock">> = {}) {
  const dir = tempDir();
  const clock = manualClock(Date.UTC(2026, 10, 22, 12, 0, 0));
  const path = join(dir.path, "whitelist-sync.db");
  const services = openServices({ path, clock, logger: silentLogger, ...options });
  return {
    ...services,
    clock,
    path,
    dir: dir.path,
    close() {
      closeDatabase(services.db);
      dir.cleanup();
    },
  };
}

/** The test services type. */
export type TestServices = ReturnType<typeof testServices>;

/** A whitelist with test defaults (the API never adds anything: tests seed through the services). */
export function seedWhitelist(services: Services, input: Partial<NewWhitelist> & { guildId: string }) {
  return services.whitelists.create({
    name: `wl${Math.random().toString(36).slice(2, 8)}`,
    channelId: "200000000000000001",
    nickType: "java",
    registrationMode: "command",
    ...input,
  });
}

/** Adds entries as Discord registrations by one member, in order. */
export async function seedEntries(
  services: Services,
  whitelistId: string,
  nicks: (string | Partial<NewEntry>)[],
): Promise<EntryRecord[]> {
  const added: EntryRecord[] = [];
  for (const nick of nicks) {
    added.push(
      await services.entries.add({
        whitelistId,
        uuid: null,
        premium: false,
        userId: "300000000000000001",
        addedBy: "300000000000000001",
        origin: "discord",
        ...(typeof nick === "string" ? { nick } : { nick: "Someone", ...nick }),
      }),
    );
  }
  return added;
}

/** A link key's plaintext. */
export function seedKey(services: Services, guildId: string, whitelistId: string | null = null) {
  return services.keys.create({ guildId, name: "test", whitelistId, createdBy: "300000000000000009" });
}

/** The health of test services: no bot, the real database check. */
export const testHealth = (services: TestServices) =>
  createHealth({
    version: "test",
    clock: services.clock,
    gateway: () => "disabled",
    database: () => (databaseReadable(services.db) ? "ok" : "unavailable"),
    roleQueue: () => services.grants.queued(),
  });

/** The API app over test services, for `call` (test/helpers/http.ts). */
export function testApi(services: TestServices, options: { rateLimitPerMinute?: number } = {}) {
  return createApi({
    ...services,
    version: "test",
    rateLimitPerMinute: options.rateLimitPerMinute ?? 1_000_000,
    trustProxy: { kind: "off" },
    hub: createHub(services),
    health: testHealth(services),
  });
}
