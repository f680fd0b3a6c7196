import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type FakeManagementServer, startFakeManagementServer } from "../../src/sandbox/management/server.ts";
import type { OperatorOptions } from "../../src/sync/management/operators.ts";
import { parseSyncOptions, SyncOptionsError } from "../../src/sync/options.ts";
import { type SyncState, saveState, statePath } from "../../src/sync/state.ts";
import { seedEntries, seedKey, seedWhitelist } from "../helpers/services.ts";
import { syncFixture } from "./fixture.ts";
import { agentOptions, GUILD, latestEventId } from "./helpers.ts";

// `--operators-group` (docs/sync.md, Operators): a rank is the server's operator list, kept through the management
// API's `minecraft:operators` methods on the sandbox's fake (held to mc-server-management in
// test/sandbox/management.test.ts), with the real service and its ranks on the other side.

const NOTCH = { id: "069a79f4-44e9-4726-a5be-fca90e38aaf5", name: "Notch" };
const JEB = { id: "853c80ef-3c37-49fd-aa49-938b674adae6", name: "jeb_" };
const DINNERBONE = { id: "61699b2e-d327-4a01-9f1e-0ea8c3f06bc6", name: "Dinnerbone" };
const NOTCH_OWNER = "300000000000000001";
const JEB_OWNER = "300000000000000002";
const ADMIN_ROLE = "200000000000000021";
const OPS: OperatorOptions = { group: "admin", level: 3, bypassesPlayerLimit: true };

const fixture = syncFixture("wls-operators-");

/** "survival" holds Notch and jeb_ (each their own owner's), the role ADMIN_ROLE maps to the group "admin". */
async function world() {
  const service = await fixture.service();
  const s = service.services;
  const wl = await seedWhitelist(s, { guildId: GUILD, name: "survival" });
  await seedEntries(s, wl.id, [
    { nick: "Notch", uuid: NOTCH.id, premium: true, userId: NOTCH_OWNER },
    { nick: "jeb_", uuid: JEB.id, premium: true, userId: JEB_OWNER },
  ]);
  await s.ranks.map({
    whitelistId: wl.id,
    guildId: GUILD,
    roleId: ADMIN_ROLE,
    group: "admin",
    actorId: NOTCH_OWNER,
  });
  const { plaintext: key } = await seedKey(s, GUILD, wl.id);
  const fake = startFakeManagementServer();
  fixture.cleanup(() => void fake.stop());
  for (const player of [NOTCH, JEB, DINNERBONE]) fake.knows(player);
  const admin = (userId: string, isAdmin: boolean) =>
    s.entries.groups.memberRoles({ guildId: GUILD, userId, roleIds: isAdmin ? [ADMIN_ROLE] : [] });
  return { service, s, wl, key, fake, admin };
}

const managed = (service: { url: string }, key: string, fake: FakeManagementServer) =>
  agentOptions(service, key, "survival", fixture.dir, {
    out: join(fixture.dir, "agent"),
    management: {
      url: fake.url,
      secret: fake.secret,
      ca: null,
      fingerprint: null,
      banSync: false,
      operators: OPS,
    },
  });

const opNames = (fake: FakeManagementServer) =>
  fake
    .operators()
    .map((op) => op.player.name)
    .sort();
const callsOf = (fake: FakeManagementServer, method: string, from = 0) =>
  fake.calls.slice(from).filter((c) => c.method === method);

describe("--operators-group", () => {
  test("a player gaining the group is made operator, losing it or their entry unmade; others' operators untouched", async () => {
    const { service, s, wl, key, fake, admin } = await world();
    fake.command("op Dinnerbone");
    fake.command("op jeb_");
    const agent = fixture.agent(managed(service, key, fake));
    await agent.waitFor("management");
    await agent.waitFor("synced");
    expect(callsOf(fake, "minecraft:operators/add")).toEqual([]);

    await admin(NOTCH_OWNER, true);
    await fake.until(() => opNames(fake).includes("Notch"));
    expect(callsOf(fake, "minecraft:operators/add").map((c) => c.params)).toEqual([
      [[{ player: { id: NOTCH.id, name: "Notch" }, permissionLevel: 3, bypassesPlayerLimit: true }]],
    ]);
    expect(fake.operators().find((op) => op.player.name === "Notch")).toEqual({
      player: NOTCH,
      permissionLevel: 3,
      bypassesPlayerLimit: true,
    });
    // jeb_ was an operator before: named, never changed, kept when he loses the group.
    await admin(JEB_OWNER, true);
    await agent.waitFor("warning", (e) => e.message.includes("jeb_ is an operator the agent did not make"));
    await admin(JEB_OWNER, false);

    await admin(NOTCH_OWNER, false);
    await fake.until(() => !opNames(fake).includes("Notch"));
    await admin(NOTCH_OWNER, true);
    await fake.until(() => opNames(fake).includes("Notch"));
    await s.entries.remove({ whitelistId: wl.id, nick: "Notch", origin: "api" });
    await agent.synced(await latestEventId(service));
    await fake.until(() => !opNames(fake).includes("Notch"));
    expect(opNames(fake)).toEqual(["Dinnerbone", "jeb_"]);
    expect(callsOf(fake, "minecraft:operators/remove").map((c) => c.params)).toEqual([
      [[{ id: NOTCH.id, name: "Notch" }]],
      [[{ id: NOTCH.id, name: "Notch" }]],
    ]);
  });

  test("across a restart and a reconnect: only the difference, each change once; one taken off in game is put back", async () => {
    const { service, key, fake, admin } = await world();
    const first = fixture.agent(managed(service, key, fake));
    await first.waitFor("synced");
    await admin(NOTCH_OWNER, true);
    await fake.until(() => opNames(fake).includes("Notch"));
    await first.stop();
    expect(JSON.parse(readFileSync(statePath(join(fixture.dir, "agent")), "utf8")).operators).toEqual([
      NOTCH.id,
    ]);

    // A restart with nothing changed sends nothing; the agent still knows Notch is its own.
    let from = fake.calls.length;
    const second = fixture.agent(managed(service, key, fake));
    await second.waitFor("synced");
    await second.stop();
    expect(callsOf(fake, "minecraft:operators/add", from)).toEqual([]);
    expect(callsOf(fake, "minecraft:operators/remove", from)).toEqual([]);

    // Notch loses the group while the agent is down: the next start takes him off, once.
    await admin(NOTCH_OWNER, false);
    from = fake.calls.length;
    const third = fixture.agent(managed(service, key, fake));
    await fake.until(() => !opNames(fake).includes("Notch"));
    await third.waitFor("synced");
    expect(callsOf(fake, "minecraft:operators/remove", from)).toHaveLength(1);

    // He gains it back; the connection drops and someone deops him meanwhile: put back once it is up again.
    await admin(NOTCH_OWNER, true);
    await fake.until(() => opNames(fake).includes("Notch"));
    const events = third.events.length;
    fake.drop();
    await third.waitFor("retrying", () => true, events);
    fake.command("deop Notch");
    from = fake.calls.length;
    await third.waitFor("drift", (e) => e.removed.includes("Notch"), events);
    await fake.until(() => opNames(fake).includes("Notch"));
    expect(callsOf(fake, "minecraft:operators/add", from)).toHaveLength(1);

    // Deopped in game while connected: put back at once.
    from = fake.calls.length;
    fake.command("deop Notch");
    await fake.until(() => callsOf(fake, "minecraft:operators/add", from).length === 1);
    expect(opNames(fake)).toEqual(["Notch"]);
  });

  test("whom it makes operator is written down before it asks the server", async () => {
    const { service, key, fake, admin } = await world();
    let askedBeforeStored: boolean | null = null;
    const save = async (out: string, state: SyncState) => {
      if (askedBeforeStored === null && state.operators?.includes(NOTCH.id))
        askedBeforeStored = callsOf(fake, "minecraft:operators/add").length > 0;
      await saveState(out, state);
    };
    const agent = fixture.agent(managed(service, key, fake), { saveState: save });
    await agent.waitFor("synced");
    await admin(NOTCH_OWNER, true);
    await fake.until(() => opNames(fake).includes("Notch"));
    expect(askedBeforeStored as boolean | null).toBe(false);
  });

  test("options: the group, its level 1 to 4 and the player limit, only with --management-url", () => {
    const base = {
      WLS_URL: "http://127.0.0.1:3000",
      WLS_KEY: "wls_abcdefghijklmnopqrstuvwxyz0123456",
      WLS_WHITELIST: "survival",
      WLS_MANAGEMENT_SECRET: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij0123",
    };
    const url = ["--management-url", "ws://127.0.0.1:25585", "--state", "/x"];
    const parse = (argv: string[]) => parseSyncOptions(argv, base, () => "");
    const refusal = (argv: string[]) => {
      try {
        parse(argv);
      } catch (error) {
        if (error instanceof SyncOptionsError) return error.message;
        throw error;
      }
      throw new Error("accepted");
    };
    expect(
      parse([...url, "--operators-group", "admin", "--operators-level", "2", "--operators-bypass-limit"])
        .management?.operators,
    ).toEqual({ group: "admin", level: 2, bypassesPlayerLimit: true });
    expect(parse([...url, "--operators-group", "admin"]).management?.operators).toEqual({
      group: "admin",
      level: null,
      bypassesPlayerLimit: null,
    });
    expect(parse(url).management?.operators).toBeUndefined();
    expect(refusal([...url, "--operators-group", "admin", "--operators-level", "5"])).toContain(
      "--operators-level (WLS_OPERATORS_LEVEL) must be 1 to 4",
    );
    expect(refusal([...url, "--operators-level", "2"])).toContain("needs --operators-group");
    expect(refusal(["--out", "/y", "--operators-group", "admin"])).toContain("needs --management-url");
  });
});
