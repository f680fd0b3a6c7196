import type { APIEmbed, APIMessageTopLevelComponent } from "discord-api-types/v10";
import { ComponentType, MessageFlags } from "discord-api-types/v10";
import type { MessageContent } from "../actions.ts";
import { contentTypeFor, DiscordErrors, formError, type RequestBody } from "../http.ts";
import type { SandboxAttachment } from "../state.ts";

/** Flags a bot may set when it creates a message (others are Discord's to set). */
const SETTABLE_FLAGS =
  MessageFlags.Ephemeral |
  MessageFlags.SuppressEmbeds |
  MessageFlags.SuppressNotifications |
  MessageFlags.IsComponentsV2;

/**
 * Reads the message part of a create or edit body (JSON or multipart). Only fields present in the body
 * are returned; `existing` attachments are the ones an edit may keep. A Response for an invalid body.
 */
export async function readMessageChanges(
  body: RequestBody,
  existing: SandboxAttachment[],
  nextId: () => string,
): Promise<Partial<MessageContent> | Response> {
  const { json, files } = body;
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
  const invalid = validate(changes);
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

/** Discord's length limits that a bot most often trips over; the Invalid Form Body errors, or null. */
function validate(changes: Partial<MessageContent>): object | null {
  if (changes.content !== undefined && changes.content.length > 2000) {
    return formError(["content"], "BASE_TYPE_MAX_LENGTH", "Must be 2000 or fewer in length.");
  }
  const embeds = changes.embeds ?? [];
  if (embeds.length > 10) {
    return formError(["embeds"], "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.");
  }
  let total = 0;
  for (const [index, embed] of embeds.entries()) {
    const limits: [string, string | undefined, number][] = [
      ["title", embed.title, 256],
      ["description", embed.description, 4096],
    ];
    for (const [field, value, max] of limits) {
      total += value?.length ?? 0;
      if ((value?.length ?? 0) > max) {
        return formError(
          ["embeds", index, field],
          "BASE_TYPE_MAX_LENGTH",
          `Must be ${max} or fewer in length.`,
        );
      }
    }
    const fields = embed.fields ?? [];
    if (fields.length > 25) {
      return formError(["embeds", index, "fields"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.");
    }
    for (const [position, field] of fields.entries()) {
      total += field.name.length + field.value.length;
      if (field.name.length > 256 || field.value.length > 1024 || field.value.length === 0) {
        return formError(
          ["embeds", index, "fields", position, field.value.length === 0 ? "value" : "name"],
          "BASE_TYPE_BAD_LENGTH",
          "Must be between 1 and 1024 in length.",
        );
      }
    }
  }
  if (total > 6000) {
    return formError(["embeds"], "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000");
  }
  const components = changes.components ?? [];
  const v2 = ((changes.flags ?? 0) & MessageFlags.IsComponentsV2) !== 0;
  if (!v2 && components.length > 5) {
    return formError(["components"], "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.");
  }
  for (const [index, row] of components.entries()) {
    if (row.type === ComponentType.ActionRow && row.components.length > 5) {
      return formError(
        ["components", index, "components"],
        "BASE_TYPE_MAX_LENGTH",
        "Must be 5 or fewer in length.",
      );
    }
  }
  return null;
}
