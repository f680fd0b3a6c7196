import { Events } from "discord.js";
import type { Listener } from "../context.ts";

/** A member joined (or came back): their departure is forgotten, so registrations are theirs to make again. */
export const guildMemberAdd = {
  event: Events.GuildMemberAdd,
  run(member, context) {
    context.services.registration.memberJoined({ guildId: member.guild.id, userId: member.id });
  },
} satisfies Listener<Events.GuildMemberAdd>;
