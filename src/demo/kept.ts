import type { Config } from "../config.ts";
import { checkStore } from "../doctor/store.ts";
import type { SandboxSeed } from "../sandbox/discord/state.ts";
import type { Services } from "../services.ts";
import type { Logger } from "../shared/logger.ts";
import { demo } from "./seed.ts";

/**
 * The sandbox Discord keeps nothing between starts; a kept database (DATABASE_PATH given, or DATABASE_URL) keeps
 * what the bot did there. So that the bot finds Discord as it left it, the seed gets back from the database what
 * the bot did to its members: the roles it granted for the entries they hold, and the nicknames it set (one the
 * bot finds changed is the member's from then on, so a sandbox that forgot it would end the following for good).
 * Nothing else of the last sandbox is in the database (its messages, the log channel's posts, what the control API
 * changed), so nothing else comes back. A database this version cannot read as it is (none yet, an older schema
 * the service migrates when it starts) leaves the seed as it is.
 */
export async function restoredSeed(
  seed: SandboxSeed,
  config: Config,
  databasePath: string,
  logger: Logger,
): Promise<SandboxSeed> {
  const store = await checkStore({ ...config, DATABASE_PATH: databasePath });
  try {
    const { services } = store;
    if (!services) return seed;
    let restored = 0;
    const members = await Promise.all(
      seed.members.map(async (member) => {
        const held = await services.entries.listForUserInGuild(seed.guild.id, member.id);
        const granted = held.flatMap((entry) => entry.grantedRoleIds);
        const record = await services.nicknames.record(seed.guild.id, member.id);
        const nick = record && !record.released ? record.applied : null;
        const roleIds = [...new Set([...member.roleIds, ...granted])];
        if (roleIds.length > member.roleIds.length || nick) restored++;
        return { ...member, roleIds, ...(nick ? { nick } : {}) };
      }),
    );
    if (restored > 0) {
      logger.info("the sandbox has the roles and nicknames the bot gave before, from the database", {
        members: restored,
      });
    }
    return { ...seed, members };
  } finally {
    await store.close();
  }
}

/** What a demo's key is named, and who made it: how a later start on the same database knows its earlier ones. */
const DEMO_KEY = { name: "demo", createdBy: demo.users.owner } as const;

/**
 * The demo's API key, new at each start: keys are stored hashed and shown once (docs/decisions.md, Link keys), so
 * no start can show an earlier one again. On a database of its own (`replaces`: SQLite, one demo at a time) the keys
 * earlier starts made are revoked as this one is made, so they do not pile up nor keep working unseen; `replaced`
 * says how many. Replicas on PostgreSQL each print their own, and leave the others' working.
 */
export async function demoKey(
  services: Pick<Services, "keys">,
  replaces: boolean,
): Promise<{ key: string; replaced: number }> {
  const earlier = replaces
    ? (await services.keys.list(demo.guildId)).filter(
        (key) => key.name === DEMO_KEY.name && key.createdBy === DEMO_KEY.createdBy && key.revokedAt === null,
      )
    : [];
  for (const key of earlier) await services.keys.revoke(demo.guildId, key.id);
  const { plaintext } = await services.keys.create({ guildId: demo.guildId, whitelistId: null, ...DEMO_KEY });
  return { key: plaintext, replaced: earlier.length };
}
