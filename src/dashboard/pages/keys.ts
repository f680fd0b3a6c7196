import type { Words } from "../../i18n/words.ts";
import type { AgentStatus } from "../../keys/agent-status.ts";
import type { LinkKeyView } from "../../keys/service.ts";
import { type Kit, notFound, PageError, requireForm, type ServerView, type SignedIn } from "../context.ts";
import { type Html, html } from "../html.ts";
import { csrfField, htmlResponse, page, seeOther, when } from "../layout.ts";

/** What a key's webhook last did: its status or error, when, how long it took; or that it has none. */
function webhookOf(words: Words, key: LinkKeyView): string {
  if (!key.webhookUrl) return words.t("dashboard.keys.noWebhook");
  const host = URL.canParse(key.webhookUrl) ? new URL(key.webhookUrl).host : key.webhookUrl;
  if (key.webhookLastAt === null) return words.t("dashboard.keys.webhookUnused", { host });
  const outcome = key.webhookLastError ?? String(key.webhookLastStatus ?? "");
  return words.t("dashboard.keys.webhook", {
    host,
    outcome,
    when: when(words, key.webhookLastAt),
    ms: key.webhookLastDurationMs ?? 0,
  });
}

/**
 * What the key's agent last reported (docs/api.md, The agent's status): connected or last seen, its version and
 * mode, the last change applied, drift, the last error; or that it never reported.
 */
function agentOf(words: Words, status: AgentStatus | undefined): Html | string {
  if (!status) return words.t("dashboard.keys.agentNone");
  const facts = [
    words.t(status.connected ? "dashboard.keys.agentConnected" : "dashboard.keys.agentDisconnected", {
      when: when(words, status.seenAt),
    }),
    status.mode === "management"
      ? words.t("dashboard.keys.agentManagement", { agent: status.agent })
      : words.t("dashboard.keys.agentFile", { agent: status.agent, format: status.format ?? "" }),
    status.applied === null
      ? words.t("dashboard.keys.agentNoneApplied")
      : words.t("dashboard.keys.agentApplied", { id: status.applied }),
    words.t("dashboard.keys.agentDrift", { count: status.drift }),
  ];
  if (status.error !== null) {
    facts.push(
      words.t("dashboard.keys.agentError", { when: when(words, status.errorAt), error: status.error }),
    );
  }
  return html`<ul class="facts">${facts.map((fact) => html`<li>${fact}</li>`)}</ul>`;
}

/** One key as a row: name, id, what it reaches and may do, who made it when, its last use, webhook and agent. */
function keyRow(
  kit: Kit,
  words: Words,
  server: ServerView,
  csrf: string,
  key: LinkKeyView,
  agent: AgentStatus | undefined,
): Html {
  const scope =
    key.whitelistId === null
      ? words.t("dashboard.keys.wholeServer")
      : (server.whitelists.find((whitelist) => whitelist.id === key.whitelistId)?.name ?? key.whitelistId);
  const by = kit.deps.members.names(server.guildId, [key.createdBy]).get(key.createdBy) ?? key.createdBy;
  const revoke =
    key.revokedAt === null
      ? html`<form method="post" action="/dashboard/servers/${server.guildId}/keys/${key.id}/revoke" data-confirm="${words.t("dashboard.keys.confirm", { name: key.name })}">${csrfField(csrf)}<button type="submit" class="danger">${words.t("dashboard.keys.revoke")}</button></form>`
      : words.t("dashboard.keys.revoked", { when: when(words, key.revokedAt) });
  return html`<tr><th scope="row">${key.name}</th><td><code>${key.id}</code></td><td>${scope}</td>
<td>${words.t(key.mayRemove ? "log.access.remove" : "log.access.read")}</td>
<td>${words.t("dashboard.keys.created", { member: by, when: when(words, key.createdAt) })}</td>
<td>${when(words, key.lastUsedAt)}</td><td>${webhookOf(words, key)}</td><td>${agentOf(words, agent)}</td><td>${revoke}</td></tr>`;
}

/**
 * The server's link keys (Manage Server, as `/server-link`): each with its scope, access, last use, webhook
 * outcome and agent's state, a revocation; and a new key, read-only or one that may remove, shown once.
 */
export async function keysPage(
  kit: Kit,
  viewer: SignedIn,
  server: ServerView,
  created?: { key: LinkKeyView; plaintext: string },
  query: Record<string, string | undefined> = {},
): Promise<Response> {
  const { words, session } = viewer;
  if (!server.may({ do: "manage-keys" })) throw notFound();
  const keys = await kit.deps.services.keys.list(server.guildId);
  const agents = await kit.deps.services.agentStatus.ofGuild(server.guildId);
  const base = `/dashboard/servers/${server.guildId}/keys`;
  const shown = created
    ? html`<div class="notice" role="status"><p>${words.t("dashboard.keys.createdOnce", { name: created.key.name })}</p>
<p class="secret">${created.plaintext}</p>
<p>${words.t("staff.link.howToUse", { key: created.plaintext, url: kit.deps.apiUrl() })}</p></div>`
    : query.revoked
      ? html`<p class="notice" role="status">${words.t("dashboard.keys.revokedDone", { name: query.revoked })}</p>`
      : "";
  const rows = keys.map((key) => keyRow(kit, words, server, session.csrf, key, agents.get(key.id)));
  const table =
    rows.length === 0
      ? html`<p>${words.t("dashboard.keys.none")}</p>`
      : html`<div class="scroll"><table>
<thead><tr><th scope="col">${words.t("dashboard.column.name")}</th><th scope="col">${words.t("dashboard.keys.id")}</th><th scope="col">${words.t("dashboard.keys.scope")}</th><th scope="col">${words.t("dashboard.keys.access")}</th><th scope="col">${words.t("dashboard.column.added")}</th><th scope="col">${words.t("dashboard.keys.lastUsed")}</th><th scope="col">${words.t("dashboard.keys.webhookColumn")}</th><th scope="col">${words.t("dashboard.keys.agentColumn")}</th><th scope="col"><span class="sr-only">${words.t("dashboard.keys.revoke")}</span></th></tr></thead>
<tbody>${rows}</tbody></table></div>`;
  const form = html`<h2>${words.t("dashboard.keys.new")}</h2>
<form method="post" action="${base}">${csrfField(session.csrf)}
<div class="field"><label for="key-name">${words.t("dashboard.column.name")}</label><input id="key-name" name="name" required maxlength="64"></div>
<div class="field"><label for="key-scope">${words.t("dashboard.keys.scope")}</label><select id="key-scope" name="whitelist"><option value="">${words.t("dashboard.keys.wholeServer")}</option>${server.whitelists.map((whitelist) => html`<option value="${whitelist.id}">${whitelist.name}</option>`)}</select></div>
<div class="field"><label for="key-access">${words.t("dashboard.keys.access")}</label><select id="key-access" name="access"><option value="read">${words.t("log.access.read")}</option><option value="remove">${words.t("log.access.remove")}</option></select></div>
<button type="submit">${words.t("dashboard.keys.create")}</button></form>
<p class="muted">${words.t("dashboard.keys.agents")}</p>`;
  return htmlResponse(
    page(
      {
        words,
        title: words.t("dashboard.keys.title"),
        viewer: { name: session.userName, csrf: session.csrf },
        server: server.nav,
        path: base,
      },
      html`${shown}${table}${form}`,
    ),
    created ? 201 : 200,
  );
}

/** Creates a key as `/server-link create` does (and posts the same log post); the page shows it once. */
export async function createKey(
  kit: Kit,
  request: Request,
  viewer: SignedIn,
  server: ServerView,
  form: Record<string, unknown>,
): Promise<Response> {
  requireForm(kit, request, viewer, form);
  if (!server.may({ do: "manage-keys" })) throw notFound();
  const whitelist = typeof form.whitelist === "string" && form.whitelist !== "" ? form.whitelist : null;
  if (whitelist !== null && !server.whitelists.some((candidate) => candidate.id === whitelist)) {
    throw new PageError(400, "dashboard.error.badForm");
  }
  if (form.access !== "read" && form.access !== "remove") throw new PageError(400, "dashboard.error.badForm");
  const created = await kit.deps.services.keys.create({
    guildId: server.guildId,
    name: typeof form.name === "string" ? form.name : "",
    whitelistId: whitelist,
    mayRemove: form.access === "remove",
    createdBy: server.member.userId,
  });
  kit.deps.logger.info("link key created", {
    guildId: server.guildId,
    keyId: created.key.id,
    whitelistId: whitelist,
    mayRemove: created.key.mayRemove,
    actorId: server.member.userId,
  });
  void kit.deps
    .staffLog()
    ?.keyChanged("created", created.key, server.member.userId)
    .catch(() => {});
  return keysPage(kit, viewer, server, created);
}

/** Revokes a key at once, as `/server-link revoke` does (sockets of it close; the same log post). */
export async function revokeKey(
  kit: Kit,
  request: Request,
  viewer: SignedIn,
  server: ServerView,
  keyId: string,
  form: Record<string, unknown>,
): Promise<Response> {
  requireForm(kit, request, viewer, form);
  if (!server.may({ do: "manage-keys" })) throw notFound();
  const key = await kit.deps.services.keys.revoke(server.guildId, keyId);
  kit.deps.logger.info("link key revoked", {
    guildId: server.guildId,
    keyId: key.id,
    actorId: server.member.userId,
  });
  void kit.deps
    .staffLog()
    ?.keyChanged("revoked", key, server.member.userId)
    .catch(() => {});
  return seeOther(
    `/dashboard/servers/${server.guildId}/keys?${new URLSearchParams({ revoked: key.name }).toString()}`,
  );
}
