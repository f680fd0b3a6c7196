import { commandDescription } from "../../../../i18n/commands.ts";
import type { SubcommandGroup } from "../../subcommands.ts";
import { add } from "./add.ts";
import { list } from "./list.ts";
import { remove } from "./remove.ts";

/**
 * `/whitelist ranks add|remove|list`: Discord roles mapped to game groups per whitelist (docs/decisions.md, Ranks
 * that follow roles); the `sync` agent gives each player their groups on the game server.
 */
export const ranks: SubcommandGroup = {
  group: (group) => group.setName("ranks").setDescription(commandDescription("whitelist ranks")),
  subcommands: [add, remove, list],
};
