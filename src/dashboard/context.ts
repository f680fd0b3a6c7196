import type { EntryBrowser } from "../entries/browse.ts";
import type { History } from "../entries/history.ts";
import type { MessageKey } from "../i18n/messages.ts";
import { type Words, wordsFor } from "../i18n/words.ts";
import type { Member } from "../registration/model.ts";
import type { Clock } from "../shared/clock.ts";
import type { Whitelist } from "../whitelists/model.ts";
import { type Access, type Action, accessOf, may, visibleWhitelists } from "./access.ts";
import { pageLanguage } from "./language.ts";
import type { ServerNav } from "./layout.ts";
import type { DashboardDeps } from "./model.ts";
import type { OAuthClient } from "./oauth.ts";
import { cookiesFor, fromOwnOrigin, sameSecret } from "./security.ts";
import type { Session, SessionStore } from "./sessions.ts";

/** What every page of the dashboard works with, built once at its first request (src/dashboard/app.ts). */
export type Kit = {
  deps: DashboardDeps;
  clock: Clock;
  sessions: SessionStore;
  oauth: OAuthClient;
  entries: EntryBrowser;
  history: History;
  /** The live log's open streams, each by what ends it (closed at shutdown). */
  streams: Set<() => void>;
};

/** A page that cannot be shown: its status and what the person reads (never which of the reasons it was). */
export class PageError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
  ) {
    super(key);
  }
}

/** The 404 of whatever the person may not see: the same page as for what does not exist, so it tells nothing. */
export const notFound = () => new PageError(404, "dashboard.error.notFound");

/** Who asks: their words, and their session when they are signed in. */
export type Viewer = { words: Words; session?: Session };

/** A signed-in viewer. */
export type SignedIn = { words: Words; session: Session };

/** The viewer of a request: the session its cookie names (if live), and the page's language. */
export async function viewerOf(kit: Kit, request: Request): Promise<Viewer> {
  const token = cookiesFor(kit.deps.publicUrl()).read(request, "session");
  const session = token ? await kit.sessions.find(token) : undefined;
  const language = pageLanguage(request.headers.get("accept-language"), session?.locale);
  return { words: wordsFor(language), ...(session ? { session } : {}) };
}

/**
 * Checks a state-changing request of a signed-in viewer: from the dashboard's own pages (Origin, Sec-Fetch-Site)
 * and carrying the session's CSRF token. A refusal is a 403 that changes nothing.
 */
export function requireForm(
  kit: Kit,
  request: Request,
  viewer: SignedIn,
  form: Record<string, unknown>,
): void {
  const token = typeof form.csrf === "string" ? form.csrf : "";
  if (!fromOwnOrigin(request, kit.deps.publicUrl()) || !sameSecret(token, viewer.session.csrf)) {
    throw new PageError(403, "dashboard.error.forbidden");
  }
}

/** One server as the viewer meets it: who they are there now, what they may reach, its whitelists. */
export type ServerView = {
  guildId: string;
  name: string;
  member: Member;
  access: Access;
  /** Every whitelist of the server (the settings' names), and those the viewer sees. */
  whitelists: Whitelist[];
  visible: Whitelist[];
  nav: ServerNav;
  /** Whether the viewer may `action` here. */
  may(action: Action): boolean;
};

/**
 * The server `guildId` for the viewer, read through the bot now (their roles and Manage Server): a server the
 * service does not serve, one they are not on, or one where they reach nothing is the same 404. Discord not
 * answering is a 503.
 */
export async function serverOf(kit: Kit, viewer: SignedIn, guildId: string): Promise<ServerView> {
  const { services, members } = kit.deps;
  if (!/^\d{1,20}$/.test(guildId) || !(await services.guilds.get(guildId))) throw notFound();
  const member = await members.member(guildId, viewer.session.userId);
  if (member === undefined) throw new PageError(503, "dashboard.error.discord");
  const whitelists = await services.whitelists.listForGuild(guildId);
  const access = accessOf(member, whitelists);
  if (!member || access.kind === "none") throw notFound();
  const name = viewer.session.guilds.find((guild) => guild.id === guildId)?.name ?? guildId;
  const { words } = viewer;
  const base = `/dashboard/servers/${guildId}`;
  const mayDo = (action: Action) => may(access, member.userId, action);
  const tabs = [
    { href: base, label: words.t("dashboard.tab.overview") },
    ...(access.kind === "member"
      ? []
      : [{ href: `${base}/requests`, label: words.t("dashboard.tab.requests") }]),
    ...(mayDo({ do: "see-log" }) ? [{ href: `${base}/log`, label: words.t("dashboard.tab.log") }] : []),
    ...(mayDo({ do: "manage-keys" }) ? [{ href: `${base}/keys`, label: words.t("dashboard.tab.keys") }] : []),
    { href: `${base}/members/${member.userId}`, label: words.t("dashboard.tab.me") },
  ];
  return {
    guildId,
    name,
    member,
    access,
    whitelists,
    visible: visibleWhitelists(access, whitelists),
    nav: { id: guildId, name, tabs },
    may: mayDo,
  };
}

/** The whitelist `whitelistId` of the server if the viewer may `action` on it; the 404 otherwise. */
export function whitelistOf(
  server: ServerView,
  whitelistId: string,
  action: "see-whitelist" | "manage-entries" | "edit-whitelist",
): Whitelist {
  const whitelist = server.whitelists.find((candidate) => candidate.id === whitelistId);
  if (!whitelist || !server.may({ do: "see-whitelist", whitelistId })) throw notFound();
  if (!server.may({ do: action, whitelistId })) throw new PageError(403, "dashboard.error.forbidden");
  return whitelist;
}
