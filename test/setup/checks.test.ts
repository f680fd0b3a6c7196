import { describe, expect, test } from "bun:test";
import { typedCommand } from "../../src/bot/localize.ts";
import { plainName } from "../../src/bot/text.ts";
import { inEnglish } from "../../src/i18n/english.ts";
import type { Text } from "../../src/i18n/messages.ts";
import { wordsFor } from "../../src/i18n/words.ts";
import {
  nicknameBlock,
  rolesAboveBot,
  type SetupCheck,
  serverChecks,
  whitelistChecks,
} from "../../src/setup/checks.ts";
import { type GuildSnapshot, Permission } from "../../src/setup/permissions.ts";

// The setup rules for the opt-in features, on plain data (what the bot and doctor both ask).

const role = (id: string, position: number, permissions = 0n, managed = false) => ({
  id,
  name: `role-${id}`,
  position,
  permissions,
  managed,
});

const guild = (botPermissions: bigint): GuildSnapshot => ({
  id: "1",
  name: "Guild",
  ownerId: "10",
  botId: "20",
  botRoleIds: ["3"],
  roles: [
    role("1", 0, Permission.ViewChannel | Permission.SendMessages),
    role("2", 1),
    role("3", 2, botPermissions),
    role("4", 3),
    role("5", 4, 0n, true),
  ],
  channels: [],
});

describe("whom the bot may rename (Discord's permission hierarchy)", () => {
  const may = guild(Permission.ManageNicknames);
  test("a member below its highest role, yes; at or above it, or the owner, never", () => {
    expect(nicknameBlock(may, { userId: "30", roleIds: ["2"] })).toBeNull();
    expect(nicknameBlock(may, { userId: "30", roleIds: [] })).toBeNull();
    expect(nicknameBlock(may, { userId: "30", roleIds: ["3"] })).toBe("above");
    expect(nicknameBlock(may, { userId: "30", roleIds: ["2", "4"] })).toBe("above");
    expect(nicknameBlock(may, { userId: "10", roleIds: [] })).toBe("owner");
  });

  test("without Manage Nicknames nobody; Administrator grants it, not the hierarchy", () => {
    expect(nicknameBlock(guild(Permission.ManageRoles), { userId: "30", roleIds: [] })).toBe("permission");
    const admin = guild(Permission.Administrator);
    expect(nicknameBlock(admin, { userId: "30", roleIds: ["2"] })).toBeNull();
    expect(nicknameBlock(admin, { userId: "30", roleIds: ["4"] })).toBe("above");
  });

  test("the roles whose holders it cannot rename leave out its own and an integration's", () => {
    expect(rolesAboveBot(may).map((one) => one.id)).toEqual(["4"]);
  });
});

describe("the server's permissions with the opt-in features in use", () => {
  const titles = (snapshot: GuildSnapshot, features: Parameters<typeof serverChecks>[1]) =>
    serverChecks(snapshot, features)
      .filter((check) => !check.ok)
      .map((check) => inEnglish(check.title));
  const base =
    Permission.EmbedLinks |
    Permission.AttachFiles |
    Permission.AddReactions |
    Permission.ReadMessageHistory |
    Permission.ManageRoles;

  test("Manage Nicknames only with nicknames; View Audit Log or Ban Members only with ban sync", () => {
    expect(titles(guild(base), {})).toEqual([]);
    expect(titles(guild(base), { nicknames: true, banSync: true })).toEqual([
      "the bot lacks Manage Nicknames in Guild",
      "ban sync is on in Guild, but Discord tells the bot of no ban: it lacks View Audit Log",
    ]);
    expect(
      titles(guild(base | Permission.ManageNicknames | Permission.BanMembers), {
        nicknames: true,
        banSync: true,
      }),
    ).toEqual([]);
    expect(titles(guild(base | Permission.ViewAuditLog), { banSync: true })).toEqual([]);
  });
});

describe("the checks' words", () => {
  const survival = {
    name: "__survival__",
    channelId: "99",
    registrationMode: "command" as const,
    requiredRoleIds: [],
    grantedRoleIds: ["2"],
    managerRoleIds: [],
    nicknameTemplate: null,
  };
  const failed = (checks: SetupCheck[], render: (text: Text) => string) =>
    checks
      .filter((check) => !check.ok)
      .map((check) => `${render(check.title)} | ${render(check.fix as Text)}`);

  test("on Discord in the reader's language: permission names as Discord shows them there, names escaped", () => {
    const de = wordsFor("de");
    const naming = {
      name: plainName,
      command: (path: string, options: Record<string, string>) => typedCommand(de, path, options),
    };
    expect(failed(whitelistChecks(guild(0n), survival, { logChannelId: null }, naming), de.render)).toEqual([
      "\\_\\_survival\\_\\_: ihren Kanal (99) gibt es nicht mehr | wähle einen anderen mit `/whitelist edit whitelist:__survival__ channel:`",
      "\\_\\_survival\\_\\_: ich kann @role-2 nicht vergeben: mir fehlt „Rollen verwalten“ | schalte „Rollen verwalten“ für die Rolle des Bots unter Servereinstellungen → Rollen ein",
    ]);
  });

  test("in the terminal in English, names as they are", () => {
    expect(failed(whitelistChecks(guild(0n), survival, { logChannelId: null }), inEnglish)).toEqual([
      "__survival__: its channel (99) no longer exists | choose another with `/whitelist edit whitelist:__survival__ channel:`",
      "__survival__: I can't grant @role-2: I lack Manage Roles | turn Manage Roles on for the bot's role in Server Settings → Roles",
    ]);
  });
});
