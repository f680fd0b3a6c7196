import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type FakeManagementServer, startFakeManagementServer } from "../../src/sandbox/management/server.ts";
import { ExitCode, type SyncOptions, SyncStopError } from "../../src/sync/index.ts";
import { humanReporter } from "../../src/sync/report.ts";
import { type SyncState, saveState, statePath } from "../../src/sync/state.ts";
import { seedEntries, seedKey, seedWhitelist } from "../helpers/services.ts";
import { syncFixture } from "./fixture.ts";
import { agentOptions, GUILD, latestEventId } from "./helpers.ts";

// Management mode: the agent keeps a server's allowlist through its management API (the sandbox's fake, held to
// mc-server-management in test/sandbox/management.test.ts), with the real service and its socket on the other side.

const NOTCH = { id: "069a79f4-44e9-4726-a5be-fca90e38aaf5", name: "Notch" };
const JEB = { id: "853c80ef-3c37-49fd-aa49-938b674adae6", name: "jeb_" };
const DINNERBONE = { id: "61699b2e-d327-4a01-9f1e-0ea8c3f06bc6", name: "Dinnerbone" };
const STRANGER = { id: "5e4a3b2c-1d0e-4f9a-8b7c-6d5e4f3a2b1c", name: "Stranger" };

const fixture = syncFixture("wls-management-");

/** The service with "survival" (Notch, jeb_), a key, and the fake server knowing every player. */
async function world(fakeOptions: Parameters<typeof startFakeManagementServer>[0] = {}) {
  const service = await fixture.service();
  const s = service.services;
  const wl = await seedWhitelist(s, { guildId: GUILD, name: "survival" });
  await seedEntries(s, wl.id, [
    { nick: "Notch", uuid: NOTCH.id, premium: true },
    { nick: "jeb_", uuid: JEB.id, premium: true },
  ]);
  const { plaintext: key } = await seedKey(s, GUILD, wl.id);
  const fake = startFakeManagementServer(fakeOptions);
  fixture.cleanup(() => void fake.stop());
  for (const player of [NOTCH, JEB, DINNERBONE, STRANGER]) fake.knows(player);
  return { service, s, wl, key, fake };
}

/** Agent options for management mode against `fake`. */
const managed = (
  service: { url: string },
  key: string,
  fake: FakeManagementServer,
  overrides: Partial<SyncOptions> = {},
): SyncOptions =>
  agentOptions(service, key, "survival", fixture.dir, {
    out: join(fixture.dir, "agent"),
    management: { url: fake.url, secret: fake.secret, ca: null, fingerprint: null, banSync: false },
    ...overrides,
  });

const GRUMM = { id: "e6b5c8ed-3c5b-4f0b-9d0d-2b8a3a3e4b1a", name: "Grumm" };

/**
 * The agent's state writer, with writes that can be held: a state `hold` picks waits (counted in `held`) until
 * `release()`; `started` and `finished` count every write.
 */
function heldWrites() {
  let picks: (state: SyncState) => boolean = () => false;
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const wakers = new Set<() => void>();
  const writes = {
    started: 0,
    finished: 0,
    held: 0,
    hold(which: (state: SyncState) => boolean): void {
      picks = which;
    },
    release: () => open(),
    async save(out: string, state: SyncState): Promise<void> {
      writes.started++;
      if (picks(state)) {
        writes.held++;
        for (const wake of wakers) wake();
        await gate;
      }
      await saveState(out, state);
      writes.finished++;
    },
    /** Resolves once a write is held. */
    holding(): Promise<void> {
      return new Promise((resolve) => {
        const wake = () => {
          if (writes.held === 0) return;
          wakers.delete(wake);
          resolve();
        };
        wakers.add(wake);
        wake();
      });
    },
  };
  return writes;
}

const names = (players: { name: string }[]) => players.map((p) => p.name).sort();
const methodsCalled = (fake: FakeManagementServer) => fake.calls.map((c) => c.method);

describe("management mode", () => {
  test("at start only the difference is sent: what the whitelist lacks is added, a stranger named and dropped", async () => {
    const { service, key, fake } = await world();
    fake.command("whitelist add jeb_");
    fake.command("whitelist add Stranger");
    const agent = fixture.agent(managed(service, key, fake));
    const drift = await agent.waitFor("drift");
    expect(drift).toMatchObject({ foreign: ["Stranger"], removed: [], kept: false });
    await fake.until(() => names(fake.allowlist()).join() === "Notch,jeb_");
    // Never cleared nor set whole: jeb_ stayed on the list throughout.
    expect(methodsCalled(fake).filter((m) => m.startsWith("minecraft:allowlist"))).toEqual([
      "minecraft:allowlist",
      "minecraft:allowlist/remove",
      "minecraft:allowlist/add",
    ]);
    expect(fake.calls.find((c) => c.method === "minecraft:allowlist/add")?.params).toEqual([
      [{ id: NOTCH.id, name: "Notch" }],
    ]);
  });

  test("a registration reaches the allowlist; a removal kicks the player if online; in-game changes are drift", async () => {
    const { service, s, wl, key, fake } = await world();
    const agent = fixture.agent(managed(service, key, fake));
    await fake.until(() => fake.allowlist().length === 2);
    await agent.waitFor("management");

    await seedEntries(s, wl.id, [{ nick: "Dinnerbone", uuid: DINNERBONE.id, premium: true }]);
    await fake.until(() => names(fake.allowlist()).includes("Dinnerbone"));

    expect(fake.join(JEB)).toBeNull();
    await s.entries.remove({ whitelistId: wl.id, nick: "jeb_", origin: "api" });
    const kick = await fake.kicked((k) => k.player.name === "jeb_");
    expect(kick.message).toBe("multiplayer.disconnect.not_whitelisted");
    expect(names(fake.allowlist())).toEqual(["Dinnerbone", "Notch"]);

    // Someone adds a stranger in game: named and dropped; someone removes Notch: put back.
    fake.command("whitelist add Stranger");
    await agent.waitFor("drift", (e) => e.foreign.includes("Stranger"));
    fake.command("whitelist remove Notch");
    await agent.waitFor("drift", (e) => e.removed.includes("Notch"));
    await fake.until(() => names(fake.allowlist()).join() === "Dinnerbone,Notch");
  });

  test("the start line names the server's allowlist, not the state file", async () => {
    const { service, key, fake } = await world();
    const agent = fixture.agent(managed(service, key, fake));
    const started = await agent.waitFor("started");
    expect(started).toMatchObject({ file: `the allowlist of ${fake.url}`, format: null });
    const lines: string[] = [];
    humanReporter({ out: (line) => lines.push(line), err: (line) => lines.push(line) })(started);
    expect(lines).toEqual([
      `Syncing whitelist "survival" (${started.whitelists[0]?.id}): 2 entries → the allowlist of ${fake.url}; ` +
        "following changes live",
    ]);
  });

  test("a change reaches the allowlist while the last one's state is still being written", async () => {
    const { service, s, wl, key, fake } = await world();
    fake.knows(GRUMM);
    const writes = heldWrites();
    writes.hold((state) => state.written?.keys.includes(DINNERBONE.id) ?? false);
    const agent = fixture.agent(managed(service, key, fake), { saveState: writes.save });
    await fake.until(() => fake.allowlist().length === 2);
    await seedEntries(s, wl.id, [{ nick: "Dinnerbone", uuid: DINNERBONE.id, premium: true }]);
    await fake.until(() => names(fake.allowlist()).includes("Dinnerbone"));
    await writes.holding();
    // The state that has Dinnerbone is held; the next registration does not wait for it (nor does the server's
    // notice of Dinnerbone, which changes nothing the agent holds).
    await seedEntries(s, wl.id, [{ nick: "Grumm", uuid: GRUMM.id, premium: true }]);
    await fake.until(() => names(fake.allowlist()).includes("Grumm"));
    expect(writes.held).toBe(1);
    writes.release();
    await agent.stop();
    const stored = JSON.parse(readFileSync(statePath(join(fixture.dir, "agent")), "utf8")) as SyncState;
    expect(stored.written?.keys).toContain(GRUMM.id);
  });

  test("stopping stores the last state before the agent says it stopped", async () => {
    const { service, s, wl, key, fake } = await world();
    const writes = heldWrites();
    const agent = fixture.agent(managed(service, key, fake), { saveState: writes.save });
    await fake.until(() => fake.allowlist().length === 2);
    await seedEntries(s, wl.id, [{ nick: "Dinnerbone", uuid: DINNERBONE.id, premium: true }]);
    const latest = await latestEventId(service);
    await agent.synced(latest);
    await agent.stop();
    expect(agent.events.at(-1)?.type).toBe("stopped");
    expect(writes.finished).toBe(writes.started);
    const stored = JSON.parse(readFileSync(statePath(join(fixture.dir, "agent")), "utf8"));
    expect(stored.after).toBe(String(latest));
  });

  test("its whitelist deleted on Discord: the agent says it took its players off the allowlist, not that a file is empty", async () => {
    const { service, s, wl, key, fake } = await world();
    fake.command("whitelist add Stranger");
    const agent = fixture.agent(managed(service, key, fake, { keepForeign: true }));
    await agent.waitFor("drift", (e) => e.foreign.includes("Stranger"));
    await fake.until(() => fake.allowlist().length === 3);
    await s.deletion.deleteWhitelist(wl.id, "300000000000000009");
    const failure = (await agent.done.catch((error: unknown) => error)) as SyncStopError;
    expect({ exitCode: failure.exitCode, message: failure.message }).toEqual({
      exitCode: ExitCode.keyRefused,
      message:
        "the whitelist survival was deleted on Discord (the socket closed with 4001): the players this agent put on " +
        `the allowlist of ${fake.url} are off it now; point this agent at another whitelist, with a key created for it`,
    });
    // What someone else listed stays (--keep-foreign).
    expect(names(fake.allowlist())).toEqual(["Stranger"]);
  });

  test("a removal that comes while the agent's own addition is under way takes the player off, and is no drift", async () => {
    const { service, s, wl, key, fake } = await world();
    const agent = fixture.agent(managed(service, key, fake, { keepForeign: true }));
    // Notch is on the game server's list, and the answer to that addition is on its way to the agent: the removal
    // crosses it.
    await fake.until(() => names(fake.allowlist()).includes("Notch"));
    await s.entries.remove({ whitelistId: wl.id, nick: "Notch", origin: "api" });
    await fake.until(() => names(fake.allowlist()).join() === "jeb_");
    await agent.synced(await latestEventId(service));
    expect(agent.events.filter((e) => e.type === "drift")).toEqual([]);
  });

  test("--keep-foreign keeps what someone else added, across a restart", async () => {
    const { service, key, fake } = await world();
    const first = fixture.agent(managed(service, key, fake, { keepForeign: true }));
    await fake.until(() => fake.allowlist().length === 2);
    fake.command("whitelist add Stranger");
    await first.waitFor("drift", (e) => e.kept && e.foreign.includes("Stranger"));
    await first.stop();
    const second = fixture.agent(managed(service, key, fake, { keepForeign: true }));
    await second.waitFor("management");
    await second.waitFor("synced");
    expect(names(fake.allowlist())).toEqual(["Notch", "Stranger", "jeb_"]);
  });

  test("changes made while the server was unreachable are sent when it is back", async () => {
    const { service, s, wl, key, fake } = await world();
    const agent = fixture.agent(managed(service, key, fake));
    await fake.until(() => fake.allowlist().length === 2);
    const from = agent.events.length;
    fake.drop();
    await agent.waitFor("retrying", () => true, from);
    await seedEntries(s, wl.id, [{ nick: "Dinnerbone", uuid: DINNERBONE.id, premium: true }]);
    await agent.synced(await latestEventId(service), from);
    await fake.until(() => names(fake.allowlist()).includes("Dinnerbone"));
    expect(methodsCalled(fake)).not.toContain("minecraft:allowlist/clear");
  });

  test("a ban on the game server removes the nick, matched by UUID (--ban-sync)", async () => {
    const { service, s, wl, key, fake } = await world();
    const options = managed(service, key, fake);
    const agent = fixture.agent({
      ...options,
      management: { ...(options.management as NonNullable<SyncOptions["management"]>), banSync: true },
    });
    await agent.waitFor("management");
    fake.command("ban jeb_ griefing", "Alex");
    const banned = await agent.waitFor("banned");
    expect(banned).toMatchObject({ nick: "jeb_", reason: "banned on the game server: griefing (by Alex)" });
    expect((await s.entries.list(wl.id)).map((e) => e.nick)).toEqual(["Notch"]);
  });

  test("first-join proof at once: a player awaiting proof who joins is kicked with their code", async () => {
    const service = await fixture.service();
    const s = service.services;
    const wl = await seedWhitelist(s, { guildId: GUILD, name: "survival", proof: "first-join" } as never);
    await seedEntries(s, wl.id, [
      { nick: "Notch", uuid: NOTCH.id, premium: true, proofDueAt: Date.now() + 86_400_000 },
      { nick: "jeb_", uuid: JEB.id, premium: true },
    ]);
    const { plaintext: key } = await seedKey(s, GUILD, wl.id);
    const fake = startFakeManagementServer();
    fixture.cleanup(() => void fake.stop());
    for (const player of [NOTCH, JEB]) fake.knows(player);
    const agent = fixture.agent(managed(service, key, fake));
    await fake.until(() => fake.allowlist().length === 2);
    expect(fake.join(JEB)).toBeNull();
    expect(fake.join(NOTCH)).toBeNull();
    const asked = await agent.waitFor("proof-asked");
    expect(asked).toMatchObject({ nick: "Notch", whitelist: "survival", again: false });
    const kick = await fake.kicked((k) => k.player.name === "Notch");
    expect(kick.message).toMatch(/[0-9A-Z]{4}-[0-9A-Z]{4}/);
    // jeb_ awaits nothing: still playing.
    expect(fake.online().map((p) => p.name)).toEqual(["jeb_"]);
  });

  test("wss:// with the server's certificate pinned, or trusted by a CA file; another certificate is refused", async () => {
    const dir = fixture.dir;
    const made = Bun.spawnSync(
      ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        .concat([
          "-keyout",
          join(dir, "key.pem"),
          "-out",
          join(dir, "cert.pem"),
          "-days",
          "1",
          "-subj",
          "/CN=localhost",
        ])
        .concat(["-addext", "subjectAltName=IP:127.0.0.1"]),
    );
    expect(made.exitCode).toBe(0);
    const cert = await Bun.file(join(dir, "cert.pem")).text();
    const fingerprint = new Bun.CryptoHasher("sha256")
      .update(Buffer.from(cert.replace(/-----[A-Z ]+-----|\s/g, ""), "base64"))
      .digest("hex")
      .toUpperCase()
      .match(/../g)
      ?.join(":") as string;
    const { service, key, fake } = await world({
      tls: { cert, key: await Bun.file(join(dir, "key.pem")).text() },
    });
    expect(fake.url).toStartWith("wss://");
    const options = managed(service, key, fake);
    const settings = options.management as NonNullable<SyncOptions["management"]>;

    const pinned = fixture.agent({ ...options, management: { ...settings, fingerprint } });
    await fake.until(() => fake.allowlist().length === 2);
    await pinned.stop();

    const trusted = fixture.agent({ ...options, management: { ...settings, ca: cert } });
    await trusted.waitFor("management");
    await trusted.stop();

    const connections = fake.calls.length;
    const wrong = fixture.agent({
      ...options,
      management: { ...settings, fingerprint: fingerprint.replace(/^../, "00") },
    });
    const failure = (await wrong.done.catch((error: unknown) => error)) as SyncStopError;
    expect(failure.exitCode).toBe(ExitCode.config);
    expect(failure.message).toContain("not the pinned");
    // Refused before anything was sent: no call reached the server.
    expect(fake.calls.length).toBe(connections);
  });

  test("a wrong secret stops the agent with 77, saying so", async () => {
    const { service, key, fake } = await world();
    const options = managed(service, key, fake);
    const agent = fixture.agent({
      ...options,
      management: {
        ...(options.management as NonNullable<SyncOptions["management"]>),
        secret: "0".repeat(40),
      },
    });
    const failure = await agent.done.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SyncStopError);
    expect((failure as SyncStopError).exitCode).toBe(ExitCode.keyRefused);
    expect((failure as Error).message).toContain("refused the management secret (401)");
  });

  test("no management API there stops the agent with 78, naming what to use instead", async () => {
    const { service, key, fake } = await world();
    const old = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: () => new Response("Not Found", { status: 404 }),
    });
    fixture.cleanup(() => void old.stop(true));
    const options = managed(service, key, fake);
    const agent = fixture.agent({
      ...options,
      management: {
        ...(options.management as NonNullable<SyncOptions["management"]>),
        url: `ws://127.0.0.1:${old.port}`,
      },
    });
    const failure = (await agent.done.catch((error: unknown) => error)) as SyncStopError;
    expect(failure.exitCode).toBe(ExitCode.config);
    expect(failure.message).toContain("use --out (the file) with --rcon instead");
  });
});
