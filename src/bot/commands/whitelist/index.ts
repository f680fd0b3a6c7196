import { SlashCommandBuilder } from "discord.js";
import type { Command } from "../../context.ts";
import { withSubcommands } from "../subcommands.ts";
import { add } from "./add.ts";
import { create } from "./create.ts";
import { deleteWhitelist } from "./delete.ts";
import { edit } from "./edit.ts";
import { exportWhitelist } from "./export.ts";
import { importList } from "./import.ts";
import { list } from "./list.ts";
import { logChannel } from "./log-channel.ts";
import { remove } from "./remove.ts";
import { roles } from "./roles.ts";
import { show } from "./show.ts";
import { transfer } from "./transfer.ts";

/**
 * `/whitelist create|edit|delete|list|show|roles|add|remove|export|import|transfer|log-channel`. Visible to
 * everyone: members use list and show, whitelist staff add, remove, export, import and transfer; each subcommand
 * checks its own precondition.
 */
export const whitelist: Command = withSubcommands(
  new SlashCommandBuilder().setName("whitelist").setDescription("Manage the server's Minecraft whitelists"),
  [
    create,
    edit,
    deleteWhitelist,
    list,
    show,
    roles,
    add,
    remove,
    exportWhitelist,
    importList,
    transfer,
    logChannel,
  ],
);
