import { expect, test } from "bun:test";
import { join } from "node:path";
import { closeDatabase } from "../../src/db/client.ts";
import { openServices } from "../../src/services.ts";
import { systemClock } from "../../src/shared/clock.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { runToEnd } from "../helpers/run.ts";
import { tempDir } from "../helpers/services.ts";

// `whitelist-sync invite` makes the link from DISCORD_TOKEN alone (its first part is the application id in
// base64), without the network. The compiled binary when CI built one (WLS_BINARY), otherwise the sources.

const command = process.env.WLS_BINARY
  ? [process.env.WLS_BINARY, "invite"]
  : [process.execPath, join(import.meta.dir, "..", "..", "src", "main.ts"), "invite"];

async function invite(env: Record<string, string>) {
  return runToEnd(command, { env: { PATH: process.env.PATH ?? "", ...env } });
}

test("prints the invite link of the token's application, with the scopes and permissions the bot uses", async () => {
  // A token's shape: base64 of the application id (no padding), a timestamp part, an HMAC part.
  const token = `${Buffer.from("1161034120542384128").toString("base64").replace(/=+$/, "")}.GhTz9a.${"x".repeat(38)}`;
  const { code, stdout, stderr } = await invite({ DISCORD_TOKEN: token });
  expect({ code, stdout }).toEqual({
    code: 0,
    stdout:
      "https://discord.com/oauth2/authorize?client_id=1161034120542384128&scope=bot%20applications.commands&permissions=268553280\n",
  });
  // Beside the link (stdout stays the link alone, for scripts): what each permission is for, and what each opt-in
  // feature would add.
  expect(stderr.split("\n").map((line) => line.trim().replace(/ {2,}/g, " | "))).toEqual([
    "Permissions 268553280, each for:",
    "View Channel | see the channels members register in and the log channel",
    "Send Messages | post there: approval requests, the log, message-mode replies",
    "Embed Links | post those as embeds",
    "Attach Files | attach long lists (the log's summaries, exports) as files",
    "Add Reactions | confirm a message-mode registration with a reaction",
    "Read Message History | react and reply to members' messages (message mode)",
    "Manage Roles | grant and take back the whitelists' roles",
    "Asked for once a server uses the feature that needs it (start with them off; invite again to add one):",
    "Manage Nicknames | +134217728 for nicknames that follow the Minecraft name (/whitelist edit nickname:): not in use yet",
    "View Audit Log | +128 for Discord bans reaching the deny lists (/whitelist ban-sync): not in use yet",
    "",
  ]);
});

test("once a server uses nicknames or ban sync, the link asks for Manage Nicknames and View Audit Log too", async () => {
  const dir = tempDir("wls-invite-");
  try {
    const path = join(dir.path, "whitelist-sync.db");
    const services = openServices({ path, clock: systemClock, logger: silentLogger });
    await services.whitelists.create({
      guildId: "110000000000000001",
      name: "survival",
      channelId: "150000000000000002",
      nickType: "java",
      registrationMode: "command",
      nicknameTemplate: "{mc}",
    });
    await services.guilds.setBanSync("110000000000000001", true);
    closeDatabase(services.db);
    const token = `${Buffer.from("1161034120542384128").toString("base64").replace(/=+$/, "")}.GhTz9a.${"x".repeat(38)}`;
    const { code, stdout, stderr } = await invite({ DISCORD_TOKEN: token, DATABASE_PATH: path });
    expect(code).toBe(0);
    const permissions = BigInt(new URL(stdout.trim()).searchParams.get("permissions") ?? "0");
    expect(permissions).toBe(268553280n | (1n << 27n) | (1n << 7n));
    expect(stderr.split("\n").filter((line) => line.includes("in use"))).toEqual([
      expect.stringContaining("Manage Nicknames"),
      expect.stringContaining("View Audit Log"),
    ]);
    expect(stderr).toStartWith(`Permissions ${permissions}, each for:`);
    expect(stderr).not.toContain("not in use");
  } finally {
    dir.cleanup();
  }
});

test("without a token, or with something else, stops naming DISCORD_TOKEN (exit 78)", async () => {
  const unset = await invite({});
  expect(unset.code).toBe(78);
  expect(unset.stderr).toStartWith("Configuration error: DISCORD_TOKEN is not set");
  const garbage = await invite({ DISCORD_TOKEN: "hello" });
  expect(garbage.code).toBe(78);
  expect(garbage.stderr).toStartWith("Configuration error: DISCORD_TOKEN does not look like a bot token");
});
