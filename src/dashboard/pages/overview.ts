import { dayChart } from "../chart.ts";
import type { Kit, ServerView, SignedIn } from "../context.ts";
import { html } from "../html.ts";
import { htmlResponse, page } from "../layout.ts";

/** Days the chart shows (the event log keeps EVENT_RETENTION_DAYS, 7 by default: older days show none). */
const CHART_DAYS = 14;

/**
 * A server's page: the whitelists the viewer sees (each with its entries and settings), the requests waiting, and
 * registrations and removals per day; a member, their own page.
 */
export async function overviewPage(kit: Kit, viewer: SignedIn, server: ServerView): Promise<Response> {
  const { words } = viewer;
  const base = `/dashboard/servers/${server.guildId}`;
  const frame = {
    words,
    title: words.t("dashboard.overview.title"),
    viewer: { name: viewer.session.userName, csrf: viewer.session.csrf },
    server: server.nav,
    path: base,
  };
  if (server.access.kind === "member") {
    return htmlResponse(
      page(
        frame,
        html`<p>${words.t("dashboard.overview.member")}</p>
<p><a class="button" href="${base}/members/${server.member.userId}">${words.t("dashboard.overview.yours")}</a></p>`,
      ),
    );
  }
  const { registration, history } = { registration: kit.deps.services.registration, history: kit.history };
  const visibleIds = new Set(server.visible.map((whitelist) => whitelist.id));
  const pending = (await registration.listPendingRequests(server.guildId)).filter((request) =>
    visibleIds.has(request.whitelistId),
  );
  const rows = server.visible.map(
    (whitelist) => html`<tr>
<th scope="row"><a href="${base}/whitelists/${whitelist.id}/entries">${whitelist.name}</a></th>
<td><code>${whitelist.nickType}</code></td><td><code>${whitelist.registrationMode}</code></td>
<td>${words.t(whitelist.enabled ? "dashboard.whitelist.open" : "dashboard.whitelist.closed")}</td>
<td><a href="${base}/whitelists/${whitelist.id}">${words.t("dashboard.overview.settings")}</a></td></tr>`,
  );
  const days = await history.perDay({
    guildId: server.guildId,
    whitelistIds: [...visibleIds],
    days: CHART_DAYS,
    now: kit.clock.now(),
  });
  return htmlResponse(
    page(
      frame,
      html`<h2>${words.t("dashboard.overview.whitelists")}</h2>
${
  rows.length === 0
    ? html`<p>${words.t("dashboard.overview.noWhitelists")}</p>`
    : html`<div class="scroll"><table>
<thead><tr><th scope="col">${words.t("dashboard.column.name")}</th><th scope="col">${words.t("dashboard.column.nickType")}</th><th scope="col">${words.t("dashboard.column.mode")}</th><th scope="col">${words.t("dashboard.column.state")}</th><th scope="col"><span class="sr-only">${words.t("dashboard.overview.settings")}</span></th></tr></thead>
<tbody>${rows}</tbody></table></div>`
}
<h2>${words.t("dashboard.overview.requests")}</h2>
<p><a href="${base}/requests">${words.t("dashboard.overview.pending", { count: pending.length })}</a></p>
<h2>${words.t("dashboard.overview.activity")}</h2>
${dayChart(words, days)}`,
    ),
  );
}
