import { type Static, Type } from "@sinclair/typebox";
import type { OperatorOptions } from "./operators.ts";
import { normalizeFingerprint } from "./trust.ts";

/**
 * The options of management mode (docs/sync.md, Management API): the agent keeps the server's allowlist through its
 * management API instead of a file. Each is one property of `SyncOptionsSchema` (src/sync/option-schema.ts spreads these)
 * and one line of its help.
 */
export const managementSchema = {
  WLS_MANAGEMENT_URL: Type.Optional(
    Type.String({
      pattern: "^wss?://[^\\s/?#]+(:[0-9]{1,5})?/?$",
      description:
        "the server's management API, wss://host:port (ws:// only on a loopback address: the secret crosses in the clear)",
    }),
  ),
  WLS_MANAGEMENT_SECRET: Type.Optional(
    Type.String({ description: "management-server-secret: 40 letters and digits" }),
  ),
  WLS_MANAGEMENT_SECRET_FILE: Type.Optional(
    Type.String({ minLength: 1, description: "a file holding management-server-secret" }),
  ),
  WLS_MANAGEMENT_CA: Type.Optional(
    Type.String({
      minLength: 1,
      description: "a PEM file of the CA (or the certificate) the server's TLS is trusted by",
    }),
  ),
  WLS_MANAGEMENT_FINGERPRINT: Type.Optional(
    Type.String({ description: "the SHA-256 of the server's certificate, 64 hex digits (colons allowed)" }),
  ),
  WLS_OPERATORS_GROUP: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: "a game group of /whitelist ranks, e.g. admin" }),
  ),
  WLS_OPERATORS_LEVEL: Type.Optional(Type.Integer({ minimum: 1, maximum: 4, description: "1 to 4" })),
  WLS_OPERATORS_BYPASS_LIMIT: Type.Optional(
    Type.Boolean({ description: "true or false (as a flag: present = true)" }),
  ),
  WLS_STATE: Type.Optional(
    Type.String({
      minLength: 1,
      description: "a path the agent keeps its own files at, e.g. /var/lib/whitelist-sync/survival",
    }),
  ),
};

type Raw = { [K in keyof typeof managementSchema]?: Static<(typeof managementSchema)[K]> };

/** What each option is for, on the help screen. */
export const managementPurposes: Record<keyof typeof managementSchema, string> = {
  WLS_MANAGEMENT_URL:
    "keep the allowlist through the server's management API (Minecraft 1.21.9+) at wss://host:port, instead of --out",
  WLS_MANAGEMENT_SECRET: "management-server-secret (environment only: never on the command line)",
  WLS_MANAGEMENT_SECRET_FILE: "a file holding management-server-secret",
  WLS_MANAGEMENT_CA: "with wss://: trust the server's certificate by this CA (PEM) file",
  WLS_MANAGEMENT_FINGERPRINT:
    "with wss://: trust exactly the certificate with this SHA-256 (its keystore's, self-signed)",
  WLS_OPERATORS_GROUP:
    "with --management-url: make players whose entry has this group (/whitelist ranks) the server's operators, and unmake those the agent made when they lose it; operators it did not make are never touched",
  WLS_OPERATORS_LEVEL:
    "with --operators-group: the permission level they get (default: the server's operator-user-permission-level)",
  WLS_OPERATORS_BYPASS_LIMIT: "with --operators-group: they may join a full server",
  WLS_STATE: "with --management-url: where the agent keeps <path>.cursor and <path>.lock",
};

/** Management mode's settings, resolved. */
export type ManagementOptions = {
  /** `ws://` or `wss://`, host and port, no trailing slash. */
  url: string;
  secret: string;
  /** The PEM text of the CA file, or null. */
  ca: string | null;
  /** `AB:CD:…`, or null. */
  fingerprint: string | null;
  /** `--operators-group` and its settings; null or absent: the agent leaves the operators alone. */
  operators?: OperatorOptions | null;
};

const SECRET = /^[A-Za-z0-9]{40}$/;
const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\]|localhost)$/i;

/** The options other modes have that management mode has no use for, and why. */
const notWithManagement: Record<string, string> = {
  WLS_OUT: "the allowlist is kept through the API, in no file (--state holds the agent's own files)",
  WLS_ONCE: "the agent follows the server live (notifications); --once is for files",
  WLS_RELOAD_COMMAND: "nothing is reloaded: the server changes its allowlist at once",
  WLS_KICK_REMOVED: "removed players are kicked through the API (or by the server's enforce-allowlist)",
  WLS_PROOF_POLL: "joins are notified by the server: first-join proof asks at once",
  WLS_BANNED_PLAYERS: "bans are notified by the server (--ban-sync)",
};

/**
 * Management mode's options, or null when `--management-url` is not given; `fail` makes the error naming an
 * option (`label` names it as `--flag (WLS_…)`).
 */
export function managementOptions(
  raw: Raw & Record<string, unknown>,
  {
    readText,
    fail,
    label,
  }: {
    readText: (path: string) => string;
    fail: (message: string) => Error;
    label: (name: string) => string;
  },
): ManagementOptions | null {
  const url = raw.WLS_MANAGEMENT_URL;
  if (url === undefined) {
    for (const name of Object.keys(managementSchema) as (keyof Raw)[]) {
      if (raw[name] !== undefined) throw fail(`${label(name)} needs ${label("WLS_MANAGEMENT_URL")}`);
    }
    return null;
  }
  for (const [name, why] of Object.entries(notWithManagement)) {
    if (raw[name] !== undefined && raw[name] !== "false") {
      throw fail(`${label(name)} is not used with ${label("WLS_MANAGEMENT_URL")}: ${why}`);
    }
  }
  if (raw.WLS_FORMAT !== undefined && raw.WLS_FORMAT !== "vanilla") {
    throw fail(
      `${label("WLS_FORMAT")} is not used with ${label("WLS_MANAGEMENT_URL")}: the allowlist lists Java players by UUID`,
    );
  }
  const target = new URL(url);
  if (target.protocol === "ws:" && !LOOPBACK.test(target.hostname)) {
    throw fail(
      `${label("WLS_MANAGEMENT_URL")} is ws:// to ${target.hostname}, which is not this machine: the secret would cross ` +
        "the network in the clear; use wss:// (the server's TLS, on by default)",
    );
  }
  if (
    target.protocol === "ws:" &&
    (raw.WLS_MANAGEMENT_CA !== undefined || raw.WLS_MANAGEMENT_FINGERPRINT !== undefined)
  ) {
    throw fail(
      `${label("WLS_MANAGEMENT_CA")} and ${label("WLS_MANAGEMENT_FINGERPRINT")} are for wss:// only`,
    );
  }
  if (raw.WLS_MANAGEMENT_CA !== undefined && raw.WLS_MANAGEMENT_FINGERPRINT !== undefined) {
    throw fail(`give ${label("WLS_MANAGEMENT_CA")} or ${label("WLS_MANAGEMENT_FINGERPRINT")}, not both`);
  }
  const read = (name: string, path: string) => {
    try {
      return readText(path);
    } catch (error) {
      throw fail(
        `${label(name)}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
    }
  };
  if (raw.WLS_MANAGEMENT_SECRET !== undefined && raw.WLS_MANAGEMENT_SECRET_FILE !== undefined) {
    throw fail(`set either ${label("WLS_MANAGEMENT_SECRET")} or ${label("WLS_MANAGEMENT_SECRET_FILE")}`);
  }
  const secret =
    raw.WLS_MANAGEMENT_SECRET_FILE === undefined
      ? raw.WLS_MANAGEMENT_SECRET
      : read("WLS_MANAGEMENT_SECRET_FILE", raw.WLS_MANAGEMENT_SECRET_FILE).trim();
  if (secret === undefined) {
    throw fail(
      `${label("WLS_MANAGEMENT_URL")} needs the secret: ${label("WLS_MANAGEMENT_SECRET_FILE")} or WLS_MANAGEMENT_SECRET`,
    );
  }
  if (!SECRET.test(secret)) {
    throw fail(
      `the management secret must be 40 letters and digits, as management-server-secret in server.properties (got a value of another shape)`,
    );
  }
  const ca = raw.WLS_MANAGEMENT_CA === undefined ? null : read("WLS_MANAGEMENT_CA", raw.WLS_MANAGEMENT_CA);
  if (ca !== null && !ca.includes("-----BEGIN CERTIFICATE-----")) {
    throw fail(`${label("WLS_MANAGEMENT_CA")} must be a PEM file (-----BEGIN CERTIFICATE-----)`);
  }
  const fingerprint =
    raw.WLS_MANAGEMENT_FINGERPRINT === undefined
      ? null
      : normalizeFingerprint(raw.WLS_MANAGEMENT_FINGERPRINT);
  if (raw.WLS_MANAGEMENT_FINGERPRINT !== undefined && fingerprint === null) {
    throw fail(
      `${label("WLS_MANAGEMENT_FINGERPRINT")} must be ${managementSchema.WLS_MANAGEMENT_FINGERPRINT.description}`,
    );
  }
  if (raw.WLS_STATE === undefined) {
    throw fail(`${label("WLS_MANAGEMENT_URL")} needs ${label("WLS_STATE")}: ${managementPurposes.WLS_STATE}`);
  }
  const operators = operatorOptions(raw, { fail, label });
  return {
    url: `${target.protocol}//${target.host}`,
    secret,
    ca,
    fingerprint,
    ...(operators ? { operators } : {}),
  };
}

/** `--operators-group` and its settings (already checked against the schema), or null when not given. */
function operatorOptions(
  raw: Raw & Record<string, unknown>,
  { fail, label }: { fail: (message: string) => Error; label: (name: string) => string },
): OperatorOptions | null {
  const group = raw.WLS_OPERATORS_GROUP;
  if (group === undefined) {
    for (const name of ["WLS_OPERATORS_LEVEL", "WLS_OPERATORS_BYPASS_LIMIT"] as const) {
      if (raw[name] !== undefined) throw fail(`${label(name)} needs ${label("WLS_OPERATORS_GROUP")}`);
    }
    return null;
  }
  const bypass = raw.WLS_OPERATORS_BYPASS_LIMIT as unknown;
  return {
    group,
    level: raw.WLS_OPERATORS_LEVEL === undefined ? null : Number(raw.WLS_OPERATORS_LEVEL),
    bypassesPlayerLimit: bypass === undefined ? null : bypass === true || bypass === "true",
  };
}
