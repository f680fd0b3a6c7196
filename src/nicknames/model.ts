import type { memberNicknames } from "../db/schema.ts";

/** A member's names on Discord: their server nickname (null: none) and the name shown without one. */
export type MemberNames = { nick: string | null; name: string };

/**
 * Why Discord will not let the bot change a member's nickname: they own the server; their highest role is at or
 * above the bot's; the bot lacks Manage Nicknames; they are not in the server; or something else (`reason`).
 */
export type NicknameRefusal = "owner" | "above" | "permission" | "gone" | "other";

/** What changing a nickname did: done, refused (with why), or to be asked again after a wait Discord asked for. */
export type NicknameOutcome =
  | { done: true }
  | { done: false; refusal: NicknameRefusal; reason: string }
  | { done: false; laterMs: number };

/** The port the bot implements to read and change members' server nicknames; the domain never talks to Discord. */
export type NicknameGateway = {
  /**
   * The member's names as Discord has them now (the gateway's view when it has one, else a request): null when
   * they are not in the server; undefined when the bot cannot tell (no bot, Discord unreachable).
   */
  current(guildId: string, userId: string): Promise<MemberNames | null | undefined>;
  /** Sets the member's nickname, or clears it (null). */
  set(guildId: string, userId: string, nick: string | null): Promise<NicknameOutcome>;
};

/** A member whose nickname the bot manages, as stored (docs/decisions.md, Nicknames that follow the Minecraft name). */
export type NicknameRecord = typeof memberNicknames.$inferSelect;
