import type { Words } from "../../i18n/words.ts";
import { durationText, parseDuration } from "../../whitelists/lifetime.ts";
import {
  proofSettings,
  registrationModes,
  roleLossPolicies,
  type Whitelist,
} from "../../whitelists/model.ts";
import type { WhitelistChanges } from "../../whitelists/service.ts";
import { type Kit, PageError, requireForm, type ServerView, type SignedIn, whitelistOf } from "../context.ts";
import { type Html, html } from "../html.ts";
import { csrfField, htmlResponse, page, seeOther } from "../layout.ts";

type Form = Record<string, unknown>;

/** A select of `values` named `name`, with its label; `chosen` selected. */
function select(
  id: string,
  label: string,
  values: readonly string[],
  chosen: string,
  labels?: (value: string) => string,
): Html {
  return html`<div class="field"><label for="${id}">${label}</label><select id="${id}" name="${id}">${values.map(
    (value) =>
      html`<option value="${value}"${value === chosen ? html` selected` : ""}>${labels ? labels(value) : value}</option>`,
  )}</select></div>`;
}

/** What Discord calls the roles of a list, by the bot's cache (an id it does not know is shown as such). */
function roles(kit: Kit, server: ServerView, ids: readonly string[], words: Words): string {
  if (ids.length === 0) return words.t("common.none");
  return ids.map((id) => `@${kit.deps.members.roleName(server.guildId, id) ?? id}`).join(", ");
}

/**
 * A whitelist's settings. Whoever has Manage Server changes them here with the same rules and use case as
 * `/whitelist edit` (the registration service's `editWhitelist`); a manager of it reads them.
 */
export async function settingsPage(
  kit: Kit,
  viewer: SignedIn,
  server: ServerView,
  whitelistId: string,
  query: Record<string, string | undefined>,
): Promise<Response> {
  const { words, session } = viewer;
  const whitelist = whitelistOf(server, whitelistId, "see-whitelist");
  const editable = server.may({ do: "edit-whitelist", whitelistId });
  const channel = kit.deps.members.channelName(server.guildId, whitelist.channelId) ?? whitelist.channelId;
  const lifetime =
    whitelist.entryLifetimeSeconds === null ? "" : words.render(durationText(whitelist.entryLifetimeSeconds));
  const facts = html`<dl>
<dt>${words.t("dashboard.column.nickType")}</dt><dd><code>${whitelist.nickType}</code></dd>
<dt>${words.t("dashboard.settings.channel")}</dt><dd>#${channel}</dd>
<dt>${words.t("dashboard.settings.requiredRoles")}</dt><dd>${roles(kit, server, whitelist.requiredRoleIds, words)}</dd>
<dt>${words.t("dashboard.settings.grantedRoles")}</dt><dd>${roles(kit, server, whitelist.grantedRoleIds, words)}</dd>
<dt>${words.t("dashboard.settings.managerRoles")}</dt><dd>${roles(kit, server, whitelist.managerRoleIds, words)}</dd>
${
  editable
    ? ""
    : html`<dt>${words.t("dashboard.column.mode")}</dt><dd><code>${whitelist.registrationMode}</code></dd>
<dt>${words.t("dashboard.settings.maxNicks")}</dt><dd>${whitelist.maxNicksPerUser}</dd>
<dt>${words.t("dashboard.column.state")}</dt><dd>${words.t(whitelist.enabled ? "dashboard.whitelist.open" : "dashboard.whitelist.closed")}</dd>
<dt>${words.t("dashboard.settings.lifetime")}</dt><dd>${lifetime || words.t("dashboard.settings.forGood")}</dd>
<dt>${words.t("dashboard.settings.proof")}</dt><dd><code>${whitelist.proof}</code></dd>`
}
</dl>
<p class="muted">${words.t("dashboard.settings.inDiscord")}</p>`;
  const yesNo = (value: string) => words.t(value === "yes" ? "dashboard.yes" : "dashboard.no");
  const form = editable
    ? html`<h2>${words.t("dashboard.settings.change")}</h2>
<form method="post" action="/dashboard/servers/${server.guildId}/whitelists/${whitelistId}">${csrfField(session.csrf)}
<div class="field"><label for="name">${words.t("dashboard.column.name")}</label><input id="name" name="name" value="${whitelist.name}" required maxlength="32"></div>
${select("enabled", words.t("dashboard.column.state"), ["open", "closed"], whitelist.enabled ? "open" : "closed", (value) => words.t(value === "open" ? "dashboard.whitelist.open" : "dashboard.whitelist.closed"))}
${select("registrationMode", words.t("dashboard.column.mode"), registrationModes, whitelist.registrationMode)}
<div class="field"><label for="maxNicksPerUser">${words.t("dashboard.settings.maxNicks")}</label><input id="maxNicksPerUser" name="maxNicksPerUser" type="number" min="1" max="1000" value="${whitelist.maxNicksPerUser}" required></div>
${select("removeOnLeave", words.t("dashboard.settings.removeOnLeave"), ["yes", "no"], whitelist.removeOnLeave ? "yes" : "no", yesNo)}
${select("onRoleLoss", words.t("dashboard.settings.onRoleLoss"), roleLossPolicies, whitelist.onRoleLoss)}
<div class="field"><label for="entryLifetime">${words.t("dashboard.settings.lifetime")}</label><input id="entryLifetime" name="entryLifetime" value="${whitelist.entryLifetimeSeconds === null ? "" : `${whitelist.entryLifetimeSeconds / 60}m`}" aria-describedby="lifetime-help" maxlength="20"><span id="lifetime-help" class="muted">${words.t("dashboard.settings.lifetimeHelp")}</span></div>
${select("proof", words.t("dashboard.settings.proof"), proofSettings, whitelist.proof)}
<button type="submit">${words.t("dashboard.settings.save")}</button>
</form>`
    : "";
  const saved = query.saved
    ? html`<p class="notice" role="status">${words.t("dashboard.settings.saved")}</p>`
    : "";
  return htmlResponse(
    page(
      {
        words,
        title: words.t("dashboard.settings.title", { whitelist: whitelist.name }),
        viewer: { name: session.userName, csrf: session.csrf },
        server: server.nav,
      },
      html`${saved}${facts}${form}`,
    ),
  );
}

/** The settings a form changes, each only when it differs from `whitelist` (an unchanged form writes nothing). */
function changesOf(whitelist: Whitelist, form: Form): WhitelistChanges {
  const text = (name: string) => (typeof form[name] === "string" ? (form[name] as string).trim() : undefined);
  const one = <T extends string>(allowed: readonly T[], name: string): T | undefined => {
    const value = text(name);
    if (value === undefined) return undefined;
    if (!allowed.includes(value as T)) throw new PageError(400, "dashboard.error.badForm");
    return value as T;
  };
  const lifetime = text("entryLifetime");
  const changes: WhitelistChanges = {
    name: text("name"),
    enabled: text("enabled") === undefined ? undefined : one(["open", "closed"], "enabled") === "open",
    registrationMode: one(registrationModes, "registrationMode"),
    maxNicksPerUser: text("maxNicksPerUser") === undefined ? undefined : Number(text("maxNicksPerUser")),
    removeOnLeave:
      text("removeOnLeave") === undefined ? undefined : one(["yes", "no"], "removeOnLeave") === "yes",
    onRoleLoss: one(roleLossPolicies, "onRoleLoss"),
    entryLifetimeSeconds:
      lifetime === undefined ? undefined : lifetime === "" ? null : parseDuration(lifetime),
    proof: one(proofSettings, "proof"),
  };
  return Object.fromEntries(
    Object.entries(changes).filter(
      ([key, value]) => value !== undefined && value !== whitelist[key as keyof WhitelistChanges],
    ),
  ) as WhitelistChanges;
}

/** Saves a whitelist's settings through the same use case as `/whitelist edit` (Manage Server only). */
export async function saveSettings(
  kit: Kit,
  request: Request,
  viewer: SignedIn,
  server: ServerView,
  whitelistId: string,
  form: Form,
): Promise<Response> {
  requireForm(kit, request, viewer, form);
  const whitelist = whitelistOf(server, whitelistId, "edit-whitelist");
  const edit = await kit.deps.services.edits.editWhitelist({
    guildId: server.guildId,
    whitelistId,
    actorId: server.member.userId,
    changes: changesOf(whitelist, form),
  });
  kit.deps.logger.info("dashboard settings", {
    guildId: server.guildId,
    whitelistId,
    settings: edit.changed.join(","),
    actorId: server.member.userId,
  });
  return seeOther(`/dashboard/servers/${server.guildId}/whitelists/${whitelistId}?saved=1`);
}
