import { PermissionFlagsBits, SlashCommandBuilder } from "discord.js";
import { commandDescription } from "../../../i18n/commands.ts";
import type { Command } from "../../context.ts";
import { withSubcommands } from "../subcommands.ts";
import { create } from "./create.ts";
import { list } from "./list.ts";
import { revoke } from "./revoke.ts";
import { webhook } from "./webhook.ts";

/**
 * `/server-link create|revoke|webhook|list`: keys for game servers and integrations. Hidden by default from
 * members without Manage Server; the bot checks it anyway (server admins can change command permissions).
 */
export const serverLink: Command = withSubcommands(
  new SlashCommandBuilder()
    .setName("server-link")
    .setDescription(commandDescription("server-link"))
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild),
  [create, revoke, webhook, list],
);
