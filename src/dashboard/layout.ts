import type { Words } from "../i18n/words.ts";
import { ASSETS } from "./assets.ts";
import { type Html, html, type Part, toText } from "./html.ts";
import { PAGE_HEADERS } from "./security.ts";

/** A server's tabs in the header, as far as the viewer may open them. */
export type ServerNav = {
  id: string;
  name: string;
  tabs: readonly { href: string; label: string }[];
};

/** What frames every page: its words and title, who is signed in (with the form token), the server it is about. */
export type Frame = {
  words: Words;
  title: string;
  viewer?: { name: string; csrf: string };
  server?: ServerNav;
  /** The path of the page, to mark its tab as current. */
  path?: string;
};

/** A hidden field holding the session's CSRF token: every state-changing form of a page carries one. */
export const csrfField = (csrf: string) => html`<input type="hidden" name="csrf" value="${csrf}">`;

/** The page around `body`: the head (one stylesheet, one script, both files), the header and its navigation. */
export function page(frame: Frame, body: Part): Html {
  const { words, viewer, server } = frame;
  const tabs = server
    ? html`<nav aria-label="${words.t("dashboard.nav.server", { server: server.name })}"><ul class="tabs">${server.tabs.map(
        (tab) =>
          html`<li><a href="${tab.href}"${frame.path === tab.href ? html` aria-current="page"` : ""}>${tab.label}</a></li>`,
      )}</ul></nav>`
    : "";
  const account = viewer
    ? html`<div class="account"><span>${words.t("dashboard.signedInAs", { name: viewer.name })}</span>
<form method="post" action="/dashboard/sign-out">${csrfField(viewer.csrf)}<button type="submit" class="link">${words.t(
        "dashboard.signOut",
      )}</button></form></div>`
    : "";
  return html`<!doctype html>
<html lang="${words.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${frame.title} · whitelist-sync</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${ASSETS.css.href}">
<script src="${ASSETS.js.href}" defer></script>
</head>
<body>
<a class="skip" href="#main">${words.t("dashboard.skip")}</a>
<header>
<div class="bar"><a class="home" href="/dashboard">whitelist-sync</a>${account}</div>
${server ? html`<p class="server-name">${server.name}</p>` : ""}
${tabs}
</header>
<main id="main" tabindex="-1">
<h1>${frame.title}</h1>
${body}
</main>
</body>
</html>`;
}

/** An HTML answer with the dashboard's headers: its CSP, never cached (every page is someone's). */
export function htmlResponse(markup: Html, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(toText(markup), {
    status,
    headers: {
      ...PAGE_HEADERS,
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      ...headers,
    },
  });
}

/** A redirect after a form (303: the browser GETs the page), with cookies or other headers. */
export function seeOther(location: string, headers: Record<string, string | string[]> = {}): Response {
  const response = new Response(null, {
    status: 303,
    headers: { ...PAGE_HEADERS, location, "cache-control": "no-store" },
  });
  for (const [name, value] of Object.entries(headers)) {
    for (const one of Array.isArray(value) ? value : [value]) response.headers.append(name, one);
  }
  return response;
}

/** One formatter per language: building an Intl.DateTimeFormat costs more than a page's 50 rows format with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A time as the reader's language writes it, in UTC (the server's clock; the page says so once). */
export function when(words: Words, at: number | null): string {
  if (at === null) return words.t("common.dash");
  let format = formatters.get(words.language);
  if (!format) {
    format = new Intl.DateTimeFormat(words.language, {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: "UTC",
    });
    formatters.set(words.language, format);
  }
  return format.format(at);
}
