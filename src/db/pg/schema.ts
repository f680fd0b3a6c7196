import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { SessionGuild, StoredAnswer, StoredQuestion } from "../schema.ts";

// The PostgreSQL twin of src/db/schema.ts (the SQLite store): the same tables, columns and indexes, with the same
// TypeScript row types (test/db/pg-schema.test.ts holds them equal), so the services run on either store. Times
// are milliseconds since the epoch (bigint read as a number); role lists and limits are JSON.

const millis = (name: string) => bigint(name, { mode: "number" });
const roleList = (name: string) => jsonb(name).$type<string[]>().notNull().default(sql`'[]'::jsonb`);
const serialId = () => bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity();

/** A Discord server the bot serves. */
export const guilds = pgTable("guilds", {
  id: text("id").primaryKey(),
  logChannelId: text("log_channel_id"),
  commandHash: text("command_hash"),
  language: text("language"),
  formRetentionDays: integer("form_retention_days").notNull().default(30),
  banSync: boolean("ban_sync").notNull().default(false),
  createdAt: millis("created_at").notNull(),
});

/** Staff's own wording of a public text in a guild. */
export const guildTexts = pgTable(
  "guild_texts",
  {
    guildId: text("guild_id")
      .notNull()
      .references(() => guilds.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    text: text("text").notNull(),
    updatedBy: text("updated_by").notNull(),
    updatedAt: millis("updated_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.key] })],
);

/** A named whitelist of a guild. */
export const whitelists = pgTable(
  "whitelists",
  {
    id: text("id").primaryKey(),
    guildId: text("guild_id")
      .notNull()
      .references(() => guilds.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    nameKey: text("name_key").notNull(),
    channelId: text("channel_id").notNull(),
    nickType: text("nick_type", { enum: ["java", "premium", "offline", "bedrock"] }).notNull(),
    registrationMode: text("registration_mode", { enum: ["command", "message", "approval"] }).notNull(),
    maxNicksPerUser: integer("max_nicks_per_user").notNull().default(1),
    enabled: boolean("enabled").notNull().default(true),
    removeOnLeave: boolean("remove_on_leave").notNull().default(true),
    requiredRoleIds: roleList("required_role_ids"),
    grantedRoleIds: roleList("granted_role_ids"),
    managerRoleIds: roleList("manager_role_ids"),
    floodgatePrefix: text("floodgate_prefix").notNull().default("."),
    replaceSpaces: boolean("replace_spaces").notNull().default(true),
    onRoleLoss: text("on_role_loss", { enum: ["remove", "keep"] })
      .notNull()
      .default("remove"),
    roleLimits: jsonb("role_limits").$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    entryLifetimeSeconds: integer("entry_lifetime_seconds"),
    proof: text("proof", { enum: ["off", "required", "first-join"] })
      .notNull()
      .default("off"),
    proofWindowSeconds: integer("proof_window_seconds").notNull().default(86_400),
    form: jsonb("form").$type<readonly StoredQuestion[]>().notNull().default(sql`'[]'::jsonb`),
    nicknameTemplate: text("nickname_template"),
    createdAt: millis("created_at").notNull(),
  },
  (table) => [uniqueIndex("whitelists_guild_name_key").on(table.guildId, table.nameKey)],
);

/** A nick on a whitelist, owned by one Discord member. */
export const entries = pgTable(
  "entries",
  {
    id: serialId(),
    whitelistId: text("whitelist_id")
      .notNull()
      .references(() => whitelists.id, { onDelete: "cascade" }),
    nick: text("nick").notNull(),
    nickKey: text("nick_key").notNull(),
    uuid: text("uuid"),
    premium: boolean("premium").notNull(),
    gamertag: text("gamertag"),
    xuid: text("xuid"),
    userId: text("user_id").notNull(),
    addedBy: text("added_by").notNull(),
    origin: text("origin", { enum: ["discord", "staff"] }).notNull(),
    grantedRoleIds: roleList("granted_role_ids"),
    createdAt: millis("created_at").notNull(),
    expiresAt: millis("expires_at"),
    nameCheckedAt: millis("name_checked_at"),
    verified: boolean("verified").notNull().default(false),
    proofDueAt: millis("proof_due_at"),
    guest: boolean("guest").notNull().default(false),
    note: text("note"),
    groups: jsonb("groups").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (table) => [
    uniqueIndex("entries_whitelist_nick_key").on(table.whitelistId, table.nickKey),
    index("entries_user").on(table.userId),
    index("entries_whitelist_user").on(table.whitelistId, table.userId),
    index("entries_expires").on(table.expiresAt),
    index("entries_proof_due").on(table.proofDueAt),
  ],
);

/** A nick staff refuse on a whitelist, whoever registers it; premium ones also by UUID. */
export const deniedNicks = pgTable(
  "denied_nicks",
  {
    id: serialId(),
    whitelistId: text("whitelist_id")
      .notNull()
      .references(() => whitelists.id, { onDelete: "cascade" }),
    nick: text("nick").notNull(),
    nickKey: text("nick_key").notNull(),
    uuid: text("uuid"),
    reason: text("reason"),
    deniedBy: text("denied_by").notNull(),
    createdAt: millis("created_at").notNull(),
    bannedUserId: text("banned_user_id"),
  },
  (table) => [
    uniqueIndex("denied_nicks_whitelist_nick_key").on(table.whitelistId, table.nickKey),
    index("denied_nicks_whitelist_uuid").on(table.whitelistId, table.uuid),
    index("denied_nicks_banned_user").on(table.bannedUserId),
  ],
);

/** A member whose server nickname the bot manages (src/db/schema.ts). */
export const memberNicknames = pgTable(
  "member_nicknames",
  {
    guildId: text("guild_id").notNull(),
    userId: text("user_id").notNull(),
    original: text("original"),
    applied: text("applied"),
    released: boolean("released").notNull().default(false),
    failure: text("failure"),
    updatedAt: millis("updated_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.userId] })],
);

/** A role mapped to a game group on a whitelist (src/db/schema.ts). */
export const rankMappings = pgTable(
  "rank_mappings",
  {
    whitelistId: text("whitelist_id")
      .notNull()
      .references(() => whitelists.id, { onDelete: "cascade" }),
    roleId: text("role_id").notNull(),
    groupName: text("group_name").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: millis("created_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.whitelistId, table.roleId, table.groupName] })],
);

/** An entry owner's Discord roles as the bot last saw them (src/db/schema.ts). */
export const memberRoles = pgTable(
  "member_roles",
  {
    guildId: text("guild_id").notNull(),
    userId: text("user_id").notNull(),
    roleIds: roleList("role_ids"),
    updatedAt: millis("updated_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.userId] })],
);

/** A link key; only its SHA-256 is stored. */
export const linkKeys = pgTable(
  "link_keys",
  {
    id: text("id").primaryKey(),
    guildId: text("guild_id")
      .notNull()
      .references(() => guilds.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    whitelistId: text("whitelist_id"),
    mayRemove: boolean("may_remove").notNull().default(true),
    keyHash: text("key_hash").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: millis("created_at").notNull(),
    lastUsedAt: millis("last_used_at"),
    revokedAt: millis("revoked_at"),
    webhookUrl: text("webhook_url"),
    webhookSecret: text("webhook_secret"),
    webhookLastStatus: integer("webhook_last_status"),
    webhookLastError: text("webhook_last_error"),
    webhookLastDurationMs: integer("webhook_last_duration_ms"),
    webhookLastAt: millis("webhook_last_at"),
  },
  (table) => [uniqueIndex("link_keys_hash").on(table.keyHash), index("link_keys_guild").on(table.guildId)],
);

/** What the `sync` agent on a link key last reported of itself (src/db/schema.ts). */
export const agentStatus = pgTable("agent_status", {
  keyId: text("key_id")
    .primaryKey()
    .references(() => linkKeys.id, { onDelete: "cascade" }),
  agent: text("agent").notNull(),
  mode: text("mode", { enum: ["file", "management"] }).notNull(),
  format: text("format"),
  applied: text("applied"),
  drift: integer("drift").notNull(),
  error: text("error"),
  errorAt: millis("error_at"),
  connected: boolean("connected").notNull(),
  socket: text("socket").notNull(),
  seenAt: millis("seen_at").notNull(),
});

/** A decision of a follower's dashboard waiting for the leader to tell Discord (src/db/schema.ts). */
export const decisionNotices = pgTable("decision_notices", {
  requestId: text("request_id")
    .primaryKey()
    .references(() => registrationRequests.id, { onDelete: "cascade" }),
  actorId: text("actor_id").notNull(),
  createdAt: millis("created_at").notNull(),
});

/** The outbox: one row per change, written in the same transaction as the change. */
export const events = pgTable(
  "events",
  {
    id: serialId(),
    guildId: text("guild_id").notNull(),
    whitelistId: text("whitelist_id").notNull(),
    type: text("type", { enum: ["entry.added", "entry.removed", "entry.groups"] }).notNull(),
    payload: text("payload").notNull(),
    detail: text("detail"),
    createdAt: millis("created_at").notNull(),
  },
  (table) => [
    index("events_guild_id").on(table.guildId, table.id),
    index("events_created").on(table.createdAt),
  ],
);

/** A member's registration on an `approval` whitelist. */
export const registrationRequests = pgTable(
  "registration_requests",
  {
    id: text("id").primaryKey(),
    whitelistId: text("whitelist_id")
      .notNull()
      .references(() => whitelists.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    nick: text("nick").notNull(),
    nickKey: text("nick_key").notNull(),
    uuid: text("uuid"),
    premium: boolean("premium").notNull(),
    gamertag: text("gamertag"),
    xuid: text("xuid"),
    status: text("status", { enum: ["pending", "approved", "rejected", "cancelled"] }).notNull(),
    requestMessageId: text("request_message_id"),
    decidedBy: text("decided_by"),
    decidedAt: millis("decided_at"),
    decisionReason: text("decision_reason"),
    createdAt: millis("created_at").notNull(),
  },
  (table) => [
    index("registration_requests_whitelist_user").on(table.whitelistId, table.userId, table.status),
    uniqueIndex("registration_requests_pending_nick")
      .on(table.whitelistId, table.userId, table.nickKey)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/** A member's answers to a whitelist's form. */
export const formAnswers = pgTable(
  "form_answers",
  {
    id: serialId(),
    guildId: text("guild_id").notNull(),
    whitelistId: text("whitelist_id")
      .notNull()
      .references(() => whitelists.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    requestId: text("request_id").references(() => registrationRequests.id, { onDelete: "cascade" }),
    entryId: bigint("entry_id", { mode: "number" }).references(() => entries.id, { onDelete: "cascade" }),
    answers: jsonb("answers").$type<StoredAnswer[]>().notNull(),
    createdAt: millis("created_at").notNull(),
    closedAt: millis("closed_at"),
  },
  (table) => [
    index("form_answers_guild_user").on(table.guildId, table.userId),
    index("form_answers_request").on(table.requestId),
    index("form_answers_entry").on(table.entryId),
    index("form_answers_closed").on(table.closedAt),
  ],
);

/** A Java account a member proved they own, linked to them in one guild. */
export const linkedAccounts = pgTable(
  "linked_accounts",
  {
    id: serialId(),
    guildId: text("guild_id").notNull(),
    userId: text("user_id").notNull(),
    uuid: text("uuid").notNull(),
    name: text("name").notNull(),
    method: text("method", { enum: ["java-login", "first-join"] }).notNull(),
    linkedAt: millis("linked_at").notNull(),
  },
  (table) => [
    uniqueIndex("linked_accounts_guild_uuid").on(table.guildId, table.uuid),
    index("linked_accounts_guild_user").on(table.guildId, table.userId),
  ],
);

/** A proof code until it is typed or expires; only its SHA-256 is stored. */
export const proofCodes = pgTable(
  "proof_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    uuid: text("uuid").notNull(),
    name: text("name").notNull(),
    method: text("method", { enum: ["java-login", "first-join"] }).notNull(),
    guildId: text("guild_id"),
    userId: text("user_id"),
    whitelistId: text("whitelist_id"),
    createdAt: millis("created_at").notNull(),
    expiresAt: millis("expires_at").notNull(),
    usedAt: millis("used_at"),
    usedBy: text("used_by"),
    usedIn: text("used_in"),
  },
  (table) => [index("proof_codes_expires").on(table.expiresAt)],
);

/** A code typed that was no live code: a Discord user's attempts are limited by these. */
export const proofAttempts = pgTable(
  "proof_attempts",
  {
    id: serialId(),
    userId: text("user_id").notNull(),
    at: millis("at").notNull(),
  },
  (table) => [
    index("proof_attempts_user").on(table.userId, table.at),
    index("proof_attempts_at").on(table.at),
  ],
);

/** A sign-in to the dashboard (src/dashboard/sessions.ts). */
export const dashboardSessions = pgTable(
  "dashboard_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: text("user_id").notNull(),
    userName: text("user_name").notNull(),
    locale: text("locale"),
    guilds: jsonb("guilds").$type<SessionGuild[]>().notNull(),
    guildsAt: millis("guilds_at").notNull(),
    csrf: text("csrf").notNull(),
    discordTokens: text("discord_tokens").notNull(),
    createdAt: millis("created_at").notNull(),
    lastSeenAt: millis("last_seen_at").notNull(),
    expiresAt: millis("expires_at").notNull(),
  },
  (table) => [
    index("dashboard_sessions_user").on(table.userId),
    index("dashboard_sessions_expires").on(table.expiresAt),
  ],
);

/**
 * Where the cluster's leader stands in the outbox: every side effect of every event up to `eventId` is done
 * (src/cluster/outbox.ts).
 */
export const outboxCursor = pgTable("outbox_cursor", {
  name: text("name").primaryKey(),
  eventId: bigint("event_id", { mode: "number" }).notNull(),
});

/**
 * The side effects (`webhooks`, `roles`) done for events past the outbox cursor, one row each: a new leader
 * skips them and repeats only those that were in flight (src/cluster/outbox.ts).
 */
export const outboxDone = pgTable(
  "outbox_done",
  {
    eventId: bigint("event_id", { mode: "number" }).notNull(),
    effect: text("effect").notNull(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.effect] })],
);

/**
 * The leader's lease (src/cluster/lease.ts): who leads (`holder`, a replica's id) in which term (`epoch`, bumped at
 * each change of leader), until when by the database's clock (`expiresAt`, renewed every 2 s), and the database
 * session holding its advisory lock (`pid`, `backendStart`), which a successor ends to fence a leader that stopped
 * renewing.
 */
export const leaderLease = pgTable("leader_lease", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  epoch: bigint("epoch", { mode: "number" }).notNull(),
  pid: integer("pid").notNull(),
  backendStart: text("backend_start").notNull(),
  expiresAt: millis("expires_at").notNull(),
});
