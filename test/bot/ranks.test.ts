import { afterEach, expect, test } from "bun:test";
import { unescaped } from "../helpers/markdown.ts";
import { openSocket, type TestSocket } from "../helpers/sockets.ts";
import { IDS, startWorld, type World } from "./world.ts";

// Ranks that follow roles, end to end (docs/decisions.md): staff map roles on the sandbox Discord, a moderator gives a
// member a role as an admin would, and the real bot turns the member update into one entry.groups.

let world: World | undefined;
let socket: TestSocket | undefined;
afterEach(async () => {
  socket?.close();
  socket = undefined;
  await world?.stop();
  world = undefined;
});

const ranks = (w: World, userId: string, subcommand: string, options: Record<string, unknown>) =>
  w.command(userId, "whitelist", { subcommandGroup: "ranks", subcommand, options });

test("/whitelist ranks maps a role; a role granted on Discord reaches the socket as one entry.groups, and the log channel says so", async () => {
  const w = await startWorld();
  world = w;
  await w.useLogChannel();
  await w.whitelist({ nickType: "offline", maxNicksPerUser: 2 });
  const registered = await w.command(IDS.alice, "register", {
    channelId: IDS.survivalChannel,
    options: { nick: "alice_mc" },
  });
  expect(unescaped(registered.content)).toStartWith("✅ **alice_mc** is on **survival**");

  // Only Manage Server maps; a bad group name is explained, not stored.
  const refused = await w.run(IDS.alice, "whitelist", {
    subcommandGroup: "ranks",
    subcommand: "add",
    options: { whitelist: "survival", group: "vip", role: IDS.staffRole },
  });
  expect(JSON.stringify(refused.body)).toContain("Manage Server");
  const badName = await ranks(w, IDS.owner, "add", {
    whitelist: "survival",
    group: "two words",
    role: IDS.staffRole,
  });
  expect(badName.content).toContain("LuckPerms");

  const mapped = await ranks(w, IDS.owner, "add", {
    whitelist: "survival",
    group: "Staff",
    role: IDS.staffRole,
  });
  expect(mapped.content?.split("\n")).toEqual([
    `<@&${IDS.staffRole}> → \`staff\` on **survival**: the game servers' agents give each player their group.`,
    "Nicks whose groups changed: 0.",
  ]);
  await ranks(w, IDS.owner, "add", { whitelist: "survival", group: "trusted", members: "verified" });
  const listed = await ranks(w, IDS.alice, "list", { whitelist: "survival" });
  expect(listed.content?.split("\n").slice(0, 3)).toEqual([
    "Ranks of **survival** (game group ← who is in it):",
    `\`staff\` ← <@&${IDS.staffRole}>`,
    "`trusted` ← verified accounts",
  ]);

  socket = openSocket(w.service.url, await w.key());
  await socket.waitFor((m) => m.type === "connected");
  // A moderator gives alice the staff role on Discord.
  const held = (await w.member(IDS.alice)).roleIds;
  await w.setRoles(IDS.alice, [...held, IDS.staffRole]);
  const event = await socket.waitFor((m) => m.type === "entry.groups");
  expect({
    entry: event.entry,
    added: event.groupsAdded,
    removed: event.groupsRemoved,
    origin: event.origin,
  }).toEqual({
    entry: {
      nick: "alice_mc",
      uuid: null,
      premium: false,
      expiresAt: null,
      verified: false,
      groups: ["staff"],
    },
    added: ["staff"],
    removed: [],
    origin: "roles",
  });
  const logged = await w.message(IDS.logChannel, "the change of groups", (m) =>
    m.embeds.some((embed) => embed.title === "Ranks changed"),
  );
  const embed = logged.embeds.find((e) => e.title === "Ranks changed");
  expect(Object.fromEntries((embed?.fields ?? []).slice(0, 3).map((f) => [f.name, f.value]))).toEqual({
    Joined: "`staff`",
    Left: "none",
    "Now in": "`staff`",
  });

  // The role taken away again: the group goes, once, and the nick stays.
  await w.setRoles(IDS.alice, held);
  const left = await socket.waitFor(
    (m) => m.type === "entry.groups" && (m.groupsRemoved as string[]).length > 0,
  );
  expect(left.groupsRemoved).toEqual(["staff"]);
  await w.bot.settled();
  expect(socket.messages.filter((m) => m.type === "entry.groups")).toHaveLength(2);
  expect(socket.messages.filter((m) => m.type === "entry.removed")).toEqual([]);
}, 30_000);
