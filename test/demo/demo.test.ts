import { afterAll, expect, test } from "bun:test";
import { demo } from "../../src/demo/seed.ts";
import { tempDir } from "../helpers/services.ts";
import { openSocket } from "../helpers/sockets.ts";

// The compiled binary when CI built one (WLS_BINARY), otherwise the sources.
const command = process.env.WLS_BINARY
  ? [process.env.WLS_BINARY, "demo"]
  : ["bun", `${import.meta.dir}/../../src/main.ts`, "demo"];
const dir = tempDir("wls-demo-");
const child = Bun.spawn(command, {
  cwd: dir.path,
  // Limits off: the tests run the tour faster than a person and wait 2 s at most for a log post, while the
  // demo's seed alone fills the log channel's 5 posts per 5 s.
  env: {
    PATH: process.env.PATH ?? "",
    HOME: dir.path,
    PORT: "0",
    SANDBOX_PORT: "0",
    SANDBOX_RATE_LIMITS: "off",
    LOG_LEVEL: "warn",
  },
  stdout: "pipe",
  stderr: "pipe",
});

afterAll(async () => {
  child.kill("SIGTERM");
  await child.exited;
  dir.cleanup();
});

/** The demo's whole tour, once printed (it ends with "Press Ctrl+C to stop."). */
let tour = "";

/** Reads the demo's stdout until the lines scripts rely on, and the tour after them, have been printed. */
async function printedLines(): Promise<Record<string, string>> {
  const lines: Record<string, string> = {};
  let text = "";
  const decoder = new TextDecoder();
  for await (const chunk of child.stdout) {
    text += decoder.decode(chunk);
    for (const match of text.matchAll(/^(API|API key|Sandbox|Mojang): (\S+)$/gm))
      lines[match[1] as string] = match[2] as string;
    if (
      lines.API &&
      lines["API key"] &&
      lines.Sandbox &&
      lines.Mojang &&
      text.includes("Press Ctrl+C to stop.")
    ) {
      tour = text;
      return lines;
    }
  }
  throw new Error(
    `demo exited before printing its URLs: ${text}\n${await new Response(child.stderr).text()}`,
  );
}

let printed: Promise<Record<string, string>> | undefined;
/** The printed lines, read once from the one demo process the tests share. */
const demoLines = () => {
  printed ??= printedLines();
  return printed;
};

/** Polls `check` (bounded) for what the demo does after an answer: a log post, a removal. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await check()) return true;
    await Bun.sleep(10);
  }
  return false;
}

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
    ["survival", "java"],
  ]);
  const survival = (await whitelists.find((w) => w.name === "survival"))?.id;
  const entries = await (
    await fetch(`${lines.API}/whitelists/${survival}/entries`, { headers: auth })
  ).json();
  expect(entries).toEqual([
    { nick: "Notch", uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5", premium: true, expiresAt: null },
    { nick: "alex_builds", uuid: null, premium: false, expiresAt: null },
    { nick: "Dinnerbone", uuid: "61699b2e-d327-4a01-9f1e-0ea8c3f06bc6", premium: true, expiresAt: null },
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
}, 60_000);

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
}, 60_000);

test("demo: a player renamed at Mojang is renamed on the whitelist within a pass, origin renamed", async () => {
  const lines = await demoLines();
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
    });
    expect(socket.messages.filter((message) => message.origin === "renamed").map((m) => m.type)).toEqual([
      "entry.removed",
      "entry.added",
    ]);
  } finally {
    socket.close();
  }
}, 60_000);

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
}, 60_000);

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
