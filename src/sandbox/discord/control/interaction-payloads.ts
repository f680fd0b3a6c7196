import {
  type APIApplicationCommandAutocompleteGuildInteraction,
  type APIChatInputApplicationCommandGuildInteraction,
  type APIMessageComponentGuildInteraction,
  type APIModalSubmission,
  type APIModalSubmitGuildInteraction,
  ApplicationCommandType,
  ApplicationIntegrationType,
  ComponentType,
  InteractionContextType,
  InteractionType,
  type Locale,
} from "discord-api-types/v10";
import type { SandboxContext } from "../context.ts";
import { channelPayload, memberPayload, messagePayload, userPayload } from "../payloads.ts";
import { memberPermissions } from "../permissions.ts";
import { LIMITS } from "../rest/limits.ts";
import { type SandboxModal, submittedComponents } from "../rest/modals.ts";
import { DEFAULT_LOCALE, type SandboxChannel, type SandboxMember, type SandboxMessage } from "../state.ts";
import { buildOptions, type CommandRequest, ControlRequestError } from "./command-options.ts";

/** The fields every guild interaction carries (the ones whose absence crashes discord.js included). */
function interactionBase(
  ctx: SandboxContext,
  id: string,
  token: string,
  member: SandboxMember,
  channel: SandboxChannel,
) {
  const { state } = ctx;
  const bot = state.members.get(state.bot.id);
  return {
    id,
    application_id: state.applicationId,
    token,
    version: 1 as const,
    guild_id: state.guild.id,
    // Discord's own fields: the invoker's client language, and the server's (docs: Interaction Object).
    guild: { id: state.guild.id, locale: state.guild.preferredLocale as Locale, features: [] },
    channel_id: channel.id,
    channel: channelPayload(state, channel),
    member: {
      ...memberPayload(member),
      user: userPayload(member.user),
      permissions: memberPermissions(state, member).toString(),
    },
    app_permissions: (bot ? memberPermissions(state, bot) : 0n).toString(),
    locale: (member.user.locale ?? DEFAULT_LOCALE) as Locale,
    guild_locale: state.guild.preferredLocale as Locale,
    entitlements: [],
    authorizing_integration_owners: { [ApplicationIntegrationType.GuildInstall]: state.guild.id },
    context: InteractionContextType.Guild,
    attachment_size_limit: LIMITS.fileBytes,
  };
}

/** A CHAT_INPUT interaction (or its APPLICATION_COMMAND_AUTOCOMPLETE twin when `focused` is set). */
export function commandInteraction(
  ctx: SandboxContext,
  ids: { id: string; token: string },
  member: SandboxMember,
  channel: SandboxChannel,
  request: CommandRequest,
): APIChatInputApplicationCommandGuildInteraction | APIApplicationCommandAutocompleteGuildInteraction {
  if (request.command.type !== ApplicationCommandType.ChatInput) {
    throw new ControlRequestError(`/${request.command.name} is not a slash command`);
  }
  const { options, resolved } = buildOptions(ctx, request, member);
  const data = {
    id: request.command.id,
    name: request.command.name,
    type: ApplicationCommandType.ChatInput as const,
    guild_id: ctx.state.guild.id,
    options,
    ...(Object.keys(resolved).length > 0 ? { resolved } : {}),
  };
  const base = interactionBase(ctx, ids.id, ids.token, member, channel);
  return request.focused === null
    ? { ...base, type: InteractionType.ApplicationCommand, data }
    : { ...base, type: InteractionType.ApplicationCommandAutocomplete, data };
}

/** The component with that custom id anywhere in a message's components (rows, containers, sections). */
export function findComponent(message: SandboxMessage, customId: string): Record<string, unknown> | null {
  const visit = (node: unknown): Record<string, unknown> | null => {
    if (Array.isArray(node)) {
      for (const child of node) {
        const found = visit(child);
        if (found) return found;
      }
      return null;
    }
    if (typeof node !== "object" || node === null) return null;
    const record = node as Record<string, unknown>;
    if (record.custom_id === customId) return record;
    return visit(record.components) ?? visit(record.accessory);
  };
  return visit(message.components);
}

/** A MESSAGE_COMPONENT interaction: a button click or a string-select choice on `message`. */
export function componentInteraction(
  ctx: SandboxContext,
  ids: { id: string; token: string },
  member: SandboxMember,
  message: SandboxMessage,
  customId: string,
  values: string[] | null,
): APIMessageComponentGuildInteraction {
  const channel = ctx.state.channels.get(message.channelId);
  if (!channel) throw new ControlRequestError(`the channel of message ${message.id} is gone`, 404);
  const component = findComponent(message, customId);
  if (!component) throw new ControlRequestError(`message ${message.id} has no component ${customId}`, 404);
  if (component.disabled === true) throw new ControlRequestError(`component ${customId} is disabled`);
  const base = interactionBase(ctx, ids.id, ids.token, member, channel);
  const common = {
    ...base,
    type: InteractionType.MessageComponent as const,
    message: messagePayload(ctx.state, ctx.url, message),
  };
  if (component.type === ComponentType.Button) {
    return { ...common, data: { custom_id: customId, component_type: ComponentType.Button } };
  }
  if (component.type === ComponentType.StringSelect) {
    return {
      ...common,
      data: { custom_id: customId, component_type: ComponentType.StringSelect, values: values ?? [] },
    };
  }
  throw new ControlRequestError(`component ${customId} is neither a button nor a string select`);
}

/**
 * A MODAL_SUBMIT interaction: the member submitted `modal` with `values` (by text input custom id, checked as their
 * client checks them); `message` when the modal was opened from a component of that message.
 */
export function modalSubmitInteraction(
  ctx: SandboxContext,
  ids: { id: string; token: string },
  member: SandboxMember,
  channel: SandboxChannel,
  modal: SandboxModal,
  values: Map<string, string>,
  message: SandboxMessage | null,
): APIModalSubmitGuildInteraction {
  const data = {
    custom_id: modal.customId,
    components: submittedComponents(modal, values) as APIModalSubmission["components"],
  };
  return {
    ...interactionBase(ctx, ids.id, ids.token, member, channel),
    type: InteractionType.ModalSubmit,
    data,
    ...(message ? { message: messagePayload(ctx.state, ctx.url, message) } : {}),
  };
}
