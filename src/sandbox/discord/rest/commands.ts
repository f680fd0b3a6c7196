import {
  type APIApplicationCommand,
  type APIApplicationCommandOption,
  ApplicationCommandOptionType,
  ApplicationCommandType,
} from "discord-api-types/v10";
import type { SandboxContext } from "../context.ts";
import { DiscordErrors, discordError, formError, json } from "../http.ts";
import { DISCORD_LOCALES, isDiscordLocale } from "../locales.ts";
import { route } from "../router.ts";
import { characters, checkChoices, createFormErrors, type FormErrors, LIMITS } from "./limits.ts";

/** Chat-input command and option names (Application Commands, Naming); lower case where a letter has one. */
const NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

type Path = (string | number)[];
type CommandBody = Record<string, unknown> & { name?: unknown; type?: unknown; options?: unknown };

const invalidName = (errors: FormErrors, path: Path) =>
  errors.add(path, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid");

const badLength = (errors: FormErrors, path: Path, max: number) =>
  errors.add(path, "BASE_TYPE_BAD_LENGTH", `Must be between 1 and ${max} in length.`);

/** A chat-input command's or an option's name: the pattern, and lower case. */
function checkChatInputName(errors: FormErrors, path: Path, name: unknown): void {
  if (typeof name !== "string" || !NAME.test(name) || name !== name.toLowerCase()) invalidName(errors, path);
}

/** A description of 1-100 characters. */
function checkDescription(errors: FormErrors, path: Path, description: unknown): void {
  const length = typeof description === "string" ? characters(description) : 0;
  if (length < 1 || length > LIMITS.commandDescription) badLength(errors, path, LIMITS.commandDescription);
}

/**
 * A map of localizations (`name_localizations`, `description_localizations`): null or an object whose keys are
 * Discord's locales, each value meeting `check` (names follow the same rules as the name, descriptions as the
 * description: Application Command Object). An unknown locale is refused as Discord refuses a value outside an
 * enum (BASE_TYPE_CHOICES).
 */
function checkLocalizations(
  errors: FormErrors,
  path: Path,
  localizations: unknown,
  check: (errors: FormErrors, path: Path, value: unknown) => void,
): void {
  if (localizations === undefined || localizations === null) return;
  if (typeof localizations !== "object" || Array.isArray(localizations)) {
    errors.add(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
    return;
  }
  for (const [locale, value] of Object.entries(localizations)) {
    if (!isDiscordLocale(locale)) {
      errors.add(
        [...path, locale],
        "BASE_TYPE_CHOICES",
        `Value must be one of ${[...DISCORD_LOCALES].join(", ")}.`,
      );
      continue;
    }
    check(errors, [...path, locale], value);
  }
}

/** The name and description localizations of a chat-input command or option. */
function checkChatInputLocalizations(errors: FormErrors, path: Path, body: Record<string, unknown>): void {
  checkLocalizations(errors, [...path, "name_localizations"], body.name_localizations, checkChatInputName);
  checkLocalizations(
    errors,
    [...path, "description_localizations"],
    body.description_localizations,
    checkDescription,
  );
}

/** A choice's name in another language: 1-100 characters, as its name. */
function checkChoiceName(errors: FormErrors, path: Path, name: unknown): void {
  const length = typeof name === "string" ? characters(name) : 0;
  if (length < 1 || length > LIMITS.choiceName) badLength(errors, path, LIMITS.choiceName);
}

/**
 * Adds what Discord refuses in one command: the name (chat input: the pattern, lower case; user and message
 * commands: 1-32 characters, spaces and capitals allowed), the description (1-100, chat input only) and options.
 */
function checkCommand(errors: FormErrors, body: CommandBody, path: Path): void {
  const type = body.type ?? ApplicationCommandType.ChatInput;
  if (type !== ApplicationCommandType.ChatInput) {
    const length = typeof body.name === "string" ? characters(body.name) : 0;
    if (length < 1 || length > LIMITS.commandName) badLength(errors, [...path, "name"], LIMITS.commandName);
    return;
  }
  checkChatInputName(errors, [...path, "name"], body.name);
  checkDescription(errors, [...path, "description"], body.description);
  checkChatInputLocalizations(errors, path, body);
  checkOptions(errors, body.options, [...path, "options"], 0);
}

const isNested = (option: APIApplicationCommandOption) =>
  option.type === ApplicationCommandOptionType.Subcommand ||
  option.type === ApplicationCommandOptionType.SubcommandGroup;

/** Adds what Discord refuses in a list of options: at most 25, unique names, required before optional, choices. */
function checkOptions(errors: FormErrors, options: unknown, path: Path, depth: number): void {
  if (options === undefined || options === null) return;
  if (!Array.isArray(options)) {
    errors.add(path, "BASE_TYPE_ARRAY", "Must be an array.");
    return;
  }
  if (options.length > LIMITS.commandOptions) {
    errors.add(path, "BASE_TYPE_MAX_LENGTH", `Must be ${LIMITS.commandOptions} or fewer in length.`);
  }
  const list = options as APIApplicationCommandOption[];
  if (list.some(isNested) && !list.every(isNested)) {
    errors.add(
      path,
      "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
      "Sub-command and sub-command group option types are mutually exclusive to all other types",
    );
  }
  const names = new Set<string>();
  let optionalSeen = false;
  for (const [index, option] of list.entries()) {
    const at = [...path, index];
    checkChatInputName(errors, [...at, "name"], option.name);
    if (names.has(option.name)) {
      errors.add(
        [...at, "name"],
        "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
        "Option name already exists",
      );
    }
    names.add(option.name);
    checkDescription(errors, [...at, "description"], option.description);
    checkChatInputLocalizations(errors, at, option as unknown as Record<string, unknown>);
    if (isNested(option)) {
      if (option.type === ApplicationCommandOptionType.SubcommandGroup && depth > 0) {
        errors.add([...at, "type"], "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Invalid nesting");
      }
      checkOptions(errors, option.options, [...at, "options"], depth + 1);
      continue;
    }
    const required = "required" in option && option.required === true;
    if (required && optionalSeen) {
      errors.add(
        at,
        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
        "Required options must be placed before non-required options",
      );
    }
    if (!required) optionalSeen = true;
    const choices = "choices" in option ? option.choices : undefined;
    checkChoices(errors, [...at, "choices"], choices);
    for (const [index, choice] of (Array.isArray(choices) ? choices : []).entries()) {
      checkLocalizations(
        errors,
        [...at, "choices", index, "name_localizations"],
        (choice as { name_localizations?: unknown }).name_localizations,
        checkChoiceName,
      );
    }
    if (Array.isArray(choices) && choices.length > 0 && "autocomplete" in option && option.autocomplete) {
      errors.add(
        [...at, "autocomplete"],
        "APPLICATION_COMMAND_OPTION_CHOICES_AUTOCOMPLETE",
        "Autocomplete cannot be enabled with choices",
      );
    }
  }
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

const typeOf = (body: { type?: unknown }) => Number(body.type ?? ApplicationCommandType.ChatInput);

/** 30032 when a scope would hold more commands of one type than Discord allows (100 chat input, 15, 15). */
function countError(commands: { type?: unknown }[]): Response | null {
  for (const [type, max] of Object.entries(LIMITS.commandsPerType)) {
    if (commands.filter((command) => typeOf(command) === Number(type)).length > max) {
      return discordError(400, 30032, `Maximum number of application commands reached (${max})`);
    }
  }
  return null;
}

function overwrite(ctx: SandboxContext, bodies: unknown, guildId: string | null): Response {
  if (!Array.isArray(bodies)) {
    return DiscordErrors.invalidFormBody(formError([], "BASE_TYPE_ARRAY", "Must be an array."));
  }
  if (bodies.length > LIMITS.bulkCommands) {
    return DiscordErrors.invalidFormBody(
      formError([], "BASE_TYPE_MAX_LENGTH", `Must be ${LIMITS.bulkCommands} or fewer in length.`),
    );
  }
  const errors = createFormErrors();
  const names = new Set<string>();
  for (const [index, body] of (bodies as CommandBody[]).entries()) {
    checkCommand(errors, body ?? {}, [index]);
    const key = `${typeOf(body ?? {})}:${String(body?.name)}`;
    if (names.has(key)) {
      errors.add(
        [index, "name"],
        "APPLICATION_COMMANDS_DUPLICATE_NAME",
        "Application command names must be unique",
      );
    }
    names.add(key);
  }
  const invalid = errors.tree();
  if (invalid) return DiscordErrors.invalidFormBody(invalid);
  const tooMany = countError(bodies as CommandBody[]);
  if (tooMany) return tooMany;
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
  const errors = createFormErrors();
  checkCommand(errors, (body ?? {}) as CommandBody, []);
  const invalid = errors.tree();
  if (invalid) return DiscordErrors.invalidFormBody(invalid);
  const command = toCommand(ctx, body as CommandBody, guildId);
  const existed = ctx.state.commands.has(command.id);
  if (!existed) {
    const tooMany = countError([...scopeOf(ctx, guildId), command]);
    if (tooMany) return tooMany;
  }
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
