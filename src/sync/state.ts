import { type Static, Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import type { ExportFormat } from "../entries/export.ts";
import { readIfExists, writeAtomically } from "./file.ts";

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * What the agent keeps next to the file (`<out>.cursor`) so a restart resumes: the last event id the file
 * reflects, and the server's ETag of the bytes it last fetched (with their hash, so the ETag is only sent
 * while the file still holds those very bytes; an edit by hand or by the game server then forces a download).
 * It belongs to one service, whitelist and format: any other combination starts afresh.
 */
const SyncState = Type.Object({
  version: Type.Literal(1),
  api: Type.String(),
  whitelistId: Type.String(),
  format: Type.String(),
  after: Nullable(Type.String({ pattern: "^(0|[1-9][0-9]{0,15})$" })),
  etag: Nullable(Type.String()),
  sha256: Nullable(Type.String()),
});

/** The persisted resume state. */
export type SyncState = Static<typeof SyncState>;

/** Which service, whitelist and format a state belongs to. */
export type StateIdentity = { api: string; whitelistId: string; format: ExportFormat };

/** Where the state of an output file lives. */
export const statePath = (out: string) => `${out}.cursor`;

/** A hex SHA-256 of some bytes. */
export const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");

/** A blank state for an identity. */
export const freshState = (identity: StateIdentity): SyncState => ({
  version: 1,
  ...identity,
  after: null,
  etag: null,
  sha256: null,
});

/** The stored state when it belongs to this identity; otherwise (none, unreadable, other) a fresh one. */
export async function loadState(out: string, identity: StateIdentity): Promise<SyncState> {
  const bytes = await readIfExists(statePath(out));
  if (bytes === null) return freshState(identity);
  let stored: unknown;
  try {
    stored = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return freshState(identity);
  }
  if (!Value.Check(SyncState, stored)) return freshState(identity);
  const same =
    stored.api === identity.api &&
    stored.whitelistId === identity.whitelistId &&
    stored.format === identity.format;
  return same ? stored : freshState(identity);
}

/** Stores the state (atomically, like the file itself). */
export async function saveState(out: string, state: SyncState): Promise<void> {
  await writeAtomically(statePath(out), new TextEncoder().encode(`${JSON.stringify(state)}\n`));
}
