import { originOf } from "../../bot/log-channel.ts";
import { type EventType, eventTypes } from "../../entries/events.ts";
import type { HistoryItem, HistoryQuery } from "../../entries/history.ts";
import { type Origin, origins } from "../../entries/model.ts";
import type { Words } from "../../i18n/words.ts";
import { type Kit, notFound, type ServerView, type SignedIn } from "../context.ts";
import { type Html, html } from "../html.ts";
import { htmlResponse, page, when } from "../layout.ts";

/** Changes per page of the audit log. */
const LOG_PAGE = 50;

/** The audit log's filters as a page asks them: a whitelist of those seen, a kind of change, an origin, a member. */
export type LogFilters = { whitelist: string; type: EventType | ""; origin: Origin | ""; member: string };

/** The filters of a query (anything unknown is no filter). */
export function logFilters(server: ServerView, query: Record<string, string | undefined>): LogFilters {
  const whitelist = server.visible.some((candidate) => candidate.id === query.whitelist)
    ? (query.whitelist as string)
    : "";
  return {
    whitelist,
    type: eventTypes.includes(query.type as EventType) ? (query.type as EventType) : "",
    origin: origins.includes(query.origin as Origin) ? (query.origin as Origin) : "",
    member: /^\d{1,20}$/.test(query.member ?? "") ? (query.member as string) : "",
  };
}

/** The history query of a server's log for `filters`. */
export function historyQuery(server: ServerView, filters: LogFilters, before: number | null): HistoryQuery {
  return {
    guildId: server.guildId,
    whitelistIds: filters.whitelist ? [filters.whitelist] : server.visible.map((whitelist) => whitelist.id),
    type: filters.type || null,
    origin: filters.origin || null,
    userId: filters.member || null,
    before,
    limit: LOG_PAGE,
  };
}

/** One change as a row: when, what, which nick where, whose, who did it and from where, and why. */
export function historyRow(kit: Kit, words: Words, server: ServerView, item: HistoryItem): Html {
  const { event } = item;
  const names = kit.deps.members.names(server.guildId, [event.userId ?? "", item.actorId ?? ""]);
  const owner = event.userId
    ? html`<a href="/dashboard/servers/${server.guildId}/members/${event.userId}">${names.get(event.userId) ?? event.userId}</a>`
    : words.t("common.dash");
  const who = item.actorId
    ? (names.get(item.actorId) ?? item.actorId)
    : item.keyName
      ? words.t("dashboard.log.key", { name: item.keyName })
      : words.t("common.dash");
  const added = event.type === "entry.added";
  return html`<tr><td>${when(words, Date.parse(event.timestamp))}</td><td>${words.t(added ? "dashboard.log.added" : "dashboard.log.removed")}</td><th scope="row">${event.entry.nick}</th><td>${event.whitelistName}</td><td>${owner}</td><td>${who}</td><td>${originOf(words, event.origin)}</td><td>${event.reason ?? ""}</td></tr>`;
}

/** The changes as a table (`live`: the address its new rows come from as they happen). */
export function historyTable(
  kit: Kit,
  viewer: SignedIn,
  server: ServerView,
  items: readonly HistoryItem[],
  live?: string,
) {
  const { words } = viewer;
  const rows =
    items.length === 0
      ? html`<tr data-empty><td colspan="8">${words.t("dashboard.log.none")}</td></tr>`
      : items.map((item) => historyRow(kit, words, server, item));
  return html`<div class="scroll"><table${live ? html` data-live="${live}"` : ""}>
<thead><tr><th scope="col">${words.t("dashboard.column.when")}</th><th scope="col">${words.t("dashboard.column.change")}</th><th scope="col">${words.t("dashboard.column.nick")}</th><th scope="col">${words.t("dashboard.column.whitelist")}</th><th scope="col">${words.t("dashboard.column.owner")}</th><th scope="col">${words.t("dashboard.column.by")}</th><th scope="col">${words.t("dashboard.column.origin")}</th><th scope="col">${words.t("dashboard.column.reason")}</th></tr></thead>
<tbody>${rows}</tbody></table></div>`;
}

/** The filters' form of the log, sent as a GET. */
function filterForm(words: Words, server: ServerView, filters: LogFilters): Html {
  const option = (value: string, chosen: string, label: string) =>
    html`<option value="${value}"${value === chosen ? html` selected` : ""}>${label}</option>`;
  return html`<form method="get" class="inline" role="search">
<div class="field"><label for="whitelist">${words.t("dashboard.column.whitelist")}</label><select id="whitelist" name="whitelist">${option("", filters.whitelist, words.t("dashboard.log.every"))}${server.visible.map((whitelist) => option(whitelist.id, filters.whitelist, whitelist.name))}</select></div>
<div class="field"><label for="type">${words.t("dashboard.column.change")}</label><select id="type" name="type">${option("", filters.type, words.t("dashboard.log.every"))}${option("entry.added", filters.type, words.t("dashboard.log.added"))}${option("entry.removed", filters.type, words.t("dashboard.log.removed"))}</select></div>
<div class="field"><label for="origin">${words.t("dashboard.column.origin")}</label><select id="origin" name="origin">${option("", filters.origin, words.t("dashboard.log.every"))}${origins.map((origin) => option(origin, filters.origin, originOf(words, origin)))}</select></div>
<div class="field"><label for="member">${words.t("dashboard.log.member")}</label><input id="member" name="member" value="${filters.member}" inputmode="numeric" pattern="[0-9]{1,20}" maxlength="20"></div>
<div class="field"><button type="submit">${words.t("dashboard.entries.apply")}</button></div></form>`;
}

/**
 * The audit log: every change of the whitelists the viewer sees, with who made it, from where and why, newest
 * first, filtered; the first page follows new changes live (server-sent events, live.ts).
 */
export async function logPage(
  kit: Kit,
  viewer: SignedIn,
  server: ServerView,
  query: Record<string, string | undefined>,
): Promise<Response> {
  const { words, session } = viewer;
  if (!server.may({ do: "see-log" })) throw notFound();
  const filters = logFilters(server, query);
  const before = /^\d{1,15}$/.test(query.before ?? "") ? Number(query.before) : null;
  const { items, next } = await kit.history.page(historyQuery(server, filters, before));
  const base = `/dashboard/servers/${server.guildId}/log`;
  const keep = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ""));
  const live = before === null ? `${base}/live?${new URLSearchParams(keep).toString()}` : undefined;
  const paging = html`<nav aria-label="${words.t("dashboard.entries.pages")}"><p>
${before !== null ? html`<a href="${base}?${new URLSearchParams(keep).toString()}">${words.t("dashboard.log.newest")}</a> ` : ""}
${next !== null ? html`<a rel="next" href="${base}?${new URLSearchParams({ ...keep, before: String(next) }).toString()}">${words.t("dashboard.log.older")}</a>` : ""}</p></nav>`;
  return htmlResponse(
    page(
      {
        words,
        title: words.t("dashboard.log.title"),
        viewer: { name: session.userName, csrf: session.csrf },
        server: server.nav,
        path: base,
      },
      html`${filterForm(words, server, filters)}
<p class="muted" data-live-status aria-live="polite" data-added="${words.t("dashboard.log.arrived")}">${live ? words.t("dashboard.log.live") : ""}</p>
${historyTable(kit, viewer, server, items, live)}${paging}`,
    ),
  );
}
