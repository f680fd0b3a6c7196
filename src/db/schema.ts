import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// The accounts' tables (linked accounts, proof codes and attempts) are in a file of their own, part of this schema.
export * from "./schema-accounts.ts";

/** Timestamps are integer milliseconds since the epoch (UTC). Role lists are JSON arrays of snowflakes. */
const roleList = (name: string) =>
  text(name, { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`);

/** A question of a whitelist's application form (its rules: src/whitelists/form.ts). */
export type StoredQuestion = {
  label: string;
  style: "short" | "paragraph";
  required: boolean;
  minLength: number;
  maxLength: number;
  placeholder: string | null;
};

/** A member's answer to one question of a form, with the question as they were asked it. */
export type StoredAnswer = { question: string; answer: string };

/** A Discord server the bot serves. */
export const guilds = sqliteTable("guilds", {
  id: text("id").primaryKey(),
  logChannelId: text("log_channel_id"),
  commandHash: text("command_hash"),
  /** The language staff chose for what everyone reads (src/i18n); null: Discord's server language. */
  language: text("language"),
  /** How many days form answers stay once their request is decided (or their registration made). */
  formRetentionDays: integer("form_retention_days").notNull().default(30),
  /** Discord bans reach the deny list: a banned member's nicks are denied until the unban (docs/decisions.md). */
  banSync: integer("ban_sync", { mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at").notNull(),
});

/** Staff's own wording of a public text in a guild (`/texts set`), by catalogue key (src/guilds/texts.ts). */
export const guildTexts = sqliteTable(
  "guild_texts",
  {
    guildId: text("guild_id")
      .notNull()
      .references(() => guilds.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    text: text("text").notNull(),
    updatedBy: text("updated_by").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.key] })],
);

/** A named whitelist of a guild. */
export const whitelists = sqliteTable(
  "whitelists",
  {
    id: text("id").primaryKey(),
    guildId: text("guild_id")
      .notNull()
      .references(() => guilds.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Lower-cased name: names are unique per guild whatever their letter case. */
    nameKey: text("name_key").notNull(),
    channelId: text("channel_id").notNull(),
    nickType: text("nick_type", { enum: ["java", "premium", "offline", "bedrock"] }).notNull(),
    registrationMode: text("registration_mode", { enum: ["command", "message", "approval"] }).notNull(),
    maxNicksPerUser: integer("max_nicks_per_user").notNull().default(1),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    removeOnLeave: integer("remove_on_leave", { mode: "boolean" }).notNull().default(true),
    requiredRoleIds: roleList("required_role_ids"),
    grantedRoleIds: roleList("granted_role_ids"),
    managerRoleIds: roleList("manager_role_ids"),
    /** Bedrock whitelists: the game server's Floodgate `username-prefix` and `replace-spaces`. */
    floodgatePrefix: text("floodgate_prefix").notNull().default("."),
    replaceSpaces: integer("replace_spaces", { mode: "boolean" }).notNull().default(true),
    /** What happens to a member's entries when they lose every required role: removed, or kept. */
    onRoleLoss: text("on_role_loss", { enum: ["remove", "keep"] })
      .notNull()
      .default("remove"),
    /** Per-role nick limits (role id → max nicks); a member's limit is the highest of theirs, else maxNicksPerUser. */
    roleLimits: text("role_limits", { mode: "json" })
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'`),
    /** How long a member's own registration lasts, in seconds; null: for good. */
    entryLifetimeSeconds: integer("entry_lifetime_seconds"),
    /**
     * Whether members must prove they own the account they register (docs/decisions.md, Proof of ownership): not
     * asked, before registering (`required`), or when they first join the game server (`first-join`).
     */
    proof: text("proof", { enum: ["off", "required", "first-join"] })
      .notNull()
      .default("off"),
    /** `first-join`: how long a member's unproven registration waits for its proof, in seconds. */
    proofWindowSeconds: integer("proof_window_seconds").notNull().default(86_400),
    /** The application form a member fills in when registering (docs/decisions.md, Application forms). */
    form: text("form", { mode: "json" }).$type<readonly StoredQuestion[]>().notNull().default(sql`'[]'`),
    /** The member's server nickname while they hold a nick here (`{discord} ({mc})`); null: left alone. */
    nicknameTemplate: text("nickname_template"),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [uniqueIndex("whitelists_guild_name_key").on(table.guildId, table.nameKey)],
);

/** A nick on a whitelist, owned by one Discord member. */
export const entries = sqliteTable(
  "entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    whitelistId: text("whitelist_id")
      .notNull()
      .references(() => whitelists.id, { onDelete: "cascade" }),
    nick: text("nick").notNull(),
    /** The nick folded for comparison: a nick is unique per whitelist case-insensitively. */
    nickKey: text("nick_key").notNull(),
    /** The premium account's UUID, or a Bedrock player's Floodgate UUID once their XUID is known. */
    uuid: text("uuid"),
    premium: integer("premium", { mode: "boolean" }).notNull(),
    /** Bedrock entries: the Xbox gamertag the nick is spelled from, and its XUID (null until looked up). */
    gamertag: text("gamertag"),
    xuid: text("xuid"),
    userId: text("user_id").notNull(),
    addedBy: text("added_by").notNull(),
    origin: text("origin", { enum: ["discord", "staff"] }).notNull(),
    /** Roles the bot actually granted for this entry; roles the member already had are never listed. */
    grantedRoleIds: roleList("granted_role_ids"),
    createdAt: integer("created_at").notNull(),
    /** When the entry is removed by itself (origin `expired`); null: never. */
    expiresAt: integer("expires_at"),
    /** Premium entries: when Mojang was last asked for the account's current name (renames). */
    nameCheckedAt: integer("name_checked_at"),
    /** Its owner had proven the account (linked it in the guild) when it was stored, or has since. */
    verified: integer("verified", { mode: "boolean" }).notNull().default(false),
    /**
     * Awaiting proof at first join (docs/link.md, First-join proof): when it is removed (origin `expired`) unless its
     * owner proves the account by then; null: nothing to prove.
     */
    proofDueAt: integer("proof_due_at"),
    /**
     * A player without Discord whom staff added (docs/decisions.md, Players without Discord): `userId` is the staff
     * member who added them, the entry counts against nobody's limit and goes with nobody's departure.
     */
    guest: integer("guest", { mode: "boolean" }).notNull().default(false),
    /** A guest's note, as staff wrote it (who they are); null for every other entry. */
    note: text("note"),
    /**
     * The game groups its owner holds now (docs/decisions.md, Ranks that follow roles): the whitelist's rank
     * mappings applied to the owner's roles and the entry's proof; sorted, each once.
     */
    groups: text("groups", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  },
  (table) => [
    uniqueIndex("entries_whitelist_nick_key").on(table.whitelistId, table.nickKey),
    index("entries_user").on(table.userId),
    // A member's nicks on one whitelist (the limit a registration checks): one look-up, whatever their other nicks.
    index("entries_whitelist_user").on(table.whitelistId, table.userId),
    index("entries_expires").on(table.expiresAt),
    index("entries_proof_due").on(table.proofDueAt),
  ],
);

/** A nick staff refuse on a whitelist, whoever registers it; premium ones also by UUID. */
export const deniedNicks = sqliteTable(
  "denied_nicks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    whitelistId: text("whitelist_id")
      .notNull()
      .references(() => whitelists.id, { onDelete: "cascade" }),
    /** As staff typed it (or the premium account's spelling). */
    nick: text("nick").notNull(),
    /** The nick folded for comparison, as in `entries`. */
    nickKey: text("nick_key").notNull(),
    /** The premium account's UUID when the nick is one: a renamed account stays denied. */
    uuid: text("uuid"),
    reason: text("reason"),
    deniedBy: text("denied_by").notNull(),
    createdAt: integer("created_at").notNull(),
    /** Set when a Discord ban made the denial (the banned user): their unban lifts it; null for staff's own. */
    bannedUserId: text("banned_user_id"),
  },
  (table) => [
    uniqueIndex("denied_nicks_whitelist_nick_key").on(table.whitelistId, table.nickKey),
    index("denied_nicks_whitelist_uuid").on(table.whitelistId, table.uuid),
    index("denied_nicks_banned_user").on(table.bannedUserId),
  ],
);

/**
 * A member whose server nickname the bot manages because a whitelist's nicks name them (docs/decisions.md,
 * Nicknames that follow the Minecraft name): what they had before, what the bot set, and what Discord refused.
 */
export const memberNicknames = sqliteTable(
  "member_nicknames",
  {
    guildId: text("guild_id").notNull(),
    userId: text("user_id").notNull(),
    /** Their nickname before the bot first set one (null: none), restored when their last such nick goes. */
    original: text("original"),
    /** The nickname the bot set last; null while it has set none (Discord refused). */
    applied: text("applied"),
    /** They (or staff) changed it since the bot set it: the bot leaves it alone from then on. */
    released: integer("released", { mode: "boolean" }).notNull().default(false),
    /** Why Discord refused the last change (the owner, a role above the bot's, a permission); null: it worked. */
    failure: text("failure"),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.userId] })],
);

/**
 * A Discord role (or `everyone` on the whitelist, or its `verified` accounts) mapped to a game group on a whitelist
 * (docs/decisions.md, Ranks that follow roles): its entries' owners holding the role are in the group.
 */
export const rankMappings = sqliteTable(
  "rank_mappings",
  {
    whitelistId: text("whitelist_id")
      .notNull()
      .references(() => whitelists.id, { onDelete: "cascade" }),
    /** A role's snowflake, or `everyone` / `verified` (src/whitelists/ranks.ts). */
    roleId: text("role_id").notNull(),
    /** The game group, as LuckPerms names it (lower case: src/whitelists/ranks.ts). */
    groupName: text("group_name").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.whitelistId, table.roleId, table.groupName] })],
);

/**
 * The Discord roles of an entry owner, as the bot last saw them in a guild: what their entries' groups follow
 * (src/entries/groups.ts), so a mapping edited on any replica is applied at once, without asking Discord.
 */
export const memberRoles = sqliteTable(
  "member_roles",
  {
    guildId: text("guild_id").notNull(),
    userId: text("user_id").notNull(),
    roleIds: roleList("role_ids"),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.userId] })],
);

/** A link key: the secret a game-server plugin or integrator uses. Only its SHA-256 is stored. */
export const linkKeys = sqliteTable(
  "link_keys",
  {
    id: text("id").primaryKey(),
    guildId: text("guild_id")
      .notNull()
      .references(() => guilds.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Null for a guild-wide key. Deliberately no foreign key: a deleted whitelist must never widen a key. */
    whitelistId: text("whitelist_id"),
    /** False for a read-only key (docs/api.md, Read-only keys); keys made before the choice existed may remove. */
    mayRemove: integer("may_remove", { mode: "boolean" }).notNull().default(true),
    keyHash: text("key_hash").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: integer("created_at").notNull(),
    lastUsedAt: integer("last_used_at"),
    revokedAt: integer("revoked_at"),
    webhookUrl: text("webhook_url"),
    webhookSecret: text("webhook_secret"),
    webhookLastStatus: integer("webhook_last_status"),
    webhookLastError: text("webhook_last_error"),
    webhookLastDurationMs: integer("webhook_last_duration_ms"),
    webhookLastAt: integer("webhook_last_at"),
  },
  (table) => [uniqueIndex("link_keys_hash").on(table.keyHash), index("link_keys_guild").on(table.guildId)],
);

/**
 * What the `sync` agent on a link key last reported of itself over its socket (docs/api.md, The agent's status):
 * one row per key, the last report wins. `connected` follows the reporting socket (`socket`, a random id per
 * socket): its close clears it, a close of an older socket of the key does not.
 */
export const agentStatus = sqliteTable("agent_status", {
  keyId: text("key_id")
    .primaryKey()
    .references(() => linkKeys.id, { onDelete: "cascade" }),
  agent: text("agent").notNull(),
  mode: text("mode", { enum: ["file", "management"] }).notNull(),
  format: text("format"),
  /** The last event id the agent applied (null: none yet, or a fresh fetch). */
  applied: text("applied"),
  /** Players someone else added to or removed from its file since the agent started. */
  drift: integer("drift").notNull(),
  error: text("error"),
  /** When the service first heard `error` (the agent's clock is not trusted). */
  errorAt: integer("error_at"),
  connected: integer("connected", { mode: "boolean" }).notNull(),
  socket: text("socket").notNull(),
  /** The last report, or the close of the reporting socket. */
  seenAt: integer("seen_at").notNull(),
});

/**
 * A decision made in the dashboard of a replica that does not lead, waiting for the leader's bot to tell Discord
 * of it (the request's post, the member): src/dashboard/decision-notices.ts. Deleted once told.
 */
export const decisionNotices = sqliteTable("decision_notices", {
  requestId: text("request_id")
    .primaryKey()
    .references(() => registrationRequests.id, { onDelete: "cascade" }),
  actorId: text("actor_id").notNull(),
  createdAt: integer("created_at").notNull(),
});

/** The outbox: one row per change, written in the same transaction as the change. */
export const events = sqliteTable(
  "events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    guildId: text("guild_id").notNull(),
    whitelistId: text("whitelist_id").notNull(),
    type: text("type", { enum: ["entry.added", "entry.removed", "entry.groups"] }).notNull(),
    /** The public message without its id, as JSON. */
    payload: text("payload").notNull(),
    /**
     * What subscribers of the change need beyond the public message (the entry as stored, who made it, roles
     * not granted), as JSON: another replica rebuilds the change from it (docs/architecture.md, Replicas).
     */
    detail: text("detail"),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    index("events_guild_id").on(table.guildId, table.id),
    index("events_created").on(table.createdAt),
  ],
);

/** A member's registration on an `approval` whitelist, waiting for (or decided by) a manager. */
export const registrationRequests = sqliteTable(
  "registration_requests",
  {
    id: text("id").primaryKey(),
    whitelistId: text("whitelist_id")
      .notNull()
      .references(() => whitelists.id, { onDelete: "cascade" }),
    /** The requesting member. */
    userId: text("user_id").notNull(),
    /** Normalised, in the canonical spelling for premium accounts. */
    nick: text("nick").notNull(),
    /** The nick folded for comparison, as in `entries`. */
    nickKey: text("nick_key").notNull(),
    uuid: text("uuid"),
    premium: integer("premium", { mode: "boolean" }).notNull(),
    /** Bedrock requests: the gamertag and its XUID, as in `entries`. */
    gamertag: text("gamertag"),
    xuid: text("xuid"),
    status: text("status", { enum: ["pending", "approved", "rejected", "cancelled"] }).notNull(),
    /** The log-channel message carrying the approve/reject buttons, once posted. */
    requestMessageId: text("request_message_id"),
    decidedBy: text("decided_by"),
    decidedAt: integer("decided_at"),
    /** Why staff decided so, when they said (the dashboard asks a reason of a rejection); null: none given. */
    decisionReason: text("decision_reason"),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    index("registration_requests_whitelist_user").on(table.whitelistId, table.userId, table.status),
    // A member cannot file the same nick twice while the first request waits.
    uniqueIndex("registration_requests_pending_nick")
      .on(table.whitelistId, table.userId, table.nickKey)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * A member's answers to a whitelist's form (docs/decisions.md, Application forms): personal data, kept with the
 * request they came with (and the entry it became) and deleted with the entry, when the member leaves, or once the
 * guild's retention has passed since `closedAt`.
 */
export const formAnswers = sqliteTable(
  "form_answers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    guildId: text("guild_id").notNull(),
    whitelistId: text("whitelist_id")
      .notNull()
      .references(() => whitelists.id, { onDelete: "cascade" }),
    /** The member who answered. */
    userId: text("user_id").notNull(),
    /** The request they came with, on an `approval` whitelist. */
    requestId: text("request_id").references(() => registrationRequests.id, { onDelete: "cascade" }),
    /** The entry they led to: the answers go with it. */
    entryId: integer("entry_id").references(() => entries.id, { onDelete: "cascade" }),
    answers: text("answers", { mode: "json" }).$type<StoredAnswer[]>().notNull(),
    createdAt: integer("created_at").notNull(),
    /** When the retention starts: the request decided, or the registration made; null while it waits. */
    closedAt: integer("closed_at"),
  },
  (table) => [
    index("form_answers_guild_user").on(table.guildId, table.userId),
    index("form_answers_request").on(table.requestId),
    index("form_answers_entry").on(table.entryId),
    index("form_answers_closed").on(table.closedAt),
  ],
);

/** A server the dashboard's signed-in person is on, as Discord listed it at sign-in (scope `guilds`). */
export type SessionGuild = { id: string; name: string };

/**
 * A sign-in to the dashboard (src/dashboard/sessions.ts): the cookie holds a random token, stored here only as its
 * SHA-256; the Discord tokens it got are kept encrypted, to refresh the person's servers and to revoke at sign-out.
 */
export const dashboardSessions = sqliteTable(
  "dashboard_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: text("user_id").notNull(),
    userName: text("user_name").notNull(),
    /** Their Discord client's language, the dashboard's second choice after the browser's. */
    locale: text("locale"),
    guilds: text("guilds", { mode: "json" }).$type<SessionGuild[]>().notNull(),
    /** When `guilds` was read from Discord (it is read again when it grows old). */
    guildsAt: integer("guilds_at").notNull(),
    /** The token every form of this session carries (docs/decisions.md, The dashboard). */
    csrf: text("csrf").notNull(),
    /** Discord's access and refresh tokens, AES-GCM sealed with a key derived from the client secret. */
    discordTokens: text("discord_tokens").notNull(),
    createdAt: integer("created_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (table) => [
    index("dashboard_sessions_user").on(table.userId),
    index("dashboard_sessions_expires").on(table.expiresAt),
  ],
);

/** Where the outbox's consumers stand (the event id each handled last): the cluster's leader, each log channel. */
export const outboxCursor = sqliteTable("outbox_cursor", {
  name: text("name").primaryKey(),
  eventId: integer("event_id").notNull(),
});

/** The side effects done past the outbox cursor (src/db/pg/schema.ts); PostgreSQL only, here for equal row types. */
export const outboxDone = sqliteTable(
  "outbox_done",
  {
    eventId: integer("event_id").notNull(),
    effect: text("effect").notNull(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.effect] })],
);

/** The leader's lease (src/db/pg/schema.ts); PostgreSQL only, here for equal row types. */
export const leaderLease = sqliteTable("leader_lease", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  epoch: integer("epoch").notNull(),
  pid: integer("pid").notNull(),
  backendStart: text("backend_start").notNull(),
  expiresAt: integer("expires_at").notNull(),
});
