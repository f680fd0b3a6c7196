import { expect, test } from "bun:test";
import { join } from "node:path";
import { inEnglish } from "../../src/i18n/english.ts";
import { text } from "../../src/i18n/messages.ts";
import { nickTypeSpecs } from "../../src/nicks/types.ts";
import { TEST_TIMEOUT_MS } from "../helpers/floors.ts";
import { runToEnd } from "../helpers/run.ts";
import { syncFixture } from "./fixture.ts";
import { agentOptions, seedSurvival } from "./helpers.ts";

// An offline-mode server derives a player's UUID from the name exactly as typed (`OfflinePlayer:<name>`), and its
// whitelist.json lists UUIDs: the spelling a member is told (src/nicks/types.ts, `spelling`) is the one a server
// lets in. The server and the players are npm minecraft-protocol's, under Node (fixtures/offline-join.cjs): it
// computes the UUID itself; the agent wrote the file.

const NODE = Bun.which("node");
const SCRIPT = join(import.meta.dir, "fixtures", "offline-join.cjs");

const fixture = syncFixture("wls-offline-");

test.skipIf(!NODE && !process.env.CI)(
  "CrackedSteve is let in, crackedsteve is not: the reply's exact spelling is the one that joins",
  async () => {
    const service = await fixture.service();
    const { wl, key } = await seedSurvival(service.services, ["CrackedSteve"]);
    await service.services.whitelists.update(wl.id, { nickType: "offline" });
    const options = agentOptions(service, key, "survival", fixture.dir);
    const sync = fixture.agent(options);
    await sync.waitFor("started");

    const args = [String(TEST_TIMEOUT_MS), options.out, "1.20.4", "CrackedSteve", "crackedsteve"];
    const { stdout } = await runToEnd([NODE as string, SCRIPT, ...args]);
    const joined = JSON.parse(stdout.trim().split("\n").at(-1) as string) as {
      name: string;
      admitted: boolean;
    }[];
    expect(joined.map(({ name, admitted }) => [name, admitted])).toEqual([
      ["CrackedSteve", true],
      ["crackedsteve", false],
    ]);
    expect(
      inEnglish(
        nickTypeSpecs.offline.spelling({ nick: "CrackedSteve", premium: false }) ?? text("common.none"),
      ),
    ).toBe(
      "Join as exactly CrackedSteve: an offline-mode server tells players apart by the letter case of their name " +
        "(crackedsteve would be another player, and is not let in).",
    );
  },
);
