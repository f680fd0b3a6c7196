import { Elysia } from "elysia";
import { createEntryBrowser } from "../entries/browse.ts";
import { createHistory } from "../entries/history.ts";
import { wordsFor } from "../i18n/words.ts";
import { DomainError } from "../shared/errors.ts";
import { assetAt } from "./assets.ts";
import {
  type Kit,
  PageError,
  requireForm,
  type ServerView,
  type SignedIn,
  serverOf,
  type Viewer,
  viewerOf,
} from "./context.ts";
import { html } from "./html.ts";
import { htmlResponse, page } from "./layout.ts";
import { liveLog } from "./live.ts";
import type { DashboardDeps } from "./model.ts";
import { createOAuthClient } from "./oauth.ts";
import { entriesPage, exportFile, removeEntry } from "./pages/entries.ts";
import { createKey, keysPage, revokeKey } from "./pages/keys.ts";
import { logPage } from "./pages/log.ts";
import { memberPage } from "./pages/member.ts";
import { overviewPage } from "./pages/overview.ts";
import { decideRequest, requestsPage } from "./pages/requests.ts";
import { serversPage } from "./pages/servers.ts";
import { saveSettings, settingsPage } from "./pages/settings.ts";
import { createSealer } from "./seal.ts";
import { PAGE_HEADERS } from "./security.ts";
import { createSessionStore } from "./sessions.ts";
import { finishSignIn, signInPage, signOut, startSignIn } from "./sign-in.ts";

type Query = Record<string, string | undefined>;
type Form = Record<string, unknown>;

/** The statuses an error page may have, and their texts' fallbacks. */
const DOMAIN_STATUS: Partial<Record<DomainError["code"], number>> = {
  "entry-not-found": 404,
  "request-not-found": 404,
  "key-not-found": 404,
  "whitelist-not-found": 404,
  "store-unavailable": 503,
};

/** The page of an error: what the person reads, never a stack trace; a domain refusal in its own words. */
function errorPage(viewer: Viewer, error: unknown): Response {
  const { words } = viewer;
  const [status, message] =
    error instanceof PageError
      ? [error.status, words.t(error.key as "dashboard.error.notFound")]
      : error instanceof DomainError
        ? [DOMAIN_STATUS[error.code] ?? 400, error.text ? words.render(error.text) : error.message]
        : [500, words.t("dashboard.error.internal")];
  const back = html`<p><a href="/dashboard">${words.t("dashboard.error.back")}</a></p>`;
  return htmlResponse(
    page({ words, title: words.t("dashboard.error.title") }, html`<p role="alert">${message}</p>${back}`),
    status,
  );
}

/**
 * The dashboard (docs/decisions.md, The dashboard): its own Elysia app under `/dashboard`, built at the first request
 * (src/dashboard/index.ts loads it), answering HTML pages rendered on the server, its two assets, the sign-in and
 * the live log's stream. Every action goes through the services the bot uses.
 */
export async function createDashboard(deps: DashboardDeps) {
  const { services } = deps;
  const sealer = await createSealer(deps.oauth.clientSecret);
  const kit: Kit = {
    deps,
    clock: services.clock,
    sessions: createSessionStore({
      store: services.store,
      write: services.write,
      clock: services.clock,
      sealer,
    }),
    oauth: createOAuthClient(deps.oauth, () => services.clock.now()),
    entries: createEntryBrowser(services.store),
    history: createHistory(services.store),
    streams: new Set(),
  };
  /** A page for a signed-in viewer; someone signed out goes to the sign-in page, and comes back here after. */
  const signedIn =
    (handle: (viewer: SignedIn, request: Request) => Promise<Response> | Response) =>
    async ({ request }: { request: Request }) => {
      const viewer = await viewerOf(kit, request);
      try {
        if (!viewer.session) {
          if (request.method !== "GET") throw new PageError(403, "dashboard.error.forbidden");
          const url = new URL(request.url);
          return signInPage(viewer, { next: url.pathname + url.search });
        }
        return await handle(viewer as SignedIn, request);
      } catch (error) {
        if (!(error instanceof PageError) && !(error instanceof DomainError)) {
          deps.logger.error("dashboard page failed", {
            path: new URL(request.url).pathname,
            error: String(error),
          });
        }
        return errorPage(viewer, error);
      }
    };
  /** A page of one server: the viewer's access there is read first, and decides (404) before anything else. */
  const inServer =
    (
      handle: (
        viewer: SignedIn,
        server: ServerView,
        request: Request,
        params: Record<string, string>,
      ) => Promise<Response> | Response,
    ) =>
    ({ request, params }: { request: Request; params: Record<string, string> }) =>
      signedIn(async (viewer) =>
        handle(viewer, await serverOf(kit, viewer, params.guildId ?? ""), request, params),
      )({ request });
  const queryOf = (request: Request): Query => Object.fromEntries(new URL(request.url).searchParams);
  const formOf = async (request: Request): Promise<Form> =>
    Object.fromEntries(new URLSearchParams(await request.text()));

  const app = new Elysia({ prefix: "/dashboard" })
    .get("/assets/:file", ({ request }) => {
      const asset = assetAt(new URL(request.url).pathname);
      if (!asset) return errorPage({ words: wordsFor("en") }, new PageError(404, "dashboard.error.notFound"));
      return new Response(asset.body, {
        headers: {
          ...PAGE_HEADERS,
          "content-type": asset.type,
          "cache-control": "public, max-age=31536000, immutable",
        },
      });
    })
    .get("/", async ({ request }) => {
      const viewer = await viewerOf(kit, request);
      if (!viewer.session) return signInPage(viewer, queryOf(request));
      return signedIn((signed) => serversPage(kit, signed))({ request });
    })
    .get("/sign-in", ({ request }) => startSignIn(kit, queryOf(request)))
    .get("/callback", async ({ request }) => {
      try {
        return await finishSignIn(kit, request, queryOf(request));
      } catch (error) {
        return errorPage(await viewerOf(kit, request), error);
      }
    })
    .post(
      "/sign-out",
      signedIn(async (viewer, request) => {
        requireForm(kit, request, viewer, await formOf(request));
        return signOut(kit, viewer);
      }),
    )
    .get(
      "/servers/:guildId",
      inServer((viewer, server) => overviewPage(kit, viewer, server)),
    )
    .get(
      "/servers/:guildId/whitelists/:whitelistId",
      inServer((viewer, server, request, params) =>
        settingsPage(kit, viewer, server, params.whitelistId ?? "", queryOf(request)),
      ),
    )
    .post(
      "/servers/:guildId/whitelists/:whitelistId",
      inServer(async (viewer, server, request, params) =>
        saveSettings(kit, request, viewer, server, params.whitelistId ?? "", await formOf(request)),
      ),
    )
    .get(
      "/servers/:guildId/whitelists/:whitelistId/entries",
      inServer((viewer, server, request, params) =>
        entriesPage(kit, viewer, server, params.whitelistId ?? "", queryOf(request)),
      ),
    )
    .post(
      "/servers/:guildId/whitelists/:whitelistId/entries/remove",
      inServer(async (viewer, server, request, params) =>
        removeEntry(kit, request, viewer, server, params.whitelistId ?? "", await formOf(request)),
      ),
    )
    .get(
      "/servers/:guildId/whitelists/:whitelistId/export",
      inServer((_viewer, server, request, params) =>
        exportFile(kit, server, params.whitelistId ?? "", queryOf(request).format),
      ),
    )
    .get(
      "/servers/:guildId/requests",
      inServer((viewer, server, request) => requestsPage(kit, viewer, server, queryOf(request))),
    )
    .post(
      "/servers/:guildId/requests/:requestId",
      inServer(async (viewer, server, request, params) =>
        decideRequest(kit, request, viewer, server, params.requestId ?? "", await formOf(request)),
      ),
    )
    .get(
      "/servers/:guildId/members/:userId",
      inServer((viewer, server, _request, params) => memberPage(kit, viewer, server, params.userId ?? "")),
    )
    .get(
      "/servers/:guildId/log",
      inServer((viewer, server, request) => logPage(kit, viewer, server, queryOf(request))),
    )
    .get(
      "/servers/:guildId/log/live",
      inServer((viewer, server, request) => liveLog(kit, request, viewer, server, queryOf(request))),
    )
    .get(
      "/servers/:guildId/keys",
      inServer((viewer, server, request) => keysPage(kit, viewer, server, undefined, queryOf(request))),
    )
    .post(
      "/servers/:guildId/keys",
      inServer(async (viewer, server, request) =>
        createKey(kit, request, viewer, server, await formOf(request)),
      ),
    )
    .post(
      "/servers/:guildId/keys/:keyId/revoke",
      inServer(async (viewer, server, request, params) =>
        revokeKey(kit, request, viewer, server, params.keyId ?? "", await formOf(request)),
      ),
    );

  return {
    /** Ends every open stream of the live log (shutdown). */
    close() {
      for (const stop of [...kit.streams]) stop();
    },
    /** Answers a request under /dashboard: a page, an asset, a redirect, or the 404 page. */
    async handle(request: Request): Promise<Response> {
      const response = await app.handle(request);
      if (response.status !== 404 || response.headers.get("content-type")?.startsWith("text/html"))
        return response;
      return errorPage(await viewerOf(kit, request), new PageError(404, "dashboard.error.notFound"));
    },
  };
}
