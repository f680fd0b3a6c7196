import type { DiscordRest } from "../bot/discord.ts";
import type { Config } from "../config.ts";
import type { Services } from "../services.ts";
import { tokenApplicationId } from "../setup/permissions.ts";
import type { Logger } from "../shared/logger.ts";
import { VERSION } from "../version.ts";
import type { DashboardDeps } from "./model.ts";

/** Discord's REST base when DISCORD_API_URL does not name the sandbox's. */
const DISCORD_API_BASE = "https://discord.com/api";

/**
 * The dashboard's dependencies when DISCORD_CLIENT_SECRET turns it on (docs/dashboard.md): Discord's OAuth2 at the
 * same place as its REST API (`/oauth2/authorize` at the root beside `/api`, as on discord.com and the sandbox), the
 * member directory of the bot's REST client. Nothing of the dashboard is loaded here (src/dashboard/index.ts).
 */
export function dashboardDeps(
  config: Config,
  services: Services,
  parts: {
    /** The bot's REST client, or its ports before it is made (src/bot/deferred-rest.ts): its member directory. */
    discord: Pick<DiscordRest, "members"> | undefined;
    logger: Logger;
    publicUrl(): string;
    staffLog: DashboardDeps["staffLog"];
  },
): DashboardDeps | undefined {
  const secret = config.DISCORD_CLIENT_SECRET;
  // checkDashboard (src/config.ts) made DISCORD_TOKEN, hence the REST client, a condition of the secret.
  if (secret === undefined || !parts.discord || config.DISCORD_TOKEN === undefined) return undefined;
  const apiUrl = (config.DISCORD_API_URL ?? DISCORD_API_BASE).replace(/\/$/, "");
  return {
    services,
    oauth: {
      clientId: config.DISCORD_CLIENT_ID ?? tokenApplicationId(config.DISCORD_TOKEN),
      clientSecret: secret,
      apiUrl,
      authorizeUrl: new URL("/oauth2/authorize", apiUrl).href,
    },
    publicUrl: parts.publicUrl,
    members: parts.discord.members,
    staffLog: parts.staffLog,
    apiUrl: () => `${parts.publicUrl()}/api/v1`,
    version: VERSION,
    logger: parts.logger,
  };
}
