import { afterEach, describe, expect, test } from "bun:test";
import { Webhook } from "standardwebhooks";
import { linkKeys } from "../../src/db/schema.ts";
import { generateKey, hashKey } from "../../src/keys/token.ts";
import { scriptLines } from "../../src/shared/script-lines.ts";
import { openSocket } from "../helpers/sockets.ts";
import { IDS, lines, lineValue, startReceiver, startWorld, type World } from "./world.ts";

let world: World;
let receiver: ReturnType<typeof startReceiver> | undefined;
afterEach(async () => {
  await receiver?.stop();
  receiver = undefined;
  await world?.stop();
});

const link = (userId: string, subcommand: string, options: Record<string, unknown> = {}) =>
  world.command(userId, "server-link", { subcommand, options });

describe("/server-link create", () => {
  test("answers once, ephemerally, with the Link id and Key lines, and the key works on the API", async () => {
    world = await startWorld();
    await world.useLogChannel();
    const reply = await link(IDS.owner, "create", { name: "survival-server" });

    const id = lineValue(reply, scriptLines.linkId);
    const key = lineValue(reply, scriptLines.key);
    expect({ ephemeral: reply.ephemeral, id, key }).toEqual({
      ephemeral: true,
      id: (await world.services.keys.list(IDS.guild))[0]?.id as string,
      key: expect.stringMatching(/^wls_[0-9A-Za-z]{33}$/),
    });
    expect(lines(reply)).toContain(
      `How to use: \`curl -H "Authorization: Bearer ${key}" ${world.apiUrl}/whitelists\``,
    );
    expect(reply.content).toContain("shown once");
    expect((await world.api(key, "/whitelists")).status).toBe(200);

    const logged = await world.message(
      IDS.logChannel,
      "the key log",
      (m) => m.embeds[0]?.title === "Link key created",
    );
    expect(logged.embeds[0]?.description).toBe(`**survival-server** (\`${id}\`) for the whole server`);
    expect(JSON.stringify(await world.messages(IDS.logChannel))).not.toContain(key);
  });

  test("a staff member reading German gets the same Link id and Key lines, the rest in German", async () => {
    world = await startWorld();
    await world.control("POST", `/members/${IDS.owner}/locale`, { locale: "de" });
    const reply = await link(IDS.owner, "create", { name: "survival-server" });
    expect({
      id: lineValue(reply, scriptLines.linkId),
      key: lineValue(reply, scriptLines.key).startsWith("wls_"),
      german: lines(reply)[0]?.startsWith("🔑 Link **survival-server**") && reply.content.includes("einmal"),
    }).toEqual({ id: (await world.services.keys.list(IDS.guild))[0]?.id as string, key: true, german: true });
  });

  test("a key limited to a whitelist (named in any case) sees only that one", async () => {
    world = await startWorld();
    const survival = await world.whitelist();
    const creative = await world.whitelist({ name: "creative" });
    const key = lineValue(
      await link(IDS.owner, "create", { name: "s", whitelist: "SURVIVAL" }),
      scriptLines.key,
    );
    expect((await world.services.keys.list(IDS.guild))[0]?.whitelistId).toBe(survival.id);
    expect([
      (await world.api(key, `/whitelists/${survival.id}/entries`)).status,
      (await world.api(key, `/whitelists/${creative.id}/entries`)).status,
    ]).toEqual([200, 403]);
  });

  test("may-remove:False makes a read-only key: said wherever the key is described; it reads and gets every event, DELETE is 403", async () => {
    world = await startWorld();
    await world.useLogChannel();
    const survival = await world.whitelist();
    receiver = startReceiver();
    const readOnly = await link(IDS.owner, "create", { name: "web-page", "may-remove": false });
    const full = await link(IDS.owner, "create", { name: "plugin" });
    const [readOnlyKey, fullKey] = [lineValue(readOnly, scriptLines.key), lineValue(full, scriptLines.key)];
    const readOnlyId = lineValue(readOnly, scriptLines.linkId);
    await link(IDS.owner, "webhook", { id: readOnlyId, url: receiver.url });
    const sockets = [openSocket(world.service.url, readOnlyKey), openSocket(world.service.url, fullKey)];
    for (const socket of sockets) await socket.waitFor((m) => m.type === "connected");

    await world.command(IDS.alice, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "Notch" },
    });
    const refused = await world.api(readOnlyKey, `/whitelists/${survival.id}/entries/Notch`, {
      method: "DELETE",
    });
    const refusal = {
      status: refused.status,
      type: refused.headers.get("content-type"),
      body: await refused.json(),
    };
    const stillThere = (await world.services.entries.find(survival.id, "Notch"))?.nick;
    const read = await world.api(readOnlyKey, `/whitelists/${survival.id}/entries`);
    const removed = await world.api(fullKey, `/whitelists/${survival.id}/entries/Notch`, {
      method: "DELETE",
    });
    for (const socket of sockets) await socket.waitFor((m) => m.type === "entry.removed");
    const delivered = await receiver.waitFor((body) => body.type === "entry.removed");
    const created = await world.message(IDS.logChannel, "the key log", (m) =>
      m.embeds.some((embed) => embed.title === "Link key created" && embed.description?.includes("web-page")),
    );
    const listed = lines(await link(IDS.owner, "list"));

    expect({
      reply: lines(readOnly)[0],
      next: lines(readOnly).at(-1),
      fullReply: lines(full)[0],
      logged: created.embeds[0]?.fields?.find((field) => field.name === "Access")?.value,
      listed: listed.slice(1, 3),
      refusal,
      stillThere,
      read: [read.status, await read.json()],
      removed: removed.status,
    }).toEqual({
      reply:
        "🔑 Link **web-page** for the whole server, read-only. Copy the key now: it is shown once and never again.",
      next: expect.stringMatching(
        /^Next: keep the key on your own server \(never in a web page or its scripts\)/,
      ),
      fullReply: expect.stringMatching(/^🔑 Link \*\*plugin\*\* for the whole server, reads and removes\./),
      logged: "read-only",
      listed: [
        expect.stringMatching(
          new RegExp(`^• \\*\\*web-page\\*\\* \`${readOnlyId}\`: the whole server; read-only; `),
        ),
        expect.stringMatching(/^• \*\*plugin\*\* `[^`]+`: the whole server; reads and removes; /),
      ],
      refusal: {
        status: 403,
        type: "application/problem+json",
        body: expect.objectContaining({
          type: "urn:whitelist-sync:problem:key-read-only",
          detail: expect.stringMatching(/^This key is read-only/),
        }),
      },
      stillThere: "Notch",
      read: [200, [expect.objectContaining({ nick: "Notch" })]],
      removed: 200,
    });
    // The events are the same for a read-only key: the same frames on both sockets, and its webhook's body.
    const [readOnlyFrames, fullFrames] = sockets.map((socket) => socket.frames);
    expect(readOnlyFrames).toEqual(fullFrames as string[]);
    expect(readOnlyFrames?.map((frame) => JSON.parse(frame).type)).toEqual([
      "connected",
      "entry.added",
      "entry.removed",
    ]);
    expect(JSON.stringify(delivered.body)).toBe(readOnlyFrames?.[2] as string);
    for (const socket of sockets) socket.close();
  });

  test("needs Manage Server, for every subcommand", async () => {
    world = await startWorld();
    const key = await world.services.keys.create({
      guildId: IDS.guild,
      name: "k",
      whitelistId: null,
      createdBy: IDS.owner,
    });
    const calls: [string, Record<string, unknown>][] = [
      ["create", { name: "x" }],
      ["revoke", { id: key.key.id }],
      ["webhook", { id: key.key.id, url: "http://127.0.0.1:1/hook" }],
      ["list", {}],
    ];
    for (const [subcommand, options] of calls) {
      const reply = await link(IDS.manager, subcommand, options);
      expect({ subcommand, ephemeral: reply.ephemeral, content: reply.content }).toEqual({
        subcommand,
        ephemeral: true,
        content: "Only members with the Manage Server permission can do that. Ask a server admin to run it.",
      });
    }
    expect((await world.services.keys.list(IDS.guild)).map((k) => k.revokedAt)).toEqual([null]);
  });
});

describe("/server-link revoke", () => {
  test("the key gets 401 at once and its sockets close with 4001; the log says so", async () => {
    world = await startWorld();
    await world.useLogChannel();
    const created = await link(IDS.owner, "create", { name: "old" });
    const key = lineValue(created, scriptLines.key);
    const id = lineValue(created, scriptLines.linkId);
    const socket = openSocket(world.service.url, key);
    await socket.waitFor((m) => m.type === "connected");

    const reply = await link(IDS.owner, "revoke", { id });

    expect(reply.content).toStartWith(`🚫 Link **old** (\`${id}\`) is revoked`);
    expect((await world.api(key, "/whitelists")).status).toBe(401);
    expect((await socket.closed).code).toBe(4001);
    await world.message(
      IDS.logChannel,
      "the revocation log",
      (m) => m.embeds[0]?.title === "Link key revoked",
    );
  });

  test("an unknown or already revoked id is refused with what to do", async () => {
    world = await startWorld();
    const id = lineValue(await link(IDS.owner, "create", { name: "old" }), scriptLines.linkId);
    await link(IDS.owner, "revoke", { id });
    expect((await link(IDS.owner, "revoke", { id })).content).toBe(`No active link with id ${id}.`);
    expect((await link(IDS.owner, "revoke", { id: "nope" })).content).toBe("No active link with id nope.");
  });

  test("autocomplete offers active links by name to Manage Server only", async () => {
    world = await startWorld();
    const keep = lineValue(await link(IDS.owner, "create", { name: "survival-server" }), scriptLines.linkId);
    const gone = lineValue(await link(IDS.owner, "create", { name: "survival-old" }), scriptLines.linkId);
    await link(IDS.owner, "revoke", { id: gone });
    const typed = { subcommand: "revoke", options: { id: "surv" } };
    expect(await world.autocomplete(IDS.owner, "server-link", "id", typed)).toEqual([
      { name: `survival-server (${keep})`, value: keep },
    ]);
    expect(await world.autocomplete(IDS.bob, "server-link", "id", typed)).toEqual([]);
  });
});

describe("/server-link webhook", () => {
  test("shows the signing secret once, and deliveries verify with it", async () => {
    world = await startWorld();
    await world.useLogChannel();
    const whitelist = await world.whitelist();
    receiver = startReceiver();
    const id = lineValue(await link(IDS.owner, "create", { name: "hooked" }), scriptLines.linkId);

    const reply = await link(IDS.owner, "webhook", { id, url: receiver.url });

    const secret = lineValue(reply, scriptLines.signingSecret);
    expect({ ephemeral: reply.ephemeral, secret }).toEqual({
      ephemeral: true,
      secret: expect.stringMatching(/^whsec_/),
    });
    await world.command(IDS.alice, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "Notch" },
    });
    const delivery = await receiver.waitFor((body) => body.type === "entry.added");
    // The service's clock is a test clock, so the signature is recomputed rather than checked against "now".
    const {
      "webhook-id": msgId,
      "webhook-timestamp": timestamp,
      "webhook-signature": signature,
    } = delivery.headers;
    const expected = new Webhook(secret).sign(
      msgId as string,
      new Date(Number(timestamp) * 1000),
      JSON.stringify(delivery.body),
    );
    expect({ signature, whitelistId: delivery.body.whitelistId }).toEqual({
      signature: expected,
      whitelistId: whitelist.id,
    });
    const logged = await world.message(
      IDS.logChannel,
      "the webhook log",
      (m) => m.embeds[0]?.title === "Webhook set",
    );
    expect(logged.embeds[0]?.description).toContain(`**${new URL(receiver.url).host}**`);
    expect(JSON.stringify(await world.messages(IDS.logChannel))).not.toContain(secret);
  });

  test("without a url the webhook is removed", async () => {
    world = await startWorld();
    receiver = startReceiver();
    const id = lineValue(await link(IDS.owner, "create", { name: "hooked" }), scriptLines.linkId);
    await link(IDS.owner, "webhook", { id, url: receiver.url });

    const reply = await link(IDS.owner, "webhook", { id });

    expect(reply.content).toStartWith(`Webhook of link \`${id}\` removed`);
    expect((await world.services.keys.list(IDS.guild))[0]?.webhookUrl).toBeNull();
  });

  test("a URL that is not http(s) is refused and nothing is stored", async () => {
    world = await startWorld();
    const id = lineValue(await link(IDS.owner, "create", { name: "hooked" }), scriptLines.linkId);
    const reply = await link(IDS.owner, "webhook", { id, url: "ftp://example.org/hook" });
    expect({ ephemeral: reply.ephemeral, content: reply.content }).toEqual({
      ephemeral: true,
      content: expect.stringContaining("only http and https are allowed"),
    });
    expect((await world.services.keys.list(IDS.guild))[0]?.webhookUrl).toBeNull();
  });
});

describe("/server-link list", () => {
  test("shows every link with scope, use and webhook outcome, revoked ones marked, never a key or secret", async () => {
    world = await startWorld();
    await world.whitelist();
    receiver = startReceiver();
    const active = await link(IDS.owner, "create", { name: "survival-server", whitelist: "survival" });
    const revoked = await link(IDS.owner, "create", { name: "old-server" });
    const secret = lineValue(
      await link(IDS.owner, "webhook", { id: lineValue(active, scriptLines.linkId), url: receiver.url }),
      scriptLines.signingSecret,
    );
    await link(IDS.owner, "revoke", { id: lineValue(revoked, scriptLines.linkId) });
    await world.command(IDS.alice, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "Notch" },
    });
    await receiver.waitFor((body) => body.type === "entry.added");
    await world.waitFor(
      "the delivery outcome",
      async () => (await world.services.keys.list(IDS.guild))[0]?.webhookLastStatus,
    );

    const reply = await link(IDS.owner, "list");

    const [header, first, second] = lines(reply);
    expect(header).toBe("2 links:");
    expect(first).toStartWith(
      `• **survival-server** \`${lineValue(active, scriptLines.linkId)}\`: whitelist **survival**`,
    );
    expect(first).toContain(`webhook → ${new URL(receiver.url).host} (last HTTP 204 in `);
    expect(first).toContain("never used");
    expect(second).toStartWith(
      `• **old-server** \`${lineValue(revoked, scriptLines.linkId)}\` — **revoked** <t:`,
    );
    expect(second).toContain("the whole server");
    expect(second).toContain("no webhook");
    for (const hidden of [
      lineValue(active, scriptLines.key),
      lineValue(revoked, scriptLines.key),
      secret,
      "wls_",
      "whsec_",
    ]) {
      expect(reply.content).not.toContain(hidden);
    }
  });

  test("says what to do when there is no link", async () => {
    world = await startWorld();
    expect((await link(IDS.owner, "list")).content).toBe(
      "No links yet. Create one for your game server with `/server-link create`.",
    );
  });
});

describe("names of keys created before names were restricted", () => {
  test("are shown escaped, on one line and without bidi overrides, in replies and log embeds", async () => {
    world = await startWorld();
    await world.useLogChannel();
    const survival = await world.whitelist();
    const plaintext = generateKey();
    const id = "oldkey01";
    world.services.db
      .insert(linkKeys)
      .values({
        id,
        guildId: IDS.guild,
        name: "# big\n**x**\u202E",
        whitelistId: null,
        keyHash: hashKey(plaintext),
        createdBy: IDS.owner,
        createdAt: world.clock.now(),
      })
      .run();
    const shown = "\\# big \\*\\*x\\*\\*";

    await world.command(IDS.alice, "register", {
      channelId: IDS.survivalChannel,
      options: { nick: "Notch" },
    });
    await world.api(plaintext, `/whitelists/${survival.id}/entries/Notch`, { method: "DELETE" });
    const removal = await world.message(IDS.logChannel, "the removal embed", (m) =>
      m.embeds.some((embed) => embed.title === "Nick removed"),
    );
    const listed = await link(IDS.owner, "list");
    const revoked = await link(IDS.owner, "revoke", { id });
    const logged = await world.message(IDS.logChannel, "the revocation embed", (m) =>
      m.embeds.some((embed) => embed.title === "Link key revoked"),
    );

    expect({
      by: removal.embeds
        .find((embed) => embed.title === "Nick removed")
        ?.fields?.find((field) => field.name === "By")?.value,
      listed: lines(listed)[1],
      revoked: revoked.content,
      logged: logged.embeds[0]?.description,
    }).toEqual({
      by: `link key “${shown}”`,
      listed: expect.stringContaining(`• **${shown}** \`${id}\`: the whole server;`),
      revoked: expect.stringContaining(`🚫 Link **${shown}** (\`${id}\`) is revoked`),
      logged: `**${shown}** (\`${id}\`) for the whole server`,
    });
  });
});
