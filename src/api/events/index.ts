import { Elysia, t } from "elysia";
import { type EventLog, FEED_LIMIT } from "../../entries/event-log.ts";
import { eventMessage } from "../../entries/events.ts";
import type { KeyService } from "../../keys/service.ts";
import { bearerAuth } from "../bearer.ts";
import { errorResponses } from "../docs/responses.ts";
import { EntryEvent } from "../schemas/event.ts";
import { AfterCursor } from "./cursor.ts";

/** One page of the change feed. */
const EventPage = t.Object(
  {
    events: t.Array(EntryEvent, {
      description:
        "The changes after `after` in the key's scope, oldest first: the same bodies and ids as the WebSocket " +
        "and webhooks",
    }),
    next: t.String({
      description:
        "Send this as `after` next time. It moves past events outside the key's scope too, so it may be " +
        "larger than the last event's id",
      examples: ["57"],
    }),
    more: t.Boolean({
      description: "True when more events are waiting now: ask again at once with `after=next`",
    }),
  },
  { title: "EventPage" },
);

export const FEED_DESCRIPTION = `The changes of the key's scope (a whitelist key sees only its whitelist, a guild key its whole
guild), for integrators who cannot keep a WebSocket open: the same events, with the same ids, as the socket and
webhooks, oldest first.

**Polling**: start with no \`after\`: the answer holds no events and \`next\`, the cursor of this moment. Fetch the
entries, then ask again with \`after=<next>\` and keep sending the \`next\` of each answer. While \`more\` is true,
ask again at once; otherwise wait a while (every request counts against the rate limit). Applying the events
in order on top of entries read after the cursor gives the right list.

**Gone**: events are kept for EVENT_RETENTION_DAYS (default 7). A cursor older than that, or one this server
never issued (another database), answers 410 \`cursor-unusable\`: fetch the entries again and start over
without \`after\`. A poller that keeps sending \`next\` never falls behind while it polls within the retention,
even when its whitelist is quiet.`;

/** `GET /events`: the change feed, a page of stored events after a cursor. */
export const eventsController = ({ keys, events }: { keys: KeyService; events: EventLog }) =>
  new Elysia().use(bearerAuth(keys)).get(
    "/events",
    async ({ principal, query }) => {
      const after = query.after === undefined ? null : Number(query.after);
      const limit = query.limit === undefined ? FEED_LIMIT.default : Number(query.limit);
      const { events: found, next, more } = await events.page(after, principal, limit);
      // Each event as the very bytes the socket and webhooks send (eventMessage), not re-serialised.
      const body = `{"events":[${found.map(eventMessage).join(",")}],"next":${JSON.stringify(next)},"more":${more}}`;
      return new Response(body, {
        headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
      });
    },
    {
      query: t.Object({
        after: AfterCursor(
          "The cursor: the `next` of your previous answer (or an event's `id`). Without it, the answer is " +
            "the cursor of this moment and no events",
        ),
        // A pattern, not t.Integer: that one also takes ` 1`, `1e2` and `+5`.
        limit: t.Optional(
          t.String({
            pattern: "^([1-9][0-9]{0,2}|1000)$",
            description: `The most events to return: 1-${FEED_LIMIT.max}, default ${FEED_LIMIT.default}`,
            examples: [String(FEED_LIMIT.default)],
            error: `limit must be a whole number from 1 to ${FEED_LIMIT.max}`,
          }),
        ),
      }),
      response: { 200: EventPage, ...errorResponses(400, 401, 410, 429, 503) },
      detail: {
        tags: ["Events"],
        operationId: "listEvents",
        summary: "Read changes (polling)",
        description: FEED_DESCRIPTION,
        security: [{ bearerAuth: [] }],
      },
    },
  );
