import type { Words } from "../../i18n/words.ts";
import type { RegistrationRequest } from "../../registration/model.ts";
import type { FormAnswer } from "../../whitelists/form.ts";
import {
  type Kit,
  notFound,
  PageError,
  requireForm,
  type ServerView,
  type SignedIn,
  whitelistOf,
} from "../context.ts";
import { decisionNotices } from "../decision-notices.ts";
import { type Html, html } from "../html.ts";
import { csrfField, htmlResponse, page, seeOther, when } from "../layout.ts";

/** The member's answers to the whitelist's form, question by question (kept while the server's retention runs). */
export function answersList(words: Words, answers: readonly FormAnswer[] | undefined): Html {
  if (!answers || answers.length === 0)
    return html`<p class="muted">${words.t("dashboard.requests.noAnswers")}</p>`;
  return html`<dl class="answers">${answers.map(
    ({ question, answer }) => html`<dt>${question}</dt><dd>${answer || words.t("common.dash")}</dd>`,
  )}</dl>`;
}

/** One request waiting: who asks for which nick where, what they answered, and the decision's form. */
async function requestBlock(kit: Kit, viewer: SignedIn, server: ServerView, request: RegistrationRequest) {
  const { words, session } = viewer;
  const whitelist = server.whitelists.find((candidate) => candidate.id === request.whitelistId);
  const name = kit.deps.members.names(server.guildId, [request.userId]).get(request.userId) ?? request.userId;
  const answers = await kit.deps.services.registration.requestAnswers(request.id);
  const id = `request-${request.id}`;
  return html`<section aria-labelledby="${id}">
<h2 id="${id}">${words.t("dashboard.requests.heading", { nick: request.nick, whitelist: whitelist?.name ?? "" })}</h2>
<p>${words.t("dashboard.requests.by", { member: name, when: when(words, request.createdAt) })}
<a href="/dashboard/servers/${server.guildId}/members/${request.userId}">${words.t("dashboard.requests.member")}</a></p>
${answersList(words, answers)}
<form method="post" action="/dashboard/servers/${server.guildId}/requests/${request.id}" class="inline">${csrfField(session.csrf)}
<div class="field"><label for="reason-${request.id}">${words.t("dashboard.requests.reason")}</label><input id="reason-${request.id}" name="reason" maxlength="200"></div>
<div class="field"><button type="submit" name="decision" value="approve">${words.t("dashboard.requests.approve")}</button></div>
<div class="field"><button type="submit" name="decision" value="reject" class="danger">${words.t("dashboard.requests.reject")}</button></div>
</form></section>`;
}

/** The requests waiting on the whitelists the viewer manages, oldest first, each with the applicant's answers. */
export async function requestsPage(
  kit: Kit,
  viewer: SignedIn,
  server: ServerView,
  query: Record<string, string | undefined>,
): Promise<Response> {
  const { words, session } = viewer;
  if (server.access.kind === "member") throw notFound();
  const visible = new Set(server.visible.map((whitelist) => whitelist.id));
  const pending = (await kit.deps.services.registration.listPendingRequests(server.guildId)).filter(
    (request) => visible.has(request.whitelistId),
  );
  const blocks = [];
  for (const request of pending) blocks.push(await requestBlock(kit, viewer, server, request));
  const done =
    query.decided === "approved" || query.decided === "rejected"
      ? html`<p class="notice" role="status">${words.t(`dashboard.requests.${query.decided}`, { nick: query.nick ?? "" })}</p>`
      : "";
  const base = `/dashboard/servers/${server.guildId}/requests`;
  return htmlResponse(
    page(
      {
        words,
        title: words.t("dashboard.requests.title"),
        viewer: { name: session.userName, csrf: session.csrf },
        server: server.nav,
        path: base,
      },
      html`${done}${blocks.length === 0 ? html`<p>${words.t("dashboard.requests.none")}</p>` : blocks}`,
    ),
  );
}

/**
 * Approves or rejects a request through the registration service, as the buttons of its log post do: approving
 * checks the rules again for the member as the bot reads them now. Discord is told afterwards (the post becomes the
 * decision, the member reads the outcome), without the person waiting for it.
 */
export async function decideRequest(
  kit: Kit,
  request: Request,
  viewer: SignedIn,
  server: ServerView,
  requestId: string,
  form: Record<string, unknown>,
): Promise<Response> {
  requireForm(kit, request, viewer, form);
  const { registration } = kit.deps.services;
  const found = await registration.getRequest(requestId).catch(() => undefined);
  if (!found || found.whitelist.guildId !== server.guildId) throw notFound();
  whitelistOf(server, found.whitelist.id, "manage-entries");
  const reason = typeof form.reason === "string" ? form.reason : null;
  const actor = server.member;
  // A replica that does not lead: the leader's bot grants the roles and tells Discord (decision-notices.ts).
  const staffLog = kit.deps.staffLog();
  const byLeader = !staffLog && kit.deps.services.store.kind === "postgres";
  let decision: Awaited<ReturnType<typeof registration.decide>>;
  if (form.decision === "approve") {
    const member = await kit.deps.members.member(server.guildId, found.request.userId);
    if (member === undefined) throw new PageError(503, "dashboard.error.discord");
    if (member === null) throw new PageError(409, "dashboard.error.memberLeft");
    decision = await registration.decide({
      requestId,
      actor,
      approve: true,
      member,
      reason,
      rolesByLeader: byLeader,
    });
  } else if (form.decision === "reject") {
    decision = await registration.decide({ requestId, actor, approve: false, reason });
  } else {
    throw new PageError(400, "dashboard.error.badForm");
  }
  kit.deps.logger.info("dashboard decision", {
    guildId: server.guildId,
    requestId,
    outcome: decision.outcome,
    actorId: actor.userId,
  });
  if (staffLog) {
    void staffLog.requestDecided(decision, actor.userId).catch((error) =>
      kit.deps.logger.warn("dashboard: Discord was not told of a decision", {
        requestId,
        error: String(error),
      }),
    );
  } else if (byLeader) {
    await decisionNotices(kit.deps.services).add(requestId, actor.userId);
  }
  const query = new URLSearchParams({ decided: decision.outcome, nick: decision.request.nick });
  return seeOther(`/dashboard/servers/${server.guildId}/requests?${query.toString()}`);
}
