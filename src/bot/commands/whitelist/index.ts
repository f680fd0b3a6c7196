import { SlashCommandBuilder } from "discord.js";
import { commandDescription } from "../../../i18n/commands.ts";
import type { Command } from "../../context.ts";
import { withSubcommands } from "../subcommands.ts";
import { add } from "./add.ts";
import { banSync } from "./ban-sync.ts";
import { create } from "./create.ts";
import { deleteWhitelist } from "./delete.ts";
import { deny } from "./deny.ts";
import { edit } from "./edit.ts";
import { exportWhitelist } from "./export.ts";
import { form } from "./form/index.ts";
import { guest } from "./guest.ts";
import { importList } from "./import.ts";
import { list } from "./list.ts";
import { logChannel } from "./log-channel.ts";
import { member } from "./member.ts";
import { ranks } from "./ranks/index.ts";
import { remove } from "./remove.ts";
import { roles } from "./roles.ts";
import { show } from "./show.ts";
import { transfer } from "./transfer.ts";
import { undeny } from "./undeny.ts";
import { whois } from "./whois.ts";

/**
 * `/whitelist create|edit|delete|list|show|roles|add|guest|remove|export|import|transfer|log-channel|ban-sync|deny|
 * undeny|whois|member`, `/whitelist form set|remove|clear|show|preview|retention` and `/whitelist ranks
 * add|remove|list`. Visible to everyone: members
 * whitelist staff add, guest, remove, export, import, transfer, deny and undeny; each subcommand checks its own
 * precondition.
 */
export const whitelist: Command = withSubcommands(
  new SlashCommandBuilder().setName("whitelist").setDescription(commandDescription("whitelist")),
  [
    create,
    edit,
    deleteWhitelist,
    list,
    show,
    roles,
    add,
    guest,
    remove,
    exportWhitelist,
    importList,
    transfer,
    logChannel,
    banSync,
    deny,
    undeny,
    whois,
    member,
    form,
    ranks,
  ],
);
