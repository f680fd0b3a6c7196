import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// The tables of proven accounts (src/accounts/), part of the SQLite schema: src/db/schema.ts exports them too.

/**
 * A Java account a member proved they own, linked to them in one guild (docs/decisions.md, Proof of ownership):
 * one owner per account per guild.
 */
export const linkedAccounts = sqliteTable(
  "linked_accounts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    guildId: text("guild_id").notNull(),
    userId: text("user_id").notNull(),
    /** Mojang's UUID of the account (dashed) and its name when last proven or registered. */
    uuid: text("uuid").notNull(),
    name: text("name").notNull(),
    /**
     * How it was proven: `java-login`, a login at the link endpoint; `first-join`, a join of the game server, seen
     * by the `sync` agent (docs/link.md, First-join proof).
     */
    method: text("method", { enum: ["java-login", "first-join"] }).notNull(),
    linkedAt: integer("linked_at").notNull(),
  },
  (table) => [
    uniqueIndex("linked_accounts_guild_uuid").on(table.guildId, table.uuid),
    index("linked_accounts_guild_user").on(table.guildId, table.userId),
  ],
);

/**
 * A proof code shown to a player whose account was proven, until a member types it (or it expires): bound to the
 * account, not to a guild. Only the code's SHA-256 is stored.
 */
export const proofCodes = sqliteTable(
  "proof_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    uuid: text("uuid").notNull(),
    name: text("name").notNull(),
    method: text("method", { enum: ["java-login", "first-join"] }).notNull(),
    /**
     * A first-join code is bound to the guild and the member whose registration it proves: typed anywhere else, or
     * by anyone else, it links nothing. Null (a link endpoint's code): any guild, whoever types it.
     */
    guildId: text("guild_id"),
    userId: text("user_id"),
    /**
     * A first-join code asked for through a key limited to one whitelist proves the account on that whitelist alone
     * (docs/decisions.md, Proof of ownership): no link in the guild, no take-over elsewhere. Null: a guild-wide
     * key's code, or the link endpoint's. No foreign key: a code outlives nothing by more than 10 minutes, and one
     * whose whitelist is gone proves nothing.
     */
    whitelistId: text("whitelist_id"),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    /** When, by whom and in which guild it was typed; null while unused. */
    usedAt: integer("used_at"),
    usedBy: text("used_by"),
    usedIn: text("used_in"),
  },
  (table) => [index("proof_codes_expires").on(table.expiresAt)],
);

/** A code typed that was no live code (wrong, expired, used): a Discord user's attempts are limited by these. */
export const proofAttempts = sqliteTable(
  "proof_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id").notNull(),
    at: integer("at").notNull(),
  },
  (table) => [
    index("proof_attempts_user").on(table.userId, table.at),
    index("proof_attempts_at").on(table.at),
  ],
);
