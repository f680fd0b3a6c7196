import { type Static, Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import type { FileFormatName } from "../formats/index.ts";
import { readIfExists, writeAtomically } from "./file.ts";

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const EventId = Type.String({ pattern: "^(0|[1-9][0-9]{0,15})$" });

/** What the agent last wrote into the file: its hash, and the keys of the players it listed (src/sync/drift.ts). */
const Written = Type.Object({ sha256: Type.String(), keys: Type.Array(Type.String()) });

/**
 * What the agent keeps next to the file (`<out>.cursor`) so a restart resumes: the last event id the file
 * reflects (event ids are global to the service, so one cursor serves every listed whitelist), and each
 * whitelist's ETag of the entries the file was last rendered from, with the file's hash then: the ETags are
 * only sent while the file still holds those very bytes, so an edit by hand or by the game server forces a
 * download. Also: the console commands of changes already applied that have not run yet, what the agent last
 * wrote into the file (to tell entries someone else added), and the game server's bans it acted on. It belongs
 * to one service, format and list of whitelists (in order, which decides who holds a nick listed twice): any
 * other combination starts afresh.
 */
const SyncState = Type.Object({
  version: Type.Literal(3),
  api: Type.String(),
  whitelistIds: Type.Array(Type.String()),
  format: Type.String(),
  after: Nullable(EventId),
  /** By whitelist id; empty when they do not all name the entries the file was rendered from. */
  etags: Type.Record(Type.String(), Type.String()),
  sha256: Nullable(Type.String()),
  /** `--on-add`/`--on-remove` commands not run yet, in order. */
  pending: Type.Array(Type.String()),
  written: Type.Union([Written, Type.Null()]),
  /** The bans of banned-players.json already acted on (`--ban-sync`), by uuid and creation time. */
  bans: Type.Array(Type.String()),
  /** Management mode's `--operators-group`: the UUIDs the agent made operator (src/sync/management/operators.ts). */
  operators: Type.Optional(Type.Array(Type.String())),
});

/** The state of versions before the console commands, the drift record and the bans. */
const SyncStateV2 = Type.Object({
  version: Type.Literal(2),
  api: Type.String(),
  whitelistIds: Type.Array(Type.String()),
  format: Type.String(),
  after: Nullable(EventId),
  etags: Type.Record(Type.String(), Type.String()),
  sha256: Nullable(Type.String()),
});

/** The state of versions that synced one whitelist, with the ETag of its file format (not of its entries). */
const SyncStateV1 = Type.Object({
  version: Type.Literal(1),
  api: Type.String(),
  whitelistId: Type.String(),
  format: Type.String(),
  after: Nullable(EventId),
});

/** The persisted resume state. */
export type SyncState = Static<typeof SyncState>;

/** Which service, whitelists and format a state belongs to. */
export type StateIdentity = { api: string; whitelistIds: string[]; format: FileFormatName };

/** Where the state of an output file lives. */
export const statePath = (out: string) => `${out}.cursor`;

/** A hex SHA-256 of some bytes. */
export const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");

/** A blank state for an identity. */
export const freshState = (identity: StateIdentity): SyncState => ({
  version: 3,
  api: identity.api,
  whitelistIds: [...identity.whitelistIds],
  format: identity.format,
  after: null,
  etags: {},
  sha256: null,
  pending: [],
  written: null,
  bans: [],
});

const sameIdentity = (
  stored: { api: string; format: string; whitelistIds: readonly string[] },
  identity: StateIdentity,
) =>
  stored.api === identity.api &&
  stored.format === identity.format &&
  stored.whitelistIds.join(",") === identity.whitelistIds.join(",");

/**
 * The stored state when it belongs to this identity; otherwise (none, unreadable, other) a fresh one. A state
 * of the one-whitelist version keeps its cursor; its ETag was of another format, so it is dropped.
 */
export async function loadState(out: string, identity: StateIdentity): Promise<SyncState> {
  const bytes = await readIfExists(statePath(out));
  if (bytes === null) return freshState(identity);
  let stored: unknown;
  try {
    stored = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return freshState(identity);
  }
  if (Value.Check(SyncState, stored)) return sameIdentity(stored, identity) ? stored : freshState(identity);
  if (Value.Check(SyncStateV2, stored) && sameIdentity(stored, identity)) {
    return { ...freshState(identity), after: stored.after, etags: stored.etags, sha256: stored.sha256 };
  }
  if (
    Value.Check(SyncStateV1, stored) &&
    sameIdentity({ ...stored, whitelistIds: [stored.whitelistId] }, identity)
  ) {
    return { ...freshState(identity), after: stored.after };
  }
  return freshState(identity);
}

/** Stores the state (atomically, like the file itself). */
export async function saveState(out: string, state: SyncState): Promise<void> {
  await writeAtomically(statePath(out), new TextEncoder().encode(`${JSON.stringify(state)}\n`));
}

/** What the agent last wrote into the file. */
export type WrittenRecord = Static<typeof Written>;
