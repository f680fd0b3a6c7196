import { afterEach, expect, test } from "bun:test";
import { Events } from "discord.js";
import { startWorld, type World } from "./world.ts";

// GET /health reports the bot's gateway as discord.js sees it, through Discord's bad days.

let world: World | undefined;
afterEach(async () => {
  await world?.stop();
  world = undefined;
});

const gatewayOf = async (w: World) => {
  const response = await fetch(`${w.service.url}/health`);
  return ((await response.json()) as { gateway: string }).gateway;
};

test("connected, reconnecting while Discord drops the gateway, connected again after the resume", async () => {
  const w = await startWorld();
  world = w;
  expect(await gatewayOf(w)).toBe("connected");

  // The state at the moment discord.js starts reconnecting, read as the route reads it.
  const during = new Promise<string>((resolve) =>
    w.bot.client.once(Events.ShardReconnecting, () => resolve(w.service.health().gateway)),
  );
  const resumed = new Promise((resolve) => w.bot.client.once(Events.ShardResume, resolve));
  await w.control("POST", "/gateway/drop", { resumable: true });
  expect(await during).toBe("reconnecting");
  await resumed;
  expect(await gatewayOf(w)).toBe("connected");
});

test("offline once Discord closes the gateway for good (a token reset: 4004)", async () => {
  const w = await startWorld();
  world = w;
  const lost = new Promise((resolve) => w.bot.client.once(Events.ShardDisconnect, resolve));
  await w.control("POST", "/application/token");
  await w.control("POST", "/gateway/drop", { resumable: false });
  await lost;
  expect(await gatewayOf(w)).toBe("offline");
});
