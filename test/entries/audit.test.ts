import { afterEach, expect, test } from "bun:test";
import { createLogger } from "../../src/shared/logger.ts";
import {
  forEachStore,
  seedEntries,
  seedKey,
  seedWhitelist,
  type TestServices,
  testServices,
} from "../helpers/services.ts";

const GUILD = "100000000000000001";
let services: TestServices;
afterEach(() => services.close());

forEachStore("the audit log of entries", () => {
  test("logs every addition and removal once, whatever its origin, API removals with the key's name", async () => {
    const lines: Record<string, unknown>[] = [];
    services = await testServices({
      logger: createLogger("info", (line) => {
        const { time: _time, level: _level, ...rest } = JSON.parse(line) as Record<string, unknown>;
        if (typeof rest.msg === "string" && rest.msg.startsWith("nick ")) lines.push(rest);
      }),
    });
    const wl = await seedWhitelist(services, { guildId: GUILD, name: "survival" });
    const [notch] = await seedEntries(services, wl.id, ["Notch", "jeb_"]);
    const { key } = await seedKey(services, GUILD);
    await services.entries.remove({
      whitelistId: wl.id,
      nick: "notch",
      origin: "api",
      keyId: key.id,
      keyName: "test",
    });
    await services.entries.removeAllForUser({
      userId: notch?.userId ?? "",
      whitelistIds: [wl.id],
      origin: "member-left",
    });
    const line = (msg: string, nick: string, origin: string, eventId: string, more: object = {}) => ({
      msg,
      guildId: GUILD,
      whitelistId: wl.id,
      nick,
      userId: "300000000000000001",
      origin,
      actorId: origin === "discord" ? "300000000000000001" : null,
      eventId,
      ...more,
    });
    expect(lines).toEqual([
      line("nick added", "Notch", "discord", "1"),
      line("nick added", "jeb_", "discord", "2"),
      line("nick removed", "Notch", "api", "3", { key: "test" }),
      line("nick removed", "jeb_", "member-left", "4"),
    ]);
  });
});
