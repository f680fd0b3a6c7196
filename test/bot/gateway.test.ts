import { afterEach, describe, expect, test } from "bun:test";
import { openSocket, type TestSocket } from "../helpers/sockets.ts";
import { IDS, startWorld, type World } from "./world.ts";

let world: World | undefined;
let socket: TestSocket | undefined;
afterEach(async () => {
  socket?.close();
  await world?.stop();
  world = undefined;
});

const nicks = async (w: World, key: string, whitelistId: string) =>
  ((await (await w.api(key, `/whitelists/${whitelistId}/entries`)).json()) as { nick: string }[]).map(
    (e) => e.nick,
  );

/** A started world with an offline whitelist in message mode, the bot's intents ensured, and a guild key. */
async function messageWorld() {
  world = await startWorld();
  const w = world;
  const whitelist = await w.whitelist({ nickType: "offline", registrationMode: "message" });
  await w.bot.ensureIntents();
  const key = await w.key();
  return { w, whitelist, key };
}

describe("gateway interruptions", () => {
  test("a nick posted while the gateway is down is registered once the bot resumes", async () => {
    const { w, whitelist, key } = await messageWorld();

    w.sandbox.dropGateway({ resumable: true });
    const posted = await w.say(IDS.alice, IDS.survivalChannel, "alice_mc");
    await w.sandbox.waitForGatewayReady();

    const reacted = await w.message(
      IDS.survivalChannel,
      "the ✅ on alice's message",
      (m) => m.id === posted.id && m.reactions.includes("✅"),
    );
    expect(reacted.content).toBe("alice_mc");
    expect(await nicks(w, key, whitelist.id)).toEqual(["alice_mc"]);
    expect(w.sandbox.gatewayStats().resumes).toBeGreaterThanOrEqual(1);
  });

  test("after a session that cannot be resumed the bot identifies again and keeps registering", async () => {
    const { w, whitelist, key } = await messageWorld();
    const identifies = w.sandbox.gatewayStats().identifies;

    w.sandbox.dropGateway({ resumable: false });
    await w.sandbox.waitForGatewayReady();
    const posted = await w.say(IDS.bob, IDS.survivalChannel, "bob_mc");

    await w.message(
      IDS.survivalChannel,
      "the ✅ on bob's message",
      (m) => m.id === posted.id && m.reactions.includes("✅"),
    );
    expect(await nicks(w, key, whitelist.id)).toEqual(["bob_mc"]);
    expect(w.sandbox.gatewayStats().identifies).toBeGreaterThan(identifies);
  });

  test("a member who leaves while the gateway is down loses their nicks once the bot resumes", async () => {
    const { w, whitelist, key } = await messageWorld();
    const first = await w.say(IDS.alice, IDS.survivalChannel, "alice_mc");
    await w.message(IDS.survivalChannel, "the ✅", (m) => m.id === first.id && m.reactions.includes("✅"));
    socket = openSocket(w.service.url, key);
    await socket.waitForCount(1);

    w.sandbox.dropGateway({ resumable: true });
    await w.leave(IDS.alice);
    await w.sandbox.waitForGatewayReady();

    // discord.js updates its cache during a resume without emitting guildMemberRemove; the bot's
    // reconciliation on resume is what notices the departure.
    const removed = await socket.waitFor((m) => m.type === "entry.removed");
    expect(removed).toMatchObject({ origin: "member-left", entry: { nick: "alice_mc" } });
    expect(await nicks(w, key, whitelist.id)).toEqual([]);
  });
});
