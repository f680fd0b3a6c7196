import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { preparedRead } from "../db/driver.ts";
import type { Store, Tables, Tx } from "../db/store.ts";
import type { Write } from "../db/writer.ts";
import type { GuildService } from "../guilds/service.ts";
import { type Text, text } from "../i18n/messages.ts";
import { FLOODGATE_PREFIX_PATTERN } from "../nicks/floodgate.ts";
import { nickTypeSpecs, nickTypes } from "../nicks/types.ts";
import type { Clock } from "../shared/clock.ts";
import { DomainError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { type Droppable, kept } from "../shared/kept.ts";
import { clip } from "../shared/text.ts";
import { checkForm, type FormQuestion } from "./form.ts";
import { requireLifetime, requireProofWindow } from "./lifetime.ts";
import {
  MAX_ROLE_LIMIT,
  type NickType,
  type ProofSetting,
  proofSettings,
  type RegistrationMode,
  type RoleLossPolicy,
  roleLossPolicies,
  type Whitelist,
  type WhitelistRef,
} from "./model.ts";
import { nameKey } from "./name.ts";
import { checkTemplate } from "./nickname-template.ts";

/** What creating a whitelist takes. */
export type NewWhitelist = {
  guildId: string;
  name: string;
  channelId: string;
  nickType: NickType;
  registrationMode: RegistrationMode;
  maxNicksPerUser?: number;
  enabled?: boolean;
  removeOnLeave?: boolean;
  requiredRoleIds?: string[];
  grantedRoleIds?: string[];
  managerRoleIds?: string[];
  /** Bedrock whitelists: Floodgate's prefix and replace-spaces (defaults: `.` and true, as Floodgate's). */
  floodgatePrefix?: string;
  replaceSpaces?: boolean;
  /** Entries of members who lose every required role: removed (default) or kept. */
  onRoleLoss?: RoleLossPolicy;
  /** Nick limits by role id (see Whitelist.roleLimits). */
  roleLimits?: Record<string, number>;
  /** How long a member's own registration lasts, in seconds; null: for good. */
  entryLifetimeSeconds?: number | null;
  /** Whether members must prove the accounts they register, and how (where the nick type's accounts can be). */
  proof?: ProofSetting;
  /** `first-join`: how long an unproven registration waits for its proof, in seconds (default a day). */
  proofWindowSeconds?: number;
  /** The questions members answer when they register (none: no form); see src/whitelists/form.ts. */
  form?: readonly FormQuestion[];
  /** The template members' server nicknames follow (`{discord} ({mc})`); null: the bot leaves them alone. */
  nicknameTemplate?: string | null;
};

/** Fields of a whitelist that can be changed after creation. */
export type WhitelistChanges = Partial<Omit<NewWhitelist, "guildId">>;

/** Whitelists of guilds. */
export type WhitelistService = ReturnType<typeof createWhitelistService>;

const NAME_PATTERN = /^[\p{L}\p{N}_-]{1,32}$/u;
const SNOWFLAKE = /^[0-9]{1,20}$/;

/**
 * Nick limits by role (docs/decisions.md, Access follows roles): each a role id of the guild other than @everyone
 * (whose id is the guild's: every member holds it, so its limit would be everyone's, which is `maxNicksPerUser`),
 * and a whole number from 1 to MAX_ROLE_LIMIT. Whether the role exists is for the bot to check: only Discord knows.
 */
function checkRoleLimits(guildId: string, limits: Record<string, number>): void {
  for (const [roleId, limit] of Object.entries(limits)) {
    if (!SNOWFLAKE.test(roleId)) {
      throw new DomainError("invalid-input", text("error.roleLimit.notRole", { given: clip(roleId) }));
    }
    if (roleId === guildId) {
      // The command is named as English reads it: a service knows no reader's language.
      throw new DomainError(
        "invalid-input",
        text("error.roleLimit.everyone", { command: "/whitelist edit max-nicks" }),
      );
    }
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_ROLE_LIMIT) {
      throw new DomainError(
        "invalid-input",
        text("error.roleLimit.range", { max: MAX_ROLE_LIMIT, given: clip(String(limit)) }),
      );
    }
  }
}

/** Checks settings as given; answers them as stored (a nickname template sanitized as Discord stores names). */
function checkSettings<T extends WhitelistChanges>(changes: T, guildId: string): T {
  if (changes.name !== undefined && !NAME_PATTERN.test(changes.name)) {
    throw new DomainError("invalid-input", text("error.whitelist.name"));
  }
  if (
    changes.maxNicksPerUser !== undefined &&
    (!Number.isInteger(changes.maxNicksPerUser) || changes.maxNicksPerUser < 1)
  ) {
    throw new DomainError("invalid-input", text("error.whitelist.maxNicks"));
  }
  if (changes.floodgatePrefix !== undefined && !FLOODGATE_PREFIX_PATTERN.test(changes.floodgatePrefix)) {
    throw new DomainError("invalid-input", text("error.whitelist.floodgatePrefix"));
  }
  if (changes.entryLifetimeSeconds !== undefined && changes.entryLifetimeSeconds !== null) {
    requireLifetime(changes.entryLifetimeSeconds);
  }
  if (changes.onRoleLoss !== undefined && !roleLossPolicies.includes(changes.onRoleLoss)) {
    throw new DomainError(
      "invalid-input",
      text("error.whitelist.onRoleLoss", { allowed: roleLossPolicies.join(", ") }),
    );
  }
  if (changes.roleLimits !== undefined) checkRoleLimits(guildId, changes.roleLimits);
  if (changes.proofWindowSeconds !== undefined) requireProofWindow(changes.proofWindowSeconds);
  if (changes.form !== undefined) checkForm(changes.form);
  if (changes.nicknameTemplate === undefined || changes.nicknameTemplate === null) return changes;
  return { ...changes, nicknameTemplate: checkTemplate(changes.nicknameTemplate) };
}

/** The nick types whose accounts a proof mode can prove, as a sentence's list: "java and premium". */
function provable(mode: Exclude<ProofSetting, "off">): Text {
  const types = nickTypes.filter((type) => nickTypeSpecs[type].proofs.includes(mode));
  const last = types.at(-1) ?? "";
  return types.length > 1
    ? text("error.whitelist.types", { list: types.slice(0, -1).join(", "), last })
    : text("common.verbatim", { text: last });
}

/** Proof may be asked only in a way the nick type's accounts can be proven (src/nicks/types.ts). */
function checkProof(proof: ProofSetting | undefined, nickType: NickType): void {
  if (proof === undefined || proof === "off") return;
  if (!proofSettings.includes(proof)) {
    throw new DomainError(
      "invalid-input",
      text("error.whitelist.proof", { allowed: proofSettings.join(", ") }),
    );
  }
  if (!nickTypeSpecs[nickType].proofs.includes(proof)) {
    throw new DomainError(
      "invalid-input",
      text(proof === "required" ? "error.whitelist.proof.required" : "error.whitelist.proof.firstJoin", {
        types: provable(proof),
        nickType,
      }),
    );
  }
}

type WhitelistRow = Tables["whitelists"]["$inferSelect"];

/** A whitelist from its row, frozen (role lists too): cached copies are shared, so nobody may change one. */
function toWhitelist(row: WhitelistRow): Whitelist {
  const { nameKey: _nameKey, createdAt: _createdAt, ...whitelist } = row;
  Object.freeze(whitelist.requiredRoleIds);
  Object.freeze(whitelist.grantedRoleIds);
  Object.freeze(whitelist.managerRoleIds);
  Object.freeze(whitelist.roleLimits);
  for (const question of whitelist.form) Object.freeze(question);
  Object.freeze(whitelist.form);
  return Object.freeze(whitelist);
}

/** The refusal of a name that is, or looks like, one the guild has. */
const nameTaken = (wanted: string, existing: string) =>
  new DomainError(
    "name-taken",
    wanted === existing || wanted.toLowerCase() === existing.toLowerCase()
      ? text("error.whitelist.nameTaken", { name: clip(wanted) })
      : text("error.whitelist.nameLookalike", { name: clip(wanted), existing }),
  );

/** Creates the whitelist service. */
export function createWhitelistService({
  store,
  clock,
  write,
  guilds,
}: {
  store: Store;
  clock: Clock;
  write: Write;
  guilds: Pick<GuildService, "ensureIn">;
}) {
  const {
    db,
    tables: { whitelists },
  } = store;
  // Every API request looks its whitelist up by id; all writes go through this service, which keeps the map
  // current, so reads cost a map lookup instead of a query.
  const byId = new Map<string, Whitelist>();
  const remember = (whitelist: Whitelist) => {
    byId.set(whitelist.id, whitelist);
    return whitelist;
  };
  // A guild's whitelists, by name key, built once: every registration, command and lookup finds its whitelist
  // among them (docs/performance.md, Launch day, queries built once).
  const guildRows = preparedRead<WhitelistRow>(db, "whitelists_of_guild", (q) =>
    q
      .select()
      .from(whitelists)
      .where(eq(whitelists.guildId, sql.placeholder("guildId")))
      .orderBy(asc(whitelists.nameKey)),
  );
  // Kept in memory per guild (docs/architecture.md, Settings kept in memory): read once, dropped once a change of
  // one of them commits here (create, update, delete) or on another replica (src/cluster/replica.ts). A guild has a
  // handful of whitelists; a registration reads them before its answer.
  const ofGuild = kept(
    async (guildId): Promise<readonly Whitelist[]> =>
      Object.freeze((await guildRows(db, { guildId })).map(toWhitelist)),
  );
  // Compared on the names themselves, not the stored keys: whitelists named before look-alikes were folded
  // (their stored key is only lower-cased) are matched the same way.
  const named = (list: readonly Whitelist[], name: string) => {
    const key = nameKey(name);
    return list.find((whitelist) => nameKey(whitelist.name) === key);
  };
  const byName = async (guildId: string, name: string) => named(await ofGuild.get(guildId), name);

  /** One `message`-mode whitelist per channel: a plain message there can only register on one. */
  const requireFreeMessageChannel = async (
    guildId: string,
    settings: Pick<Whitelist, "channelId" | "registrationMode">,
    self?: string,
  ) => {
    if (settings.registrationMode !== "message") return;
    const rows = await db
      .select({ id: whitelists.id, name: whitelists.name })
      .from(whitelists)
      .where(
        and(
          eq(whitelists.guildId, guildId),
          eq(whitelists.channelId, settings.channelId),
          eq(whitelists.registrationMode, "message"),
        ),
      );
    const taken = rows.find((row) => row.id !== self);
    if (taken) {
      throw new DomainError(
        "invalid-input",
        text("error.whitelist.messageChannel", { whitelist: taken.name }),
      );
    }
  };

  return {
    /** Creates a whitelist; names are unique per guild whatever their letter case. */
    async create(given: NewWhitelist): Promise<Whitelist> {
      const input = checkSettings(given, given.guildId);
      checkProof(input.proof, input.nickType);
      return write(
        async (tx) => {
          await guilds.ensureIn(tx, input.guildId);
          const same = await byName(input.guildId, input.name);
          if (same) throw nameTaken(input.name, same.name);
          await requireFreeMessageChannel(input.guildId, input);
          const [row] = await tx
            .insert(whitelists)
            .values({ id: newId(), ...input, nameKey: nameKey(input.name), createdAt: clock.now() })
            .returning();
          return toWhitelist(row as WhitelistRow);
        },
        (created) => ofGuild.drop(created.guildId),
      );
    },

    /** A whitelist by id if it is in memory (read before, unchanged since), without waiting: the entries read. */
    cached(id: string): Whitelist | undefined {
      return byId.get(id);
    },

    /** A whitelist by id, whatever its guild. */
    async get(id: string): Promise<Whitelist | undefined> {
      const cached = byId.get(id);
      if (cached) return cached;
      const [row] = await db.select().from(whitelists).where(eq(whitelists.id, id));
      return row && remember(toWhitelist(row));
    },

    /** A guild's whitelist by id or by name (case-insensitive), as every `whitelist` command option accepts. */
    async find(guildId: string, idOrName: string): Promise<Whitelist | undefined> {
      // The guild's whitelists answer both: by id first, else by name.
      const list = await ofGuild.get(guildId);
      return list.find((one) => one.id === idOrName) ?? named(list, idOrName);
    },

    /**
     * The whitelist a command means: by id or name (`whitelist`), else the one bound to `channelId`, else the
     * guild's only one. Throws "whitelist-not-found" (none by that name, or none at all) or "whitelist-required"
     * (several fit), with the names in the details.
     */
    async resolve(ref: WhitelistRef): Promise<Whitelist> {
      const named = ref.whitelist?.trim();
      if (named) {
        const found = await this.find(ref.guildId, named);
        if (found) return found;
        throw DomainError.with(
          "whitelist-not-found",
          text("error.whitelist.unknown", { name: clip(named) }),
          { named },
        );
      }
      const all = await this.listForGuild(ref.guildId);
      const bound = ref.channelId ? all.filter((wl) => wl.channelId === ref.channelId) : [];
      const candidates = bound.length > 0 ? bound : all;
      if (candidates.length === 1) return candidates[0] as Whitelist;
      if (candidates.length === 0) {
        throw DomainError.with("whitelist-not-found", text("error.whitelist.none"), { named: null });
      }
      const names = candidates.map((wl) => wl.name);
      throw DomainError.with(
        "whitelist-required",
        text("error.whitelist.which", { names: names.join(", ") }),
        {
          names,
        },
      );
    },

    /** Whether any whitelist (of any guild) registers in this mode: `message` needs the Message Content intent. */
    async anyInMode(mode: RegistrationMode): Promise<boolean> {
      const rows = await db
        .select({ id: whitelists.id })
        .from(whitelists)
        .where(eq(whitelists.registrationMode, mode))
        .limit(1);
      return rows.length > 0;
    },

    /** Whether any whitelist (of any guild) gives members nicknames that follow their nicks (Manage Nicknames). */
    async anyWithNicknames(): Promise<boolean> {
      const rows = await db
        .select({ id: whitelists.id })
        .from(whitelists)
        .where(isNotNull(whitelists.nicknameTemplate))
        .limit(1);
      return rows.length > 0;
    },

    /** Every whitelist registering in one mode, in every guild. */
    async listByMode(mode: RegistrationMode): Promise<Whitelist[]> {
      const rows = await db.select().from(whitelists).where(eq(whitelists.registrationMode, mode));
      return rows.map(toWhitelist);
    },

    /** Every whitelist taking one kind of nick, in every guild. */
    async listByNickType(nickType: NickType): Promise<Whitelist[]> {
      const rows = await db.select().from(whitelists).where(eq(whitelists.nickType, nickType));
      return rows.map(toWhitelist);
    },

    /** Every whitelist of a guild, by name. */
    async listForGuild(guildId: string): Promise<Whitelist[]> {
      return [...(await ofGuild.get(guildId))];
    },

    /**
     * The nickname templates of a guild's whitelists, by whitelist id (only those that have one): what the nickname
     * follower reads after every change, from the guild's whitelists kept in memory.
     */
    async nicknameTemplates(guildId: string): Promise<Map<string, string>> {
      const templates = new Map<string, string>();
      // Never empty: a template holds `{mc}` (checkTemplate).
      for (const { id, nicknameTemplate } of await ofGuild.get(guildId))
        if (nicknameTemplate !== null) templates.set(id, nicknameTemplate);
      return templates;
    },

    /** Changes a whitelist's settings. */
    async update(id: string, given: WhitelistChanges): Promise<Whitelist> {
      return write(
        async (tx) => {
          const current = await this.get(id);
          if (!current) throw new DomainError("whitelist-not-found", text("error.whitelist.gone"));
          const changes = checkSettings(given, current.guildId);
          checkProof(changes.proof, changes.nickType ?? current.nickType);
          if (changes.name !== undefined) {
            const same = await byName(current.guildId, changes.name);
            if (same && same.id !== id) throw nameTaken(changes.name, same.name);
          }
          await requireFreeMessageChannel(current.guildId, { ...current, ...changes }, id);
          const [row] = await tx
            .update(whitelists)
            .set({ ...changes, ...(changes.name === undefined ? {} : { nameKey: nameKey(changes.name) }) })
            .where(eq(whitelists.id, id))
            .returning();
          return toWhitelist(row as WhitelistRow);
        },
        (updated) => {
          remember(updated);
          ofGuild.drop(updated.guildId);
        },
      );
    },

    /**
     * Inside the caller's transaction: deletes a whitelist and, by cascade, its registration requests.
     * Entries must be gone already: only the entry service removes one, with its event (see
     * src/registration/deletion.ts). Call `forget` once committed.
     */
    async deleteIn(tx: Tx, id: string): Promise<Whitelist> {
      const [row] = await tx.delete(whitelists).where(eq(whitelists.id, id)).returning();
      if (!row) throw new DomainError("whitelist-not-found", text("error.whitelist.gone"));
      return toWhitelist(row);
    },

    /** Drops a deleted whitelist from the lookup cache by id (its guild's list: `ofGuild`). */
    forget(id: string): void {
      byId.delete(id);
    },

    /**
     * Each guild's whitelists as kept in memory: dropped here once a change commits, and by the replica when
     * another one's commit is told (src/cluster/replica.ts).
     */
    ofGuild: ofGuild as Droppable,

    /** The ids of the whitelists in the lookup cache (a replica that missed notices checks them again). */
    cachedIds(): string[] {
      return [...byId.keys()];
    },
  };
}
