import {
  type AttachmentPayload,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type InteractionEditReplyOptions,
  MessageFlags,
} from "discord.js";
import { fitContent } from "../text.ts";

/** What a command answers with: text, and optionally embeds and files. */
export type Answer = Pick<InteractionEditReplyOptions, "embeds"> & {
  content: string;
  files?: AttachmentPayload[];
};

/**
 * Answers the member who ran a command: always ephemeral, never pinging anyone, never longer than Discord takes;
 * edits the reply when it was deferred. Every command answers through here so no reply can leak into the channel.
 */
export async function answer(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  message: Answer | string,
): Promise<void> {
  const given = typeof message === "string" ? { content: message } : message;
  const body = { ...given, content: fitContent(given.content) };
  if (interaction.deferred || interaction.replied) {
    await interaction.editReply({ ...body, allowedMentions: { parse: [] } });
    return;
  }
  await interaction.reply({ ...body, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
}

/** Defers the reply (ephemeral) before work that may take a while: Mojang look-ups, role changes, DNS. */
export async function deferAnswer(interaction: ChatInputCommandInteraction): Promise<void> {
  if (!interaction.deferred && !interaction.replied) {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  }
}

/** Keeps a message under Discord's 2000-character limit, saying how many lines were left out. */
export function fitLines(header: string, lines: string[], limit = 1900): string {
  let text = header;
  for (let i = 0; i < lines.length; i++) {
    const next = `${text}\n${lines[i]}`;
    if (next.length > limit) return `${text}\n… and ${lines.length - i} more.`;
    text = next;
  }
  return text;
}

/** A Discord timestamp rendered relative to now ("3 minutes ago") in each reader's own time zone. */
export function relativeTime(ms: number): string {
  return `<t:${Math.floor(ms / 1000)}:R>`;
}
