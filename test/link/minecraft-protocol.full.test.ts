import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { disconnectText, session as joinAs, nodeClient } from "../helpers/node-minecraft.ts";
import { JEB, NOTCH, startWorld } from "./helpers.ts";

// The endpoint against a client nobody here wrote: npm minecraft-protocol's createClient and ping, under Node
// (the client streams AES-128-CFB8, which Bun lacks), with the session given to it and `sessionServer` pointed
// at the fake Mojang. Each case is one Node process (about a second: it loads minecraft-data).

let world: ReturnType<typeof startWorld>;
beforeAll(() => {
  world = startWorld({ timers: undefined });
});
afterAll(async () => {
  await world.stop();
});

/** Runs the real client once against the endpoint. */
const client = (options: Record<string, unknown>) => nodeClient({ port: world.link.port, ...options });
const session = (account: { name: string; uuid: string }) => joinAs(account, world.mojang.url);
const text = disconnectText;

describe("minecraft-protocol's client against the link endpoint", () => {
  test.each([
    ["1.20.4", NOTCH],
    ["1.21.1", JEB],
    ["1.21.11", NOTCH],
    ["26.1", JEB],
  ])(
    "%s joins, proves its account through hasJoined, and is shown the code, never let in",
    async (version, account) => {
      const asked = world.mojang.requestedPaths().length;
      const seen = await client({ ...session(account), version });
      expect({ state: seen.state, text: text(seen) }).toEqual({
        state: "login",
        text: expect.stringMatching(/^Your code: K7Q-\d+\nType \/register code:K7Q-\d+ in Discord$/),
      });
      expect(world.mojang.requestedPaths().slice(asked)).toEqual([
        "/session/minecraft/join",
        "/session/minecraft/hasJoined",
      ]);
      expect(world.proofs.at(-1)).toEqual({ account, address: "127.0.0.1" });
    },
    60_000,
  );

  test("its ping sees the MOTD naming the community, 0/0 players and the versions", async () => {
    const seen = await client({ action: "ping", version: "1.21.1" });
    expect(seen.ping).toMatchObject({
      version: { name: "Java 1.20.2-26.1", protocol: 767 },
      players: { max: 0, online: 0 },
      description: {
        extra: [{ text: "Account link for Test SMP" }, { text: expect.stringContaining("code for Discord") }],
      },
    });
  });

  test("a 1.20.1 client is told which versions can join", async () => {
    const seen = await client({ ...session(NOTCH), version: "1.20.1" });
    expect(text(seen)).toBe(
      "This server links Minecraft Java 1.20.2 to 26.1 accounts; your game speaks protocol 763.\n" +
        "Join with a version from 1.20.2 to 26.1 to get your code.",
    );
  });

  test("a client that never called join (offline, no session) is refused with the Mojang text", async () => {
    const proofs = world.proofs.length;
    const seen = await client({ action: "join", username: "Notch", version: "1.21.1" });
    expect(text(seen)).toStartWith("Could not verify your account with Mojang.");
    expect(world.proofs.length).toBe(proofs);
  });
});
