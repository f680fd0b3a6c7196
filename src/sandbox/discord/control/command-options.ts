import {
  type APIApplicationCommand,
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandInteractionDataBasicOption,
  type APIApplicationCommandInteractionDataOption,
  type APIApplicationCommandInteractionDataSubcommandOption,
  type APIApplicationCommandOption,
  type APIInteractionDataResolved,
  ApplicationCommandOptionType,
} from "discord-api-types/v10";
import type { SandboxContext } from "../context.ts";
import { contentTypeFor } from "../http.ts";
import { attachmentPayload, channelPayload, memberPayload, rolePayload, userPayload } from "../payloads.ts";
import { memberPermissions } from "../permissions.ts";
import { LIMITS } from "../rest/limits.ts";
import type { SandboxAttachment, SandboxMember } from "../state.ts";

/** What the control API asks for: a slash command (or its autocomplete) run by a member. */
export type CommandRequest = {
  command: APIApplicationCommand;
  subcommandGroup: string | null;
  subcommand: string | null;
  options: Record<string, unknown>;
  /** Set for autocomplete: the option being typed (`true`: the first given option with autocomplete). */
  focused: string | true | null;
};

/** A request the control API cannot turn into an interaction; `message` says why. */
export class ControlRequestError extends Error {
  override readonly name = "ControlRequestError";
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** What a client lets a member type into a string option without a `max_length` (Discord's own limit). */
const MAX_STRING_OPTION_LENGTH = 6000;

/**
 * Refuses a string value a Discord client would not send: longer than the option's `max_length` (6,000 without
 * one) or, once submitted, shorter than its `min_length`. Counted in characters (code points).
 */
function checkLength(request: CommandRequest, definition: APIApplicationCommandBasicOption, value: string) {
  if (definition.type !== ApplicationCommandOptionType.String) return;
  const length = [...value].length;
  const max = definition.max_length ?? MAX_STRING_OPTION_LENGTH;
  const min = request.focused === null ? (definition.min_length ?? 0) : 0;
  const where = `option ${definition.name} of /${request.command.name}`;
  if (length > max) {
    throw new ControlRequestError(`${where} takes at most ${max} characters (max_length), got ${length}`);
  }
  if (length < min) {
    throw new ControlRequestError(`${where} takes at least ${min} characters (min_length), got ${length}`);
  }
}

/** Finds the options a request addresses, descending into the subcommand group and subcommand. */
function targetOptions(request: CommandRequest): APIApplicationCommandBasicOption[] {
  let options: APIApplicationCommandOption[] = request.command.options ?? [];
  const descend = (type: ApplicationCommandOptionType, name: string | null, label: string) => {
    const nested = options.filter((option) => option.type === type);
    if (name === null) {
      // Discord takes groups beside plain subcommands: a group is needed only where nothing else is left.
      const other = options.some(
        (option) =>
          type === ApplicationCommandOptionType.SubcommandGroup &&
          option.type === ApplicationCommandOptionType.Subcommand,
      );
      if (nested.length > 0 && !other)
        throw new ControlRequestError(`/${request.command.name} needs a ${label}`);
      return;
    }
    const found = nested.find((option) => option.name === name);
    if (!found || !("options" in found)) {
      throw new ControlRequestError(`/${request.command.name} has no ${label} ${name}`);
    }
    options = found.options ?? [];
  };
  descend(ApplicationCommandOptionType.SubcommandGroup, request.subcommandGroup, "subcommand group");
  descend(ApplicationCommandOptionType.Subcommand, request.subcommand, "subcommand");
  return options as APIApplicationCommandBasicOption[];
}

/**
 * A file a member attaches to an attachment option: `{filename, text}` (UTF-8) or `{filename, base64}`, with an
 * optional `contentType` (else guessed from the name, as Discord does). Like Discord's client, refuses a file over
 * the upload limit the interaction announces (`attachment_size_limit`).
 */
function uploadOf(ctx: SandboxContext, where: string, raw: unknown): SandboxAttachment {
  const file = raw as { filename?: unknown; text?: unknown; base64?: unknown; contentType?: unknown } | null;
  const filename = file?.filename;
  if (typeof file !== "object" || file === null || typeof filename !== "string" || filename === "") {
    throw new ControlRequestError(`${where} takes {filename, text} or {filename, base64}`);
  }
  let bytes: Uint8Array;
  if (typeof file.text === "string") bytes = new TextEncoder().encode(file.text);
  else if (typeof file.base64 === "string") bytes = Uint8Array.from(Buffer.from(file.base64, "base64"));
  else throw new ControlRequestError(`${where} takes {filename, text} or {filename, base64}`);
  if (bytes.byteLength > LIMITS.fileBytes) {
    throw new ControlRequestError(
      `${where}: ${bytes.byteLength} bytes is over the upload limit of ${LIMITS.fileBytes}`,
    );
  }
  const uploaded = typeof file.contentType === "string" ? file.contentType : "";
  return {
    id: ctx.state.nextId(),
    filename,
    contentType: contentTypeFor(filename, uploaded, bytes),
    description: null,
    bytes,
  };
}

/** Builds the `options` and `resolved` of the interaction data from values given by option name. */
export function buildOptions(
  ctx: SandboxContext,
  request: CommandRequest,
  member: SandboxMember,
): { options: APIApplicationCommandInteractionDataOption[]; resolved: APIInteractionDataResolved } {
  const { state } = ctx;
  const definitions = targetOptions(request);
  const resolved: Required<
    Pick<APIInteractionDataResolved, "users" | "members" | "roles" | "channels" | "attachments">
  > = {
    users: {},
    members: {},
    roles: {},
    channels: {},
    attachments: {},
  };
  const resolveUser = (id: string): boolean => {
    const user = state.users.get(id);
    if (!user) return false;
    resolved.users[id] = userPayload(user);
    const member = state.members.get(id);
    if (member) {
      const { user: _user, ...rest } = memberPayload(member);
      resolved.members[id] = { ...rest, permissions: memberPermissions(state, member).toString() };
    }
    return true;
  };
  const resolveRole = (id: string): boolean => {
    const role = state.roles.get(id);
    if (role) resolved.roles[id] = rolePayload(role);
    return role !== undefined;
  };
  for (const name of Object.keys(request.options)) {
    if (!definitions.some((definition) => definition.name === name)) {
      throw new ControlRequestError(`/${request.command.name} has no option ${name}`);
    }
  }
  const focus =
    request.focused === true
      ? definitions.find(
          (definition) =>
            "autocomplete" in definition && definition.autocomplete && definition.name in request.options,
        )?.name
      : request.focused;
  if (focus === undefined) throw new ControlRequestError("no option with autocomplete was given");
  if (focus !== null && !definitions.some((definition) => definition.name === focus)) {
    throw new ControlRequestError(`/${request.command.name} has no option ${focus}`);
  }
  const built: APIApplicationCommandInteractionDataBasicOption[] = [];
  for (const definition of definitions) {
    const raw = request.options[definition.name];
    const focused = focus === definition.name;
    if (raw === undefined && !focused) {
      if (definition.required && request.focused === null) {
        throw new ControlRequestError(`option ${definition.name} of /${request.command.name} is required`);
      }
      continue;
    }
    if (focused) {
      const { name, type } = definition;
      if (
        type !== ApplicationCommandOptionType.String &&
        type !== ApplicationCommandOptionType.Integer &&
        type !== ApplicationCommandOptionType.Number
      ) {
        throw new ControlRequestError(`option ${name} of /${request.command.name} cannot autocomplete`);
      }
      const typed = String(raw ?? "");
      checkLength(request, definition, typed);
      built.push({ name, type, value: typed, focused: true });
      continue;
    }
    const value = String(raw);
    const bad = (what: string) =>
      new ControlRequestError(`option ${definition.name}: ${what} (got ${JSON.stringify(raw)})`);
    switch (definition.type) {
      case ApplicationCommandOptionType.String:
        if (definition.choices?.length && !definition.choices.some((choice) => choice.value === value)) {
          throw bad(`not one of the choices ${definition.choices.map((choice) => choice.value).join(", ")}`);
        }
        checkLength(request, definition, value);
        built.push({ name: definition.name, type: definition.type, value });
        break;
      case ApplicationCommandOptionType.Integer:
      case ApplicationCommandOptionType.Number: {
        const number = Number(raw);
        const integer = definition.type === ApplicationCommandOptionType.Integer;
        if (!Number.isFinite(number) || (integer && !Number.isInteger(number))) throw bad("not a number");
        if (definition.min_value !== undefined && number < definition.min_value) throw bad("below min_value");
        if (definition.max_value !== undefined && number > definition.max_value) throw bad("above max_value");
        built.push({ name: definition.name, type: definition.type, value: number });
        break;
      }
      case ApplicationCommandOptionType.Boolean:
        if (raw !== true && raw !== false && value !== "true" && value !== "false") {
          throw bad("not a boolean");
        }
        built.push({ name: definition.name, type: definition.type, value: raw === true || value === "true" });
        break;
      case ApplicationCommandOptionType.User:
        if (!resolveUser(value)) throw bad("unknown user");
        built.push({ name: definition.name, type: definition.type, value });
        break;
      case ApplicationCommandOptionType.Role:
        if (!resolveRole(value)) throw bad("unknown role");
        built.push({ name: definition.name, type: definition.type, value });
        break;
      case ApplicationCommandOptionType.Mentionable:
        if (!resolveUser(value) && !resolveRole(value)) throw bad("unknown user or role");
        built.push({ name: definition.name, type: definition.type, value });
        break;
      case ApplicationCommandOptionType.Channel: {
        const channel = state.channels.get(value);
        if (!channel) throw bad("unknown channel");
        const { id, name, type } = channelPayload(state, channel);
        resolved.channels[id] = { id, name, type, permissions: memberPermissions(state, member).toString() };
        built.push({ name: definition.name, type: definition.type, value });
        break;
      }
      case ApplicationCommandOptionType.Attachment: {
        const upload = uploadOf(ctx, `option ${definition.name} of /${request.command.name}`, raw);
        state.uploads.set(upload.id, upload);
        resolved.attachments[upload.id] = { ...attachmentPayload(ctx.url, upload), ephemeral: true };
        built.push({ name: definition.name, type: definition.type, value: upload.id });
        break;
      }
      default:
        throw bad("this option type is not supported by the sandbox");
    }
  }
  const subcommand: APIApplicationCommandInteractionDataSubcommandOption | null =
    request.subcommand === null
      ? null
      : { type: ApplicationCommandOptionType.Subcommand, name: request.subcommand, options: built };
  let options: APIApplicationCommandInteractionDataOption[] = subcommand ? [subcommand] : built;
  if (request.subcommandGroup !== null) {
    const group = request.subcommandGroup;
    options = [
      {
        type: ApplicationCommandOptionType.SubcommandGroup,
        name: group,
        options: subcommand ? [subcommand] : [],
      },
    ];
  }
  const used = Object.fromEntries(
    Object.entries(resolved).filter(([, entries]) => Object.keys(entries).length > 0),
  );
  return { options, resolved: used };
}
