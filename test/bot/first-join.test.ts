import { afterEach, expect, test } from "bun:test";
import type { MessageView } from "../../src/sandbox/discord/index.ts";
import { IDS, lines, startWorld, type World } from "./world.ts";

// Proof at first join as staff and members meet it on Discord (the agent's part: test/sync/first-join.full.test.ts):
// the setting and its window on /whitelist create, edit and show, a registration waiting for proof, whois and the
// log channel saying so, and the wait ended when staff turn the setting off.

let world: World;
afterEach(() => world?.stop());

const wl = (userId: string, subcommand: string, options: Record<string, unknown> = {}) =>
  world.command(userId, "whitelist", { subcommand, options });

const field = (message: Pick<MessageView, "embeds">, name: string) =>
  message.embeds[0]?.fields?.find((candidate) => candidate.name === name)?.value;

const at = (ms: number, style = "f") => `<t:${Math.floor(ms / 1000)}:${style}>`;

test("staff set first-join proof with a window; a member's nick waits for its proof, and everyone sees until when", async () => {
  world = await startWorld();
  await world.useLogChannel();
  const pocket = {
    name: "pocket",
    channel: IDS.general,
    "nick-type": "bedrock",
    mode: "command",
    "max-nicks": 1,
  };
  const created = await wl(IDS.owner, "create", { ...pocket, proof: "first-join", "proof-window": "2h" });
  expect(lines(created)).toContain(
    "🔒 Their nick goes on at once and they prove it when they first join the game server: the `sync` agent, with " +
      "RCON, disconnects them with a code they type with `/link code:`. Unproven after 2 hours, it is removed " +
      "(staff additions need no proof).",
  );
  const offline = await wl(IDS.owner, "create", {
    ...pocket,
    name: "cracked",
    "nick-type": "offline",
    proof: "first-join",
  });
  expect(offline.content).toBe(
    "Proof at first join is for java, premium and bedrock whitelists: offline nicks have no account to prove.",
  );
  const tooShort = await wl(IDS.owner, "edit", { whitelist: "pocket", "proof-window": "5m" });
  expect(tooShort.content).toBe("A proof window is from 10 minutes to 30 days (10m to 30d); got 5 minutes.");

  const registered = await world.command(IDS.alice, "register", {
    channelId: IDS.general,
    options: { nick: "Steve Jobs" },
  });
  const due = world.clock.now() + 2 * 3_600_000;
  expect(lines(registered).slice(0, 2)).toEqual([
    "✅ **.Steve\\_Jobs** is on **pocket**, waiting for you to prove it is yours.",
    `🔒 Prove **.Steve\\_Jobs** is yours: join the game server with it before ${at(due)} (${at(due, "R")}). You will ` +
      "be disconnected with a code: type `/link code:<code>` here, then join again. Not proven by then, it is removed.",
  ]);
  const post = await world.message(
    IDS.logChannel,
    "the addition",
    (m) => m.embeds[0]?.title === "Nick added",
  );
  expect(field(post, "Verified")).toBe(`not yet: awaiting proof at first join, until ${at(due)}`);

  const shown = await wl(IDS.owner, "show", { whitelist: "pocket" });
  expect([field(shown, "Nicks"), field(shown, "Proof of ownership")]).toEqual([
    "1 (0 verified, 1 awaiting proof)",
    "first-join: members prove their account when they first join the game server, within 2 hours",
  ]);
  const whois = await wl(IDS.owner, "whois", { nick: ".Steve_Jobs" });
  expect(field(whois, "Verified")).toBe(
    `no: awaiting proof at first join, removed ${at(due)} (${at(due, "R")})`,
  );

  // Staff stop asking: the nick stays, unverified, and waits no more.
  const edited = await wl(IDS.owner, "edit", { whitelist: "pocket", proof: "off" });
  expect(lines(edited)).toContain(
    "1 nick waiting for proof at first join stays, unverified, and waits no more.",
  );
  const [entry] = await world.services.entries.list(
    (await world.services.whitelists.find(IDS.guild, "pocket"))?.id as string,
  );
  expect(entry).toMatchObject({ nick: ".Steve_Jobs", verified: false, proofDueAt: null });
});

test("a code asked with a key limited to the whitelist proves the account there alone: /link says so and links nothing", async () => {
  world = await startWorld();
  const survival = await world.whitelist({ proof: "first-join" });
  await world.command(IDS.alice, "register", { channelId: IDS.survivalChannel, options: { nick: "Notch" } });
  // The game server's agent, with a key limited to survival, asks for the code over the API.
  const asked = await fetch(`${world.service.url}/api/v1/whitelists/${survival.id}/proof-codes`, {
    method: "POST",
    headers: { authorization: `Bearer ${await world.key(survival.id)}`, "content-type": "application/json" },
    body: JSON.stringify({ nick: "Notch" }),
  });
  const { code } = (await asked.json()) as { code: string };
  const linked = await world.command(IDS.alice, "link", { options: { code } });
  expect(lines(linked)).toEqual([
    "✅ You proved **Notch** is yours on the game server that showed you the code: that proof counts on its " +
      "whitelist only, so the account is not linked to you on this server.",
    "Your **Notch** on **survival** is verified now.",
  ]);
  expect(await world.services.linking.linksOf(IDS.guild, IDS.alice)).toEqual([]);
});
