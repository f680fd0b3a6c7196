import { type EntryFilter, type EntryKind, entryFilters, entryKinds } from "../../entries/browse.ts";
import type { EntryRecord } from "../../entries/model.ts";
import { type FileFormatName, fileFormats, formats } from "../../formats/index.ts";
import type { Words } from "../../i18n/words.ts";
import type { Whitelist } from "../../whitelists/model.ts";
import { type Kit, notFound, requireForm, type ServerView, type SignedIn, whitelistOf } from "../context.ts";
import { type Html, html } from "../html.ts";
import { csrfField, htmlResponse, page, seeOther, when } from "../layout.ts";

/** Entries per page: a phone's screen or two. */
export const ENTRIES_PAGE = 50;

type Query = Record<string, string | undefined>;

const pick = <T extends string>(allowed: readonly T[], given: string | undefined, fallback: T): T =>
  allowed.includes(given as T) ? (given as T) : fallback;

/** What a row says of an entry besides its nick: its kind and state, as short words. */
function badges(words: Words, entry: EntryRecord): string {
  return [
    entry.guest ? words.t("dashboard.entry.guest") : null,
    entry.gamertag !== null
      ? words.t("dashboard.entry.bedrock")
      : entry.premium
        ? words.t("dashboard.entry.premium")
        : words.t("dashboard.entry.offline"),
    entry.verified ? words.t("dashboard.entry.verified") : null,
    entry.proofDueAt !== null
      ? words.t("dashboard.entry.awaiting", { when: when(words, entry.proofDueAt) })
      : null,
    entry.expiresAt !== null
      ? words.t("dashboard.entry.expires", { when: when(words, entry.expiresAt) })
      : null,
  ]
    .filter((badge): badge is string => badge !== null)
    .join(" · ");
}

/** The filters' form: a nick prefix, a state, a kind; sent as a GET, so a filtered page has its own address. */
function filters(words: Words, query: { q: string; filter: EntryFilter; kind: EntryKind }): Html {
  const option = (value: string, chosen: string, label: string) =>
    html`<option value="${value}"${value === chosen ? html` selected` : ""}>${label}</option>`;
  return html`<form method="get" class="inline" role="search">
<div class="field"><label for="q">${words.t("dashboard.entries.search")}</label><input id="q" name="q" value="${query.q}" maxlength="64" autocomplete="off"></div>
<div class="field"><label for="filter">${words.t("dashboard.entries.filter")}</label><select id="filter" name="filter">${entryFilters.map((value) => option(value, query.filter, words.t(`dashboard.filter.${value}`)))}</select></div>
<div class="field"><label for="kind">${words.t("dashboard.entries.kind")}</label><select id="kind" name="kind">${entryKinds.map((value) => option(value, query.kind, words.t(`dashboard.kind.${value}`)))}</select></div>
<div class="field"><button type="submit">${words.t("dashboard.entries.apply")}</button></div>
</form>`;
}

/**
 * A whitelist's entries, a page at a time by nick (keyset paging: `after` is the last nick key shown), searched by
 * the start of a nick and filtered by state and kind; each with a removal (and its reason) for whoever manages it,
 * and the whitelist's files to download.
 */
export async function entriesPage(
  kit: Kit,
  viewer: SignedIn,
  server: ServerView,
  whitelistId: string,
  query: Query,
): Promise<Response> {
  const { words, session } = viewer;
  const whitelist = whitelistOf(server, whitelistId, "see-whitelist");
  const manages = server.may({ do: "manage-entries", whitelistId });
  const q = (query.q ?? "").slice(0, 64);
  const filter = pick(entryFilters, query.filter, "all");
  const kind = pick(entryKinds, query.kind, "any");
  const after = query.after && query.after.length <= 200 ? query.after : null;
  const { entries, next } = await kit.entries.page({
    whitelistId,
    prefix: q,
    filter,
    kind,
    after,
    limit: ENTRIES_PAGE,
  });
  const base = `/dashboard/servers/${server.guildId}`;
  const names = kit.deps.members.names(server.guildId, [...new Set(entries.map((entry) => entry.userId))]);
  const here = `${base}/whitelists/${whitelistId}/entries`;
  const keep = new URLSearchParams({ q, filter, kind });
  const rows = entries.map(
    (entry) => html`<tr>
<th scope="row">${entry.nick}</th>
<td><a href="${base}/members/${entry.userId}">${names.get(entry.userId) ?? entry.userId}</a></td>
<td>${badges(words, entry)}</td>
<td>${when(words, entry.createdAt)}</td>
${manages ? html`<td>${removeForm(words, session.csrf, here, entry.nick)}</td>` : ""}</tr>`,
  );
  const removed = query.removed
    ? html`<p class="notice" role="status">${words.t("dashboard.entries.removed", { nick: query.removed })}</p>`
    : "";
  const table =
    rows.length === 0
      ? html`<p>${words.t("dashboard.entries.none")}</p>`
      : html`<div class="scroll"><table>
<caption class="sr-only">${words.t("dashboard.entries.caption", { whitelist: whitelist.name })}</caption>
<thead><tr><th scope="col">${words.t("dashboard.column.nick")}</th><th scope="col">${words.t("dashboard.column.owner")}</th><th scope="col">${words.t("dashboard.column.details")}</th><th scope="col">${words.t("dashboard.column.added")}</th>${manages ? html`<th scope="col">${words.t("dashboard.column.remove")}</th>` : ""}</tr></thead>
<tbody>${rows}</tbody></table></div>`;
  const paging = html`<nav aria-label="${words.t("dashboard.entries.pages")}"><p>
${after ? html`<a href="${here}?${keep.toString()}">${words.t("dashboard.entries.first")}</a> ` : ""}
${next ? html`<a href="${here}?${new URLSearchParams({ q, filter, kind, after: next }).toString()}" rel="next">${words.t("dashboard.entries.next")}</a>` : ""}
</p></nav>`;
  return htmlResponse(
    page(
      {
        words,
        title: words.t("dashboard.entries.title", { whitelist: whitelist.name }),
        viewer: { name: session.userName, csrf: session.csrf },
        server: server.nav,
      },
      html`${removed}${filters(words, { q, filter, kind })}${table}${paging}${exports(words, server, whitelist)}`,
    ),
  );
}

/** The removal form of one entry: a reason (optional), and a confirmation before it is sent. */
function removeForm(words: Words, csrf: string, here: string, nick: string): Html {
  const id = `reason-${Buffer.from(nick).toString("hex")}`;
  return html`<form method="post" action="${here}/remove" class="inline" data-confirm="${words.t("dashboard.entries.confirm", { nick })}">
${csrfField(csrf)}<input type="hidden" name="nick" value="${nick}">
<label class="sr-only" for="${id}">${words.t("dashboard.entries.reasonFor", { nick })}</label>
<input id="${id}" name="reason" maxlength="200" placeholder="${words.t("dashboard.entries.reason")}">
<button type="submit" class="danger">${words.t("dashboard.entries.remove")}</button></form>`;
}

/** Links to the whitelist's files, the same bytes the API and `/whitelist export` give. */
function exports(words: Words, server: ServerView, whitelist: Whitelist): Html {
  const base = `/dashboard/servers/${server.guildId}/whitelists/${whitelist.id}/export`;
  return html`<h2>${words.t("dashboard.entries.export")}</h2><ul>${fileFormats.map(
    (format) => html`<li><a href="${base}?format=${format}" download>${format}</a></li>`,
  )}</ul>`;
}

/**
 * Removes a nick for staff, with their reason, through the same use case as `/whitelist remove`: the event (origin
 * `staff`), the log channel, the roles taken back and the webhooks follow as they do there.
 */
export async function removeEntry(
  kit: Kit,
  request: Request,
  viewer: SignedIn,
  server: ServerView,
  whitelistId: string,
  form: Record<string, unknown>,
): Promise<Response> {
  requireForm(kit, request, viewer, form);
  whitelistOf(server, whitelistId, "manage-entries");
  const nick = typeof form.nick === "string" ? form.nick : "";
  const reason = typeof form.reason === "string" ? form.reason : null;
  const { entry } = await kit.deps.services.registration.unregister({
    guildId: server.guildId,
    whitelist: whitelistId,
    nick,
    actor: server.member,
    reason,
  });
  kit.deps.logger.info("dashboard removal", {
    guildId: server.guildId,
    whitelistId,
    nick: entry.nick,
    actorId: server.member.userId,
  });
  const back = `/dashboard/servers/${server.guildId}/whitelists/${whitelistId}/entries`;
  return seeOther(`${back}?${new URLSearchParams({ removed: entry.nick }).toString()}`);
}

/** A whitelist's file in `format`, from the same cache the API serves, as a download. */
export async function exportFile(
  kit: Kit,
  server: ServerView,
  whitelistId: string,
  format: string | undefined,
) {
  whitelistOf(server, whitelistId, "see-whitelist");
  const name = fileFormats.find((candidate) => candidate === format) as FileFormatName | undefined;
  if (!name) throw notFound();
  const formatted = await kit.deps.services.formatCache.get(whitelistId, name);
  return new Response(new Blob(formatted.parts as Uint8Array<ArrayBuffer>[]), {
    headers: {
      "content-type": formats[name].contentType,
      "content-disposition": `attachment; filename="${formatted.fileName ?? `whitelist-${name}.txt`}"`,
      "cache-control": "no-store",
    },
  });
}
