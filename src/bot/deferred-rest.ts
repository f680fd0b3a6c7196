/**
 * Discord's REST client made when it is first needed: a start hands the services and the dashboard these ports,
 * listens, and loads discord.js (some 60 ms of a quiet start's event loop) only after, with the bot, so `/health`
 * answers without waiting for it (docs/performance.md, Start and memory). A port used before then waits for that
 * one load; a sync read of the gateway's cache answers as the cache would with no connection yet (nothing known).
 */
import type { DiscordPorts } from "../registration/model.ts";
import { madeOnce } from "../shared/made-once.ts";
import type { DiscordRest } from "./discord.ts";
import type { MemberDirectory } from "./member-directory.ts";

/** The REST client's ports before it exists, and the client itself once `rest()` made it. */
export type DeferredRest = {
  ports: DiscordPorts;
  members: MemberDirectory;
  /** The client, made at the first call (concurrent first calls share it); a make that failed is tried again. */
  rest(): Promise<DiscordRest>;
};

/** Ports and a member directory over the client `make` resolves with, made once, at the first call that needs it. */
export function deferredRest(make: () => Promise<DiscordRest>): DeferredRest {
  const { get: rest, made } = madeOnce(make);
  return {
    rest,
    ports: {
      roles: {
        grant: async (...args) => (await rest()).ports.roles.grant(...args),
        revoke: async (...args) => (await rest()).ports.roles.revoke(...args),
        rolesOf: async (...args) => (await rest()).ports.roles.rolesOf(...args),
        // No answer of Discord's yet, so nothing known of the guild's budget.
        room: (guildId) => made()?.ports.roles.room?.(guildId),
      },
      board: { post: async (input) => (await rest()).ports.board.post(input) },
      nicknames: {
        current: async (...args) => (await rest()).ports.nicknames.current(...args),
        set: async (...args) => (await rest()).ports.nicknames.set(...args),
      },
    },
    members: {
      member: async (...args) => (await rest()).members.member(...args),
      // The gateway's cache, which is empty until the bot connected (after the client is made).
      names: (...args) => made()?.members.names(...args) ?? new Map(),
      roleName: (...args) => made()?.members.roleName(...args),
      channelName: (...args) => made()?.members.channelName(...args),
    },
  };
}
