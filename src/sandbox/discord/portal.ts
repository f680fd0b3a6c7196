import { ApplicationFlags, GatewayIntentBits } from "discord-api-types/v10";
import type { SandboxContext } from "./context.ts";

/**
 * The developer portal's switches under Bot → Privileged Gateway Intents. Discord closes an IDENTIFY that asks
 * for a privileged intent whose switch is off with 4014 "Disallowed intent(s)", and shows the switches in the
 * application's flags.
 */
export type PrivilegedIntentSwitches = { serverMembers: boolean; messageContent: boolean; presence: boolean };

/** The sandbox's default: Server Members and Message Content on, Presence off, as a bot that uses both. */
export const DEFAULT_PRIVILEGED_INTENTS: PrivilegedIntentSwitches = {
  serverMembers: true,
  messageContent: true,
  presence: false,
};

const SWITCHES = {
  serverMembers: {
    intent: GatewayIntentBits.GuildMembers,
    flag: ApplicationFlags.GatewayGuildMembersLimited,
  },
  messageContent: {
    intent: GatewayIntentBits.MessageContent,
    flag: ApplicationFlags.GatewayMessageContentLimited,
  },
  presence: { intent: GatewayIntentBits.GuildPresences, flag: ApplicationFlags.GatewayPresenceLimited },
} as const;

/**
 * The application's flags: each switch that is on, as the "limited" flag Discord sets for a bot in fewer than
 * 100 servers (the portal's switch itself; verified bots get the unlimited flags instead).
 */
export function applicationFlags(switches: PrivilegedIntentSwitches): ApplicationFlags {
  let flags = 0;
  for (const [name, { flag }] of Object.entries(SWITCHES)) {
    if (switches[name as keyof PrivilegedIntentSwitches]) flags |= flag;
  }
  return flags as ApplicationFlags;
}

/** The privileged intents in `intents` whose switch is off (IDENTIFY is refused with 4014 when any is). */
export function disallowedIntents(switches: PrivilegedIntentSwitches, intents: number): number {
  let disallowed = 0;
  for (const [name, { intent }] of Object.entries(SWITCHES)) {
    if (!switches[name as keyof PrivilegedIntentSwitches]) disallowed |= intents & intent;
  }
  return disallowed;
}

/**
 * A new bot token, as the portal's Reset Token gives: shaped as Discord's (the bot's id in base64, then two parts),
 * which `serve` checks before it asks Discord; never starting with "bot", which discord.js strips.
 */
export function resetToken(ctx: SandboxContext): string {
  const id = Buffer.from(ctx.state.applicationId).toString("base64").replace(/=+$/, "");
  ctx.token = `${id}.reset.${crypto.randomUUID().replaceAll("-", "")}`;
  return ctx.token;
}
