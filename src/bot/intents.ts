import { type APIEmbed, ApplicationFlags, GatewayIntentBits } from "discord.js";
import { text } from "../i18n/messages.ts";
import type { Words } from "../i18n/words.ts";
import { DomainError } from "../shared/errors.ts";
import type { Whitelist } from "../whitelists/model.ts";
import type { BotServices } from "./context.ts";
import { colours } from "./log-channel.ts";
import { plainName } from "./text.ts";

/** Where a bot's privileged intents are switched on. */
export const PORTAL_PLACE =
  "Bot → Privileged Gateway Intents in the Discord developer portal (https://discord.com/developers/applications)";

/**
 * The privileged intents the bot uses: the intent, the application flags that show its switch is on (the
 * "limited" flag is the switch of a bot in under 100 servers), the switch's name in the portal, and what the bot
 * cannot do without it.
 */
export const PRIVILEGED = {
  serverMembers: {
    intent: GatewayIntentBits.GuildMembers,
    flags: ApplicationFlags.GatewayGuildMembers | ApplicationFlags.GatewayGuildMembersLimited,
    switch: "Server Members Intent",
    without:
      "members who leave keep their nicks, and so do members who lose a whitelist's required roles (neither is " +
      "seen, and the check for what was missed while offline, at start and after reconnects, is off); remove " +
      "their nicks with /whitelist remove",
  },
  messageContent: {
    intent: GatewayIntentBits.MessageContent,
    flags: ApplicationFlags.GatewayMessageContent | ApplicationFlags.GatewayMessageContentLimited,
    switch: "Message Content Intent",
    without:
      "whitelists in message mode are paused, since the bot cannot read the nicks members post there; members " +
      "who post or use /register there are told so",
  },
} as const;

/** One of the privileged intents the bot uses. */
export type PrivilegedIntent = keyof typeof PRIVILEGED;

/** Whether Discord lets the bot have each privileged intent: the portal's switches, as the bot last learned them. */
export type GrantedIntents = Record<PrivilegedIntent, boolean>;

/** Until the application's flags say otherwise, everything is assumed granted (a 4014 corrects it). */
export const ALL_GRANTED: GrantedIntents = { serverMembers: true, messageContent: true };

/** The switches as the application's flags (`GET /applications/@me`, READY's `application.flags`) show them. */
export function grantedByFlags(flags: number): GrantedIntents {
  return {
    serverMembers: (flags & PRIVILEGED.serverMembers.flags) !== 0,
    messageContent: (flags & PRIVILEGED.messageContent.flags) !== 0,
  };
}

/** Whether some whitelist needs the content of messages (message mode). */
export const needsMessageContent = (services: BotServices): Promise<boolean> =>
  services.whitelists.anyInMode("message");

/**
 * The intents to identify with: guilds, their messages and their bans (Guild Moderation, not privileged: what ban
 * sync hears) always; Server Members when granted; Message Content when granted and some whitelist registers by
 * message.
 */
export async function wantedIntents(
  services: BotServices,
  granted: GrantedIntents,
): Promise<GatewayIntentBits[]> {
  const intents = [
    GatewayIntentBits.Guilds,
    GatewayIntentBits.GuildMessages,
    GatewayIntentBits.GuildModeration,
  ];
  if (granted.serverMembers) intents.push(GatewayIntentBits.GuildMembers);
  if (granted.messageContent && (await needsMessageContent(services)))
    intents.push(GatewayIntentBits.MessageContent);
  return intents;
}

/** The privileged intents the bot needs now but Discord does not grant (Message Content only with message mode). */
export async function missingIntents(
  services: BotServices,
  granted: GrantedIntents,
): Promise<PrivilegedIntent[]> {
  const missing: PrivilegedIntent[] = [];
  if (!granted.serverMembers) missing.push("serverMembers");
  if (!granted.messageContent && (await needsMessageContent(services))) missing.push("messageContent");
  return missing;
}

/** The line the bot logs at start (and on change) for a missing intent: which switch to turn on, what is off. */
export function missingIntentWarning(intent: PrivilegedIntent): string {
  const { switch: name, without } = PRIVILEGED[intent];
  return `Discord does not let the bot use the ${name}: turn on "${name}" under ${PORTAL_PLACE}, then restart whitelist-sync. Until then ${without}.`;
}

/** What a member reads when they try to register on a message-mode whitelist while Message Content is missing. */
export function registrationsPaused(words: Words, whitelist: Pick<Whitelist, "name">): string {
  return words.render(text("message.paused", { whitelist: plainName(whitelist.name) }));
}

/** The same as a refusal of /register (src/bot/errors.ts words it in the member's language). */
const pausedText = (whitelist: Pick<Whitelist, "name">) =>
  text("message.paused", { whitelist: whitelist.name });

/** What staff read where a paused message-mode whitelist is shown: why, and the switch that ends the pause. */
export const pausedForStaff = (words: Words) =>
  words.t("intent.pausedForStaff", { portal: words.t("intent.portal") });

/** What staff read where remove-on-leave is shown while Server Members is missing. */
export const departuresUnseenForStaff = (words: Words) =>
  words.t("intent.departuresUnseen", { portal: words.t("intent.portal") });

/** What staff read where a whitelist whose nicks follow roles is shown while Server Members is missing. */
export const roleLossUnseenForStaff = (words: Words) =>
  words.t("intent.roleLossUnseen", { portal: words.t("intent.portal") });

/** Whether registrations on this whitelist are paused because the bot cannot read messages. */
export const isPaused = (whitelist: Pick<Whitelist, "registrationMode">, granted: GrantedIntents) =>
  whitelist.registrationMode === "message" && !granted.messageContent;

/** Refuses a registration on a message-mode whitelist while the bot cannot read messages. */
export function requireReadable(whitelist: Whitelist, granted: GrantedIntents): void {
  if (isPaused(whitelist, granted)) throw new DomainError("whitelist-disabled", pausedText(whitelist));
}

/** What staff read is off without each privileged intent (the log channel), by catalogue key. */
const withoutKeys = {
  serverMembers: "intent.serverMembers.without",
  messageContent: "intent.messageContent.without",
} as const;

/** The log channel's notice of missing intents: per intent, the switch to turn on and what is off meanwhile. */
export function missingIntentsEmbeds(
  words: Words,
  missing: PrivilegedIntent[],
  messageWhitelists: string[],
): APIEmbed[] {
  return missing.map((intent) => {
    const { switch: name } = PRIVILEGED[intent];
    const paused =
      intent === "messageContent" && messageWhitelists.length > 0
        ? words.t("log.intent.paused", {
            whitelists: messageWhitelists.map((wl) => `**${plainName(wl)}**`).join(", "),
          })
        : "";
    return {
      title: words.t("log.intent.title", { intent: name }),
      description: words.t("log.intent", {
        without: words.t(withoutKeys[intent]),
        paused,
        intent: name,
        portal: words.t("intent.portal"),
      }),
      color: colours.warning,
    };
  });
}
