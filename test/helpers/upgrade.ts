import { Database } from "bun:sqlite";
import { migrate } from "../../src/db/client.ts";
import { migrations } from "../../src/db/migrations.ts";
import { nickKey } from "../../src/nicks/key.ts";

/**
 * Writes a database as version 0.1 left it (migrations 0000-0001): in `guildId`, a Bedrock whitelist `wl1`
 * named `pe` granting `roleId`, with each gamertag stored as `.` + the gamertag, no UUID, owned by one member
 * each (`300000000000000000`, `…1`, …).
 */
export function writeV01BedrockDatabase(
  path: string,
  options: { guildId: string; roleId: string; gamertags: string[] },
): void {
  const sqlite = new Database(path, { create: true });
  try {
    migrate(sqlite, migrations.slice(0, 2));
    sqlite.run("INSERT INTO guilds (id, created_at) VALUES (?, 1)", [options.guildId]);
    sqlite.run(
      `INSERT INTO whitelists (id, guild_id, name, name_key, channel_id, nick_type, registration_mode,
         granted_role_ids, created_at) VALUES ('wl1', ?, 'pe', 'pe', '200000000000000001', 'bedrock', 'command',
         ?, 1)`,
      [options.guildId, JSON.stringify([options.roleId])],
    );
    for (const [i, gamertag] of options.gamertags.entries()) {
      const nick = `.${gamertag}`;
      const userId = `30000000000000000${i}`;
      sqlite.run(
        `INSERT INTO entries (whitelist_id, nick, nick_key, uuid, premium, user_id, added_by, origin,
           granted_role_ids, created_at) VALUES ('wl1', ?, ?, NULL, 0, ?, ?, 'discord', ?, ?)`,
        [nick, nickKey(nick), userId, userId, JSON.stringify([options.roleId]), i + 1],
      );
    }
  } finally {
    sqlite.close();
  }
}
