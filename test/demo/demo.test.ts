import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import { demo } from "../../src/demo/seed.ts";
import { readTour, spawnDemo } from "../helpers/demo.ts";
import { eventually } from "../helpers/eventually.ts";
import { runToEnd } from "../helpers/run.ts";
import { openSocket } from "../helpers/sockets.ts";

// Limits off: the tests run the tour faster than a person and wait 2 s at most for a log post, while the demo's
// seed alone fills the log channel's 5 posts per 5 s.
const demoProcess = spawnDemo("wls-demo-", {
  SANDBOX_PORT: "0",
  SANDBOX_RATE_LIMITS: "off",
  LOG_LEVEL: "warn",
});
const { child } = demoProcess;

afterAll(() => demoProcess.stop());

/** The demo's whole tour, once printed (it ends with "Press Ctrl+C to stop."). */
let tour = "";

/** Reads the demo's stdout until the lines scripts rely on, and the tour after them, have been printed. */
async function printedLines(): Promise<Record<string, string>> {
  const linesIn = (text: string) =>
    Object.fromEntries(
      [...text.matchAll(/^(API|API key|Sandbox|Mojang|Link): (\S+)$/gm)].map((match) => [match[1], match[2]]),
    ) as Record<string, string>;
  const names = ["API", "API key", "Sandbox", "Mojang", "Link"];
  tour = await readTour(
    child,
    (text) => names.every((name) => linesIn(text)[name]) && text.includes("Press Ctrl+C to stop."),
  );
  return linesIn(tour);
}

let printed: Promise<Record<string, string>> | undefined;
/** The printed lines, read once from the one demo process the tests share. */
const demoLines = () => {
  printed ??= printedLines();
  return printed;
};

test("demo prints a working key, serves seeded entries and logs an API removal in the sandbox", async () => {
  const lines = await demoLines();
  const auth = { authorization: `Bearer ${lines["API key"]}` };
  expect(lines["API key"]).toMatch(/^wls_[0-9A-Za-z]{33}$/);

  const whitelists = (await (await fetch(`${lines.API}/whitelists`, { headers: auth })).json()) as {
    id: string;
    name: string;
    nickType: string;
  }[];
  expect(whitelists.map((w) => [w.name, w.nickType])).toEqual([
    ["bedrock", "bedrock"],
    ["cracked", "offline"],
    ["hardcore", "premium"],
    ["smp", "java"],
    ["survival", "java"],
  ]);
  const survival = (await whitelists.find((w) => w.name === "survival"))?.id;
  const entries = await (
    await fetch(`${lines.API}/whitelists/${survival}/entries`, { headers: auth })
  ).json();
  expect(entries).toEqual([
    {
      nick: "Notch",
      uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5",
      premium: true,
      expiresAt: null,
      verified: false,
      groups: ["member"],
    },
    { nick: "alex_builds", uuid: null, premium: false, expiresAt: null, verified: false, groups: ["member"] },
    {
      nick: "Dinnerbone",
      uuid: "61699b2e-d327-4a01-9f1e-0ea8c3f06bc6",
      premium: true,
      expiresAt: null,
      verified: false,
      groups: ["member"],
    },
  ]);

  const member = (await (await fetch(`${lines.Sandbox}/members/${demo.users.alex}`)).json()) as {
    roleIds: string[];
  };
  expect(member.roleIds).toContain(demo.roles.whitelisted);

  const removal = await fetch(`${lines.API}/whitelists/${survival}/entries/ALEX_BUILDS`, {
    method: "DELETE",
    headers: auth,
  });
  expect(await removal.json()).toEqual({ removed: true, nick: "alex_builds" });

  // The log-channel post happens after the API answered; wait for it (bounded), never for time.
  const apiLogged = async () => {
    const posts = (await (await fetch(`${lines.Sandbox}/channels/${demo.channels.log}/messages`)).json()) as {
      embeds: { title?: string; fields?: { value: string }[] }[];
    }[];
    return posts.some((post) =>
      post.embeds.some(
        (embed) => embed.title === "Nick removed" && embed.fields?.some((f) => f.value === "API/plugin"),
      ),
    );
  };
  expect(await eventually(apiLogged)).toBe(true);
});

test("demo: the tour's proof: its node command joins the link server with a real client, the code registers steve's account", async () => {
  const lines = await demoLines();
  expect(lines.Link).toMatch(/^127\.0\.0\.1:\d+$/);
  const auth = { authorization: `Bearer ${lines["API key"]}` };
  // The tour's lines, run as printed: the real client (under Node, from this clone), then the command with the code.
  const joinLine = tour.split("\n").find((line) => line.trim().startsWith("node "));
  const [, script, address, account, mojang] = (joinLine ?? "").trim().split(/\s+/) as string[];
  expect({ address, account, mojang }).toEqual({
    address: lines.Link,
    account: "SteveCraft",
    mojang: lines.Mojang,
  });
  const node = Bun.which("node");
  if (!node) {
    // The quick floor runs where only Bun is (docs/architecture.md, Where a test goes); CI has Node.
    if (process.env.CI)
      throw new Error("this test needs Node (node on PATH) to run minecraft-protocol's client");
    console.warn("note: Node is not installed: the tour's real client was not run (apt-get install nodejs)");
    return;
  }
  const client = await runToEnd(
    [node, script as string, address as string, account as string, mojang as string],
    { cwd: join(import.meta.dir, "..", "..") },
  );
  const shown = client.stdout;
  expect({ exit: client.code, failed: client.stderr }).toEqual({ exit: 0, failed: "" });
  const code = /Your code: (\S+)/.exec(shown)?.[1] as string;
  expect(shown).toContain(`type /link code:${code} within 10 minutes`);
  const typed = tour.split("\n").find((line) => line.includes('"code":"CODE"'));
  const body = /-d '(.*)'$/.exec(typed ?? "")?.[1]?.replace("CODE", code);
  const answer = await fetch(`${lines.Sandbox}/interactions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  const reply = (await answer.json()) as { content: string };
  expect(reply.content.split("\n").slice(0, 3)).toEqual([
    "🔗 **SteveCraft** is linked to you on this server: you proved it is yours.",
    "✅ **SteveCraft** is on **survival**. You can join the server now.",
    "🔗 Verified: you proved this account is yours.",
  ]);
  const whitelists = (await (await fetch(`${lines.API}/whitelists`, { headers: auth })).json()) as {
    id: string;
    name: string;
  }[];
  const survival = whitelists.find((w) => w.name === "survival")?.id;
  const entries = (await (
    await fetch(`${lines.API}/whitelists/${survival}/entries`, { headers: auth })
  ).json()) as { nick: string; verified: boolean }[];
  expect(entries.find((entry) => entry.nick === "SteveCraft")?.verified).toBe(true);
});

test("demo: a member whose required role is taken away loses their nick there, origin role-lost", async () => {
  const lines = await demoLines();
  const auth = { authorization: `Bearer ${lines["API key"]}` };
  const whitelists = (await (await fetch(`${lines.API}/whitelists`, { headers: auth })).json()) as {
    id: string;
    name: string;
  }[];
  const survival = (await whitelists.find((w) => w.name === "survival"))?.id;
  const nicks = async () =>
    (
      (await (await fetch(`${lines.API}/whitelists/${survival}/entries`, { headers: auth })).json()) as {
        nick: string;
      }[]
    ).map((entry) => entry.nick);
  expect(await nicks()).toContain("Dinnerbone");

  // The tour's line: steve keeps only the role the bot granted him.
  const taken = await fetch(`${lines.Sandbox}/members/${demo.users.steve}/roles`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ roleIds: [demo.roles.whitelisted] }),
  });
  expect(taken.status).toBe(200);

  const roleLostLogged = async () => {
    const posts = (await (await fetch(`${lines.Sandbox}/channels/${demo.channels.log}/messages`)).json()) as {
      embeds: { title?: string; description?: string; fields?: { value: string }[] }[];
    }[];
    return posts.some((post) =>
      post.embeds.some(
        (embed) =>
          embed.description?.includes("Dinnerbone") === true &&
          embed.fields?.some((f) => f.value === "role lost"),
      ),
    );
  };
  expect(await eventually(roleLostLogged)).toBe(true);
  expect(await nicks()).not.toContain("Dinnerbone");
});

test("demo: a player renamed at Mojang is renamed on the whitelist within a pass, and their nickname follows", async () => {
  const lines = await demoLines();
  const nickOfAlex = async () =>
    ((await (await fetch(`${lines.Sandbox}/members/${demo.users.alex}`)).json()) as { nick: string | null })
      .nick;
  // survival's members are named after their oldest nick there: the seeded Notch.
  expect(await eventually(async () => (await nickOfAlex()) === "alex (Notch)")).toBe(true);
  // Watch the change as a plugin would, instead of polling the API.
  const socket = openSocket((lines.API as string).replace(/\/api\/v1$/, ""), lines["API key"] as string);
  try {
    await socket.opened;
    // The tour's line: Notch becomes Notch_2 at the (fake) Mojang.
    const renamed = await fetch(`${lines.Mojang}/_fake/profiles/069a79f444e94726a5befca90e38aaf5`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Notch_2" }),
    });
    expect(renamed.status).toBe(204);
    const added = await socket.waitFor(
      (message) => message.type === "entry.added" && message.origin === "renamed",
    );
    expect(added.entry).toEqual({
      nick: "Notch_2",
      uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5",
      premium: true,
      expiresAt: null,
      verified: false,
      groups: ["member"],
    });
    expect(socket.messages.filter((message) => message.origin === "renamed").map((m) => m.type)).toEqual([
      "entry.removed",
      "entry.added",
    ]);
    // The tour's line: alex's nickname follows the new name.
    expect(await eventually(async () => (await nickOfAlex()) === "alex (Notch_2)")).toBe(true);
  } finally {
    socket.close();
  }
});

test("demo: the tour's import adds the list's nicks for alex and reports the line it could not take", async () => {
  const lines = await demoLines();
  const auth = { authorization: `Bearer ${lines["API key"]}` };
  const answer = await fetch(`${lines.Sandbox}/interactions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      userId: demo.users.moderator,
      channelId: demo.channels.java,
      command: "whitelist",
      subcommand: "import",
      options: {
        whitelist: "survival",
        member: demo.users.alex,
        file: { filename: "whitelist.txt", text: "Grumm\nnewbie_1\nnot a nick\n" },
      },
    }),
  });
  expect(answer.status).toBe(200);
  const reply = (await answer.json()) as { content: string };
  expect(reply.content).toContain("added: 2 · already there: 0 · invalid: 1");
  const whitelists = (await (await fetch(`${lines.API}/whitelists`, { headers: auth })).json()) as {
    id: string;
    name: string;
  }[];
  const survival = (await whitelists.find((w) => w.name === "survival"))?.id;
  const entries = (await (
    await fetch(`${lines.API}/whitelists/${survival}/entries`, { headers: auth })
  ).json()) as { nick: string }[];
  expect(entries.map((entry) => entry.nick)).toEqual(expect.arrayContaining(["Grumm", "newbie_1"]));
});

test("demo: the tour's suggested DELETE takes back the role its nick was granted, visibly in the sandbox", async () => {
  const lines = await demoLines();
  // The very command the tour prints, run as printed (curl's arguments, without a shell).
  const line = tour.split("\n").find((candidate) => candidate.trim().startsWith("curl -X DELETE"));
  const url = /(http:\/\/\S+\/entries\/\S+)$/.exec(line ?? "")?.[1];
  expect(url).toBeDefined();
  const roles = async () =>
    ((await (await fetch(`${lines.Sandbox}/members/${demo.users.alex}`)).json()) as { roleIds: string[] })
      .roleIds;
  expect(await roles()).toContain(demo.roles.bedrock);
  const removal = await fetch(url as string, {
    method: "DELETE",
    headers: { authorization: `Bearer ${lines["API key"]}` },
  });
  expect(await removal.json()).toEqual({ removed: true, nick: ".Alex_Pocket" });
  expect(await eventually(async () => !(await roles()).includes(demo.roles.bedrock))).toBe(true);
  expect(await roles()).toContain(demo.roles.whitelisted);
});

test("demo: the tour's application: /register opens hardcore's form, the answers reach staff with the request", async () => {
  const lines = await demoLines();
  // The bodies the tour prints, sent as printed (curl's -d, without a shell).
  const bodyOf = (needle: string) => {
    const line = tour.split("\n").find((candidate) => candidate.includes(needle));
    const body = /-d '(.*)'$/.exec(line ?? "")?.[1];
    if (!body) throw new Error(`no tour line with ${needle}`);
    return body;
  };
  const post = async (path: string, body: string) => {
    const response = await fetch(`${lines.Sandbox}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const opened = await post("/interactions", bodyOf(`"options":{"nick":"Grumm"}`));
  expect(opened.body).toMatchObject({ modal: { title: "Apply to hardcore" } });
  const interactionId = String(opened.body.interactionId);
  const submitted = await post(
    "/modals",
    bodyOf(`"interactionId":"ID"`).replace(`"ID"`, `"${interactionId}"`),
  );
  expect(submitted.body).toMatchObject({ content: expect.stringContaining("was sent to staff") });
  type Message = { embeds: { title?: string; fields?: { name: string; value: string }[] }[] };
  const request = async () =>
    (
      (await (await fetch(`${lines.Sandbox}/channels/${demo.channels.log}/messages`)).json()) as Message[]
    ).find(
      (message) =>
        message.embeds[0]?.title === "Registration request" && JSON.stringify(message).includes("Grumm"),
    );
  expect(await eventually(async () => (await request()) !== undefined)).toBe(true);
  expect((await request())?.embeds[0]?.fields?.slice(2)).toEqual([
    {
      name: "What will you do on hardcore?",
      value: "Build a \\*\\*huge\\*\\* redstone farm with friends.",
      inline: false,
    },
    { name: "How did you hear about us?", value: "A friend", inline: false },
  ] as never);
  const looked = await post(
    "/interactions",
    bodyOf(`"subcommand":"member","options":{"user":"${demo.users.alex}"}`),
  );
  expect(looked.body).toMatchObject({ embeds: [expect.objectContaining({ title: "Answers on hardcore" })] });
});

/** A `curl -X <method> … <url> [-d '<json>']` line of the tour, as fetch's arguments (no shell involved). */
function curlOf(line: string): { method: string; url: string; body?: string } {
  const method = /curl -X (\w+)/.exec(line)?.[1] ?? "GET";
  const url = /(http:\/\/\S+)/.exec(line)?.[1] as string;
  const body = /-d '(.*)'/.exec(line)?.[1];
  return { method, url, ...(body === undefined ? {} : { body }) };
}

test("demo: the tour's guest and ban lines, run as printed: a guest added, steve's nicks denied then allowed", async () => {
  const lines = await demoLines();
  const run = async (line: string | undefined) => {
    expect(line).toBeDefined();
    const { method, url, body } = curlOf(line as string);
    const response = await fetch(url, {
      method,
      ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body }),
    });
    expect(response.status).toBe(200);
    return response.json() as Promise<{ content?: string }>;
  };
  const tourLine = (part: string) => tour.split("\n").find((line) => line.includes(part));
  const guest = await run(tourLine('"subcommand":"guest"'));
  expect(guest.content).toStartWith(
    "✅ **StreamGuest** is on **survival** as your guest: the stream guest tonight.",
  );

  const posts = async () =>
    (
      (await (await fetch(`${lines.Sandbox}/channels/${demo.channels.log}/messages`)).json()) as {
        embeds: { title?: string }[];
      }[]
    ).flatMap((post) => post.embeds.map((embed) => embed.title));
  await run(tour.split("\n").find((line) => line.includes("/bans/") && line.includes("-X PUT")));
  expect(await eventually(async () => (await posts()).includes("Member banned: nicks denied"))).toBe(true);
  await run(tour.split("\n").find((line) => line.includes("/bans/") && line.includes("-X DELETE")));
  expect(await eventually(async () => (await posts()).includes("Member unbanned: denials lifted"))).toBe(
    true,
  );
});
