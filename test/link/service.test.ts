import { afterAll, afterEach, expect, test } from "bun:test";
import { join } from "node:path";
import { startFakeMojang } from "../../src/sandbox/mojang.ts";
import type { RunningService } from "../../src/server.ts";
import { connectRaw, login, packetsIn, statusExchange } from "../helpers/minecraft-client.ts";
import { tempDir } from "../helpers/services.ts";
import { startTestService } from "../helpers/sockets.ts";
import { NOTCH } from "./helpers.ts";

const store = tempDir("wls-link-");
afterAll(() => store.cleanup());
let running: RunningService | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

test("without LINK_PORT the service starts no link endpoint", async () => {
  running = await startTestService(join(store.path, "off.db"));
  expect(running.link).toBeUndefined();
});

test("with LINK_PORT the service runs the endpoint on its own port, naming LINK_COMMUNITY, with codes from its store; its stop closes it", async () => {
  const mojang = startFakeMojang({ profiles: [NOTCH] });
  try {
    running = await startTestService(join(store.path, "on.db"), {
      LINK_PORT: "0",
      LINK_COMMUNITY: "Test SMP",
      MOJANG_SESSION_URL: mojang.url,
    });
    const port = running.link?.port ?? 0;
    expect(port).toBeGreaterThan(0);
    expect(port).not.toBe(running.port);
    const client = await connectRaw(port);
    client.write(statusExchange(767, 1n));
    const [status, pong] = packetsIn(await client.closed);
    expect({ motd: status?.body.string(32_767), pong: pong?.id }).toEqual({
      motd: expect.stringContaining('"text":"Account link for Test SMP"'),
      pong: 0x01,
    });
    // A real proof gets a code from the service's store, bound to the account, and the commands that take it.
    const outcome = await login({ port, protocol: 767, ...NOTCH, sessionUrl: mojang.url });
    const code = outcome.text.match(/Your code: ([0-9A-Z]{4}-[0-9A-Z]{4})/)?.[1] as string;
    expect(outcome.text).toBe(
      `Notch, your account is proven.\nYour code: ${code}\nIn Discord, type /link code:${code} within 10 minutes\n` +
        `(or /register code:${code} to put it on a whitelist).`,
    );
    const { services } = running;
    const found = await services.write((tx) =>
      services.accounts.lookIn(tx, { guildId: "1", userId: "1" }, code),
    );
    expect(found).toMatchObject({ kind: "live", account: NOTCH, method: "java-login" });
    await running.stop();
    running = undefined;
    await expect(connectRaw(port)).rejects.toThrow();
  } finally {
    await mojang.stop();
  }
});

test("with LINK_LANGUAGE=de players read the MOTD, their code and a refusal in German, the commands by their German names", async () => {
  const mojang = startFakeMojang({ profiles: [NOTCH] });
  try {
    running = await startTestService(join(store.path, "de.db"), {
      LINK_PORT: "0",
      LINK_LANGUAGE: "de",
      MOJANG_SESSION_URL: mojang.url,
    });
    const port = running.link?.port ?? 0;
    const client = await connectRaw(port);
    client.write(statusExchange(767, 1n));
    const [status] = packetsIn(await client.closed);
    const motd = JSON.parse(status?.body.string(32_767) ?? "{}") as {
      description: { extra: { text: string }[] };
    };
    expect(motd.description.extra.map((part) => part.text)).toEqual([
      "Account-Verknüpfung für diese Discord-Community",
      "\nTritt bei, um einen Code für Discord zu bekommen (du betrittst keine Welt)",
    ]);
    const proven = await login({ port, protocol: 767, ...NOTCH, sessionUrl: mojang.url });
    const code = proven.text.match(/([0-9A-Z]{4}-[0-9A-Z]{4})/)?.[1] as string;
    expect(proven.text).toBe(
      `Notch, dein Account ist nachgewiesen.\nDein Code: ${code}\nGib in Discord innerhalb von 10 Minuten ` +
        `/verknüpfen code:${code} ein\n(oder /registrieren code:${code}, um ihn auf eine Whitelist zu setzen).`,
    );
    // jeb_ never joined at the session server: Mojang says so, in German.
    const refused = await login({
      port,
      protocol: 767,
      name: "jeb_",
      uuid: NOTCH.uuid,
      sessionUrl: mojang.url,
    });
    expect(refused.text).toStartWith("Dein Account konnte bei Mojang nicht bestätigt werden.\n");
  } finally {
    await mojang.stop();
  }
});
