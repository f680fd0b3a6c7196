import type { AnyListener } from "../context.ts";
import { clientError } from "./client-error.ts";
import { guildAvailable } from "./guild-available.ts";
import { guildBanAdd } from "./guild-ban-add.ts";
import { guildBanRemove } from "./guild-ban-remove.ts";
import { guildCreate } from "./guild-create.ts";
import { guildMemberAdd } from "./guild-member-add.ts";
import { guildMemberAvailable } from "./guild-member-available.ts";
import { guildMemberRemove } from "./guild-member-remove.ts";
import { guildMemberUpdate } from "./guild-member-update.ts";
import { guildRoleDelete } from "./guild-role-delete.ts";
import { interactionCreate } from "./interaction-create.ts";
import { messageCreate } from "./message-create.ts";
import { shardReconnecting } from "./shard-reconnecting.ts";
import { shardResume } from "./shard-resume.ts";

/**
 * Every gateway event the bot listens to, listed by import (the compiled binary bundles only what is imported,
 * so there is no directory scan). Logging in (ready, a close for good) is the client's own: src/bot/client.ts.
 */
export const listeners: AnyListener[] = [
  shardReconnecting,
  guildAvailable,
  guildCreate,
  shardResume,
  interactionCreate,
  messageCreate,
  guildMemberRemove,
  guildMemberAdd,
  guildMemberUpdate,
  guildMemberAvailable,
  guildRoleDelete,
  guildBanAdd,
  guildBanRemove,
  clientError,
];
