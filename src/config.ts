import { discordLocalesOf, languages } from "./i18n/languages.ts";
import { ConfigError } from "./shared/errors.ts";
import { readFlags } from "./shared/flags.ts";
import { isListenHost, parseTrustProxy, type TrustProxy } from "./shared/ip.ts";
import { logFormats, logLevels } from "./shared/logger.ts";
import { redactUrl } from "./shared/redact.ts";
import { firstError, type Static, type TSchema, Type as t, withDefaults } from "./shared/schema.ts";

const Port = (fallback: number) =>
  t.Integer({
    minimum: 0,
    maximum: 65535,
    default: fallback,
    description: "a TCP port number 0-65535 (0 = any free port)",
  });
/** An http(s) URL, with its default when it has one. */
function Url(description: string): ReturnType<typeof UrlString>;
function Url(description: string, fallback: string): ReturnType<typeof UrlString> & { default: string };
function Url(description: string, fallback?: string) {
  return fallback === undefined ? UrlString(description) : { ...UrlString(description), default: fallback };
}
const UrlString = (description: string) => t.String({ pattern: "^https?://[^\\s]+$", description });
const Flag = (fallback: boolean, what: string) =>
  t.Boolean({ default: fallback, description: `true or false: ${what}` });

/**
 * What a player types in Minecraft's server list: a DNS name (labels of letters, digits and inner hyphens), an
 * IPv4 address or a bracketed IPv6 one, and an optional port (checked to be 1-65535 after the pattern).
 */
const LINK_ADDRESS_PATTERN =
  "^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*" +
  "|\\[[0-9A-Fa-f:.]+\\])(?::\\d{1,5})?$";

// The shapes of src/shared/schema.ts, as TypeBox builds them (not TypeBox itself: a start would load it for this
// alone); checked as TypeBox checked them, so a value like PORT=70000 or PORT=8080x is refused.
/**
 * Every setting of the service (docs/operations.md, Configuration), read from the environment (and matching
 * `--flags`) once at start. Each `description` says what the variable expects; it is what a bad value's error
 * message shows.
 */
export const ConfigSchema = t.Object({
  DISCORD_TOKEN: t.Optional(
    t.String({ minLength: 1, description: "the bot token from the Discord developer portal" }),
  ),
  DISCORD_CLIENT_SECRET: t.Optional(
    t.String({
      pattern: "^[A-Za-z0-9_-]{16,128}$",
      description:
        "the application's OAuth2 client secret from the developer portal (OAuth2 → Client Secret); " +
        "set, it turns the dashboard on at /dashboard",
    }),
  ),
  DISCORD_CLIENT_ID: t.Optional(
    t.String({
      pattern: "^[0-9]{17,20}$",
      description:
        "the application id (the developer portal's OAuth2 → Client ID), for the dashboard's sign-in; " +
        "unset: read from DISCORD_TOKEN",
    }),
  ),
  DATABASE_PATH: t.String({
    minLength: 1,
    default: "./data/whitelist-sync.db",
    description: "a file path for the SQLite database",
  }),
  DATABASE_URL: t.Optional(
    t.String({
      pattern: "^postgres(ql)?://",
      description:
        "a postgres:// URL: PostgreSQL instead of the SQLite file, for several replicas on one database",
    }),
  ),
  SHARD_COUNT: t.Optional(
    t.Integer({
      minimum: 1,
      maximum: 10_000,
      description: "how many gateway shards the bot opens, 1-10000; unset: as many as Discord recommends",
    }),
  ),
  HOST: t.String({
    minLength: 1,
    default: "0.0.0.0",
    description: "an IP address or host name of this machine to listen on, e.g. 0.0.0.0 or 127.0.0.1",
  }),
  PORT: Port(3000),
  PUBLIC_URL: t.Optional(
    t.String({
      // The base alone: links are built by appending paths, so a query, a fragment or credentials would land
      // in the middle of every link printed.
      pattern: "^https?://[^\\s?#/@]+(?:/[^\\s?#]*)?$",
      description:
        "the public base URL of this service alone (no query, fragment or credentials), e.g. https://wl.example.org",
    }),
  ),
  TRUST_PROXY: t.String({
    default: "off",
    description: "off, true, a hop count, or a comma-separated list of proxy addresses/CIDR ranges",
  }),
  RATE_LIMIT_PER_MINUTE: t.Integer({
    minimum: 1,
    maximum: 1_000_000,
    default: 60,
    description: "requests per minute per client IP, a whole number 1-1000000",
  }),
  LOG_LEVEL: t.Union(
    logLevels.map((level) => t.Literal(level)),
    { default: "info", description: `one of ${logLevels.join(", ")}` },
  ),
  LOG_FORMAT: t.Optional(
    t.Union(
      logFormats.map((format) => t.Literal(format)),
      {
        description:
          "pretty (lines for people) or json (one object per line); unset: pretty on a terminal, json otherwise",
      },
    ),
  ),
  MOJANG_API_URL: Url(
    "the base URL of the Mojang profile API, e.g. https://api.mojang.com",
    "https://api.mojang.com",
  ),
  MOJANG_SESSION_URL: Url(
    "the base URL of Mojang's session server (a premium account's current name), " +
      "e.g. https://sessionserver.mojang.com",
    "https://sessionserver.mojang.com",
  ),
  RENAME_CHECK_DAYS: t.Integer({
    minimum: 0,
    maximum: 365,
    default: 1,
    description: "whole days between two checks of a premium account's name at Mojang, 1-365, or 0 for never",
  }),
  RENAME_CHECKS_PER_MINUTE: t.Integer({
    minimum: 1,
    maximum: 60,
    default: 30,
    description: "name checks per minute at Mojang, 1-60 (Mojang allows 600 requests per 10 minutes)",
  }),
  GEYSER_API_URL: Url(
    "the base URL of GeyserMC's Xbox lookup (Bedrock XUIDs), e.g. https://api.geysermc.org/v2/xbox",
    "https://api.geysermc.org/v2/xbox",
  ),
  SANDBOX_PORT: t.Integer({
    minimum: 0,
    maximum: 65535,
    default: 0,
    description: "demo only: the sandbox Discord's TCP port 0-65535 (0 = any free port)",
  }),
  SANDBOX_MOJANG_PORT: t.Integer({
    minimum: 0,
    maximum: 65535,
    default: 0,
    description: "demo only: the fake Mojang API's TCP port 0-65535 (0 = any free port)",
  }),
  SANDBOX_GEYSER_PORT: t.Integer({
    minimum: 0,
    maximum: 65535,
    default: 0,
    description: "demo only: the fake GeyserMC API's TCP port 0-65535 (0 = any free port)",
  }),
  SANDBOX_RATE_LIMITS: t.Union([t.Literal("discord"), t.Literal("off")], {
    default: "discord",
    description: "demo only: the sandbox Discord's rate limits, discord (Discord's own) or off",
  }),
  DEMO_LOCALE: t.Union(
    languages.flatMap((language) => discordLocalesOf[language].map((locale) => t.Literal(locale))),
    {
      default: "en-US",
      description:
        "demo only: the Discord language of the sandbox server and its members (de, fr, es-ES, pt-BR, pl, ru…)",
    },
  ),
  DISCORD_API_URL: t.Optional(Url("a Discord REST base URL without /v10 (tests and sandbox only)")),
  WEBHOOK_ALLOW_PRIVATE: Flag(false, "allow webhooks to loopback and private addresses"),
  EVENT_RETENTION_DAYS: t.Number({
    minimum: 1,
    maximum: 3650,
    default: 7,
    description: "days to keep events for resume, at least 1",
  }),
  CACHE_MAX_MB: t.Integer({
    minimum: 1,
    maximum: 65536,
    default: 16,
    description:
      "megabytes for whitelists' bodies kept ready to serve; past it the least recently read are dropped " +
      "(about 1 MB per 1,000 entries: raise it for larger whitelists)",
  }),
  METRICS: t.Union([t.Literal("off"), t.Literal("on")], {
    default: "off",
    description: "on or off: serve Prometheus metrics at /metrics",
  }),
  METRICS_PORT: t.Optional(
    t.Integer({
      minimum: 0,
      maximum: 65535,
      description: "a TCP port 0-65535 for /metrics alone, on HOST (unset: /metrics is on PORT)",
    }),
  ),
  DB_BUSY_TIMEOUT_MS: t.Integer({
    minimum: 0,
    maximum: 60_000,
    default: 2000,
    description:
      "milliseconds to wait for a database lock (a write's; on PostgreSQL any statement's), 0-60000",
  }),
  DB_QUERY_TIMEOUT_MS: t.Integer({
    minimum: 100,
    maximum: 600_000,
    default: 5000,
    description:
      "PostgreSQL: milliseconds one database call may take, waiting for a pooled connection included, " +
      "100-600000; past it the call fails (API: 503)",
  }),
  LINK_PORT: t.Optional(
    t.Integer({
      minimum: 0,
      maximum: 65535,
      description:
        "a TCP port 0-65535 for the link endpoint, where players join to prove their Java account " +
        "(on HOST; 0 = any free port; unset: off)",
    }),
  ),
  LINK_ADDRESS: t.Optional(
    t.String({
      pattern: LINK_ADDRESS_PATTERN,
      description:
        "the address players type to reach the link endpoint, a host name or IP with an optional :port 1-65535, " +
        "e.g. mc.example.org or mc.example.org:25577",
    }),
  ),
  LINK_COMMUNITY: t.Optional(
    t.String({
      minLength: 1,
      maxLength: 48,
      description:
        "the community the link endpoint's server-list entry names (“Account link for <it>”), up to 48 characters",
    }),
  ),
  LINK_LANGUAGE: t.Union(
    languages.map((language) => t.Literal(language)),
    {
      default: "en",
      description: `the language players read at the link endpoint: ${languages.join(", ")}`,
    },
  ),
});

/** The parsed configuration; TRUST_PROXY is parsed into the ranges it names, once, here. */
export type Config = Omit<Static<typeof ConfigSchema>, "TRUST_PROXY"> & { TRUST_PROXY: TrustProxy };

/** A value as an error message may show it: DATABASE_URL without its password, the token not at all. */
function shown(name: string, value: string): string {
  if (name === "DATABASE_URL") return redactUrl(value);
  if (name === "DISCORD_TOKEN" || name === "DISCORD_CLIENT_SECRET") return "(hidden)";
  return value;
}

/**
 * What the pattern of DATABASE_URL lets through but Bun's client would refuse with a bare `Invalid URL` (exit 1,
 * no variable named): a port that is not a number 1-65535, or a text that is no URL at all.
 */
function checkDatabaseUrl(url: string): void {
  const got = `(got ${JSON.stringify(redactUrl(url))})`;
  const port = url.match(/^[a-z]+:\/\/(?:[^/?#]*@)?(?:\[[^\]]*\]|[^:/?#]*)(?::([^/?#]*))?/i)?.[1];
  if (port !== undefined && !(/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535)) {
    throw new ConfigError(
      `DATABASE_URL has the port ${JSON.stringify(port)}, not a number 1-65535: it must be ${DATABASE_URL_FORM} ${got}`,
    );
  }
  try {
    new URL(url);
  } catch {
    throw new ConfigError(`DATABASE_URL is not a valid URL: it must be ${DATABASE_URL_FORM} ${got}`);
  }
}

const DATABASE_URL_FORM = "postgres://user:password@host:5432/database (special characters percent-encoded)";

/**
 * The dashboard (on with DISCORD_CLIENT_SECRET: docs/configuration.md, The dashboard) signs people in with Discord,
 * which sends them back to PUBLIC_URL, and reads their roles through the bot: both must be set with it.
 */
function checkDashboard(settings: Static<typeof ConfigSchema>): void {
  if (settings.DISCORD_CLIENT_SECRET === undefined) return;
  if (settings.PUBLIC_URL === undefined) {
    throw new ConfigError(
      "PUBLIC_URL must be set with DISCORD_CLIENT_SECRET: Discord sends people back to " +
        "<PUBLIC_URL>/dashboard/callback after they sign in (got nothing)",
    );
  }
  if (settings.DISCORD_TOKEN === undefined) {
    throw new ConfigError(
      "DISCORD_TOKEN must be set with DISCORD_CLIENT_SECRET: the dashboard reads members' roles through the bot " +
        "(got nothing)",
    );
  }
}

/** Turns `--database-path x` / `--port=3000` style flags into the matching variable names. */
export function flagsToEnv(argv: readonly string[]): Record<string, string> {
  const variable = (flag: string) => flag.replaceAll("-", "_").toUpperCase();
  const flags = readFlags(
    argv,
    (flag) => {
      if (!(variable(flag) in ConfigSchema.properties)) {
        throw new ConfigError(`unknown flag --${flag}; run whitelist-sync --help for the settings`);
      }
      return false;
    },
    (problem) =>
      new ConfigError(
        problem.kind === "unexpected-argument"
          ? `unexpected argument "${problem.argument}"; settings are --name value`
          : `--${problem.flag} needs a value: ${(ConfigSchema.properties as Record<string, TSchema>)[variable(problem.flag)]?.description}`,
      ),
  );
  return Object.fromEntries(flags.map(({ flag, value }) => [variable(flag), value as string]));
}

/** A number as people write one in decimal; `1e3`, `0x50` or `80abc` are no setting's value. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * The variables' text as the schema's types, taking nothing on trust: a number only when the text is a decimal
 * number, a boolean only from `true` or `false`. Anything else stays text, so the schema refuses it by name.
 * (TypeBox's Value.Convert would truncate `1.5` to 1 for an integer and read `1` as true: a value silently
 * changed, where docs/configuration.md promises a refusal.)
 */
function convertText(raw: Record<string, string>): Record<string, unknown> {
  const properties = ConfigSchema.properties as Record<string, TSchema>;
  return Object.fromEntries(
    Object.entries(raw).map(([name, text]) => {
      const type = properties[name]?.type;
      if ((type === "integer" || type === "number") && DECIMAL.test(text)) return [name, Number(text)];
      if (type === "boolean" && /^(?:true|false)$/i.test(text)) return [name, text.toLowerCase() === "true"];
      return [name, text];
    }),
  );
}

/** Parses the environment once; throws a ConfigError naming the first bad variable. */
export function loadConfig(source: Record<string, string | undefined>): Config {
  const raw: Record<string, string> = {};
  for (const name of Object.keys(ConfigSchema.properties)) {
    const value = source[name]?.trim();
    if (value !== undefined && value !== "") raw[name] = value;
  }
  const converted = withDefaults(ConfigSchema, convertText(raw));
  const name = firstError(ConfigSchema, converted);
  if (name !== undefined) {
    const schema = (ConfigSchema.properties as Record<string, TSchema>)[name];
    const got = raw[name] === undefined ? "nothing" : JSON.stringify(shown(name, raw[name]));
    throw new ConfigError(`${name} must be ${schema?.description ?? "set right"} (got ${got})`);
  }
  const settings = converted as Static<typeof ConfigSchema>;
  if (settings.DATABASE_URL !== undefined) checkDatabaseUrl(settings.DATABASE_URL);
  if (!isListenHost(settings.HOST)) {
    throw new ConfigError(
      `HOST must be ${ConfigSchema.properties.HOST.description} (got ${JSON.stringify(settings.HOST)})`,
    );
  }
  const linkPort = settings.LINK_ADDRESS?.match(/:(\d+)$/)?.[1];
  if (linkPort !== undefined && (Number(linkPort) < 1 || Number(linkPort) > 65535)) {
    throw new ConfigError(
      `LINK_ADDRESS must be ${ConfigSchema.properties.LINK_ADDRESS.description} (got ${JSON.stringify(settings.LINK_ADDRESS)})`,
    );
  }
  checkDashboard(settings);
  try {
    return { ...settings, TRUST_PROXY: parseTrustProxy(settings.TRUST_PROXY) };
  } catch (problem) {
    throw new ConfigError((problem as Error).message);
  }
}
