import { describe, expect, test } from "bun:test";
import { Client, Events, GatewayIntentBits } from "discord.js";
import type { AnyListener, ListenerContext } from "../../src/bot/context.ts";
import { listen } from "../../src/bot/listen.ts";

/** What `listen` tracked and logged, through a context holding only what it uses. */
function harness(intents: GatewayIntentBits[]) {
  const client = new Client({ intents });
  const tracked: { failure: string; fields: unknown; outcome: Promise<unknown> }[] = [];
  const context = {
    track(work: Promise<unknown>, failure: string, fields?: unknown) {
      tracked.push({
        failure,
        fields,
        outcome: work.then(
          () => "done",
          (error) => String(error),
        ),
      });
    },
  } as unknown as ListenerContext;
  return { client, tracked, context };
}

const member = { id: "300000000000000001", guild: { id: "100000000000000001" } };

describe("listen", () => {
  test("a listener that needs an intent the connection lacks is not wired", async () => {
    const { client, context } = harness([GatewayIntentBits.Guilds]);
    const ran: string[] = [];
    const listeners: AnyListener[] = [
      { event: Events.GuildMemberAdd, run: () => void ran.push("add") },
      {
        event: Events.GuildMemberAvailable,
        intent: GatewayIntentBits.GuildMembers,
        run: () => void ran.push("available"),
      },
    ];
    listen(client, listeners, context);
    client.emit(Events.GuildMemberAdd, member as never);
    client.emit(Events.GuildMemberAvailable, member as never);
    expect(ran).toEqual(["add"]);
    expect(client.listenerCount(Events.GuildMemberAvailable)).toBe(0);
    await client.destroy();
  });

  test("the work a listener returns is tracked with its failure and guild; a throw at once is tracked alike", async () => {
    const { client, tracked, context } = harness([GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers]);
    const listeners: AnyListener[] = [
      {
        event: Events.GuildMemberRemove,
        failure: "could not handle a departure",
        run: async () => {
          throw new Error("store busy");
        },
      },
      {
        event: Events.GuildMemberAvailable,
        intent: GatewayIntentBits.GuildMembers,
        failure: "could not check a member's roles",
        run: () => {
          throw new Error("not cached");
        },
      },
      { event: Events.GuildMemberAdd, run: () => undefined },
    ];
    listen(client, listeners, context);
    client.emit(Events.GuildMemberRemove, member as never);
    client.emit(Events.GuildMemberAvailable, member as never);
    client.emit(Events.GuildMemberAdd, member as never);
    expect(
      await Promise.all(
        tracked.map(async ({ failure, fields, outcome }) => ({ failure, fields, outcome: await outcome })),
      ),
    ).toEqual([
      {
        failure: "could not handle a departure",
        fields: { guildId: "100000000000000001" },
        outcome: "Error: store busy",
      },
      {
        failure: "could not check a member's roles",
        fields: { guildId: "100000000000000001" },
        outcome: "Error: not cached",
      },
    ]);
    await client.destroy();
  });
});
