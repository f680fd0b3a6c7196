/**
 * A large whitelist seeded through the services, as an import stores one (bench/first-read.ts, bench/scale.ts,
 * bench/dashboard.ts): java nicks `<prefix><n in base 36>`, a third of them premium with a UUID, all one member's,
 * 5,000 to a batch.
 */
import type { Services } from "../src/services.ts";

/** Creates whitelist `name` in `guildId` and adds `entries` entries owned by `userId`; returns the whitelist. */
export async function seedLargeWhitelist(
  services: Services,
  options: { guildId: string; userId: string; name: string; entries: number; prefix?: string },
) {
  const { guildId, userId, name, entries, prefix = "Player_" } = options;
  const whitelist = await services.whitelists.create({
    guildId,
    name,
    channelId: "1161034120542384130",
    nickType: "java",
    registrationMode: "command",
    maxNicksPerUser: 1_000_000,
  });
  for (let at = 0; at < entries; at += 5000) {
    await services.entries.addMany(
      Array.from({ length: Math.min(5000, entries - at) }, (_, i) => ({
        whitelistId: whitelist.id,
        nick: `${prefix}${(at + i).toString(36)}`,
        uuid: (at + i) % 3 === 0 ? crypto.randomUUID() : null,
        premium: (at + i) % 3 === 0,
        userId,
        addedBy: userId,
        origin: "discord" as const,
      })),
    );
  }
  return whitelist;
}
