import { afterAll, beforeAll, expect, test } from "bun:test";
import { loadConfig } from "../../src/config.ts";
import { callbackUrl } from "../../src/dashboard/index.ts";
import { type RunningService, startService } from "../../src/server.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { DASHBOARD_SECRET, IDS, startWorld, TOKEN, type World } from "../bot/world.ts";
import { sharedPostgres } from "../helpers/postgres.ts";
import { signIn } from "./session.ts";

// A decision in the dashboard of a replica that does not lead (docs/dashboard.md, Replicas): two replicas of the
// real service on one PostgreSQL, the leader holding the bot against the sandbox Discord. The follower's dashboard
// decides; the leader's bot grants an approval's roles, turns the request's post into the decision and tells the
// member, once.

let world: World;
let follower: RunningService;
const server = `/dashboard/servers/${IDS.guild}`;

beforeAll(async () => {
  const databaseUrl = await (await sharedPostgres()).database();
  world = await startWorld({ dashboard: true, env: { DATABASE_URL: databaseUrl } });
  await world.useLogChannel();
  const config = loadConfig({
    DISCORD_TOKEN: TOKEN,
    DISCORD_API_URL: world.sandbox.apiUrl,
    MOJANG_API_URL: world.mojang.url,
    MOJANG_SESSION_URL: world.mojang.url,
    GEYSER_API_URL: world.geyser.url,
    DATABASE_URL: databaseUrl,
    HOST: "127.0.0.1",
    PORT: "0",
    RATE_LIMIT_PER_MINUTE: "100000",
    LOG_LEVEL: "silent",
  });
  follower = await startService(
    { ...config, DISCORD_CLIENT_SECRET: DASHBOARD_SECRET },
    { fastIdentify: true, logger: silentLogger, clock: world.clock },
  );
  world.sandbox.oauth2.app.redirectUris.push(callbackUrl(follower.publicUrl));
  expect({ leader: await world.service.leads(), follower: await follower.leads() }).toEqual({
    leader: true,
    follower: false,
  });
});

afterAll(async () => {
  await follower?.stop();
  await world?.stop();
});

/** A request of `userId` for `nick` on the approval whitelist, waiting with its post in the log channel. */
async function requestOf(userId: string, nick: string, whitelistChannel: string) {
  await world.command(userId, "register", { channelId: whitelistChannel, options: { nick } });
  const request = (await world.services.registration.listPendingRequests(IDS.guild)).find(
    (candidate) => candidate.userId === userId,
  );
  if (!request?.requestMessageId) throw new Error(`no request of ${userId} with its post`);
  return request;
}

/** The follower's dashboard, signed in there as `userId`. */
const onFollower = (userId: string) => signIn({ ...world, service: follower } as World, userId);

test("approved and rejected in the follower's dashboard: the leader's bot grants the role, edits each post and tells each member, once", async () => {
  const wl = await world.whitelist({
    nickType: "offline",
    registrationMode: "approval",
    grantedRoleIds: [IDS.whitelistedRole],
    managerRoleIds: [IDS.staffRole],
  });
  const manager = await onFollower(IDS.manager);
  const decide = async (request: { id: string }, decision: "approve" | "reject", reason: string) => {
    const done = await manager.post(`${server}/requests/${request.id}`, {
      decision,
      reason,
      csrf: await manager.csrf(),
    });
    expect(done.status).toBe(303);
  };
  const post = (id: string | null, title: string) =>
    world.waitFor(`the post ${id} showing "${title}"`, async () => {
      const message = (await world.messages(IDS.logChannel)).find((candidate) => candidate.id === id);
      return message?.embeds.some((embed) => embed.title === title) && message;
    });
  const told = async (reason: string) =>
    (await world.messages(IDS.survivalChannel)).filter((message) => message.content.includes(reason)).length;

  const approved = await requestOf(IDS.carol, "carol_mc", IDS.survivalChannel);
  const rejected = await requestOf(IDS.bob, "bob_mc", IDS.survivalChannel);
  await decide(approved, "approve", "welcome aboard");
  await decide(rejected, "reject", "not this season");
  const approvedPost = await post(approved.requestMessageId, "Request approved");
  const rejectedPost = await post(rejected.requestMessageId, "Request rejected");
  expect([approvedPost.components, rejectedPost.components]).toEqual([[], []]);
  await world.waitFor("carol told", async () => (await told("welcome aboard")) > 0);
  await world.waitFor("bob told", async () => (await told("not this season")) > 0);
  // The leader granted the approval's role before telling it, and the entry records it (a revert takes it back).
  expect((await world.member(IDS.carol)).roleIds).toContain(IDS.whitelistedRole);
  expect((await world.member(IDS.bob)).roleIds).not.toContain(IDS.whitelistedRole);
  expect((await world.services.entries.find(wl.id, "carol_mc"))?.grantedRoleIds).toEqual([
    IDS.whitelistedRole,
  ]);

  // Once: a later decision is told by later passes of the leader's job, which tell the first two no more.
  const later = await requestOf(IDS.alice, "alice_mc", IDS.survivalChannel);
  await decide(later, "reject", "full for now");
  await post(later.requestMessageId, "Request rejected");
  await world.waitFor("alice told", async () => (await told("full for now")) > 0);
  const { decisionNotices } = world.services.store.tables;
  await world.waitFor(
    "every notice deleted",
    async () => (await world.services.db.select().from(decisionNotices)).length === 0,
  );
  expect([await told("welcome aboard"), await told("not this season"), await told("full for now")]).toEqual([
    1, 1, 1,
  ]);
});
