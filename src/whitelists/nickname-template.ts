import { text } from "../i18n/messages.ts";
import { DomainError } from "../shared/errors.ts";
import { clip } from "../shared/text.ts";

// A whitelist's nickname template (docs/decisions.md, Nicknames that follow the Minecraft name): what it may say,
// and the nickname it gives a member, within Discord's limit.

/**
 * Discord's limit on a member's nickname: 1 to 32 characters (docs.discord.com, Users, Usernames and Nicknames; its
 * OpenAPI description's `maxLength: 32`). Counted in UTF-16 units, which are never fewer than the characters
 * Discord counts, so a nickname that fits here fits there.
 */
export const NICKNAME_MAX = 32;

/** The longest Minecraft name a template must leave room for: a Java name or a Floodgate name, 16 at most. */
const MC_MAX = 16;

/** The two placeholders: the Minecraft name, and the name the member goes by on Discord. */
const PLACEHOLDER = /\{(mc|discord)\}/g;

/** Line breaks and other control characters, which a nickname cannot hold. */
const CONTROLS = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/** Text as Discord stores a name: "trimmed of leading, trailing, and excessive internal whitespace". */
export const sanitized = (text: string): string => text.trim().replace(/\s{2,}/g, " ");

/** `text` cut to `room` UTF-16 units, an ellipsis marking the cut, never half of a surrogate pair. */
function cut(text: string, room: number): string {
  if (text.length <= room) return text;
  if (room <= 0) return "";
  let kept = text.slice(0, room - 1);
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}…`;
}

/**
 * A template as staff give it, checked and stored sanitized: `{mc}` exactly once, `{discord}` at most once, no
 * other braces, no line breaks, and at most 16 characters of its own, so that any Minecraft name fits whole
 * within Discord's 32 (only the `{discord}` part is ever cut). Refused with a sentence saying what to write.
 */
export function checkTemplate(raw: string): string {
  const template = sanitized(raw);
  // `{mc}` and `{discord}` are the catalogue's placeholders too: given as themselves, they read as typed.
  const names = { mc: "{mc}", discord: "{discord}" };
  const example = text("error.nicknameTemplate.example", names);
  const count = (name: string) => template.split(`{${name}}`).length - 1;
  if (count("mc") !== 1) {
    throw new DomainError("invalid-input", text("error.nicknameTemplate.mcOnce", { example }));
  }
  if (count("discord") > 1) {
    throw new DomainError("invalid-input", text("error.nicknameTemplate.discordOnce", { example }));
  }
  const literal = template.replace(PLACEHOLDER, "");
  if (/[{}]/.test(literal) || CONTROLS.test(literal)) {
    throw new DomainError(
      "invalid-input",
      text("error.nicknameTemplate.invalid", { ...names, template: clip(raw), example }),
    );
  }
  const own = NICKNAME_MAX - MC_MAX;
  if (literal.length > own) {
    throw new DomainError(
      "invalid-input",
      text("error.nicknameTemplate.long", { own, mcMax: MC_MAX, max: NICKNAME_MAX }),
    );
  }
  return template;
}

/**
 * The nickname a template gives a member: `{mc}` their Minecraft name, whole; `{discord}` the name they go by on
 * Discord (their own nickname from before, else their display name), cut with an ellipsis to what is left of
 * Discord's 32 characters. Sanitized as Discord would store it, so the bot recognises its own nickname later.
 */
export function renderNickname(template: string, names: { mc: string; discord: string }): string {
  const mc = cut(names.mc, NICKNAME_MAX);
  const fixed = template.replace(PLACEHOLDER, "").length + mc.length;
  const discord = cut(sanitized(names.discord), NICKNAME_MAX - fixed);
  const rendered = template.replace(PLACEHOLDER, (_, name: string) => (name === "mc" ? mc : discord));
  return cut(sanitized(rendered), NICKNAME_MAX);
}
