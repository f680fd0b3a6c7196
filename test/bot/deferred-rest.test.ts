import { describe, expect, test } from "bun:test";
import { deferredRest } from "../../src/bot/deferred-rest.ts";
import type { DiscordRest } from "../../src/bot/discord.ts";

// Discord's REST client made at its first use (src/bot/deferred-rest.ts): the ports a start hands out before
// discord.js loads. The client here is the ports' own shape, answering what it was asked, so each call can be
// followed through; the real one is in test/bot/ against the sandbox Discord.

/** A client whose every port answers with what it was called with, counting how many were made. */
function clients() {
  const made: number[] = [];
  const make = async (): Promise<DiscordRest> => {
    const n = made.length + 1;
    made.push(n);
    const client: Pick<DiscordRest, "ports" | "members"> = {
      ports: {
        roles: {
          grant: async (guildId, userId, roleIds) => ({
            granted: [`${n}:${guildId}:${userId}`, ...roleIds],
            failed: [],
          }),
          revoke: async (_guildId, _userId, roleIds) => ({ revoked: roleIds, failed: [] }),
          rolesOf: async () => [`role-of-${n}`],
          room: (guildId) => ({ remaining: guildId.length, limit: 10, resetInMs: n }),
        },
        board: { post: async ({ channelId }) => `post-${n}-in-${channelId}` },
        nicknames: {
          current: async () => null,
          set: async () => ({ kind: "set" }) as never,
        },
      },
      members: {
        member: async (_guildId, userId) => ({ userId, roleIds: [], canManageGuild: false }),
        names: (_guildId, userIds) => new Map(userIds.map((id) => [id, `name-${n}`])),
        roleName: () => `role-${n}`,
        channelName: () => `channel-${n}`,
      },
    };
    return client as DiscordRest;
  };
  return { made, make };
}

describe("Discord's REST client made at its first use", () => {
  test("is not made until a port is used; meanwhile the cache's reads know nothing, as with no connection", () => {
    const { made, make } = clients();
    const rest = deferredRest(make);
    expect({
      room: rest.ports.roles.room?.("g"),
      names: rest.members.names("g", ["u"]),
      role: rest.members.roleName("g", "r"),
      channel: rest.members.channelName("g", "c"),
      made,
    }).toEqual({ room: undefined, names: new Map(), role: undefined, channel: undefined, made: [] });
  });

  test("two first uses at once make one client, and each gets its own answer; the cache's reads go to it after", async () => {
    const { made, make } = clients();
    const rest = deferredRest(make);
    const [granted, posted] = await Promise.all([
      rest.ports.roles.grant("g", "u", ["r1"]),
      rest.ports.board.post({ channelId: "c" } as never),
    ]);
    expect({ granted, posted, made }).toEqual({
      granted: { granted: ["1:g:u", "r1"], failed: [] },
      posted: "post-1-in-c",
      made: [1],
    });
    expect({
      room: rest.ports.roles.room?.("gg"),
      names: rest.members.names("g", ["u"]),
      role: rest.members.roleName("g", "r"),
      rolesOf: await rest.ports.roles.rolesOf("g", "u"),
      member: await rest.members.member("g", "u"),
      client: await rest.rest(),
      made,
    }).toMatchObject({
      room: { remaining: 2, limit: 10, resetInMs: 1 },
      names: new Map([["u", "name-1"]]),
      role: "role-1",
      rolesOf: ["role-of-1"],
      member: { userId: "u" },
      made: [1],
    });
  });

  test("a client that could not be made fails the uses waiting for it, and the next use tries again", async () => {
    const { made, make } = clients();
    let fail = true;
    const rest = deferredRest(async () => {
      if (fail) throw new Error("discord.js did not load");
      return make();
    });
    const first = await Promise.allSettled([
      rest.ports.nicknames.current("g", "u"),
      rest.ports.roles.revoke("g", "u", ["r"]),
    ]);
    expect(first.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    expect(await rest.ports.roles.revoke("g", "u", ["r"])).toEqual({ revoked: ["r"], failed: [] });
    expect(made).toEqual([1]);
  });
});
