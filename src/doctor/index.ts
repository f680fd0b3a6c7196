import { grantedByFlags, PORTAL_PLACE } from "../bot/intents.ts";
import { DISCORD_API } from "../bot/login.ts";
import type { Config } from "../config.ts";
import { callbackUrl } from "../dashboard/index.ts";
import type { Services } from "../services.ts";
import {
  type Check,
  checkInEnglish,
  logChannelChecks,
  serverChecks,
  whitelistChecks,
} from "../setup/checks.ts";
import { inviteUrl } from "../setup/permissions.ts";
import { VERSION } from "../version.ts";
import { DiscordRateLimited, DiscordUnreachable, discordReader } from "./discord.ts";
import { checkFirstJoin } from "./first-join.ts";
import { checkLink, type LinkProbe } from "./link.ts";
import { checkPublicUrl, checkStore, checkWebhooks } from "./store.ts";

/** A titled group of checks: Discord, one per server, the service. */
export type DoctorSection = { title: string; checks: Check[] };
/** What `whitelist-sync doctor` found: `ok` when every check passed. */
export type DoctorReport = { ok: boolean; version: string; sections: DoctorSection[] };

const pass = (title: string): Check => ({ ok: true, title });
const fail = (title: string, fix: string): Check => ({ ok: false, title, fix });

/**
 * Checks the setup as the service would meet it, reading only: the token, the application's privileged intents,
 * each server's permissions, channels and roles for every whitelist, the database, PUBLIC_URL, the webhooks'
 * addresses, the link endpoint (as a server-list ping, at LINK_PORT here and at LINK_ADDRESS) and, for whitelists
 * asking proof at first join, a key in use to ask with. Nothing is written (the database is opened read-only) and
 * nothing is posted on Discord.
 */
export async function runDoctor(
  config: Config,
  options: { linkProbe?: LinkProbe } = {},
): Promise<DoctorReport> {
  const store = await checkStore(config);
  try {
    const sections: DoctorSection[] = [];
    const discord = await discordSections(config, store.services);
    sections.push(...discord.sections);
    const service: Check[] = [...store.checks, ...checkPublicUrl(config)];
    const proofRequired: string[] = [];
    if (store.services) {
      for (const guildId of await store.services.guilds.listIds()) {
        service.push(...(await checkWebhooks(config, store.services, guildId)));
        service.push(...(await checkFirstJoin(store.services, guildId, store.services.clock)));
        const whitelists = await store.services.whitelists.listForGuild(guildId);
        proofRequired.push(...whitelists.filter((wl) => wl.proof === "required").map((wl) => wl.name));
      }
    }
    service.push(...(await checkLink(config, proofRequired, options.linkProbe)));
    sections.push({ title: "The service", checks: service });
    const ok = sections.every((section) => section.checks.every((check) => check.ok));
    return { ok, version: VERSION, sections };
  } finally {
    await store.close();
  }
}

async function discordSections(
  config: Config,
  services: Services | undefined,
): Promise<{ sections: DoctorSection[] }> {
  const checks: Check[] = [];
  const sections: DoctorSection[] = [{ title: "Discord", checks }];
  const token = config.DISCORD_TOKEN;
  if (!token) {
    checks.push(
      fail(
        "DISCORD_TOKEN is not set",
        "create an application and its bot in the Discord developer portal, copy the bot's token (Bot → Reset " +
          "Token) and set DISCORD_TOKEN to it (README, Your first hour)",
      ),
    );
    return { sections };
  }
  const apiUrl = config.DISCORD_API_URL ?? DISCORD_API;
  const discord = discordReader({ token, apiUrl });
  try {
    const me = await discord.get("/users/@me");
    if (me.status === 401) {
      checks.push(
        fail(
          "Discord refused the token (401 Unauthorized)",
          "copy the token again from Bot → Reset Token in the developer portal (a reset retires the old one) " +
            "and set DISCORD_TOKEN to it",
        ),
      );
      return { sections };
    }
    if (me.status !== 200) {
      checks.push(
        fail(
          `Discord answered ${me.status} to the token check`,
          "try again in a minute; if it lasts, see https://discordstatus.com",
        ),
      );
      return { sections };
    }
    const bot = me.body as { id: string; username: string };
    checks.push(pass(`the token works: the bot is ${bot.username} (${bot.id})`));

    const application = await discord.read<{ id: string; flags?: number; redirect_uris?: string[] }>(
      "/applications/@me",
    );
    checks.push(...dashboardChecks(config, application.redirect_uris ?? []));
    // The bot's own reading of the application's flags (the portal's switches).
    const { serverMembers, messageContent } = grantedByFlags(application.flags ?? 0);
    checks.push(
      serverMembers
        ? pass("the Server Members Intent is on")
        : fail(
            "the Server Members Intent is off: members who leave, or lose a required role, keep their nicks",
            `switch the Server Members Intent on in ${PORTAL_PLACE}`,
          ),
    );
    const byMessage = ((await services?.whitelists.listByMode("message")) ?? []).map(
      (whitelist) => whitelist.name,
    );
    checks.push(
      messageContent
        ? pass("the Message Content Intent is on")
        : byMessage.length > 0
          ? fail(
              `the Message Content Intent is off, and ${byMessage.join(", ")} register(s) by message: members' ` +
                "nicks there can't be read",
              `switch the Message Content Intent on in ${PORTAL_PLACE}, or move ${byMessage.join(", ")} to command ` +
                "mode with `/whitelist edit mode:command`",
            )
          : pass("the Message Content Intent is off (no whitelist registers by message, so none is needed)"),
    );

    const guilds = await discord.read<{ id: string; name: string }[]>("/users/@me/guilds");
    if (guilds.length === 0) {
      checks.push(
        fail(
          "the bot is in no server",
          `invite it with this link, then run doctor again: ${inviteUrl(application.id)}`,
        ),
      );
      return { sections };
    }
    checks.push(pass(`the bot is in ${guilds.length} server(s)`));
    for (const { id } of guilds) {
      const guild = await discord.guild(id, bot.id);
      const settings = await services?.guilds.get(id);
      const logChannelId = settings?.logChannelId ?? null;
      const whitelists = (await services?.whitelists.listForGuild(id)) ?? [];
      const nicknames = whitelists.some((whitelist) => whitelist.nicknameTemplate !== null);
      // The setup checks in English, as the operator's terminal reads them (the bot words them for its reader).
      const guildChecks: Check[] = [
        ...serverChecks(guild, { nicknames, banSync: settings?.banSync ?? false }),
        ...logChannelChecks(guild, logChannelId),
        // The Message Content Intent was checked above, once for every whitelist that needs it.
        ...whitelists.flatMap((whitelist) => whitelistChecks(guild, whitelist, { logChannelId })),
      ].map(checkInEnglish);
      if (services && nicknames) guildChecks.push(...nicknameChecks(await services.nicknames.refused(id)));
      if (whitelists.length === 0) {
        guildChecks.push(pass("no whitelist yet: create one with `/whitelist create`"));
      }
      sections.push({ title: `Server ${guild.name} (${guild.id})`, checks: guildChecks });
    }
  } catch (error) {
    if (error instanceof DiscordRateLimited) {
      // Discord's pace, not the setup's fault: what was checked stands, the rest waits for another run.
      checks.push({ ok: true, pending: true, title: `${error.message}; the checks after this were not run` });
      return { sections };
    }
    if (!(error instanceof DiscordUnreachable)) throw error;
    checks.push(fail("Discord could not be reached", error.message));
  }
  return { sections };
}

/**
 * The dashboard's sign-in (on with DISCORD_CLIENT_SECRET: docs/dashboard.md): Discord sends people back only to a
 * redirect URI registered exactly in the portal, so `<PUBLIC_URL>/dashboard/callback` must be one of them.
 */
export function dashboardChecks(config: Config, registered: readonly string[]): Check[] {
  if (config.DISCORD_CLIENT_SECRET === undefined || config.PUBLIC_URL === undefined) return [];
  const wanted = callbackUrl(config.PUBLIC_URL);
  return [
    registered.includes(wanted)
      ? pass(`the dashboard's redirect URI ${wanted} is registered`)
      : fail(
          `the dashboard's redirect URI ${wanted} is not registered: Discord will refuse every sign-in`,
          "add it exactly under OAuth2 → Redirects in the developer portal (README, Your first hour)",
        ),
  ];
}

/** How many members a check names by mention before it counts the rest. */
const NAMED = 10;

/**
 * Members whose nickname Discord refused to change, as the bot recorded its last try (the owner's is no problem
 * anyone can fix: Discord lets no bot rename the owner, so it is said, not counted as a failure).
 */
export function nicknameChecks(refused: readonly { userId: string; failure: string | null }[]): Check[] {
  const checks: Check[] = [];
  const named = (userIds: string[]) =>
    `${userIds.slice(0, NAMED).join(", ")}${userIds.length > NAMED ? ` and ${userIds.length - NAMED} more` : ""}`;
  const of = (failure: string) => refused.filter((one) => one.failure === failure).map((one) => one.userId);
  const owner = of("owner");
  if (owner.length > 0) {
    checks.push(pass("the server's owner keeps their own nickname: Discord lets no bot change it"));
  }
  const above = of("above");
  if (above.length > 0) {
    checks.push(
      fail(
        `${above.length} member(s) keep their own nickname: their highest role is at or above the bot's (${named(above)})`,
        "drag the bot's role above theirs in Server Settings → Roles, if their nicknames should follow too",
      ),
    );
  }
  const permission = of("permission");
  if (permission.length > 0) {
    checks.push(
      fail(
        `${permission.length} member(s) were not renamed: the bot lacked Manage Nicknames (${named(permission)})`,
        "turn Manage Nicknames on for the bot's role; each nickname follows at the member's next change",
      ),
    );
  }
  const other = refused.filter((one) => !["owner", "above", "permission"].includes(one.failure ?? ""));
  if (other.length > 0) {
    checks.push(
      fail(
        `${other.length} member(s) were not renamed: ${other[0]?.failure} (${named(other.map((one) => one.userId))})`,
        "see the service's log (\"nickname not changed\"); each nickname is tried again at the member's next change",
      ),
    );
  }
  return checks;
}

/** The report for a person: ✔/✘ lines, each ✘ followed by its fix. */
export function formatReport(report: DoctorReport): string {
  const lines = [`whitelist-sync doctor ${report.version}`];
  for (const section of report.sections) {
    lines.push("", section.title);
    for (const check of section.checks) {
      lines.push(`  ${check.pending ? "⏳" : check.ok ? "✔" : "✘"} ${check.title}`);
      if (!check.ok && check.fix) lines.push(`      → ${check.fix}`);
    }
  }
  const checks = report.sections.flatMap((section) => section.checks);
  const problems = checks.filter((check) => !check.ok).length;
  const pending = checks.some((check) => check.pending);
  lines.push(
    "",
    problems > 0
      ? `${problems} problem(s) found.`
      : pending
        ? "No problem found so far; run doctor again once Discord lets the bot ask (⏳ above)."
        : "Everything checks out.",
  );
  return lines.join("\n");
}
