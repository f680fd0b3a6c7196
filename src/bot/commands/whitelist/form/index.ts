import { commandDescription } from "../../../../i18n/commands.ts";
import type { SubcommandGroup } from "../../subcommands.ts";
import { clear } from "./clear.ts";
import { preview } from "./preview.ts";
import { remove } from "./remove.ts";
import { retention } from "./retention.ts";
import { set } from "./set.ts";
import { show } from "./show.ts";

/**
 * `/whitelist form set|remove|clear|show|preview|retention`: a whitelist's application form, the questions members
 * answer when they register (docs/decisions.md, Application forms), and how long the server keeps the answers.
 */
export const form: SubcommandGroup = {
  group: (group) => group.setName("form").setDescription(commandDescription("whitelist form")),
  subcommands: [set, remove, clear, show, preview, retention],
};
