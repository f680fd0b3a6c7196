import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { preparedRead } from "../db/driver.ts";
import type { Db, Tables, Tx } from "../db/store.ts";
import { text } from "../i18n/messages.ts";
import { DomainError } from "../shared/errors.ts";
import { clip } from "../shared/text.ts";

/**
 * Ranks that follow roles (docs/decisions.md, Ranks that follow roles): a whitelist maps Discord roles to game
 * groups, and each of its entries is in the groups its owner's roles, and its proof, map to. The rules of the
 * mapping live here; the entries' groups are kept by src/entries/groups.ts.
 */

/**
 * Who a mapping names besides a role: `everyone` on the whitelist (guests included: Discord's @everyone role stands
 * for it, since every member holds it), and its `verified` accounts (a proof of ownership's reward).
 */
export const pseudoRoles = ["everyone", "verified"] as const;
/** One of the pseudo-roles. */
export type PseudoRole = (typeof pseudoRoles)[number];

/** A role's snowflake or a pseudo-role: what a mapping names. */
export type RankHolder = string;

/** One mapping: the holders of `roleId` on whitelist `whitelistId` are in `group`. */
export type RankMapping = { whitelistId: string; roleId: RankHolder; group: string };

/**
 * LuckPerms' bound on a group's name (`DataConstraints.MAX_GROUP_NAME_LENGTH`,
 * common/src/main/java/me/lucko/luckperms/common/storage/misc/DataConstraints.java).
 */
export const MAX_GROUP_LENGTH = 36;

/** How many mappings a whitelist holds at most: every entry's groups are recomputed from them at each change. */
export const MAX_MAPPINGS = 50;

/**
 * A group's name: LuckPerms lower-cases what is typed (`ArgumentList.getLowercase`) and takes 1 to 36 characters
 * without a space (`DataConstraints.GROUP_NAME_TEST`). Of those, only the characters Brigadier reads as one bare
 * word are taken (`0-9 a-z _ - . +`): a group then needs no quoting on any console, LuckPerms' own tokenizer
 * included, which knows no escapes (`QuotedStringTokenizer`), so no name can split a command into other arguments.
 */
const GROUP_NAME = /^[0-9a-z_.+-]{1,36}$/;

const SNOWFLAKE = /^[0-9]{1,20}$/;

/** A group's name as stored (lower case), or a refusal saying what a name may be. */
export function groupName(given: string): string {
  const name = given.trim().toLowerCase();
  if (!GROUP_NAME.test(name)) {
    throw new DomainError(
      "invalid-input",
      text("error.rank.group", { given: clip(given, 40), max: MAX_GROUP_LENGTH }),
    );
  }
  return name;
}

/** The holder a mapping stores: a role's id, `everyone` for @everyone (the guild's own id) and the pseudo-roles. */
export function rankHolder(guildId: string, roleId: string): RankHolder {
  if (roleId === guildId || roleId === "everyone") return "everyone";
  if (roleId === "verified" || SNOWFLAKE.test(roleId)) return roleId;
  throw new DomainError("invalid-input", text("error.rank.holder", { given: clip(roleId, 40) }));
}

/** What an entry's groups are computed from: its owner's roles (none for a guest) and its proof. */
export type GroupHolder = { roleIds: readonly string[]; verified: boolean };

/** The groups `holder` is in under `mappings`: sorted by code point, each once. */
export function groupsFor(mappings: readonly Pick<RankMapping, "roleId" | "group">[], holder: GroupHolder) {
  const held = new Set(holder.roleIds);
  const groups = new Set<string>();
  for (const { roleId, group } of mappings) {
    if (roleId === "everyone" || (roleId === "verified" ? holder.verified : held.has(roleId)))
      groups.add(group);
  }
  // Group names are ASCII: UTF-16 order is code point order.
  return [...groups].sort();
}

/** Whether two sorted group lists are the same. */
export const sameGroups = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((group, i) => group === b[i]);

/** The mappings of whitelists, stored in `rank_mappings`. */
export function createRankMappings({ db, table }: { db: Db; table: Tables["rankMappings"] }) {
  const toMapping = (row: typeof table.$inferSelect): RankMapping => ({
    whitelistId: row.whitelistId,
    roleId: row.roleId,
    group: row.groupName,
  });
  const ordered = [asc(table.groupName), asc(table.roleId)];
  // Prepared once: every registration reads its whitelist's mappings inside its write.
  const ofWhitelist = preparedRead<typeof table.$inferSelect>(db, "rank_mappings_of_whitelist", (q) =>
    q
      .select()
      .from(table)
      .where(eq(table.whitelistId, sql.placeholder("whitelistId")))
      .orderBy(...ordered),
  );

  return {
    /** A whitelist's mappings, by group then holder, read through `q` (a transaction's own rows). */
    async list(whitelistId: string, q: Db = db): Promise<RankMapping[]> {
      return (await ofWhitelist(q, { whitelistId })).map(toMapping);
    },

    /** The mappings of several whitelists, by whitelist id. */
    async byWhitelist(whitelistIds: readonly string[], q: Db = db): Promise<Map<string, RankMapping[]>> {
      const found = new Map<string, RankMapping[]>(whitelistIds.map((id) => [id, []]));
      if (whitelistIds.length === 0) return found;
      const rows = await q
        .select()
        .from(table)
        .where(inArray(table.whitelistId, [...whitelistIds]))
        .orderBy(...ordered);
      for (const row of rows) found.get(row.whitelistId)?.push(toMapping(row));
      return found;
    },

    /**
     * Inside the caller's transaction: maps `roleId` to `group` on a whitelist. Answers whether it was new (mapping
     * the same pair again changes nothing); refuses past MAX_MAPPINGS.
     */
    async addIn(tx: Tx, mapping: RankMapping & { createdBy: string; createdAt: number }): Promise<boolean> {
      const current = await this.list(mapping.whitelistId, tx);
      if (current.some((m) => m.roleId === mapping.roleId && m.group === mapping.group)) return false;
      if (current.length >= MAX_MAPPINGS) {
        throw new DomainError("invalid-input", text("error.rank.tooMany", { max: MAX_MAPPINGS }));
      }
      await tx.insert(table).values({
        whitelistId: mapping.whitelistId,
        roleId: mapping.roleId,
        groupName: mapping.group,
        createdBy: mapping.createdBy,
        createdAt: mapping.createdAt,
      });
      return true;
    },

    /**
     * Inside the caller's transaction: removes the mappings of `group` on a whitelist, those of one holder only
     * when `roleId` is given. Answers the mappings removed (none is no error: the caller says so).
     */
    async removeIn(
      tx: Tx,
      input: { whitelistId: string; group: string; roleId?: RankHolder },
    ): Promise<RankMapping[]> {
      const rows = await tx
        .delete(table)
        .where(
          and(
            eq(table.whitelistId, input.whitelistId),
            eq(table.groupName, input.group),
            input.roleId === undefined ? undefined : eq(table.roleId, input.roleId),
          ),
        )
        .returning();
      return rows.map(toMapping);
    },
  };
}

/** The rank mappings' store. */
export type RankMappings = ReturnType<typeof createRankMappings>;
