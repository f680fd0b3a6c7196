import type { EntryRecord, RoleFailure } from "../entries/model.ts";
import type { NewEntry } from "../entries/service.ts";
import { type Text, text } from "../i18n/messages.ts";
import { nickKey } from "../nicks/key.ts";
import { type Identity, nickTypeSpecs, type Typed } from "../nicks/types.ts";
import { DomainError, type DomainErrorCode } from "../shared/errors.ts";
import type { Logger } from "../shared/logger.ts";
import { clip } from "../shared/text.ts";
import type { Whitelist, WhitelistRef } from "../whitelists/model.ts";
import type { WhitelistService } from "../whitelists/service.ts";
import {
  type ImportedList,
  type ImportFile,
  readImportFile,
  readsAnyText,
  WHAT_TO_ATTACH,
} from "./import-file.ts";
import type { Member } from "./model.ts";
import { createRegistrar } from "./registrar.ts";
import { followsRoles, requireEnabled, requireManager } from "./rules.ts";

/** What a manager imports: the file, who the nicks go to (`owner`: the member named, else the manager). */
export type ImportInput = WhitelistRef & {
  actor: Member;
  owner: Member;
  file: ImportFile;
  /** Checks everything, stores nothing, grants nothing: the report says what an import would do. */
  dryRun: boolean;
};

/**
 * What became of one name of the list: `added` (stored; in a dry run, would be), `already` (on the whitelist,
 * or listed earlier in the file), `invalid` (not a nick of the whitelist's type, not premium, no such Xbox
 * account), `denied` (on the whitelist's deny list), `unchecked` (the look-up could not be made: import the file
 * again), `refused` (any other rule, or not stored when the import stopped).
 */
export const importOutcomes = ["added", "already", "invalid", "denied", "unchecked", "refused"] as const;
/** One of the outcomes. */
export type ImportOutcome = (typeof importOutcomes)[number];

/**
 * One name of the file and what became of it; `nick` is the spelling stored (or that would be); `detail` why, in
 * the catalogue's words (the report renders it in its reader's language).
 */
export type ImportLine = {
  line: number;
  name: string;
  outcome: ImportOutcome;
  nick: string | null;
  detail: Text;
};

/** A refusal's own words: its Text, else its message as it is. */
const wordsOf = (error: DomainError): Text => error.text ?? text("common.verbatim", { text: error.message });

/** What an import did, line by line and in counts. */
export type ImportResult = {
  whitelist: Whitelist;
  format: ImportedList["format"];
  dryRun: boolean;
  ownerId: string;
  lines: ImportLine[];
  counts: Record<ImportOutcome, number>;
  /** Roles the owner could not be given (the nicks stand, as for a registration). */
  grantFailures: RoleFailure[];
};

/** The refusals of the registration rules an import reports as `invalid`, `denied` or `unchecked`. */
const outcomeOfCode: Partial<Record<DomainErrorCode, ImportOutcome>> = {
  "nick-invalid": "invalid",
  "not-premium": "invalid",
  "gamertag-unknown": "invalid",
  "nick-taken": "already",
  "mojang-unavailable": "unchecked",
  "geyser-unavailable": "unchecked",
};

/** A refusal code added by the deny list (docs/decisions.md, Import and transfer). */
const DENIED = "nick-denied";

/** Options of the importer besides the registrar's own dependencies. */
export type ImporterDeps = Parameters<typeof createRegistrar>[0] & {
  whitelists: WhitelistService;
  logger: Logger;
  /** Entries stored per transaction (default 500): each batch is one commit, short enough not to hold up others. */
  batchSize?: number;
  /** GeyserMC look-ups in flight at once (default 8; it has no bulk endpoint). */
  geyserConcurrency?: number;
};

/**
 * Creates the importer over the registrar (docs/decisions.md, Import and transfer). Every name goes through the
 * registrar's own `check`, so every registration rule applies as it does to `/whitelist add` (the member's limit
 * excepted, and the required role as for staff); the look-ups are made first, in bulk, so that `check` finds
 * their answers in the clients' caches.
 */
export function createImporter(deps: ImporterDeps) {
  const { whitelists, entries, grants, mojang, geyser, departures, logger } = deps;
  const batchSize = deps.batchSize ?? 500;
  const geyserConcurrency = deps.geyserConcurrency ?? 8;
  const registrar = createRegistrar(deps);

  return {
    /**
     * Imports a list (docs/decisions.md, Import and transfer): a manager of the whitelist, an enabled whitelist
     * and a readable file, else nothing happens (DomainError). Then each name is checked by the registration
     * rules, duplicates of the file and nicks already on the whitelist are reported, the look-ups are made in
     * bulk, and the nicks that pass are stored for `owner` in batches (one transaction and one `entry.added`
     * each), after the whitelist's roles are granted to the owner once. A look-up that could not be made stores
     * nothing for its nicks (`unchecked`). When storing stops half-way (the owner left, the store failed), what
     * was stored stays and the rest is reported `refused`.
     */
    async importList(input: ImportInput): Promise<ImportResult> {
      const whitelist = await whitelists.resolve(input);
      requireManager(whitelist, input.actor);
      requireEnabled(whitelist);
      const { format, names } = readImportFile(input.file);
      const lines: ImportLine[] = names.map(({ line, name }) => ({
        line,
        name: clip(name, 64),
        outcome: "refused",
        nick: null,
        detail: text("common.verbatim", { text: "" }),
      }));
      const settle = (index: number, outcome: ImportOutcome, detail: Text, nick: string | null = null) => {
        Object.assign(lines[index] as ImportLine, { outcome, detail, nick });
      };
      const refusal = (index: number, error: unknown) => {
        if (!(error instanceof DomainError)) throw error;
        const outcome =
          (error.code as string) === DENIED ? "denied" : (outcomeOfCode[error.code] ?? "refused");
        const detail =
          error.code === "nick-taken"
            ? text("import.detail.taken", { whitelist: whitelist.name })
            : error.code === "not-premium"
              ? text("import.detail.notPremium", { whitelist: whitelist.name })
              : outcome === "unchecked"
                ? text("import.detail.unreachable", {
                    service: error.code === "geyser-unavailable" ? "GeyserMC" : "Mojang",
                  })
                : wordsOf(error);
        settle(index, outcome, detail);
      };

      // The syntax, then "not taken" (on the whitelist, or earlier in the file), before any look-up.
      const firstLine = new Map<string, number>();
      const candidates: { index: number; typed: Typed }[] = [];
      for (const [index, { name, line }] of names.entries()) {
        let typed: Typed;
        try {
          typed = registrar.parse(whitelist, name);
        } catch (error) {
          refusal(index, error);
          continue;
        }
        const key = nickKey(typed.nick);
        const earlier = firstLine.get(key);
        const holder = earlier === undefined ? await entries.find(whitelist.id, typed.nick) : undefined;
        if (earlier !== undefined) settle(index, "already", text("import.detail.earlier", { line: earlier }));
        else if (holder)
          settle(
            index,
            "already",
            text("import.detail.held", { whitelist: whitelist.name, nick: holder.nick }),
          );
        else candidates.push({ index, typed });
        if (earlier === undefined) firstLine.set(key, line);
      }
      if (readsAnyText(format) && firstLine.size === 0) {
        throw new DomainError(
          "import-file-invalid",
          text("import.refused.noNick", {
            count: names.length,
            file: clip(input.file.name, 64),
            whitelist: whitelist.name,
            attach: WHAT_TO_ATTACH,
          }),
        );
      }

      // The look-ups in bulk (Mojang's) or a few at a time (GeyserMC's), before `check` asks them one by one.
      const { lookUp } = nickTypeSpecs[whitelist.nickType];
      const unanswered = lookUp
        ? await lookUp.many(
            { mojang, geyser },
            candidates.map(({ typed }) => typed),
            geyserConcurrency,
          )
        : new Set<number>();
      const ready: { index: number; identity: Identity }[] = [];
      for (const [i, { index }] of candidates.entries()) {
        if (lookUp && unanswered.has(i)) {
          settle(index, "unchecked", text("import.detail.unreachable", { service: lookUp.service }));
          continue;
        }
        try {
          // Every rule of `/whitelist add` (the deny list too), the look-up answered from the cache just filled.
          const identity = await registrar.check(
            whitelist,
            input.owner,
            (names[index] as { name: string }).name,
            // The required role as for `/whitelist add`: asked only where nicks follow roles.
            { role: followsRoles(whitelist) ? "staff" : null, self: false, request: false, limit: false },
          );
          ready.push({ index, identity });
        } catch (error) {
          refusal(index, error);
        }
      }

      let grantFailures: RoleFailure[] = [];
      if (input.dryRun) {
        for (const { index, identity } of ready)
          settle(index, "added", nickTypeSpecs[whitelist.nickType].account(identity), identity.nick);
      } else if (ready.length > 0) {
        grantFailures = await store(whitelist, input, ready, settle);
      }

      const counts = Object.fromEntries(importOutcomes.map((outcome) => [outcome, 0])) as Record<
        ImportOutcome,
        number
      >;
      for (const line of lines) counts[line.outcome]++;
      logger.info(input.dryRun ? "import checked (dry run)" : "list imported", {
        guildId: whitelist.guildId,
        whitelistId: whitelist.id,
        actorId: input.actor.userId,
        ownerId: input.owner.userId,
        format,
        ...counts,
      });
      return {
        whitelist,
        format,
        dryRun: input.dryRun,
        ownerId: input.owner.userId,
        lines,
        counts,
        grantFailures,
      };
    },
  };

  /**
   * Stores the checked nicks for the owner, in their queue like a registration: the owner's roles read from
   * Discord, the whitelist's roles granted once, then one transaction per batch. Returns the roles not granted.
   */
  function store(
    whitelist: Whitelist,
    input: ImportInput,
    ready: { index: number; identity: Identity }[],
    settle: (index: number, outcome: ImportOutcome, detail: Text, nick?: string | null) => void,
  ): Promise<RoleFailure[]> {
    const { guildId } = whitelist;
    const { owner } = input;
    return grants.exclusive(guildId, owner.userId, async () => {
      registrar.requirePresent(guildId, owner.userId);
      const roleIds = await grants.currentRoles(guildId, owner);
      if (roleIds === null) {
        departures.record(guildId, owner.userId);
        registrar.requirePresent(guildId, owner.userId);
      }
      const { granted, recorded, failures } = await grants.grant(whitelist, {
        ...owner,
        roleIds: roleIds ?? [],
      });
      let stored = 0;
      let next = 0;
      try {
        for (; next < ready.length; next += batchSize) {
          const batch = ready.slice(next, next + batchSize);
          const byNick = new Map<NewEntry, { index: number; identity: Identity }>();
          const newEntries = batch.map((item) => {
            const entry: NewEntry = {
              whitelistId: whitelist.id,
              ...item.identity,
              userId: owner.userId,
              addedBy: input.actor.userId,
              origin: "staff",
              grantedRoleIds: recorded,
            };
            byNick.set(entry, item);
            return entry;
          });
          const { added, taken } = await entries.addMany(newEntries, () =>
            registrar.requirePresent(guildId, owner.userId),
          );
          stored += added.length;
          const addedKeys = new Set(added.map((entry: EntryRecord) => nickKey(entry.nick)));
          for (const entry of newEntries) {
            const { index, identity } = byNick.get(entry) as { index: number; identity: Identity };
            if (addedKeys.has(nickKey(entry.nick)))
              settle(index, "added", nickTypeSpecs[whitelist.nickType].account(identity), identity.nick);
          }
          for (const entry of taken) {
            const { index } = byNick.get(entry) as { index: number };
            settle(
              index,
              "already",
              text("import.detail.meanwhile", { whitelist: whitelist.name }),
              entry.nick,
            );
          }
        }
      } catch (error) {
        if (stored === 0) {
          await grants.takeBack(guildId, owner.userId, granted);
          throw error;
        }
        const reason = error instanceof DomainError ? wordsOf(error) : text("import.detail.unexpected");
        if (!(error instanceof DomainError)) {
          logger.error("import stopped", { whitelistId: whitelist.id, error: String(error) });
        }
        for (const { index, identity } of ready.slice(next)) {
          settle(index, "refused", text("import.detail.notStored", { reason }), identity.nick);
        }
      }
      return failures;
    });
  }
}
