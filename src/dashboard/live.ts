import type { ChangeNotice } from "../entries/bus.ts";
import { type Kit, notFound, type ServerView, type SignedIn } from "./context.ts";
import { toText } from "./html.ts";
import { historyRow, logFilters } from "./pages/log.ts";
import { PAGE_HEADERS } from "./security.ts";

/** How often the stream asks whether its session still lives (a sign-out elsewhere ends it within this). */
const SESSION_CHECK_MS = 30_000;
/** A comment line this often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 25_000;

/**
 * The audit log's new rows as server-sent events (the page's script inserts them: the CSP allows `connect-src
 * 'self'`): every change of the bus, committed here or on another replica, that the viewer may see and the page's
 * filters keep, rendered as the page renders its rows. The stream ends when the session does.
 */
export function liveLog(
  kit: Kit,
  request: Request,
  viewer: SignedIn,
  server: ServerView,
  query: Record<string, string | undefined>,
): Response {
  if (!server.may({ do: "see-log" })) throw notFound();
  const filters = logFilters(server, query);
  const seen = new Set(server.visible.map((whitelist) => whitelist.id));
  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const shows = ({ event }: ChangeNotice) =>
        event.guildId === server.guildId &&
        seen.has(event.whitelistId) &&
        (!filters.whitelist || event.whitelistId === filters.whitelist) &&
        (!filters.type || event.type === filters.type) &&
        (!filters.origin || event.origin === filters.origin) &&
        (!filters.member || event.userId === filters.member);
      const unsubscribe = kit.deps.services.bus.subscribe((notice) => {
        if (!shows(notice)) return;
        const item = { event: notice.event, actorId: notice.actorId, keyName: notice.keyName ?? null };
        send(
          `event: row\ndata: ${toText(historyRow(kit, viewer.words, server, item)).replaceAll("\n", "")}\n\n`,
        );
      });
      const keepAlive = setInterval(() => send(": still here\n\n"), KEEP_ALIVE_MS);
      const check = setInterval(async () => {
        if (await kit.sessions.live(viewer.session.idHash).catch(() => true)) return;
        send("event: end\ndata: signed out\n\n");
        stop();
      }, SESSION_CHECK_MS);
      stop = () => {
        kit.streams.delete(stop);
        unsubscribe();
        clearInterval(keepAlive);
        clearInterval(check);
        try {
          controller.close();
        } catch {
          // already closed by the browser
        }
      };
      kit.streams.add(stop);
      request.signal.addEventListener("abort", () => stop());
      send(": live\n\n");
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, {
    headers: {
      ...PAGE_HEADERS,
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
    },
  });
}
