import { afterEach, describe, expect, test } from "bun:test";
import { type Client, Events, GatewayDispatchEvents, GatewayOpcodes, type Guild } from "discord.js";
import type { SandboxSeed } from "../../src/sandbox/discord/index.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { DEFAULT_INTENTS, IDS, login, SEED, tracker } from "./helpers.ts";

const t = tracker();
afterEach(() => t.cleanup());

/** Ids of `count` extra members, in increasing order. */
const extraIds = (count: number) =>
  Array.from({ length: count }, (_, index) => (600000000000000000n + BigInt(index)).toString());

/** The test guild with `count` more members (no roles). */
const seedWith = (count: number): SandboxSeed => ({
  ...SEED,
  members: [
    ...SEED.members,
    ...extraIds(count).map((id, index) => ({ id, username: `m${index}`, roleIds: [] })),
  ],
});

async function connected(options: { extra?: number; clock?: ReturnType<typeof manualClock> } = {}) {
  const sandbox = await t.sandbox({
    seed: seedWith(options.extra ?? 0),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const client = t.client(sandbox, DEFAULT_INTENTS);
  const guild = await login(client);
  return { sandbox, client, guild };
}

type Raw = { t: string | null; d: Record<string, unknown> };

/** Every dispatch the client receives from now on. */
function recordDispatches(client: Client): Raw[] {
  const seen: Raw[] = [];
  client.on(Events.Raw, (packet: Raw) => {
    if (
      packet.t === GatewayDispatchEvents.GuildMembersChunk ||
      packet.t === GatewayDispatchEvents.RateLimited
    ) {
      seen.push(packet);
    }
  });
  return seen;
}

/** Sends an opcode 8 payload as it stands (discord.js's own fetch would add its nonce and wait). */
const sendRequest = (guild: Guild, d: Record<string, unknown>) =>
  guild.shard.send({ op: GatewayOpcodes.RequestGuildMembers, d: { guild_id: guild.id, ...d } as never });

describe("sandbox gateway: Request Guild Members (opcode 8)", () => {
  test("up to 100 user_ids are answered in one chunk, with the ids not in the guild as not_found", async () => {
    const { sandbox, client, guild } = await connected({ extra: 150 });
    const seen = recordDispatches(client);
    const wanted = [...extraIds(99), "999999999999999999"];
    const before = sandbox.gatewayStats().memberRequests;
    const present = await guild.members.fetch({ user: wanted, nonce: "hundred" });
    expect(present.size).toBe(99);
    expect(sandbox.gatewayStats().memberRequests - before).toBe(1);
    expect(seen).toHaveLength(1);
    const chunk = seen[0]?.d as Record<string, unknown> & { members: unknown[] };
    const summary: Record<string, unknown> = { ...chunk, members: chunk.members.length };
    expect(summary).toEqual({
      guild_id: IDS.guild,
      members: 99,
      chunk_index: 0,
      chunk_count: 1,
      not_found: ["999999999999999999"],
      nonce: "hundred",
    });
  });

  test("a request for more than 100 user_ids gets no answer at all, as Discord gives none", async () => {
    const { sandbox, client, guild } = await connected({ extra: 150 });
    const seen = recordDispatches(client);
    const before = sandbox.gatewayStats().memberRequests;
    sendRequest(guild, { user_ids: extraIds(101), nonce: "too-many" });
    // Answers go out in order on the one socket: once the next request's chunk is in, the first had its turn.
    const next = await guild.members.fetch({ user: [IDS.alice], nonce: "after" });
    expect([...next.keys()]).toEqual([IDS.alice]);
    expect(sandbox.gatewayStats().memberRequests - before).toBe(2);
    expect(seen.map((packet) => packet.d.nonce)).toEqual(["after"]);
  });

  test("all members come in chunks of 1,000, and discord.js gets every one", async () => {
    const { client, guild } = await connected({ extra: 2_500 });
    const seen = recordDispatches(client);
    guild.members.cache.clear();
    const all = await guild.members.fetch();
    expect(all.size).toBe(2_504);
    expect(
      seen.map(({ d }) => [
        d.chunk_index,
        d.chunk_count,
        (d.members as unknown[]).length,
        d.nonce !== undefined,
      ]),
    ).toEqual([
      [0, 3, 1000, true],
      [1, 3, 1000, true],
      [2, 3, 504, true],
    ]);
  });

  test("a username prefix returns at most 100 members, whatever the limit asked", async () => {
    const { client, guild } = await connected({ extra: 150 });
    const seen = recordDispatches(client);
    const found = await guild.members.fetch({ query: "m", limit: 1000, nonce: "prefix" });
    expect(found.size).toBe(100);
    expect(seen.map(({ d }) => (d.members as unknown[]).length)).toEqual([100]);
  });

  test("a second request for all members within 30 s is answered with RATE_LIMITED, on the sandbox's clock", async () => {
    const clock = manualClock(Date.UTC(2026, 0, 1));
    const { sandbox, client, guild } = await connected({ clock });
    const seen = recordDispatches(client);
    expect((await guild.members.fetch()).size).toBe(4);
    clock.advance(12_500);
    const error = await guild.members.fetch({ nonce: "again" }).catch((caught: unknown) => caught);
    // discord.js rejects with @discordjs/util's GatewayRateLimitError (its CommonJS copy: compare by name).
    expect(error).toMatchObject({ name: "GatewayRateLimitError", data: { retry_after: 17.5 } });
    const limited = seen.find((packet) => packet.t === GatewayDispatchEvents.RateLimited);
    expect(limited?.d).toEqual({
      opcode: GatewayOpcodes.RequestGuildMembers,
      retry_after: 17.5,
      meta: { guild_id: IDS.guild, nonce: "again" },
    });
    // Other requests are not limited meanwhile: by ids, or by a prefix.
    expect((await guild.members.fetch({ user: [IDS.bob] })).size).toBe(1);
    expect((await guild.members.fetch({ query: "a", limit: 10 })).size).toBe(1);
    clock.advance(17_500);
    expect((await guild.members.fetch()).size).toBe(4);
    expect(sandbox.gatewayStats().memberRequests).toBe(5);
  });
});
