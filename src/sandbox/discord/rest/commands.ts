import {
  type APIApplicationCommand,
  type APIApplicationCommandOption,
  ApplicationCommandOptionType,
  ApplicationCommandType,
} from "discord-api-types/v10";
import type { SandboxContext } from "../context.ts";
import { DiscordErrors, formError, json } from "../http.ts";
import { route } from "../router.ts";

const NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

type Path = (string | number)[];
type CommandBody = Record<string, unknown> & { name?: unknown; type?: unknown; options?: unknown };

/** Checks one command as Discord does for the rules bots most often break; the form error, or null. */
function validateCommand(body: CommandBody, path: Path): object | null {
  const type = body.type ?? ApplicationCommandType.ChatInput;
  const chatInput = type === ApplicationCommandType.ChatInput;
  if (
    typeof body.name !== "string" ||
    !NAME.test(body.name) ||
    (chatInput && body.name !== body.name.toLowerCase())
  ) {
    return formError([...path, "name"], "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid");
  }
  if (!chatInput) return null;
  const description = body.description;
  if (typeof description !== "string" || description.length < 1 || description.length > 100) {
    return formError(
      [...path, "description"],
      "BASE_TYPE_BAD_LENGTH",
      "Must be between 1 and 100 in length.",
    );
  }
  return validateOptions(body.options, [...path, "options"], 0);
}

function validateOptions(options: unknown, path: Path, depth: number): object | null {
  if (options === undefined || options === null) return null;
  if (!Array.isArray(options)) return formError(path, "BASE_TYPE_ARRAY", "Must be an array.");
  if (options.length > 25) return formError(path, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.");
  const list = options as APIApplicationCommandOption[];
  const nested = (option: APIApplicationCommandOption) =>
    option.type === ApplicationCommandOptionType.Subcommand ||
    option.type === ApplicationCommandOptionType.SubcommandGroup;
  if (list.some(nested) && !list.every(nested)) {
    return formError(
      path,
      "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
      "Sub-command and sub-command group option types are mutually exclusive to all other types",
    );
  }
  const names = new Set<string>();
  let optionalSeen = false;
  for (const [index, option] of list.entries()) {
    const at = [...path, index];
    if (
      typeof option.name !== "string" ||
      !NAME.test(option.name) ||
      option.name !== option.name.toLowerCase()
    ) {
      return formError([...at, "name"], "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid");
    }
    if (names.has(option.name)) {
      return formError(
        [...at, "name"],
        "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
        "Option name already exists",
      );
    }
    names.add(option.name);
    if (
      typeof option.description !== "string" ||
      option.description.length < 1 ||
      option.description.length > 100
    ) {
      return formError(
        [...at, "description"],
        "BASE_TYPE_BAD_LENGTH",
        "Must be between 1 and 100 in length.",
      );
    }
    if (nested(option)) {
      if (option.type === ApplicationCommandOptionType.SubcommandGroup && depth > 0) {
        return formError([...at, "type"], "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Invalid nesting");
      }
      const inner = validateOptions(option.options, [...at, "options"], depth + 1);
      if (inner) return inner;
      continue;
    }
    const required = "required" in option && option.required === true;
    if (required && optionalSeen) {
      return formError(
        at,
        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
        "Required options must be placed before non-required options",
      );
    }
    if (!required) optionalSeen = true;
    const choices = "choices" in option && Array.isArray(option.choices) ? option.choices : [];
    if (choices.length > 25) {
      return formError([...at, "choices"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.");
    }
    if (choices.length > 0 && "autocomplete" in option && option.autocomplete) {
      return formError(
        [...at, "autocomplete"],
        "APPLICATION_COMMAND_OPTION_CHOICES_AUTOCOMPLETE",
        "Autocomplete cannot be enabled with choices",
      );
    }
  }
  return null;
}

/** Turns a command body into the stored command, keeping the id of a same-named command of that scope. */
function toCommand(ctx: SandboxContext, body: CommandBody, guildId: string | null): APIApplicationCommand {
  const type = (body.type as ApplicationCommandType | undefined) ?? ApplicationCommandType.ChatInput;
  const previous = [...ctx.state.commands.values()].find(
    (command) =>
      command.name === body.name && command.type === type && (command.guild_id ?? null) === guildId,
  );
  return {
    id: previous?.id ?? ctx.state.nextId(),
    application_id: ctx.state.applicationId,
    ...(guildId ? { guild_id: guildId } : {}),
    type,
    name: body.name as string,
    name_localizations: (body.name_localizations as APIApplicationCommand["name_localizations"]) ?? null,
    description: typeof body.description === "string" ? body.description : "",
    description_localizations:
      (body.description_localizations as APIApplicationCommand["description_localizations"]) ?? null,
    ...(Array.isArray(body.options) ? { options: body.options as APIApplicationCommandOption[] } : {}),
    default_member_permissions: (body.default_member_permissions as string | null | undefined) ?? null,
    nsfw: body.nsfw === true,
    ...(Array.isArray(body.contexts) ? { contexts: body.contexts as APIApplicationCommand["contexts"] } : {}),
    ...(Array.isArray(body.integration_types)
      ? { integration_types: body.integration_types as APIApplicationCommand["integration_types"] }
      : {}),
    version: ctx.state.nextId(),
  };
}

const scopeOf = (ctx: SandboxContext, guildId: string | null) =>
  [...ctx.state.commands.values()].filter((command) => (command.guild_id ?? null) === guildId);

/** Checks the application and guild in the path; a Response when either is unknown. */
function checkScope(ctx: SandboxContext, app: string, guild: string | null): Response | null {
  if (app !== ctx.state.applicationId) return DiscordErrors.unknownApplication();
  if (guild !== null && guild !== ctx.state.guild.id) return DiscordErrors.missingAccess();
  return null;
}

function overwrite(ctx: SandboxContext, bodies: unknown, guildId: string | null): Response {
  if (!Array.isArray(bodies)) {
    return DiscordErrors.invalidFormBody(formError([], "BASE_TYPE_ARRAY", "Must be an array."));
  }
  const names = new Set<string>();
  for (const [index, body] of (bodies as CommandBody[]).entries()) {
    const invalid = validateCommand(body, [index]);
    if (invalid) return DiscordErrors.invalidFormBody(invalid);
    const key = `${String(body.type ?? 1)}:${String(body.name)}`;
    if (names.has(key)) {
      return DiscordErrors.invalidFormBody(
        formError(
          [index, "name"],
          "APPLICATION_COMMANDS_DUPLICATE_NAME",
          "Application command names must be unique",
        ),
      );
    }
    names.add(key);
  }
  const commands = (bodies as CommandBody[]).map((body) => toCommand(ctx, body, guildId));
  for (const old of scopeOf(ctx, guildId)) ctx.state.commands.delete(old.id);
  for (const command of commands) ctx.state.commands.set(command.id, command);
  ctx.logger.info("sandbox discord commands registered", {
    scope: guildId ?? "global",
    names: commands.map((command) => command.name).join(","),
  });
  return json(commands);
}

function upsert(ctx: SandboxContext, body: unknown, guildId: string | null): Response {
  const invalid = validateCommand((body ?? {}) as CommandBody, []);
  if (invalid) return DiscordErrors.invalidFormBody(invalid);
  const command = toCommand(ctx, body as CommandBody, guildId);
  const existed = ctx.state.commands.has(command.id);
  ctx.state.commands.set(command.id, command);
  return json(command, existed ? 200 : 201);
}

/** Application command registration: bulk overwrite, list, create and fetch, global and per guild. */
export const commandRoutes = [
  route("GET", "/applications/:app/commands", ({ ctx, params }) => {
    return checkScope(ctx, params.app, null) ?? json(scopeOf(ctx, null));
  }),
  route("PUT", "/applications/:app/commands", async ({ ctx, params, request }) => {
    return checkScope(ctx, params.app, null) ?? overwrite(ctx, await request.json().catch(() => null), null);
  }),
  route("POST", "/applications/:app/commands", async ({ ctx, params, request }) => {
    return checkScope(ctx, params.app, null) ?? upsert(ctx, await request.json().catch(() => null), null);
  }),
  route("GET", "/applications/:app/guilds/:guild/commands", ({ ctx, params }) => {
    return checkScope(ctx, params.app, params.guild) ?? json(scopeOf(ctx, params.guild));
  }),
  route("PUT", "/applications/:app/guilds/:guild/commands", async ({ ctx, params, request }) => {
    const refused = checkScope(ctx, params.app, params.guild);
    return refused ?? overwrite(ctx, await request.json().catch(() => null), params.guild);
  }),
  route("POST", "/applications/:app/guilds/:guild/commands", async ({ ctx, params, request }) => {
    const refused = checkScope(ctx, params.app, params.guild);
    return refused ?? upsert(ctx, await request.json().catch(() => null), params.guild);
  }),
  route("GET", "/applications/:app/guilds/:guild/commands/:command", ({ ctx, params }) => {
    const refused = checkScope(ctx, params.app, params.guild);
    const command = ctx.state.commands.get(params.command);
    return refused ?? (command?.guild_id === params.guild ? json(command) : DiscordErrors.unknownCommand());
  }),
];
