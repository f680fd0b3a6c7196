import { PermissionFlagsBits, SlashCommandBuilder } from "discord.js";
import { commandDescription } from "../../../i18n/commands.ts";
import type { Command } from "../../context.ts";
import { withSubcommands } from "../subcommands.ts";
import { language } from "./language.ts";
import { list } from "./list.ts";
import { previewText } from "./preview.ts";
import { reset } from "./reset.ts";
import { set } from "./set.ts";

/**
 * `/texts list|set|preview|reset|language`: staff word what members read their way, and choose the language of
 * what everyone reads (docs/decisions.md, Languages). Hidden by default from members without Manage Server.
 */
export const texts: Command = withSubcommands(
  new SlashCommandBuilder()
    .setName("texts")
    .setDescription(commandDescription("texts"))
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild),
  [list, set, previewText, reset, language],
);
