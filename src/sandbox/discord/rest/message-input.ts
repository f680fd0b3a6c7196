import type { APIEmbed, APIMessageTopLevelComponent } from "discord-api-types/v10";
import { MessageFlags } from "discord-api-types/v10";
import type { MessageContent } from "../actions.ts";
import { contentTypeFor, DiscordErrors, formError, type RequestBody } from "../http.ts";
import type { SandboxAttachment } from "../state.ts";
import { messageErrors, uploadError } from "./limits.ts";

/** Flags a bot may set when it creates a message (others are Discord's to set). */
const SETTABLE_FLAGS =
  MessageFlags.Ephemeral |
  MessageFlags.SuppressEmbeds |
  MessageFlags.SuppressNotifications |
  MessageFlags.IsComponentsV2;

/**
 * Reads the message part of a create or edit body (JSON or multipart). Only fields present in the body
 * are returned; `existing` attachments are the ones an edit may keep. A Response for an invalid body: 413 for
 * uploads over Discord's size limits, 400 Invalid Form Body for anything over its other limits (limits.ts).
 */
export async function readMessageChanges(
  body: RequestBody,
  existing: SandboxAttachment[],
  nextId: () => string,
): Promise<Partial<MessageContent> | Response> {
  const { json, files } = body;
  const tooLarge = uploadError([...files.values()].map((file) => file.size));
  if (tooLarge) return tooLarge;
  const changes: Partial<MessageContent> = {};
  if ("content" in json) {
    if (json.content !== null && typeof json.content !== "string") {
      return DiscordErrors.invalidFormBody(formError(["content"], "BASE_TYPE_STRING", "Must be a string."));
    }
    changes.content = json.content ?? "";
  }
  if ("embeds" in json) changes.embeds = Array.isArray(json.embeds) ? (json.embeds as APIEmbed[]) : [];
  if ("components" in json) {
    changes.components = Array.isArray(json.components)
      ? (json.components as APIMessageTopLevelComponent[])
      : [];
  }
  if (typeof json.flags === "number") changes.flags = json.flags & SETTABLE_FLAGS;
  const attachments = await readAttachments(json.attachments, files, existing, nextId);
  if (attachments) changes.attachments = attachments;
  const invalid = messageErrors(changes);
  return invalid ? DiscordErrors.invalidFormBody(invalid) : changes;
}

/** A complete message from changes (absent fields empty); a Response when nothing would be shown. */
export function completeMessage(changes: Partial<MessageContent>): MessageContent | Response {
  const message: MessageContent = {
    content: changes.content ?? "",
    embeds: changes.embeds ?? [],
    components: changes.components ?? [],
    attachments: changes.attachments ?? [],
    flags: changes.flags ?? 0,
  };
  return isEmpty(message) ? DiscordErrors.emptyMessage() : message;
}

/** True when a message would show nothing, which Discord refuses. */
export function isEmpty(message: MessageContent): boolean {
  return (
    message.content.trim() === "" &&
    message.embeds.length === 0 &&
    message.components.length === 0 &&
    message.attachments.length === 0
  );
}

async function readAttachments(
  listed: unknown,
  files: Map<string, File>,
  existing: SandboxAttachment[],
  nextId: () => string,
): Promise<SandboxAttachment[] | null> {
  const upload = async (
    file: File,
    filename?: unknown,
    description?: unknown,
  ): Promise<SandboxAttachment> => {
    const name = typeof filename === "string" && filename !== "" ? filename : file.name || "file";
    const bytes = new Uint8Array(await file.arrayBuffer());
    return {
      id: nextId(),
      filename: name,
      contentType: contentTypeFor(name, file.type, bytes),
      description: typeof description === "string" ? description : null,
      bytes,
    };
  };
  if (!Array.isArray(listed)) {
    // Without an `attachments` list, uploads are added to what the message already had.
    if (files.size === 0) return null;
    return [...existing, ...(await Promise.all([...files.values()].map((file) => upload(file))))];
  }
  const result: SandboxAttachment[] = [];
  for (const entry of listed as { id?: unknown; filename?: unknown; description?: unknown }[]) {
    const file = files.get(String(entry.id));
    if (file) result.push(await upload(file, entry.filename, entry.description));
    else {
      const kept = existing.find((attachment) => attachment.id === String(entry.id));
      if (kept) result.push(kept);
    }
  }
  return result;
}
