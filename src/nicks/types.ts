import { type Text, text } from "../i18n/messages.ts";
import { settleBounded } from "../shared/bounded.ts";
import { DomainError } from "../shared/errors.ts";
import { type FloodgateSettings, floodgateName, floodgateUuid, namesMeant } from "./floodgate.ts";
import { normaliseNick, parseGamertag } from "./validate.ts";

// Everything that differs between the nick types a whitelist may take (docs/decisions.md, Nick types and
// comparison), one entry per type in `specs` below; adding one: docs/architecture.md, Adding a nick type.

/** A typed nick checked against its type's syntax: the name to store, and the gamertag it is spelled from (Bedrock). */
export type Typed = { nick: string; gamertag: string | null };

/**
 * A nick as it will be stored: normalised, in the account's own spelling when premium, as Floodgate names the
 * player for Bedrock (with the gamertag it is spelled from and its XUID).
 */
export type Identity = {
  nick: string;
  uuid: string | null;
  premium: boolean;
  gamertag: string | null;
  xuid: string | null;
};

/** What a nick holds of an account, stored or just found: how it is described. */
export type HeldAccount = Pick<Identity, "premium" | "uuid" | "gamertag">;

/**
 * The services the look-ups ask, as Mojang's and GeyserMC's clients (src/mojang, src/geyser) offer them: the
 * premium status of one nick or of many (the answers keyed by lower-case nick, a nick missing when it could not
 * be asked about), and the XUID of a gamertag (null: no such Xbox account).
 */
export type AccountPorts = {
  mojang: {
    lookup(nick: string): Promise<{ premium: true; uuid: string; name: string } | { premium: false }>;
    lookupMany(nicks: readonly string[]): Promise<ReadonlyMap<string, unknown>>;
    /** The cached answer for `nick`, if any (undefined: `lookup` would ask Mojang). */
    cached?(nick: string): unknown;
  };
  geyser: {
    xuidOf(gamertag: string): Promise<string | null>;
    /** The cached answer for `gamertag`, if any (undefined: `xuidOf` would ask GeyserMC). */
    cached?(gamertag: string): unknown;
  };
};

/** The account service a nick type asks: about one nick (registering, denying) and about many (an import). */
export type AccountLookUp = {
  /** Its name, as people read it in a refusal ("Mojang could not be reached"). */
  service: string;
  /** The account behind `typed`, or null: there is none. Throws "…-unavailable" when the service cannot tell now. */
  one(ports: AccountPorts, typed: Typed): Promise<Identity | null>;
  /**
   * Asks about every nick ahead of `one`, which then reads the clients' caches; resolves with the indexes of
   * those that could not be asked about. `concurrency`: single look-ups in flight where there is no bulk one.
   */
  many(ports: AccountPorts, typed: readonly Typed[], concurrency: number): Promise<Set<number>>;
  /** Whether `one` would answer from the clients' caches, asking nothing over the network (so answering fast). */
  known(ports: AccountPorts, typed: Typed): boolean;
};

/** Every rule a nick type fills. */
export type NickTypeSpec = {
  /** The typed nick in the type's syntax, as it would be stored; throws "nick-invalid" saying what is allowed. */
  parse(settings: FloodgateSettings, raw: string): Typed;
  /** The stored names a trimmed typed nick may stand for: itself first, then any other spelling of the player. */
  names(settings: FloodgateSettings, typed: string): string[];
  /** The account service asked about a nick, or null: never looked up (stored as typed, without UUID). */
  lookUp: AccountLookUp | null;
  /** The refusal of a nick the look-up found no account behind, or null: it is stored as typed, without one. */
  noAccount: ((typed: Typed, whitelistName: string) => DomainError) | null;
  /** How the account a nick holds reads (the log channel, look-ups, import reports), in the reader's language. */
  account(held: HeldAccount): Text;
  /**
   * What a member must be told to join with a nick, where the game tells letter case apart (an offline-mode
   * server derives the player's UUID from the exact spelling), in plain text; null: nothing to tell.
   */
  spelling(held: Pick<Identity, "nick" | "premium">): Text | null;
  /**
   * Floodgate names the players: nicks are spelled from gamertags under the whitelist's Floodgate settings,
   * which `/whitelist create` and `show` describe, and a change of which respells every entry (the Bedrock upkeep).
   */
  floodgate: boolean;
  /**
   * How its accounts can be proven (docs/decisions.md, Proof of ownership), so which proof a whitelist of the type
   * may ask: `required`, a Java login at the link endpoint before registering; `first-join`, a join of the game
   * server seen by the `sync` agent (docs/link.md, First-join proof). `/whitelist create` and `edit` refuse the others.
   */
  proofs: readonly ("required" | "first-join")[];
};

/** Mojang's premium look-up: a premium account is stored in its own spelling, with its UUID. */
const mojangLookUp: AccountLookUp = {
  service: "Mojang",
  async one({ mojang }, typed) {
    const status = await mojang.lookup(typed.nick);
    if (!status.premium) return null;
    return { nick: status.name, uuid: status.uuid, premium: true, gamertag: null, xuid: null };
  },
  async many({ mojang }, typed) {
    const answers = await mojang.lookupMany(typed.map(({ nick }) => nick));
    return new Set(typed.flatMap(({ nick }, index) => (answers.has(nick.toLowerCase()) ? [] : [index])));
  },
  known: ({ mojang }, typed) => mojang.cached?.(typed.nick) !== undefined,
};

/** GeyserMC's XUID of a gamertag: the entry gets the UUID Floodgate gives the player. */
const geyserLookUp: AccountLookUp = {
  service: "GeyserMC",
  async one({ geyser }, typed) {
    const gamertag = typed.gamertag ?? typed.nick;
    const xuid = await geyser.xuidOf(gamertag);
    if (xuid === null) return null;
    return { nick: typed.nick, uuid: floodgateUuid(xuid), premium: false, gamertag, xuid };
  },
  async many({ geyser }, typed, concurrency) {
    // GeyserMC has no bulk endpoint: a few at a time through the client (which caches), none after a failure.
    let down = false;
    const outcomes = await settleBounded(typed, concurrency, async ({ nick, gamertag }) => {
      if (down) throw new Error("not asked: GeyserMC failed before");
      try {
        return await geyser.xuidOf(gamertag ?? nick);
      } catch (error) {
        down = true;
        throw error;
      }
    });
    return new Set(outcomes.flatMap((outcome, index) => (outcome.status === "rejected" ? [index] : [])));
  },
  known: ({ geyser }, typed) => geyser.cached?.(typed.gamertag ?? typed.nick) !== undefined,
};

/** The Java syntax (`java`, `premium`, `offline`): 3-16 of A-Z a-z 0-9 _, one spelling per player. */
const javaSyntax: Pick<NickTypeSpec, "parse" | "names"> = {
  parse: (_settings, raw) => ({ nick: normaliseNick(raw), gamertag: null }),
  names: (_settings, typed) => [typed],
};

/**
 * The exact spelling an offline-mode server needs: its UUID is the MD5 of `OfflinePlayer:` and the name as typed
 * (src/nicks/uuid.ts), so `crackedsteve` is another player than `CrackedSteve`, refused by whitelist.json.
 */
const exactSpelling = ({ nick }: { nick: string }): Text => {
  const other = nick === nick.toLowerCase() ? nick.toUpperCase() : nick.toLowerCase();
  return other === nick
    ? text("register.exactSpelling", { nick })
    : text("register.exactSpellingOther", { nick, other });
};

/** A Java nick's account: premium with its UUID, else `otherwise`. */
const javaAccount =
  (otherwise: Text) =>
  (held: HeldAccount): Text =>
    held.premium ? text("account.premium", { uuid: held.uuid ?? "" }) : otherwise;

/** One entry per nick type; `satisfies` makes the compiler ask each one for every rule of NickTypeSpec. */
const specs = {
  java: {
    ...javaSyntax,
    lookUp: mojangLookUp,
    noAccount: null,
    account: javaAccount(text("account.notPremium")),
    // Not premium: it can join an offline-mode server only, under its exact spelling.
    spelling: (held) => (held.premium ? null : exactSpelling(held)),
    floodgate: false,
    proofs: ["required", "first-join"],
  },
  premium: {
    ...javaSyntax,
    lookUp: mojangLookUp,
    noAccount: (typed, whitelistName) =>
      new DomainError(
        "not-premium",
        text("error.notPremium", { nick: typed.nick, whitelist: whitelistName }),
      ),
    account: javaAccount(text("account.notPremium")),
    // The game takes the account's own spelling from Mojang.
    spelling: () => null,
    floodgate: false,
    proofs: ["required", "first-join"],
  },
  offline: {
    ...javaSyntax,
    lookUp: null,
    noAccount: null,
    account: javaAccount(text("account.offline")),
    spelling: exactSpelling,
    floodgate: false,
    // An offline nick has no account to prove.
    proofs: [],
  },
  bedrock: {
    parse: (settings, raw) => {
      const gamertag = parseGamertag(settings, raw);
      return { nick: floodgateName(settings, gamertag), gamertag };
    },
    names: namesMeant,
    lookUp: geyserLookUp,
    noAccount: (typed) =>
      new DomainError(
        "gamertag-unknown",
        text("error.gamertagUnknown", { gamertag: typed.gamertag ?? typed.nick }),
      ),
    account: ({ gamertag, uuid }) =>
      text("account.bedrock", {
        gamertag: gamertag ?? "",
        uuid: uuid === null ? text("account.bedrock.waiting") : text("account.bedrock.uuid", { uuid }),
      }),
    // Floodgate spells the name from the gamertag; the register answer says how.
    spelling: () => null,
    floodgate: true,
    // Not by a Java login; Floodgate has proven the Xbox account when the player joins through Geyser.
    proofs: ["first-join"],
  },
} satisfies Record<string, NickTypeSpec>;

/** Kinds of nick a whitelist accepts: the keys of the table. */
export type NickType = keyof typeof specs;

/** Every rule of every nick type, by type. */
export const nickTypeSpecs: Readonly<Record<NickType, NickTypeSpec>> = specs;

/**
 * The nick types in the table's order, the order `/whitelist create` offers them in. (Object.keys types its
 * answer as string[]: these are exactly the table's keys, and there is at least one.)
 */
export const nickTypes = Object.keys(specs) as [NickType, ...NickType[]];

/** A whitelist as the nick rules read it: its type and its copy of the Floodgate settings. */
export type NickRules = FloodgateSettings & { nickType: NickType };

/**
 * The typed nick in the whitelist's syntax, as it would be stored (a Bedrock gamertag as Floodgate names the
 * player); throws "nick-invalid" saying what is allowed.
 */
export function parseNick(whitelist: NickRules, raw: string): Typed {
  return nickTypeSpecs[whitelist.nickType].parse(whitelist, raw);
}

/**
 * The stored nicks `typed` may stand for on the whitelist, surrounding whitespace dropped: itself and, on a
 * Bedrock whitelist, the gamertag with or without the prefix, with spaces or `_`, as Floodgate spells it.
 */
export function namesOf(whitelist: NickRules, typed: string): string[] {
  return nickTypeSpecs[whitelist.nickType].names(whitelist, typed.trim());
}
