import { afterEach, expect, test } from "bun:test";
import { Events, type Interaction } from "discord.js";
import { IDS, startWorld, type World } from "./world.ts";

// After answering `/register`, the bot waits for the member's roles to edit the answer if Discord refuses one. At a
// busy time those roles queue behind the server's other role changes for minutes: the wait must keep only what the
// edit needs (the interaction's webhook: application id and token), never the interaction itself, or every
// registration of a busy hour stays in memory (docs/performance.md, Steady state).

let world: World | undefined;
let release = () => {};
afterEach(async () => {
  release();
  await world?.stop();
  world = undefined;
});

test("the wait for a registration's roles keeps not the interaction, and the refusal still edits the answer", async () => {
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const { promise: held, resolve: holding } = Promise.withResolvers<void>();
  world = await startWorld({
    sandbox: {
      // The role changes wait at Discord, as when the guild's role changes queue up behind others.
      async beforeRest({ method, path }) {
        if (method === "PUT" && path.includes("/roles/")) {
          holding();
          await released;
        }
      },
    },
  });
  await world.whitelist({ grantedRoleIds: [IDS.whitelistedRole, IDS.vipRole] });
  const interactions: WeakRef<Interaction>[] = [];
  world.bot.client.on(Events.InteractionCreate, (interaction) => interactions.push(new WeakRef(interaction)));

  const reply = await world.command(IDS.bob, "register", {
    channelId: IDS.survivalChannel,
    options: { nick: "bob_mc" },
  });
  expect(reply.content).not.toContain("could not give");
  await held;
  // Collected once no promise reaction still holds it on the stack: a few turns of the event loop at most (the
  // collector also scans the stack conservatively).
  for (let turn = 0; turn < 10 && interactions.some((interaction) => interaction.deref()); turn++) {
    await new Promise((resolve) => setImmediate(resolve));
    Bun.gc(true);
  }
  expect(interactions.length).toBe(1);
  expect(interactions.map((interaction) => interaction.deref() === undefined)).toEqual([true]);

  // Discord lets the role changes through; VIP sits above the bot's role and is refused: the answer says so,
  // edited with the token alone.
  release();
  const answer = await world.answerText(reply, "the roles refused in the answer", (text) =>
    text.includes("could not give"),
  );
  expect(answer).toContain(`I could not give you <@&${IDS.vipRole}>`);
});
