import { expect } from "bun:test";
import { createMojangClient } from "../../src/mojang/client.ts";
import type { Member, RoleFailure, RoleGateway } from "../../src/registration/model.ts";
import { createRoleReverter, type RevertFailure } from "../../src/registration/role-reverter.ts";
import { createRegistrationService } from "../../src/registration/service.ts";
import { type FakeMojang, startFakeMojang } from "../../src/sandbox/mojang.ts";
import { silentLogger } from "../../src/shared/logger.ts";
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
} {
  const calls: RoleCall[] = [];
  const failing = new Map<string, string>();
  let broken = false;
  const answer = async (op: RoleCall["op"], guildId: string, userId: string, roleIds: string[]) => {
    calls.push({ op, guildId, userId, roleIds });
    await Promise.resolve();
    if (broken) throw new Error("connect ECONNREFUSED");
    const failed: RoleFailure[] = roleIds
      .filter((roleId) => failing.has(roleId))
      .map((roleId) => ({ roleId, reason: failing.get(roleId) as string }));
    return { done: roleIds.filter((roleId) => !failing.has(roleId)), failed };
  };
  return {
    calls,
    failRole: (roleId, reason) => failing.set(roleId, reason),
    breakDown: () => {
      broken = true;
    },
    async grant(guildId, userId, roleIds) {
      const { done, failed } = await answer("grant", guildId, userId, roleIds);
      return { granted: done, failed };
    },
    async revoke(guildId, userId, roleIds) {
      const { done, failed } = await answer("revoke", guildId, userId, roleIds);
      return { revoked: done, failed };
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

/** A member with the given roles. */
export function member(userId: string, roleIds: string[] = [], canManageGuild = false): Member {
  return { userId, roleIds, canManageGuild };
}

export const alice = member("300000000000000001", [MEMBER_ROLE]);
export const bob = member("300000000000000002", [MEMBER_ROLE]);
export const owner = member("300000000000000008", [], true);
export const moderator = member("300000000000000009", [MANAGER_ROLE]);

/** Real services over SQLite, the fake Mojang on port 0, the fake role gateway and a running role reverter. */
export function registrationWorld(options: { timeoutMs?: number } = {}) {
  const services: TestServices = testServices();
  const mojangServer: FakeMojang = startFakeMojang({ profiles: [NOTCH, JEB] });
  const mojang = createMojangClient({
    baseUrl: mojangServer.url,
    clock: services.clock,
    timeoutMs: options.timeoutMs ?? 2000,
  });
  const roles = fakeRoleGateway();
  const registration = createRegistrationService({ ...services, mojang, roles, logger: silentLogger });
  const revertFailures: RevertFailure[] = [];
  const reverter = createRoleReverter({
    ...services,
    roles,
    logger: silentLogger,
    onFailure: (failure) => {
      revertFailures.push(failure);
    },
  });
  return {
    services,
    mojangServer,
    roles,
    registration,
    reverter,
    revertFailures,
    async close() {
      await reverter.settled();
      reverter.stop();
      await mojangServer.stop();
      services.close();
    },
  };
}

/** The test world type. */
export type RegistrationWorld = ReturnType<typeof registrationWorld>;

/** A registration world with one whitelist, `wl`, seeded in GUILD from `whitelist`; `close` closes it all. */
export async function seededWorld(whitelist: Partial<NewWhitelist>, options: { timeoutMs?: number } = {}) {
  const world = registrationWorld(options);
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
