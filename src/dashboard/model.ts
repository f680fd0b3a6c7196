import type { MemberDirectory } from "../bot/member-directory.ts";
import type { StaffLog } from "../bot/staff-log.ts";
import type { Services } from "../services.ts";
import type { Logger } from "../shared/logger.ts";

/** The Discord application the dashboard signs people in with (docs/configuration.md, The dashboard). */
export type DashboardOAuth = {
  clientId: string;
  clientSecret: string;
  /** Discord's REST base without the version (`https://discord.com/api`, the sandbox's in tests and the demo). */
  apiUrl: string;
  /** Discord's authorization page (`https://discord.com/oauth2/authorize`, the sandbox's). */
  authorizeUrl: string;
};

/** Everything the dashboard needs, given by src/server.ts; nothing of it is loaded before the first request. */
export type DashboardDeps = {
  services: Services;
  oauth: DashboardOAuth;
  /** Where people reach the service (PUBLIC_URL; the demo's own address): redirects and cookies follow it. */
  publicUrl(): string;
  /** Who people are in a guild now, read through the bot (src/bot/member-directory.ts). */
  members: MemberDirectory;
  /** The bot, where this process runs it: what staff do here is told in Discord through it. */
  staffLog(): StaffLog | undefined;
  /** The API's base URL, for the link keys' "how to use" line. */
  apiUrl(): string;
  version: string;
  logger: Logger;
};

/** Where Discord sends people back after they sign in: registered in the developer portal, checked by `doctor`. */
export const callbackUrl = (publicUrl: string) => `${publicUrl.replace(/\/$/, "")}/dashboard/callback`;
