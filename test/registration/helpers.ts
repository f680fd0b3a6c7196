import { expect } from "bun:test";
import type { RoleFailure } from "../../src/entries/model.ts";
import { text } from "../../src/i18n/messages.ts";
import type { MemberNames, NicknameGateway, NicknameRefusal } from "../../src/nicknames/model.ts";
import type { Member, RequestBoard, RoleGateway } from "../../src/registration/model.ts";
import type { RevertFailure } from "../../src/registration/role-reverter.ts";
import { type FakeGeyser, startFakeGeyser } from "../../src/sandbox/geyser.ts";
import { type FakeMojang, startFakeMojang } from "../../src/sandbox/mojang.ts";
import type { FormAnswer } from "../../src/whitelists/form.ts";
import type { NewWhitelist } from "../../src/whitelists/service.ts";
import { seedWhitelist, type TestServices, testServices } from "../helpers/services.ts";

/** A role change the fake gateway was asked for. */
export type RoleCall = { op: "grant" | "revoke"; guildId: string; userId: string; roleIds: string[] };

/**
 * A test double of the bot's RoleGateway (a port of Discord): records every call, answers asynchronously like
 * the real one, and fails the roles it is told to (or throws, as if Discord were unreachable).
 */
export function fakeRoleGateway(): RoleGateway & {
  calls: RoleCall[];
  failRole(roleId: string, reason: string): void;
  breakDown(): void;
  /** Tracks a member's roles from now on (grants and revokes change them; `rolesOf` reads them). */
  track(userId: string, roleIds: string[]): void;
  /** A tracked member leaves: `rolesOf` answers null. */
  leave(userId: string): void;
  /** A tracked member's roles now. */
  rolesNow(userId: string): string[];
  /**
   * Holds every grant from now on until the returned release is called (a hook to force interleavings):
   * `held()` resolves once `count` grants are waiting.
   */
  holdGrants(): { release(): void; held(count: number): Promise<void> };
} {
  const calls: RoleCall[] = [];
  const failing = new Map<string, string>();
  const tracked = new Map<string, Set<string> | null>();
  let broken = false;
  let gate: { opened: Promise<void>; waiting: number; wake: () => void } | undefined;
  const answer = async (op: RoleCall["op"], guildId: string, userId: string, roleIds: string[]) => {
    calls.push({ op, guildId, userId, roleIds });
    await Promise.resolve();
    if (broken) throw new Error("connect ECONNREFUSED");
    const failed: RoleFailure[] = roleIds
      .filter((roleId) => failing.has(roleId))
      .map((roleId) => ({
        roleId,
        reason: text("common.verbatim", { text: failing.get(roleId) as string }),
      }));
    return { done: roleIds.filter((roleId) => !failing.has(roleId)), failed };
  };
  return {
    calls,
    failRole: (roleId, reason) => failing.set(roleId, reason),
    breakDown: () => {
      broken = true;
    },
    track: (userId, roleIds) => {
      tracked.set(userId, new Set(roleIds));
    },
    leave: (userId) => {
      tracked.set(userId, null);
    },
    rolesNow: (userId) => [...(tracked.get(userId) ?? [])].sort(),
    holdGrants() {
      const { promise, resolve } = Promise.withResolvers<void>();
      const current = { opened: promise, waiting: 0, wake: () => {} };
      gate = current;
      return {
        release: () => {
          if (gate === current) gate = undefined;
          resolve();
        },
        held: (count) =>
          new Promise<void>((done) => {
            const check = () => (current.waiting >= count ? done() : undefined);
            current.wake = check;
            check();
          }),
      };
    },
    async grant(guildId, userId, roleIds) {
      if (gate) {
        const current = gate;
        current.waiting++;
        current.wake();
        await current.opened;
      }
      const { done, failed } = await answer("grant", guildId, userId, roleIds);
      for (const roleId of done) tracked.get(userId)?.add(roleId);
      return { granted: done, failed };
    },
    async revoke(guildId, userId, roleIds) {
      const { done, failed } = await answer("revoke", guildId, userId, roleIds);
      for (const roleId of done) tracked.get(userId)?.delete(roleId);
      return { revoked: done, failed };
    },
    async rolesOf(_guildId, userId) {
      await Promise.resolve();
      const roles = tracked.get(userId);
      if (roles === undefined) throw new Error("a member the fake does not track");
      return roles === null ? null : [...roles];
    },
  };
}

export const GUILD = "100000000000000001";
export const OTHER_GUILD = "100000000000000002";
export const MEMBER_ROLE = "400000000000000001";
export const PLAYER_ROLE = "400000000000000002";
export const EXTRA_ROLE = "400000000000000003";
export const MANAGER_ROLE = "400000000000000009";
export const NOTCH = { name: "Notch", uuid: "069a79f444e94726a5befca90e38aaf5" };
export const JEB = { name: "jeb_", uuid: "853c80ef3c3749fdaa49938b674adae6" };
/** Xbox accounts the fake GeyserMC knows in registration worlds. */
export const XBOX = {
  steveJobs: { gamertag: "Steve Jobs", xuid: "2535411111111111" },
  woz: { gamertag: "Woz", xuid: "2535422222222222" },
  wozniak: { gamertag: "Wozniak", xuid: "2535433333333333" },
  steveGamer: { gamertag: "Steve Gamer", xuid: "2535444444444444" },
  alexPocket: { gamertag: "Alex Pocket", xuid: "2535432196048835" },
};

/** A member with the given roles. */
export function member(userId: string, roleIds: string[] = [], canManageGuild = false): Member {
  return { userId, roleIds, canManageGuild };
}

export const alice = member("300000000000000001", [MEMBER_ROLE]);
export const bob = member("300000000000000002", [MEMBER_ROLE]);
export const owner = member("300000000000000008", [], true);
export const moderator = member("300000000000000009", [MANAGER_ROLE]);

/** A test double of the bot's RequestBoard: records each post and answers with a message id, or fails. */
export function fakeRequestBoard(): RequestBoard & {
  posts: { channelId: string; requestId: string; nick: string }[];
  /** The form answers each request was posted with, by request id (none: it had no form). */
  answers: Map<string, readonly FormAnswer[]>;
  breakDown(): void;
} {
  const posts: { channelId: string; requestId: string; nick: string }[] = [];
  const answers = new Map<string, readonly FormAnswer[]>();
  let broken = false;
  return {
    posts,
    answers,
    breakDown: () => {
      broken = true;
    },
    async post({ channelId, request, answers: given }) {
      await Promise.resolve();
      if (broken) throw new Error("Missing Access");
      posts.push({ channelId, requestId: request.id, nick: request.nick });
      if (given.length > 0) answers.set(request.id, given);
      return `5000000000000000${String(posts.length).padStart(2, "0")}`;
    },
  };
}

/**
 * A test double of the bot's NicknameGateway: members it is told about (`join`) have names it keeps as Discord
 * would (sanitized), a member may be made one the bot cannot rename (`refuse`), and every change is recorded.
 * Untracked users are not in the server.
 */
export function fakeNicknameGateway(): NicknameGateway & {
  calls: { userId: string; nick: string | null }[];
  join(userId: string, names: MemberNames): void;
  leave(userId: string): void;
  /** The member changes their own nickname. */
  rename(userId: string, nick: string | null): void;
  refuse(userId: string, refusal: NicknameRefusal): void;
  /** The next `times` changes are rate limited for `ms`. */
  limit(times: number, ms: number): void;
  nickOf(userId: string): string | null | undefined;
} {
  const members = new Map<string, MemberNames>();
  const refused = new Map<string, NicknameRefusal>();
  const calls: { userId: string; nick: string | null }[] = [];
  let limited = { times: 0, ms: 0 };
  return {
    calls,
    join: (userId, names) => members.set(userId, { ...names }),
    leave: (userId) => members.delete(userId),
    rename: (userId, nick) => {
      const names = members.get(userId);
      if (names) names.nick = nick;
    },
    refuse: (userId, refusal) => refused.set(userId, refusal),
    limit: (times, ms) => {
      limited = { times, ms };
    },
    nickOf: (userId) => members.get(userId)?.nick,
    async current(_guildId, userId) {
      await Promise.resolve();
      const names = members.get(userId);
      return names ? { ...names } : null;
    },
    async set(_guildId, userId, nick, expected) {
      await Promise.resolve();
      const names = members.get(userId);
      // As the bot's gateway: a nickname that is no longer the one the change was decided on is left alone.
      if (names && names.nick !== expected) return { done: false, changed: names.nick };
      calls.push({ userId, nick });
      if (limited.times > 0) {
        limited.times--;
        return { done: false, laterMs: limited.ms };
      }
      if (!names) return { done: false, refusal: "gone", reason: "the member is no longer in the server" };
      const refusal = refused.get(userId);
      if (refusal) return { done: false, refusal, reason: `refused: ${refusal}` };
      names.nick = nick;
      return { done: true };
    },
  };
}

/** The log channel of GUILD in registration worlds: requests are posted there. */
export const LOG_CHANNEL = "200000000000000009";

/**
 * Real services over SQLite, wired as the service wires them, with the fake Mojang and GeyserMC on port 0 and fake Discord
 * ports (roles, request board); GUILD has a log channel.
 */
export async function registrationWorld(options: { timeoutMs?: number } = {}) {
  const mojangServer: FakeMojang = startFakeMojang({ profiles: [NOTCH, JEB] });
  const geyserServer: FakeGeyser = startFakeGeyser({ accounts: Object.values(XBOX) });
  const roles = fakeRoleGateway();
  const board = fakeRequestBoard();
  const nicknames = fakeNicknameGateway();
  const services: TestServices = await testServices({
    mojangApiUrl: mojangServer.url,
    mojangSessionUrl: mojangServer.url,
    mojangTimeoutMs: options.timeoutMs ?? 2000,
    geyserApiUrl: geyserServer.url,
    geyserTimeoutMs: options.timeoutMs ?? 2000,
    discord: { roles, board, nicknames },
  });
  await services.guilds.setLogChannel(GUILD, LOG_CHANNEL);
  const revertFailures: RevertFailure[] = [];
  services.reverter.onFailure((failure) => {
    revertFailures.push(failure);
  });
  return {
    services,
    mojangServer,
    geyserServer,
    roles,
    board,
    nicknames,
    registration: services.registration,
    reverter: services.reverter,
    revertFailures,
    async close() {
      await services.reverter.settled();
      await services.nicknames.settled();
      services.reverter.stop();
      await mojangServer.stop();
      await geyserServer.stop();
      await services.close();
    },
  };
}

/** The test world type. */
export type RegistrationWorld = Awaited<ReturnType<typeof registrationWorld>>;

/** A registration world with one whitelist, `wl`, seeded in GUILD from `whitelist`; `close` closes it all. */
export async function seededWorld(whitelist: Partial<NewWhitelist>, options: { timeoutMs?: number } = {}) {
  const world = await registrationWorld(options);
  const wl = await seedWhitelist(world.services, { guildId: GUILD, ...whitelist });
  return { ...world, wl };
}

/** A registration world with its seeded whitelist. */
export type SeededWorld = Awaited<ReturnType<typeof seededWorld>>;

/** Matches a refusal with `code` and, when given, a message containing `message`. */
export const refusal = (code: string, message?: string) =>
  expect.objectContaining(
    message === undefined ? { code } : { code, message: expect.stringContaining(message) },
  );
