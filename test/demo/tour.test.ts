import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import { demo, demoProfiles } from "../../src/demo/seed.ts";
import { readTour, spawnDemo } from "../helpers/demo.ts";
import { eventually } from "../helpers/eventually.ts";
import { runToEnd } from "../helpers/run.ts";

// Every command line the demo prints, run as printed and in the printed order, as a newcomer pastes them: curl and
// node through a shell, the wscat line as the WebSocket it opens. Each line has what it must show; a line printed
// with no expectation here, or an expectation whose line is gone, fails the test (issue 30: the tour's "staff add a
// nick for a week" was refused, and no test ran it). The demo runs with Discord's rate limits, as `bun run start`
// does. The compiled binary when CI built one (WLS_BINARY), otherwise the sources.

const ROOT = join(import.meta.dir, "..", "..");
const demoProcess = spawnDemo("wls-tour-", { LOG_LEVEL: "warn" });
let socket: WebSocket | undefined;

afterAll(async () => {
  socket?.close();
  await demoProcess.stop();
});

/** Runs one printed line through a shell from the clone's root (where the tour's node script is); its stdout. */
async function run(line: string): Promise<string> {
  const { code, stdout, stderr } = await runToEnd(["sh", "-c", line], { cwd: ROOT });
  if (code !== 0) throw new Error(`exit ${code}: ${line}\n${stderr}`);
  return stdout;
}

/** How long the tour waits for what follows an answer in the background: a role taken back, a rename. */
const TOUR_MS = 30_000;

/** The state the tour leaves behind, read as an integrator would (the key and API the demo printed). */
type Context = {
  api: string;
  key: string;
  link: string;
  /** The code the link server showed the tour's Minecraft client. */
  code?: string;
  /** The interaction hardcore's form answered, for the line that submits it. */
  interactionId?: string;
  messages: Record<string, unknown>[];
};

const nicksOf = async (ctx: Context, whitelist: string) => {
  const auth = { authorization: `Bearer ${ctx.key}` };
  const lists = (await (await fetch(`${ctx.api}/whitelists`, { headers: auth })).json()) as {
    id: string;
    name: string;
  }[];
  const id = lists.find((list) => list.name === whitelist)?.id;
  const entries = (await (await fetch(`${ctx.api}/whitelists/${id}/entries`, { headers: auth })).json()) as {
    nick: string;
  }[];
  return entries.map((entry) => entry.nick);
};
/**
 * Waits for the event the tour's socket gets for a change made in the background (a message-mode registration,
 * a role lost, a rename): read from the socket, since polling the API would meet its rate limit.
 */
const seen = (ctx: Context, type: string, nick: string, origin: string) =>
  eventually(
    async () =>
      ctx.messages.some(
        (m) => m.type === type && (m.entry as { nick: string }).nick === nick && m.origin === origin,
      ),
    TOUR_MS,
    `${type} ${nick} (${origin}) on the socket`,
  );
/** Mojang's UUID (32 hex digits) in the dashed form a game server and LuckPerms show. */
const dashed = (uuid: string) =>
  `${uuid.slice(0, 8)}-${uuid.slice(8, 12)}-${uuid.slice(12, 16)}-${uuid.slice(16, 20)}-${uuid.slice(20)}`;
const uuidOf = (name: string) => demoProfiles.find((profile) => profile.name === name)?.uuid as string;
const NEWBIE = uuidOf("NewbieMiner");
const STEVE_MINER = uuidOf("SteveMiner");
const reply = (out: string) => (JSON.parse(out) as { content: string }).content;
const rolesOf = (out: string) => (JSON.parse(out) as { roleIds: string[] }).roleIds;

/** Waits until the log channel (of the sandbox `line` calls) shows a post titled `title`. */
const logShows = (line: string, title: string) => {
  const sandbox = /(http:\/\/\S+\/_sandbox)\//.exec(line)?.[1] as string;
  return eventually(
    async () => {
      const posts = (await (await fetch(`${sandbox}/channels/${demo.channels.log}/messages`)).json()) as {
        embeds: { title?: string }[];
      }[];
      return posts.some((post) => post.embeds.some((embed) => embed.title === title));
    },
    TOUR_MS,
    title,
  );
};

/** What each kind of printed line must show, found by a part of the line only it has. */
const expectations: {
  name: string;
  matches: (line: string) => boolean;
  check: (out: string, ctx: Context, line: string) => unknown;
}[] = [
  {
    name: "the whitelists",
    matches: (line) => /\/api\/v1\/whitelists$/.test(line),
    check: (out) => {
      const names = (JSON.parse(out) as { name: string }[]).map((w) => w.name);
      expect(names).toEqual(["bedrock", "cracked", "hardcore", "smp", "survival"]);
    },
  },
  {
    name: "survival's entries",
    matches: (line) => /\/entries$/.test(line) && line.startsWith("curl -H"),
    check: (out) =>
      // The demo maps Player → member: alex, who holds it, has Notch in that group.
      expect(JSON.parse(out) as { nick: string; groups: string[] }[]).toContainEqual(
        expect.objectContaining({ nick: "Notch", groups: ["member"] }),
      ),
  },
  {
    name: "survival as whitelist.json",
    matches: (line) => line.includes("?format=vanilla"),
    check: (out) => expect(JSON.parse(out)).toContainEqual({ uuid: expect.any(String), name: "Notch" }),
  },
  {
    name: "alex's roles before",
    matches: (line) => line.includes(`/members/${demo.users.alex}`) && line.includes("Bedrock among them"),
    check: (out) => expect(rolesOf(out)).toContain(demo.roles.bedrock),
  },
  {
    name: "the removal through the API",
    matches: (line) => line.startsWith("curl -X DELETE") && line.includes("/api/v1/"),
    check: (out) => expect(JSON.parse(out)).toEqual({ removed: true, nick: ".Alex_Pocket" }),
  },
  {
    name: "alex's roles after",
    matches: (line) => line.includes(`/members/${demo.users.alex}`) && line.includes("Bedrock is gone"),
    // The bot takes the role back after the API answered: the line, run again a moment later, shows it.
    check: (_out, _ctx, line) =>
      eventually(
        async () => !rolesOf(await run(line)).includes(demo.roles.bedrock),
        TOUR_MS,
        "Bedrock taken back",
      ),
  },
  {
    name: "steve registers a Java account on survival: told where to prove it",
    matches: (line) => line.includes('"nick":"SteveCraft"'),
    check: (out, ctx) => {
      expect(reply(out)).toStartWith(
        "🔒 survival takes proven accounts only: prove SteveCraft is yours first.",
      );
      expect(reply(out)).toContain(ctx.link);
    },
  },
  {
    name: "alex posts a nick in the message-mode channel",
    matches: (line) => line.includes("/_sandbox/messages") && line.includes("AlexOffline"),
    check: (out, ctx) => {
      expect(JSON.parse(out)).toEqual({ id: expect.any(String) });
      return seen(ctx, "entry.added", "AlexOffline", "discord");
    },
  },
  {
    name: "a denied nick",
    matches: (line) => line.includes('"nick":"Griefer_01"'),
    check: (out) =>
      // The nick as the member typed it, escaped so Discord shows it as typed (no italics).
      expect(reply(out)).toStartWith("⛔ Staff have denied Griefer\\_01 on survival. Reason: griefed spawn"),
  },
  {
    name: "the log channel",
    matches: (line) => line.includes(`/channels/${demo.channels.log}/messages`),
    // The log channel gathers a moment's changes into one post (a quarter of a second): the line, run again a
    // moment later, shows them.
    check: async (out, _ctx, line) => {
      const titles = (posted: string) =>
        (JSON.parse(posted) as { embeds: { title?: string }[] }[]).flatMap((post) =>
          post.embeds.map((embed) => embed.title),
        );
      if (titles(out).includes("Nick added")) return;
      await eventually(
        async () => titles(await run(line)).includes("Nick added"),
        TOUR_MS,
        "a Nick added post",
      );
    },
  },
  {
    name: "a real Minecraft client joins the link server",
    matches: (line) => line.startsWith("node "),
    check: (out, ctx) => {
      const code = /Your code: (\S+)/.exec(out)?.[1];
      expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      ctx.code = code;
    },
  },
  {
    name: "steve types the code",
    matches: (line) => line.includes('"command":"register","options":{"code":"CODE"}'),
    check: async (out) => {
      expect(reply(out).split("\n").slice(0, 3)).toEqual([
        "🔗 **SteveCraft** is linked to you on this server: you proved it is yours.",
        "✅ **SteveCraft** is on **survival**. You can join the server now.",
        "🔗 Verified: you proved this account is yours.",
      ]);
    },
  },
  {
    name: "steve registers SteveMiner on smp: on at once, awaiting proof",
    matches: (line) => line.includes('"nick":"SteveMiner"'),
    check: (out) =>
      expect(reply(out)).toStartWith(
        "✅ **SteveMiner** is on **smp**, waiting for you to prove it is yours.",
      ),
  },
  {
    name: "the game server's allowlist has SteveMiner",
    matches: (line) => line.includes("/_fake/allowlist"),
    // The agent puts him there once the registration's event reached it: the line, run again a moment later.
    check: (_out, _ctx, line) =>
      eventually(
        async () => (JSON.parse(await run(line)) as { name: string }[]).some((p) => p.name === "SteveMiner"),
        TOUR_MS,
        "SteveMiner on the game server's allowlist",
      ),
  },
  {
    name: "SteveMiner joins the game server",
    matches: (line) => line.includes("/_fake/join"),
    check: (out) =>
      expect(JSON.parse(out)).toEqual({ joined: { id: expect.any(String), name: "SteveMiner" } }),
  },
  {
    name: "the agent kicked SteveMiner with a code",
    matches: (line) => line.includes("/_fake/kicks"),
    check: async (_out, ctx, line) => {
      let message = "";
      await eventually(
        async () => {
          const kicks = JSON.parse(await run(line)) as { player: { name: string }; message: string }[];
          message = kicks.find((kick) => kick.player.name === "SteveMiner")?.message ?? "";
          return message !== "";
        },
        TOUR_MS,
        "SteveMiner kicked",
      );
      const code = /\/link code:(\S+)/.exec(message)?.[1];
      expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      ctx.code = code;
    },
  },
  {
    name: "steve types SteveMiner's code with /link",
    matches: (line) => line.includes('"command":"link","options":{"code":"CODE"}'),
    check: (out) =>
      expect(reply(out).split("\n").slice(0, 2)).toEqual([
        "🔗 **SteveMiner** is linked to you on this server: you proved it is yours.",
        "Your **SteveMiner** on **smp** is verified now.",
      ]),
  },
  {
    name: "smp's entries: SteveMiner verified",
    matches: (line) => line.includes("# SteveMiner, verified"),
    check: (out) => {
      const entry = (JSON.parse(out) as { nick: string; verified: boolean; proofDueAt?: string }[]).find(
        (e) => e.nick === "SteveMiner",
      );
      expect(entry).toMatchObject({ nick: "SteveMiner", verified: true });
      expect(entry).not.toHaveProperty("proofDueAt");
    },
  },
  {
    name: "the newcomer registers NewbieMiner on smp, holding no role",
    matches: (line) => line.includes('"nick":"NewbieMiner"'),
    check: (out) =>
      expect(reply(out)).toStartWith(
        "✅ **NewbieMiner** is on **smp**, waiting for you to prove it is yours.",
      ),
  },
  {
    name: "the newcomer is given the Player role",
    matches: (line) =>
      line.includes(`/members/${demo.users.newcomer}/roles`) && line.includes("# the Player role"),
    check: (out) => expect(rolesOf(out)).toEqual([demo.roles.player]),
  },
  {
    name: "the game server's console: LuckPerms' commands typed by the agent",
    matches: (line) => line.includes("/_fake/console"),
    // The role reaches the agent through the bot and the socket: the line, run again until the command is there.
    check: (_out, _ctx, line) =>
      eventually(
        async () => {
          const typed = JSON.parse(await run(line)) as string[];
          return [
            `lp user ${dashed(NEWBIE)} parent add member`,
            `lp user ${dashed(STEVE_MINER)} parent add member`,
            `lp user ${dashed(STEVE_MINER)} parent add trusted`,
          ].every((command) => typed.includes(command));
        },
        TOUR_MS,
        "lp user … parent add member on the game server's console",
      ),
  },
  {
    name: "LuckPerms has NewbieMiner in member",
    matches: (line) => line.includes("/_fake/luckperms") && line.includes("# NewbieMiner: default, member"),
    check: (out) =>
      expect(JSON.parse(out)).toEqual(
        expect.arrayContaining([
          { id: dashed(NEWBIE), name: "NewbieMiner", groups: ["default", "member"] },
          { id: dashed(STEVE_MINER), name: "SteveMiner", groups: ["default", "member", "trusted"] },
        ]),
      ),
  },
  {
    name: "the newcomer's role is taken back",
    matches: (line) =>
      line.includes(`/members/${demo.users.newcomer}/roles`) && line.includes("# no role again"),
    check: (out) => expect(rolesOf(out)).toEqual([]),
  },
  {
    name: "LuckPerms took NewbieMiner out of member",
    matches: (line) => line.includes("/_fake/luckperms") && line.includes("# NewbieMiner: default only"),
    check: (_out, _ctx, line) =>
      eventually(
        async () => {
          const users = JSON.parse(await run(line)) as { name: string; groups: string[] }[];
          const newbie = users.find((user) => user.name === "NewbieMiner");
          return JSON.stringify(newbie?.groups) === JSON.stringify(["default"]);
        },
        TOUR_MS,
        "NewbieMiner out of member",
      ),
  },
  {
    name: "staff add a nick for a week",
    matches: (line) => line.includes('"subcommand":"add"'),
    check: async (out, ctx) => {
      expect(reply(out)).toStartWith("✅ **TrialPlayer** is on **cracked** for <@1200000000000000034>");
      expect(reply(out)).toContain("expires");
      expect(await nicksOf(ctx, "cracked")).toContain("TrialPlayer");
    },
  },
  {
    name: "the change feed",
    matches: (line) => line.includes("/events?after=0"),
    check: (out) => {
      const feed = JSON.parse(out) as { events: { type: string; entry: { nick: string } }[]; next: string };
      expect(feed.events).toContainEqual(
        expect.objectContaining({
          type: "entry.added",
          entry: expect.objectContaining({ nick: "TrialPlayer" }),
        }),
      );
      expect(feed.next).toEqual(expect.any(String));
    },
  },
  {
    name: "whois",
    matches: (line) => line.includes('"subcommand":"whois"'),
    check: (out) => expect(reply(out)).toStartWith("🔎 **Notch** is on **survival**."),
  },
  {
    name: "a member's nicks",
    matches: (line) => line.includes('"subcommand":"member"') && line.includes(demo.channels.java),
    check: (out) =>
      expect(reply(out)).toStartWith(`<@${demo.users.alex}> has 3 nicks on this server's whitelists:`),
  },
  {
    name: "deny a nick",
    matches: (line) => line.includes('"subcommand":"deny"'),
    check: async (out, ctx) => {
      expect(reply(out)).toStartWith("⛔ **Dinnerbone** is now denied on **survival**: griefing.");
      expect(await nicksOf(ctx, "survival")).not.toContain("Dinnerbone");
    },
  },
  {
    name: "alex applies to hardcore: /register answers with its form",
    matches: (line) => line.includes('"nick":"Grumm"') && line.includes('"command":"register"'),
    check: (out, ctx) => {
      const answered = JSON.parse(out) as { modal?: { title?: string }; interactionId?: string };
      expect({ modal: typeof answered.modal, interactionId: typeof answered.interactionId }).toEqual({
        modal: "object",
        interactionId: "string",
      });
      ctx.interactionId = answered.interactionId;
    },
  },
  {
    name: "alex submits the form: the request goes to staff",
    matches: (line) => line.includes("/_sandbox/modals"),
    check: (out) =>
      expect(reply(out)).toStartWith("📨 Your request for **Grumm** on **hardcore** was sent to staff."),
  },
  {
    name: "the moderator's look-up shows alex's answers",
    matches: (line) => line.includes('"subcommand":"member"') && line.includes(demo.channels.premium),
    check: (out) => expect(out).toContain("redstone farm with friends"),
  },
  {
    name: "steve loses the Player role",
    matches: (line) => line.includes(`/members/${demo.users.steve}/roles`),
    check: (out, ctx) => {
      expect(rolesOf(out)).toEqual([demo.roles.whitelisted]);
      return seen(ctx, "entry.removed", "SteveCraft", "role-lost");
    },
  },
  {
    name: "import a list",
    matches: (line) => line.includes('"subcommand":"import"'),
    check: async (out, ctx) => {
      expect(reply(out)).toContain("added: 2 · already there: 0 · invalid: 1");
      expect(await nicksOf(ctx, "survival")).toEqual(expect.arrayContaining(["Grumm", "newbie_1"]));
    },
  },
  {
    name: "alex's nickname follows their nick",
    matches: (line) => line.endsWith("# alex (Notch)"),
    check: (out) => expect((JSON.parse(out) as { nick: string | null }).nick).toBe("alex (Notch)"),
  },
  {
    name: "alex's nickname follows the rename",
    matches: (line) => line.endsWith("# alex (Notch_2)"),
    // Renamed a moment after the rename is seen: the line, run again, shows it.
    check: (_out, _ctx, line) =>
      eventually(
        async () => (JSON.parse(await run(line)) as { nick: string | null }).nick === "alex (Notch_2)",
        TOUR_MS,
        "alex (Notch_2)",
      ),
  },
  {
    name: "staff add a guest",
    matches: (line) => line.includes('"subcommand":"guest"'),
    check: (out) =>
      expect(reply(out)).toStartWith(
        "✅ **StreamGuest** is on **survival** as your guest: the stream guest tonight.",
      ),
  },
  {
    name: "steve banned on Discord: his nicks denied",
    matches: (line) => line.includes("/bans/") && line.includes("-X PUT"),
    check: (_out, _ctx, line) => logShows(line, "Member banned: nicks denied"),
  },
  {
    name: "steve unbanned: the ban's denials lifted",
    matches: (line) => line.includes("/bans/") && line.includes("-X DELETE"),
    check: (_out, _ctx, line) => logShows(line, "Member unbanned: denials lifted"),
  },
  {
    name: "alex's Discord language changes to Polish",
    matches: (line) => line.includes("/locale"),
    check: (out) => expect((JSON.parse(out) as { locale: string }).locale).toBe("pl"),
  },
  {
    name: "a rename at Mojang",
    matches: (line) => line.includes("/_fake/profiles/"),
    check: async (out, ctx) => {
      expect(out).toBe("");
      await seen(ctx, "entry.added", "Notch_2", "renamed");
      expect(await nicksOf(ctx, "survival")).toContain("Notch_2");
    },
  },
];

test("every command line of the demo's tour runs as printed and does what the tour says", async () => {
  const tour = await readTour(demoProcess.child);
  const value = (label: string) => new RegExp(`^${label}: (\\S+)$`, "m").exec(tour)?.[1] as string;
  const ctx: Context = { api: value("API"), key: value("API key"), link: value("Link"), messages: [] };
  const lines = tour
    .split("\n")
    .filter((line) => line.startsWith("  "))
    .map((line) => line.trim());
  const used = new Set<string>();

  for (const printed of lines) {
    if (printed.startsWith("bunx wscat ")) {
      // `bunx wscat` would fetch wscat from npm: the same socket, opened with the printed header and URL.
      const header = /-H "Authorization: ([^"]+)"/.exec(printed)?.[1] as string;
      const url = /-c (\S+)$/.exec(printed)?.[1] as string;
      socket = new WebSocket(url, { headers: { authorization: header } } as unknown as string[]);
      socket.onmessage = (event) => ctx.messages.push(JSON.parse(String(event.data)));
      await eventually(
        async () => ctx.messages.some((m) => m.type === "connected"),
        TOUR_MS,
        "the socket connected",
      );
      used.add("the socket");
      continue;
    }
    const matching = expectations.filter((candidate) => candidate.matches(printed));
    expect({ line: printed, expectations: matching.map((m) => m.name) }).toEqual({
      line: printed,
      expectations: [expect.any(String)],
    });
    const expectation = matching[0] as (typeof expectations)[number];
    const line = printed
      .replace('"code":"CODE"', `"code":"${ctx.code}"`)
      .replace('"interactionId":"ID"', `"interactionId":"${ctx.interactionId}"`);
    await expectation.check(await run(line), ctx, line);
    used.add(expectation.name);
  }
  // Every expectation met a line, and the socket saw what the tour says it sees.
  expect([...used].sort()).toEqual(["the socket", ...expectations.map((e) => e.name)].sort());
  const live = ctx.messages.map((m) => [m.type, (m.entry as { nick?: string } | undefined)?.nick, m.origin]);
  expect(live).toContainEqual(["entry.removed", ".Alex_Pocket", "api"]);
  expect(live).toContainEqual(["entry.removed", "Notch", "renamed"]);
});
