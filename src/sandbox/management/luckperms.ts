import type { NameAndId, PlayerRef } from "./game.ts";

/**
 * LuckPerms on the fake game server, for the demo's ranks: the console commands `lp user <user> parent add|remove
 * <group>` (ParentAdd and ParentRemove in LuckPerms' common/src/main/java/me/lucko/luckperms/common/commands/generic/
 * parent/; `luckperms` is the same command), the user a UUID or a name the server can find, the group one LuckPerms
 * has (`lp creategroup`: here, the groups given at start). Every user inherits `default` (LuckPerms' primary group).
 * LuckPerms runs its commands on a thread of its own and prints to the server's log (CommandManager.executeCommand),
 * so the console is answered nothing; a command it cannot carry out (an unknown user or group) changes nothing, and
 * is said in the log only, as there.
 */
export function createLuckPerms(groups: readonly string[], lookUp: (ref: PlayerRef) => NameAndId | null) {
  /** Each user's parent groups, by UUID (LuckPerms keeps users by UUID). */
  const parents = new Map<string, { player: NameAndId; groups: Set<string> }>();
  const known = new Set(groups.map((group) => group.toLowerCase()));

  return {
    /** Carries out a console line's words when they are LuckPerms' (`lp …`); false when they are not. */
    command(words: readonly string[]): boolean {
      const [label, kind, user, what, action, group] = words;
      if (label !== "lp" && label !== "luckperms") return false;
      if (kind !== "user" || what !== "parent" || (action !== "add" && action !== "remove") || !group)
        return true;
      const id = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(user ?? "");
      const player = lookUp(id ? { id: user } : { name: user });
      const name = group.toLowerCase();
      if (!player || !known.has(name)) return true;
      const held = parents.get(player.id) ?? { player, groups: new Set(["default"]) };
      parents.set(player.id, held);
      if (action === "add") held.groups.add(name);
      else held.groups.delete(name);
      return true;
    },
    /** Each user LuckPerms has data for, with their parent groups (sorted). */
    users: () =>
      [...parents.values()].map(({ player, groups: held }) => ({ ...player, groups: [...held].sort() })),
  };
}
