import { afterEach, expect, test } from "bun:test";
import type { RevocationReason } from "../../src/keys/service.ts";
import type { LockHolder } from "../helpers/lock.ts";
import {
  forEachStore,
  seedEntries,
  seedKey,
  seedWhitelist,
  type TestServices,
  testServices,
} from "../helpers/services.ts";

const GUILD = "100000000000000001";
const STAFF = "300000000000000009";
let services: TestServices;
let lock: LockHolder | undefined;
afterEach(async () => {
  await lock?.release();
  lock = undefined;
  await services.close();
});

/** Everything the bus and the key service announce, in the order they announce it. */
function announcements(s: TestServices) {
  const heard: string[] = [];
  s.bus.subscribe(({ event, actorId }) =>
    heard.push(`${event.type} ${event.entry.nick} ${event.origin} by ${actorId}`),
  );
  s.keys.onRevoked((keyId, reason: RevocationReason) => heard.push(`revoked ${keyId} (${reason})`));
  return heard;
}

forEachStore("deleting a whitelist", () => {
  test("removes and announces every entry, then revokes the keys limited to it, then deletes it", async () => {
    services = await testServices();
    const wl = await seedWhitelist(services, { guildId: GUILD, name: "survival" });
    const other = await seedWhitelist(services, { guildId: GUILD, name: "creative" });
    await seedEntries(services, wl.id, ["Notch", "jeb_"]);
    await seedEntries(services, other.id, ["Dinnerbone"]);
    const scoped = await seedKey(services, GUILD, wl.id);
    const guildWide = await seedKey(services, GUILD);
    const elsewhere = await seedKey(services, GUILD, other.id);
    const heard = announcements(services);

    const deleted = await services.deletion.deleteWhitelist(wl.id, STAFF);

    expect({
      whitelist: deleted.whitelist,
      removed: deleted.removed.map((entry) => entry.nick),
      revoked: deleted.revoked.map((key) => key.id),
      heard,
      verified: await Promise.all(
        [scoped, guildWide, elsewhere].map(
          async ({ plaintext }) => (await services.keys.verify(plaintext)) !== null,
        ),
      ),
      byId: await services.whitelists.get(wl.id),
      byName: await services.whitelists.find(GUILD, "survival"),
      left: (await services.whitelists.listForGuild(GUILD)).map((w) => w.name),
      entries: await services.entries.list(wl.id),
      otherEntries: (await services.entries.list(other.id)).map((e) => e.nick),
      storedEvents: (await services.events.listAfter(0, { guildId: GUILD, whitelistId: wl.id })).map(
        (e) => e.type,
      ),
    }).toEqual({
      whitelist: wl,
      removed: ["Notch", "jeb_"],
      revoked: [scoped.key.id],
      heard: [
        `entry.removed Notch staff by ${STAFF}`,
        `entry.removed jeb_ staff by ${STAFF}`,
        `revoked ${scoped.key.id} (whitelist-deleted)`,
      ],
      verified: [false, true, true],
      byId: undefined,
      byName: undefined,
      left: ["creative"],
      entries: [],
      otherEntries: ["Dinnerbone"],
      storedEvents: ["entry.added", "entry.added", "entry.removed", "entry.removed"],
    });
  });

  test("frees the name; an unknown id is refused and changes nothing", async () => {
    services = await testServices();
    const wl = await seedWhitelist(services, { guildId: GUILD, name: "survival" });
    await services.deletion.deleteWhitelist(wl.id, STAFF);
    expect((await seedWhitelist(services, { guildId: GUILD, name: "Survival" })).name).toBe("Survival");
    const heard = announcements(services);
    await expect(services.deletion.deleteWhitelist(wl.id, STAFF)).rejects.toThrow(
      expect.objectContaining({ code: "whitelist-not-found" }),
    );
    expect(heard).toEqual([]);
  });

  test("a registration that waited for the lock behind the deletion is refused, never left behind", async () => {
    services = await testServices();
    const wl = await seedWhitelist(services, { guildId: GUILD, name: "survival" });
    await seedEntries(services, wl.id, ["Notch"]);
    lock = await services.holdWriteLock();
    const deleting = services.deletion.deleteWhitelist(wl.id, STAFF);
    // Its outcome is taken at once: a rejection nobody handles yet would fail the test as unhandled.
    const registering = seedEntries(services, wl.id, ["jeb_"]).then(
      () => "stored",
      (error: unknown) => error,
    );
    await lock.release();

    expect((await deleting).removed.map((entry) => entry.nick)).toEqual(["Notch"]);
    expect(await registering).toEqual(expect.objectContaining({ code: "whitelist-not-found" }));
    const orphans = await services.sql`SELECT nick FROM entries WHERE whitelist_id = ${wl.id}`;
    expect(orphans).toEqual([]);
  });
});
