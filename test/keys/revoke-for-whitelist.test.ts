import { afterEach, describe, expect, test } from "bun:test";
import { seedKey, seedWhitelist, type TestServices, testServices } from "../helpers/services.ts";

const GUILD = "100000000000000001";
let services: TestServices;
afterEach(() => services.close());

describe("revoking the keys of a whitelist", () => {
  test("revokes the active keys limited to it, at once, and leaves the others", () => {
    services = testServices();
    const wl = seedWhitelist(services, { guildId: GUILD });
    const other = seedWhitelist(services, { guildId: GUILD });
    const scoped = seedKey(services, GUILD, wl.id);
    const already = seedKey(services, GUILD, wl.id);
    services.keys.revoke(GUILD, already.key.id);
    const guildWide = seedKey(services, GUILD);
    const elsewhere = seedKey(services, GUILD, other.id);
    const heard: string[] = [];
    services.keys.onRevoked((keyId) => heard.push(keyId));

    const revoked = services.keys.revokeForWhitelist(GUILD, wl.id);

    expect({
      revoked: revoked.map((key) => key.id),
      heard,
      verified: [scoped, guildWide, elsewhere].map(
        ({ plaintext }) => services.keys.verify(plaintext) !== null,
      ),
    }).toEqual({ revoked: [scoped.key.id], heard: [scoped.key.id], verified: [false, true, true] });
  });

  test("does nothing for another guild's whitelist id", () => {
    services = testServices();
    const wl = seedWhitelist(services, { guildId: GUILD });
    const scoped = seedKey(services, GUILD, wl.id);
    expect(services.keys.revokeForWhitelist("100000000000000002", wl.id)).toEqual([]);
    expect(services.keys.verify(scoped.plaintext)).not.toBeNull();
  });
});
