import { BY_MEMBER } from "../../entries/model.ts";
import type { Words } from "../../i18n/words.ts";
import { type Kit, notFound, type ServerView, type SignedIn } from "../context.ts";
import { type Html, html } from "../html.ts";
import { htmlResponse, page, when } from "../layout.ts";
import { historyTable } from "./log.ts";
import { answersList } from "./requests.ts";

/** Changes of the member's nicks the page shows, newest first. */
const HISTORY_ROWS = 50;

const list = (words: Words, items: Html[]) =>
  items.length === 0 ? html`<p class="muted">${words.t("common.none")}</p>` : html`<ul>${items}</ul>`;

/**
 * A member's page: their nicks on the whitelists the viewer sees (all of them for the member themselves and for
 * Manage Server), the players without Discord they added, the Java accounts they proved, their requests waiting,
 * their form answers and the history of their nicks. The same look-up as `/whitelist member`.
 */
export async function memberPage(
  kit: Kit,
  viewer: SignedIn,
  server: ServerView,
  userId: string,
): Promise<Response> {
  const { words, session } = viewer;
  if (!/^\d{1,20}$/.test(userId) || !server.may({ do: "see-member", userId })) throw notFound();
  const { services } = kit.deps;
  const self = userId === server.member.userId;
  const looked = await services.lookups.memberNicks({
    guildId: server.guildId,
    userId,
    actor: server.member,
  });
  const seen = self ? server.whitelists : server.visible;
  const seenIds = new Set(seen.map((whitelist) => whitelist.id));
  const name = kit.deps.members.names(server.guildId, [userId]).get(userId) ?? userId;
  const base = `/dashboard/servers/${server.guildId}`;
  const nicks = looked.entries.map(({ entry, whitelist }) => {
    const how =
      entry.origin === BY_MEMBER
        ? words.t("dashboard.member.registered")
        : words.t("dashboard.member.addedBy", {
            member:
              kit.deps.members.names(server.guildId, [entry.addedBy]).get(entry.addedBy) ?? entry.addedBy,
          });
    const state = [
      entry.verified ? words.t("dashboard.entry.verified") : "",
      entry.expiresAt !== null
        ? words.t("dashboard.entry.expires", { when: when(words, entry.expiresAt) })
        : "",
    ]
      .filter(Boolean)
      .join(" · ");
    return html`<li><strong>${entry.nick}</strong> · ${whitelist.name} · ${how}, ${when(words, entry.createdAt)}${state ? ` · ${state}` : ""}</li>`;
  });
  const guests = looked.guests.map(
    ({ entry, whitelist }) =>
      html`<li><strong>${entry.nick}</strong> · ${whitelist.name} · ${entry.note ?? ""}</li>`,
  );
  const links = (await services.linking.linksOf(server.guildId, userId)).map(
    (account) =>
      html`<li><strong>${account.name}</strong> <span class="muted">${account.uuid}</span> · ${when(words, account.linkedAt)}</li>`,
  );
  const waiting = (await services.registration.listPendingRequests(server.guildId))
    .filter((request) => request.userId === userId && seenIds.has(request.whitelistId))
    .map((request) => {
      const whitelist = seen.find((candidate) => candidate.id === request.whitelistId);
      return html`<li>${words.t("dashboard.requests.heading", { nick: request.nick, whitelist: whitelist?.name ?? "" })} · ${when(words, request.createdAt)}</li>`;
    });
  const answers = looked.answers.map(
    ({ record, whitelist }) =>
      html`<h3>${whitelist.name} · ${when(words, record.createdAt)}</h3>${answersList(words, record.answers)}`,
  );
  const history = await kit.history.page({
    guildId: server.guildId,
    whitelistIds: [...seenIds],
    userId,
    limit: HISTORY_ROWS,
  });
  return htmlResponse(
    page(
      {
        words,
        title: self ? words.t("dashboard.member.yours") : words.t("dashboard.member.title", { member: name }),
        viewer: { name: session.userName, csrf: session.csrf },
        server: server.nav,
        path: `${base}/members/${userId}`,
      },
      html`${looked.partial && !self ? html`<p class="muted">${words.t("dashboard.member.partial")}</p>` : ""}
<h2>${words.t("dashboard.member.nicks")}</h2>${list(words, nicks)}
${guests.length > 0 ? html`<h2>${words.t("dashboard.member.guests")}</h2>${list(words, guests)}` : ""}
<h2>${words.t("dashboard.member.linked")}</h2>${list(words, links)}
<h2>${words.t("dashboard.member.waiting")}</h2>${list(words, waiting)}
${answers.length > 0 ? html`<h2>${words.t("dashboard.member.answers")}</h2>${answers}` : ""}
<h2>${words.t("dashboard.member.history")}</h2>${historyTable(kit, viewer, server, history.items)}`,
    ),
  );
}
