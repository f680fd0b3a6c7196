import { afterEach, describe, expect, test } from "bun:test";
import { shardOf } from "../../src/sandbox/discord/payloads.ts";
import { IDS, startWorld, type World } from "./world.ts";

// discord.js's internal sharding against the sandbox: IDENTIFY with `shard: [i, n]`, the guild's events on the
// shard `(guild_id >> 22) % n` only, as Discord routes them. One bot process serves any number of servers.

let world: World;
afterEach(() => world?.stop());

/** A registration on the sandbox guild, through whichever shard carries it. */
async function registers() {
  const wl = await world.whitelist({});
  const reply = await world.command(IDS.bob, "register", {
    channelId: IDS.survivalChannel,
    options: { nick: "bob_mc" },
  });
  expect(reply.content).toContain("**bob\\_mc** is on **survival**");
  expect((await world.services.entries.list(wl.id)).map((entry) => entry.nick)).toEqual(["bob_mc"]);
}

describe("gateway shards", () => {
  test("unset SHARD_COUNT: as many shards as GET /gateway/bot recommends (2), the guild on its own", async () => {
    world = await startWorld({ sandbox: { shards: 2 } });
    const stats = await world.sandbox.waitForGateway((now) => now.identifies >= 2);
    expect(stats.shards.map(([index, count]) => `${index}/${count}`).sort()).toEqual(["0/2", "1/2"]);
    expect(world.service.bot?.gatewayState()).toBe("connected");
    // The guild lives on one of the two; its interactions reach the bot through that shard.
    expect([0, 1]).toContain(shardOf(IDS.guild, 2));
    await registers();
  });

  test("SHARD_COUNT=3 opens three shards whatever Discord recommends, and the bot works through the guild's", async () => {
    world = await startWorld({ env: { SHARD_COUNT: "3" } });
    const stats = await world.sandbox.waitForGateway((now) => now.identifies >= 3);
    expect(stats.shards.map(([index, count]) => `${index}/${count}`).sort()).toEqual(["0/3", "1/3", "2/3"]);
    await registers();
  });
});
