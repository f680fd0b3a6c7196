import type { memberNicknames } from "../db/schema.ts";

/** A member's names on Discord: their server nickname (null: none) and the name shown without one. */
export type MemberNames = { nick: string | null; name: string };

/**
 * Why Discord will not let the bot change a member's nickname: they own the server; their highest role is at or
 * above the bot's; the bot lacks Manage Nicknames; they are not in the server; or something else (`reason`).
 */
export type NicknameRefusal = "owner" | "above" | "permission" | "gone" | "other";

/**
 * What changing a nickname did: done, refused (with why), to be asked again after a wait Discord asked for, or not
 * sent because the member's nickname is no longer the one the change was decided on (`changed`: what it is now).
 * Done with `overwrote`: Discord applied the change over a nickname the member had set a moment before (theirs
 * reached Discord first; `overwrote` is what they chose), so the bot gives it back.
 */
export type NicknameOutcome =
  | { done: true; overwrote?: string | null }
  | { done: false; refusal: NicknameRefusal; reason: string }
  | { done: false; laterMs: number }
  | { done: false; changed: string | null };

/** The port the bot implements to read and change members' server nicknames; the domain never talks to Discord. */
export type NicknameGateway = {
  /**
   * The member's names as Discord has them now (the gateway's view when it has one, else a request): null when
   * they are not in the server; undefined when the bot cannot tell (no bot, Discord unreachable).
   */
  current(guildId: string, userId: string): Promise<MemberNames | null | undefined>;
  /**
   * Sets the member's nickname, or clears it (null), if it is still `expected` (the one the change was decided
   * on) as far as the bot can tell right before asking; Discord has no compare-and-set, so a change of the member's
   * that reaches Discord first is told apart afterwards (`overwrote`).
   */
  set(
    guildId: string,
    userId: string,
    nick: string | null,
    expected: string | null,
  ): Promise<NicknameOutcome>;
};

/** A member whose nickname the bot manages, as stored (docs/decisions.md, Nicknames that follow the Minecraft name). */
export type NicknameRecord = typeof memberNicknames.$inferSelect;
