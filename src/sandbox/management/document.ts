/**
 * The fake management server's description of itself: what `rpc.discover` answers, and what every method takes and
 * gives. Built from the facts of the published OpenRPC document of Minecraft 1.21.10's management server (protocol
 * version 1.1.0; the Minecraft Wiki's page "Minecraft Server Management Protocol", and the dump the data generator
 * writes as `reports/json-rpc-api-schema.json`): the method and notification names, each method's one parameter
 * and its name, the result's name, and the component schemas. The descriptions are this project's own words.
 * docs/sandbox.md, The fake management server, says how the fake uses them.
 */

/** A JSON schema, as far as the document uses one (type, enum, items, properties, $ref). */
export type Schema = {
  type?: "object" | "array" | "string" | "integer" | "boolean";
  enum?: readonly string[];
  items?: Schema;
  properties?: Record<string, Schema>;
  /** Fields the server's codec cannot do without (the document does not say; the codecs do). */
  required?: readonly string[];
  /** A UUID string in its dashed form (the server's codec for a player's `id` parses it). */
  format?: "uuid";
  $ref?: string;
};

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const list = (name: string): Schema => ({ type: "array", items: ref(name) });
const string: Schema = { type: "string" };
const integer: Schema = { type: "integer" };
const boolean: Schema = { type: "boolean" };

/** The component schemas, by name. */
export const components: Record<string, Schema> = {
  player: { type: "object", properties: { id: { type: "string", format: "uuid" }, name: string } },
  operator: {
    type: "object",
    properties: { player: ref("player"), permissionLevel: integer, bypassesPlayerLimit: boolean },
    required: ["player"],
  },
  user_ban: {
    type: "object",
    properties: { player: ref("player"), reason: string, source: string, expires: string },
    required: ["player"],
  },
  ip_ban: { type: "object", properties: { ip: string, reason: string, source: string, expires: string } },
  incoming_ip_ban: {
    type: "object",
    properties: { ip: string, player: ref("player"), reason: string, source: string, expires: string },
  },
  kick_player: {
    type: "object",
    properties: { player: ref("player"), message: ref("message") },
    required: ["player"],
  },
  message: {
    type: "object",
    properties: {
      literal: string,
      translatable: string,
      translatableParams: { type: "array", items: string },
    },
  },
  system_message: {
    type: "object",
    properties: { message: ref("message"), overlay: boolean, receivingPlayers: list("player") },
    required: ["message", "overlay"],
  },
  version: { type: "object", properties: { name: string, protocol: integer } },
  server_state: {
    type: "object",
    properties: { started: boolean, version: ref("version"), players: list("player") },
  },
  difficulty: { type: "string", enum: ["peaceful", "easy", "normal", "hard"] },
  game_type: { type: "string", enum: ["survival", "creative", "adventure", "spectator"] },
  typed_game_rule: {
    type: "object",
    properties: { key: string, value: string, type: { type: "string", enum: ["integer", "boolean"] } },
  },
  untyped_game_rule: {
    type: "object",
    properties: { key: string, value: string },
    required: ["key", "value"],
  },
};

/** A method: its one parameter (name and schema) when it takes one, and its result. */
export type MethodSpec = {
  param: { name: string; schema: Schema } | null;
  result: { name: string; schema: Schema };
};

const method = (param: [string, Schema] | null, result: [string, Schema]): MethodSpec => ({
  param: param && { name: param[0], schema: param[1] },
  result: { name: result[0], schema: result[1] },
});

/** The get, set, add, remove and clear of one of the server's lists. */
function listMethods(
  base: string,
  {
    item,
    removeBy,
    resultName,
    setParam,
    removeParam = "remove",
    addItem = item,
  }: {
    item: string;
    removeBy: Schema;
    resultName: string;
    setParam: string;
    removeParam?: string;
    addItem?: string;
  },
): Record<string, MethodSpec> {
  const result: [string, Schema] = [resultName, list(item)];
  return {
    [base]: method(null, result),
    [`${base}/set`]: method([setParam, list(item)], result),
    [`${base}/add`]: method(["add", list(addItem)], result),
    [`${base}/remove`]: method([removeParam, removeBy], result),
    [`${base}/clear`]: method(null, result),
  };
}

/** A server setting read by `minecraft:serversettings/<key>` and written by `…/set` with `param`. */
export type SettingSpec = { param: string; result: string; schema: Schema };

/** The server settings the API reads and writes, by key (their names in the document). */
export const settings: Record<string, SettingSpec> = {
  autosave: { param: "enable", result: "enabled", schema: boolean },
  difficulty: { param: "difficulty", result: "difficulty", schema: ref("difficulty") },
  enforce_allowlist: { param: "enforce", result: "enforced", schema: boolean },
  use_allowlist: { param: "use", result: "used", schema: boolean },
  max_players: { param: "max", result: "max", schema: integer },
  pause_when_empty_seconds: { param: "seconds", result: "seconds", schema: integer },
  player_idle_timeout: { param: "seconds", result: "seconds", schema: integer },
  allow_flight: { param: "allow", result: "allowed", schema: boolean },
  motd: { param: "message", result: "message", schema: string },
  spawn_protection_radius: { param: "radius", result: "radius", schema: integer },
  force_game_mode: { param: "force", result: "forced", schema: boolean },
  game_mode: { param: "mode", result: "mode", schema: ref("game_type") },
  view_distance: { param: "distance", result: "distance", schema: integer },
  simulation_distance: { param: "distance", result: "distance", schema: integer },
  accept_transfers: { param: "accept", result: "accepted", schema: boolean },
  status_heartbeat_interval: { param: "seconds", result: "seconds", schema: integer },
  operator_user_permission_level: { param: "level", result: "level", schema: integer },
  hide_online_players: { param: "hide", result: "hidden", schema: boolean },
  status_replies: { param: "enable", result: "enabled", schema: boolean },
  entity_broadcast_range: { param: "percentage_points", result: "percentage_points", schema: integer },
};

/** Every method the server answers (but `rpc.discover`), by name. */
export const methods: Record<string, MethodSpec> = {
  ...listMethods("minecraft:allowlist", {
    item: "player",
    removeBy: list("player"),
    resultName: "allowlist",
    setParam: "players",
  }),
  ...listMethods("minecraft:bans", {
    item: "user_ban",
    removeBy: list("player"),
    resultName: "banlist",
    setParam: "bans",
  }),
  ...listMethods("minecraft:ip_bans", {
    item: "ip_ban",
    addItem: "incoming_ip_ban",
    // Removed by address, under the parameter name `ip`.
    removeBy: { type: "array", items: string },
    removeParam: "ip",
    resultName: "banlist",
    setParam: "banlist",
  }),
  ...listMethods("minecraft:operators", {
    item: "operator",
    removeBy: list("player"),
    resultName: "operators",
    setParam: "operators",
  }),
  "minecraft:players": method(null, ["players", list("player")]),
  "minecraft:players/kick": method(["kick", list("kick_player")], ["kicked", list("player")]),
  "minecraft:server/status": method(null, ["status", ref("server_state")]),
  "minecraft:server/save": method(["flush", boolean], ["saving", boolean]),
  "minecraft:server/stop": method(null, ["stopping", boolean]),
  "minecraft:server/system_message": method(["message", ref("system_message")], ["sent", boolean]),
  ...Object.fromEntries(
    Object.entries(settings).flatMap(([key, spec]) => [
      [`minecraft:serversettings/${key}`, method(null, [spec.result, spec.schema])],
      [`minecraft:serversettings/${key}/set`, method([spec.param, spec.schema], [spec.result, spec.schema])],
    ]),
  ),
  "minecraft:gamerules": method(null, ["gamerules", list("typed_game_rule")]),
  "minecraft:gamerules/update": method(
    ["gamerule", ref("untyped_game_rule")],
    ["gamerule", ref("typed_game_rule")],
  ),
};

/** Every notification the server sends, with its one parameter when it has one. */
export const notifications: Record<string, { name: string; schema: Schema } | null> = {
  "minecraft:notification/server/started": null,
  "minecraft:notification/server/stopping": null,
  "minecraft:notification/server/saving": null,
  "minecraft:notification/server/saved": null,
  "minecraft:notification/players/joined": { name: "player", schema: ref("player") },
  "minecraft:notification/players/left": { name: "player", schema: ref("player") },
  "minecraft:notification/operators/added": { name: "player", schema: ref("operator") },
  "minecraft:notification/operators/removed": { name: "player", schema: ref("operator") },
  "minecraft:notification/allowlist/added": { name: "player", schema: ref("player") },
  "minecraft:notification/allowlist/removed": { name: "player", schema: ref("player") },
  "minecraft:notification/ip_bans/added": { name: "player", schema: ref("ip_ban") },
  "minecraft:notification/ip_bans/removed": { name: "player", schema: string },
  "minecraft:notification/bans/added": { name: "player", schema: ref("user_ban") },
  "minecraft:notification/bans/removed": { name: "player", schema: ref("player") },
  "minecraft:notification/gamerules/updated": { name: "gamerule", schema: ref("typed_game_rule") },
  "minecraft:notification/server/status": { name: "status", schema: ref("server_state") },
};

/** The OpenRPC version the server's document declares (JsonRPCUtils.OPEN_RPC_VERSION). */
const OPEN_RPC_VERSION = "1.3.2";
/** The protocol version of the document the fake is built from (Minecraft 1.21.10). */
export const PROTOCOL_VERSION = "1.1.0";

/** The schema as published: without the fake's own `required` and `format` notes. */
function published(schema: Schema): Record<string, unknown> {
  const { required: _required, format: _format, items, properties, ...rest } = schema;
  return {
    ...rest,
    ...(items ? { items: published(items) } : {}),
    ...(properties
      ? { properties: Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, published(v)])) }
      : {}),
  };
}

/** What `rpc.discover` answers: the OpenRPC document of every method and notification. */
export function discoverDocument(): Record<string, unknown> {
  const described = Object.entries(methods).map(([name, spec]) => ({
    name,
    description: `${name.slice("minecraft:".length)}`,
    params: spec.param
      ? [{ name: spec.param.name, schema: published(spec.param.schema), required: true }]
      : [],
    result: { name: spec.result.name, schema: published(spec.result.schema) },
  }));
  const sent = Object.entries(notifications).map(([name, param]) => ({
    name,
    description: `${name.slice("minecraft:notification/".length)} (sent by the server)`,
    params: param ? [{ name: param.name, schema: published(param.schema), required: true }] : [],
  }));
  return {
    openrpc: OPEN_RPC_VERSION,
    info: { title: "Minecraft Server JSON-RPC", version: PROTOCOL_VERSION },
    methods: [...described, ...sent],
    components: {
      schemas: Object.fromEntries(Object.entries(components).map(([k, v]) => [k, published(v)])),
    },
  };
}
