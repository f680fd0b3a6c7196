import type { APIEmbed, APIMessageTopLevelComponent } from "discord-api-types/v10";
import { ComponentType, MessageFlags } from "discord-api-types/v10";
import { discordError } from "../http.ts";

/**
 * Discord's published limits on what a bot sends, in one place: every route that accepts a message (channel
 * messages, interaction callbacks, follow-ups, `@original` edits, multipart `payload_json`) and command
 * registration checks against these, and answers as Discord does: 400 `{code: 50035, message: "Invalid Form
 * Body", errors}` whose `errors` tree names every offending field (`{embeds: {0: {title: {_errors: [...]}}}}`).
 *
 * Sources: docs.discord.com, Message resource (Create Message: content "up to 2000 characters", embeds "up to
 * 10"; Embed Limits: title 256, description 4096, 25 fields, field name 256, value 1024, footer text 2048,
 * author name 256, 6000 characters across all embeds of a message), Reference, Uploading Files (10 MiB per file
 * without boosts, the interaction's `attachment_size_limit`; a request of at most 25 MiB), Receiving and
 * Responding (3 s to acknowledge, tokens valid 15 minutes), Application Commands (names, descriptions 1-100, 25
 * options, 25 choices, 100 chat-input, 15 user and 15 message commands per scope). Error codes and the shape of
 * `errors` are the ones Discord answers (seen in bots' bug reports: `MAX_EMBED_SIZE_EXCEEDED` under `embeds`,
 * `BASE_TYPE_REQUIRED` for a field without a value, `413 {code: 40005}` for an upload over the limit, 30032 past
 * 100 commands, `BASE_TYPE_MAX_LENGTH "Must be 130 or fewer in length."` for a longer bulk overwrite). Modals:
 * Receiving and Responding (Interaction Response, Modal: custom_id 1-100 characters, title at most 45, 1 to 5
 * components) and the Component reference (Label: label 45, description 100; Text Input: custom_id 1-100,
 * min_length 0-4000, max_length 1-4000, value 4000, placeholder 100).
 */
export const LIMITS = {
  content: 2000,
  embeds: 10,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footerText: 2048,
  authorName: 256,
  /** Title, description, field names and values, footer text and author name of all embeds of a message. */
  embedTotal: 6000,
  actionRows: 5,
  rowComponents: 5,
  /** Bytes per file in a guild without boosts; interactions carry it as `attachment_size_limit`. */
  fileBytes: 10 * 1024 * 1024,
  /** Bytes of a whole request that sends a message. */
  requestBytes: 25 * 1024 * 1024,
  /** From the moment Discord sends an interaction until its callback (reply, defer, update). */
  acknowledgeMs: 3_000,
  /** How long an interaction token serves follow-ups and edits of its messages. */
  tokenLifetimeMs: 15 * 60_000,
  commandName: 32,
  commandDescription: 100,
  commandOptions: 25,
  optionChoices: 25,
  choiceName: 100,
  choiceStringValue: 100,
  /** Commands of each type in one scope (global, or one guild). */
  commandsPerType: { 1: 100, 2: 15, 3: 15 } as Record<number, number>,
  /** A bulk overwrite longer than this is refused as a malformed list rather than counted. */
  bulkCommands: 130,
  /** A component's (and a modal's) `custom_id`. */
  customId: 100,
  modalTitle: 45,
  /** Top-level components of a modal (labels, action rows, text displays). */
  modalComponents: 5,
  labelText: 45,
  labelDescription: 100,
  /** A text input's `min_length`, `max_length` and `value`, and what a member may type into it. */
  textInputLength: 4000,
  textInputPlaceholder: 100,
} as const;

/** Where in a request body an error is: keys and indexes, outermost first. */
export type Path = (string | number)[];

/** Collects Invalid Form Body errors into the tree Discord answers with. */
export type FormErrors = {
  add(path: Path, code: string, message: string): void;
  /** The `errors` tree, or null when nothing was added. */
  tree(): object | null;
};

/** An empty collector. */
export function createFormErrors(): FormErrors {
  const root: Record<string, unknown> = {};
  let count = 0;
  return {
    add(path, code, message) {
      let node = root;
      for (const key of path) {
        node[String(key)] ??= {};
        node = node[String(key)] as Record<string, unknown>;
      }
      node._errors ??= [];
      (node._errors as { code: string; message: string }[]).push({ code, message });
      count++;
    },
    tree: () => (count === 0 ? null : root),
  };
}

/** Discord counts characters as code points: an emoji outside the BMP is one, not two UTF-16 units. */
export const characters = (text: string): number => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};

/** Discord's message for a string or list over its maximum length. */
export const maxLength = (max: number) => `Must be ${max} or fewer in length.`;

/** Adds `BASE_TYPE_MAX_LENGTH` at `path` when `value` is a string longer than `max`; its length otherwise. */
export function checkLength(errors: FormErrors, path: Path, value: unknown, max: number): number {
  if (typeof value !== "string") return 0;
  const length = characters(value);
  if (length > max) errors.add(path, "BASE_TYPE_MAX_LENGTH", maxLength(max));
  return length;
}

/** A field Discord requires: absent, null or empty is `BASE_TYPE_REQUIRED`. */
export function checkRequired(errors: FormErrors, path: Path, value: unknown, max: number): number {
  if (value === undefined || value === null || value === "") {
    errors.add(path, "BASE_TYPE_REQUIRED", "This field is required");
    return 0;
  }
  return checkLength(errors, path, value, max);
}

/** The message fields a create or an edit carries (absent: not changed). */
export type MessageFields = {
  content?: string;
  embeds?: APIEmbed[];
  components?: APIMessageTopLevelComponent[];
  flags?: number;
};

/** The Invalid Form Body tree for a message's content, embeds and components; null when Discord takes it. */
export function messageErrors(message: MessageFields): object | null {
  const errors = createFormErrors();
  if (message.content !== undefined) checkLength(errors, ["content"], message.content, LIMITS.content);
  const embeds = message.embeds ?? [];
  if (embeds.length > LIMITS.embeds) errors.add(["embeds"], "BASE_TYPE_MAX_LENGTH", maxLength(LIMITS.embeds));
  let total = 0;
  for (const [index, embed] of embeds.entries()) {
    const at: Path = ["embeds", index];
    total += checkLength(errors, [...at, "title"], embed.title, LIMITS.embedTitle);
    total += checkLength(errors, [...at, "description"], embed.description, LIMITS.embedDescription);
    total += checkLength(errors, [...at, "footer", "text"], embed.footer?.text, LIMITS.footerText);
    total += checkLength(errors, [...at, "author", "name"], embed.author?.name, LIMITS.authorName);
    const fields = embed.fields ?? [];
    if (fields.length > LIMITS.embedFields) {
      errors.add([...at, "fields"], "BASE_TYPE_MAX_LENGTH", maxLength(LIMITS.embedFields));
    }
    for (const [position, field] of fields.entries()) {
      total += checkRequired(errors, [...at, "fields", position, "name"], field.name, LIMITS.fieldName);
      total += checkRequired(errors, [...at, "fields", position, "value"], field.value, LIMITS.fieldValue);
    }
  }
  // The total is checked once every field is in bounds, as Discord does after validating the form.
  if (errors.tree() === null && total > LIMITS.embedTotal) {
    errors.add(
      ["embeds"],
      "MAX_EMBED_SIZE_EXCEEDED",
      `Embed size exceeds maximum size of ${LIMITS.embedTotal}`,
    );
  }
  const components = message.components ?? [];
  const v2 = ((message.flags ?? 0) & MessageFlags.IsComponentsV2) !== 0;
  if (!v2 && components.length > LIMITS.actionRows) {
    errors.add(["components"], "BASE_TYPE_MAX_LENGTH", maxLength(LIMITS.actionRows));
  }
  for (const [index, row] of components.entries()) {
    if (row.type === ComponentType.ActionRow && row.components.length > LIMITS.rowComponents) {
      errors.add(
        ["components", index, "components"],
        "BASE_TYPE_MAX_LENGTH",
        maxLength(LIMITS.rowComponents),
      );
    }
  }
  return errors.tree();
}

/** What Discord answers an upload over its size limits with (before looking at the form). */
export const requestTooLarge = () => discordError(413, 40005, "Request entity too large");

/** 413 when one file is over the per-file limit or all of them over the request limit; else null. */
export function uploadError(sizes: number[]): Response | null {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  return sizes.some((size) => size > LIMITS.fileBytes) || total > LIMITS.requestBytes
    ? requestTooLarge()
    : null;
}

/** 413 when a request announces a body over the request limit (so it is not read at all); else null. */
export function requestSizeError(request: Request): Response | null {
  const announced = Number(request.headers.get("content-length") ?? 0);
  return announced > LIMITS.requestBytes ? requestTooLarge() : null;
}

/** Adds the errors of an option's (or an autocomplete answer's) choices at `path`. */
export function checkChoices(errors: FormErrors, path: Path, choices: unknown): void {
  if (!Array.isArray(choices)) return;
  if (choices.length > LIMITS.optionChoices) {
    errors.add(path, "BASE_TYPE_MAX_LENGTH", maxLength(LIMITS.optionChoices));
  }
  for (const [index, choice] of (choices as { name?: unknown; value?: unknown }[]).entries()) {
    const name = choice?.name;
    if (typeof name !== "string" || characters(name) < 1 || characters(name) > LIMITS.choiceName) {
      errors.add(
        [...path, index, "name"],
        "BASE_TYPE_BAD_LENGTH",
        `Must be between 1 and ${LIMITS.choiceName} in length.`,
      );
    }
    checkLength(errors, [...path, index, "value"], choice?.value, LIMITS.choiceStringValue);
  }
}

/** What Discord answers a webhook call (follow-up, edit, fetch) more than 15 minutes after the interaction. */
export const tokenExpired = () => discordError(401, 50027, "Invalid Webhook Token");
