import { afterAll, expect, test } from "bun:test";
import { demo } from "../../src/demo/seed.ts";
import { linesOf, parseLine } from "../helpers/binary.ts";
import { spawnDemo } from "../helpers/demo.ts";
import { eventually } from "../helpers/eventually.ts";
import { openSocket } from "../helpers/sockets.ts";

// A whole demo flow with every secret the service hands out (the demo's key, a link key created on Discord, a
// webhook's signing secret, a token in the webhook's URL, a wrong key a client sent), then a grep of everything
// the process wrote: no secret may appear, and every change is logged once with its origin. The compiled binary
// when CI built one (WLS_BINARY), otherwise the sources.

const receiver = { bodies: [] as string[], signatures: [] as string[] };
const hooks = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(request) {
    receiver.bodies.push(await request.text());
    receiver.signatures.push(request.headers.get("webhook-signature") ?? "");
    return new Response(null, { status: 204 });
  },
});
const demoProcess = spawnDemo("wls-log-secrets-", {
  HOST: "127.0.0.1",
  SANDBOX_PORT: "0",
  LOG_LEVEL: "debug",
  LOG_FORMAT: "json",
});
const { child } = demoProcess;
const stdout: string[] = [];
const stdoutDone = (async () => {
  for await (const line of linesOf(child.stdout)) stdout.push(line);
})();
const stderr = new Response(child.stderr).text();

afterAll(async () => {
  await demoProcess.stop(9);
  hooks.stop(true);
});

/** Waits (bounded) until the demo has printed a line starting with `label: `. */
async function printed(label: string): Promise<string> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const line = stdout.find((candidate) => candidate.startsWith(`${label}: `));
    if (line) return line.slice(label.length + 2);
    await Bun.sleep(50);
  }
  throw new Error(`the demo did not print "${label}:"\n${stdout.join("\n")}\n${await stderr}`);
}

/** Runs a slash command in the sandbox as `userId` and returns the bot's answer. */
async function slash(sandbox: string, body: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${sandbox}/interactions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ channelId: demo.channels.java, ...body }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { content: string }).content;
}

test("no key, signing secret or webhook token is ever logged, and each change is logged once with its origin", async () => {
  const apiUrl = await printed("API");
  const demoKey = await printed("API key");
  const sandbox = await printed("Sandbox");
  const baseUrl = apiUrl.replace(/\/api\/v1$/, "");

  const created = await slash(sandbox, {
    userId: demo.users.owner,
    command: "server-link",
    subcommand: "create",
    options: { name: "survival-server" },
  });
  const linkKey = /^Key: (wls_\S+)$/m.exec(created)?.[1] as string;
  const linkId = /^Link id: (\S+)$/m.exec(created)?.[1] as string;
  expect(linkKey).toMatch(/^wls_/);

  const hookToken = `tok${crypto.randomUUID().replaceAll("-", "")}`;
  const hooked = await slash(sandbox, {
    userId: demo.users.owner,
    command: "server-link",
    subcommand: "webhook",
    options: { id: linkId, url: `http://127.0.0.1:${hooks.port}/hooks/wl?token=${hookToken}` },
  });
  const signingSecret = /^Signing secret: (whsec_\S+)$/m.exec(hooked)?.[1] as string;
  expect(signingSecret).toMatch(/^whsec_/);

  // A client with a wrong key, then the link key: on the socket, and removing a nick through the API.
  const wrongKey = `wls_${"x".repeat(33)}`;
  const refused = await fetch(`${apiUrl}/whitelists`, { headers: { authorization: `Bearer ${wrongKey}` } });
  expect(refused.status).toBe(401);
  const socket = openSocket(baseUrl, linkKey);
  await socket.waitFor((message) => message.type === "connected");
  const whitelists = (await (
    await fetch(`${apiUrl}/whitelists`, { headers: { authorization: `Bearer ${linkKey}` } })
  ).json()) as { id: string; name: string }[];
  const survival = (await whitelists.find((whitelist) => whitelist.name === "survival"))?.id;
  const removal = await fetch(`${apiUrl}/whitelists/${survival}/entries/alex_builds`, {
    method: "DELETE",
    headers: { authorization: `Bearer ${linkKey}` },
  });
  expect(removal.status).toBe(200);
  await socket.waitFor((message) => message.type === "entry.removed");

  // A member registers on Discord (survival requires proof in the demo: on bedrock); the webhook and the socket
  // both hear it.
  const registered = await slash(sandbox, {
    userId: demo.users.steve,
    command: "register",
    options: { nick: "Steve Gamer", whitelist: "bedrock" },
  });
  expect(registered).toContain(".Steve_Gamer");
  await socket.waitFor((message) => message.type === "entry.added");
  await eventually(() => receiver.bodies.length >= 2, 10_000, "two webhook deliveries");
  socket.close();

  const revoked = await slash(sandbox, {
    userId: demo.users.owner,
    command: "server-link",
    subcommand: "revoke",
    options: { id: linkId },
  });
  expect(revoked).toContain("revoked");

  child.kill("SIGTERM");
  expect(await child.exited).toBe(0);
  await stdoutDone;
  // What the demo prints for a person (the tour, with its own key) is not a log line; every log line is JSON.
  const logLines = stdout.filter((line) => line.startsWith("{"));
  const everything = [...logLines, await stderr].join("\n");
  const secrets = { demoKey, linkKey, wrongKey, signingSecret, hookToken };
  for (const [name, secret] of Object.entries(secrets)) {
    // The whole secret, and its random part alone (a prefix stripped, or re-encoded, is still the secret).
    const randomPart = secret.replace(/^(wls_|whsec_|tok)/, "");
    expect({ name, logged: everything.includes(secret) || everything.includes(randomPart) }).toEqual({
      name,
      logged: false,
    });
  }
  expect(everything).not.toContain("/hooks/wl");

  const logs = logLines.map(parseLine);
  const about = (msg: string, nick?: string) =>
    logs.filter((line) => line.msg === msg && (nick === undefined || line.nick === nick));
  expect(about("nick removed", "alex_builds")).toEqual([
    expect.objectContaining({ origin: "api", key: "survival-server", whitelistId: survival }),
  ]);
  expect(about("nick added", ".Steve_Gamer")).toEqual([
    expect.objectContaining({ origin: "discord", userId: demo.users.steve, actorId: demo.users.steve }),
  ]);
  expect(about("link key created")).toEqual([
    expect.objectContaining({ keyId: linkId, actorId: demo.users.owner }),
  ]);
  expect(about("webhook set")).toEqual([
    expect.objectContaining({ keyId: linkId, host: `127.0.0.1:${hooks.port}`, actorId: demo.users.owner }),
  ]);
  // The demo's bot logs its invite link, as a real one does: the sandbox application's id, the exact permissions.
  expect(about("invite link")).toEqual([
    expect.objectContaining({
      url: expect.stringMatching(
        /^https:\/\/discord\.com\/oauth2\/authorize\?client_id=\d+&scope=bot%20applications\.commands&permissions=268553280$/,
      ),
    }),
  ]);
  expect(about("link key revoked")).toEqual([
    expect.objectContaining({ keyId: linkId, actorId: demo.users.owner }),
  ]);
});
