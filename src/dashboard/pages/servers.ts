import { accessOf } from "../access.ts";
import type { Kit, SignedIn } from "../context.ts";
import { html } from "../html.ts";
import { htmlResponse, page } from "../layout.ts";
import { OAuthError } from "../oauth.ts";

/** How old the list of a person's servers may grow before Discord is asked again (on this page only). */
const GUILDS_FRESH_MS = 10 * 60_000;

/**
 * The person's servers as Discord lists them now (scope `guilds`): read again once the list is older than
 * GUILDS_FRESH_MS, refreshing Discord's access token when it ran out. The stored list stays when Discord fails.
 */
async function freshGuilds(kit: Kit, viewer: SignedIn) {
  const { session } = viewer;
  if (kit.clock.now() - session.guildsAt < GUILDS_FRESH_MS) return session.guilds;
  try {
    let tokens = await kit.sessions.tokensOf(session.idHash);
    if (!tokens) return session.guilds;
    if (tokens.expiresAt <= kit.clock.now()) tokens = await kit.oauth.refresh(tokens.refreshToken);
    const guilds = await kit.oauth.guilds(tokens.accessToken);
    await kit.sessions.refreshGuilds(session.idHash, guilds, tokens);
    return guilds;
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    kit.deps.logger.warn("dashboard: the person's servers could not be read again", { error: error.message });
    return session.guilds;
  }
}

/**
 * The servers the person may see: of those Discord lists them on, the ones this service serves, each with what
 * they reach there as the bot reads them now (Manage Server, the whitelists they manage, their own things).
 */
export async function serversPage(kit: Kit, viewer: SignedIn): Promise<Response> {
  const { words } = viewer;
  const served = new Set(await kit.deps.services.guilds.listIds());
  const rows = [];
  for (const guild of (await freshGuilds(kit, viewer)).filter((candidate) => served.has(candidate.id))) {
    const member = await kit.deps.members.member(guild.id, viewer.session.userId);
    const whitelists = await kit.deps.services.whitelists.listForGuild(guild.id);
    const access = accessOf(member, whitelists);
    if (access.kind === "none") continue;
    const role =
      access.kind === "server"
        ? words.t("dashboard.access.server")
        : access.kind === "manager"
          ? words.t("dashboard.access.manager", {
              whitelists: whitelists
                .filter((whitelist) => access.whitelistIds.has(whitelist.id))
                .map((whitelist) => whitelist.name)
                .join(", "),
            })
          : words.t("dashboard.access.member");
    rows.push(
      html`<li><a href="/dashboard/servers/${guild.id}">${guild.name}</a> <span class="muted">${role}</span></li>`,
    );
  }
  const body =
    rows.length === 0
      ? html`<p>${words.t("dashboard.servers.none")}</p>`
      : html`<ul class="servers">${rows}</ul>`;
  return htmlResponse(
    page(
      {
        words,
        title: words.t("dashboard.servers.title"),
        viewer: { name: viewer.session.userName, csrf: viewer.session.csrf },
      },
      body,
    ),
  );
}
