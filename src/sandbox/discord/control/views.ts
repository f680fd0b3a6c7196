import {
  type APIAllowedMentions,
  type APIApplicationCommandOptionChoice,
  MessageFlags,
} from "discord-api-types/v10";
import { isTextual } from "../http.ts";
import type { InteractionAnswer } from "../interactions.ts";
import type { SandboxAttachment, SandboxMember, SandboxMessage, SandboxState } from "../state.ts";

/** An attachment as the control API shows it; `text` is the UTF-8 body of text-like files. */
export type AttachmentView = { filename: string; contentType: string; size: number; text?: string };

/** A posted message as the control API shows it. */
export type MessageView = {
  id: string;
  authorId: string;
  content: string;
  embeds: SandboxMessage["embeds"];
  attachments: AttachmentView[];
  components: SandboxMessage["components"];
  reactions: string[];
  createdAt: string;
  /** The `allowed_mentions` the bot posted the message with, when it sent any. */
  allowedMentions?: APIAllowedMentions;
  /** The message it replies to, when it is a reply. */
  replyTo?: string;
};

/** What the bot answered to an interaction the control API ran. */
export type AnswerView =
  | {
      messageId: string;
      content: string;
      embeds: SandboxMessage["embeds"];
      attachments: AttachmentView[];
      components: SandboxMessage["components"];
      ephemeral: boolean;
      deferred: boolean;
    }
  | { choices: APIApplicationCommandOptionChoice[] }
  | { modal: Record<string, unknown>; interactionId: string };

/** A member as the control API shows it: `nick` is their server nickname (null: none). */
export type MemberView = { id: string; username: string; nick: string | null; roleIds: string[] };

/** The attachment view. */
export function attachmentView(attachment: SandboxAttachment): AttachmentView {
  return {
    filename: attachment.filename,
    contentType: attachment.contentType,
    size: attachment.bytes.byteLength,
    ...(isTextual(attachment.contentType) ? { text: new TextDecoder().decode(attachment.bytes) } : {}),
  };
}

/** The message view. */
export function messageView(message: SandboxMessage): MessageView {
  return {
    id: message.id,
    authorId: message.author.id,
    content: message.content,
    embeds: message.embeds,
    attachments: message.attachments.map(attachmentView),
    components: message.components,
    reactions: [...message.reactions],
    createdAt: new Date(message.createdAt).toISOString(),
    ...(message.allowedMentions === null ? {} : { allowedMentions: message.allowedMentions }),
    ...(message.referenceId === null ? {} : { replyTo: message.referenceId }),
  };
}

/** The member view. */
export function memberView(member: SandboxMember): MemberView {
  return {
    id: member.user.id,
    username: member.user.username,
    nick: member.nick,
    roleIds: [...member.roleIds],
  };
}

/** The answer view, read from the message as it is now (a later edit shows). */
export function answerView(state: SandboxState, answer: InteractionAnswer): AnswerView {
  if (answer.kind === "choices") return { choices: answer.choices };
  if (answer.kind === "modal") return { modal: answer.modal, interactionId: answer.interactionId };
  const message = state.messages.get(answer.messageId);
  return {
    messageId: answer.messageId,
    content: message?.content ?? "",
    embeds: message?.embeds ?? [],
    attachments: message?.attachments.map(attachmentView) ?? [],
    components: message?.components ?? [],
    ephemeral: ((message?.flags ?? 0) & MessageFlags.Ephemeral) !== 0,
    deferred: answer.deferred,
  };
}

/** The guild as the control API shows it. */
export function guildView(state: SandboxState) {
  return {
    id: state.guild.id,
    name: state.guild.name,
    ownerId: state.guild.ownerId,
    channels: [...state.channels.values()].map((channel) => ({
      id: channel.id,
      name: channel.name,
      type: "text",
    })),
    roles: [...state.roles.values()]
      .sort((a, b) => b.position - a.position)
      .map(({ id, name, permissions, position }) => ({ id, name, permissions, position })),
    members: [...state.members.values()].map(memberView),
  };
}
