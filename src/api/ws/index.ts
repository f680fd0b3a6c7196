import { Elysia, t } from "elysia";
import type { KeyService } from "../../keys/service.ts";
import { type Hub, readsGroups } from "../../realtime/hub.ts";
import { bearerAuth } from "../bearer.ts";
import { errorResponses } from "../docs/responses.ts";
import { AfterCursor } from "../events/cursor.ts";
import { problemResponse } from "../problem.ts";

export const SOCKET_DESCRIPTION = `Opens a WebSocket (send the same \`Authorization: Bearer <key>\` header in the handshake; a
bad key gets 401 before any upgrade, and handshakes count against the rate limit).

Messages are JSON text:
- on open: \`{"type":"connected","guildId":"…","scope":{"whitelistId":null|"…"}}\`;
- then, for every change in the key's scope (a whitelist key sees only its whitelist, a guild key its whole
  guild): \`{"id":"42","type":"entry.added"|"entry.removed"|"entry.groups","guildId","whitelistId","whitelistName",
  "entry":{"nick","uuid","premium","expiresAt","verified","groups"},"origin":"discord"|"staff"|"api"|…,"timestamp":"…Z"}\`
  (every origin: the EntryEvent schema). \`entry.groups\` (with \`groupsAdded\`, \`groupsRemoved\`) says an entry's
  owner joined or left game groups while the entry stayed: a client following the list of nicks ignores it.

**Resume**: reconnect with \`?after=<last id you processed>\` to get every stored event after it, in order,
then live ones, with no gap and no duplicate (also across server restarts). When the cursor is older than the
retention (EVENT_RETENTION_DAYS, default 7) or unknown, the server sends \`{"type":"resync"}\` and closes with
4002: re-fetch the entries, then reconnect without \`after\` (or with the id of the next event you get).

**The agent's status** (client → server, optional, any key, for its own key only): \`{"type":"status","agent":
"whitelist-sync-agent/1.4.0","mode":"file"|"management","format":"vanilla"|null,"applied":"42"|null,"drift":0,
"error":null|"…"}\`, at most every 5 s; staff see it on the dashboard. One that breaks the rules of docs/api.md
closes with 1008 \`malformed status\`; other client messages are ignored.

**Close codes**: 4001 with reason \`key revoked\` (do not reconnect with it) or \`whitelist deleted\` (every
\`entry.removed\` of the whitelist came first), 4002 resume cursor unusable, 1001 server shutting down
(reconnect with backoff), 1008 policy (client messages are not needed; more than 20 per 10 s or one over
4 KB closes the socket). The server pings; a client that answers nothing for 60 s is dropped. A reader more
than 1 MB behind on live events is disconnected: reconnect with \`after\` (a replay waits for a slow reader).`;

/** `GET /ws`: the event socket. Authenticated like every route; the upgrade carries only the key's scope. */
export const socketController = ({ keys, hub }: { keys: KeyService; hub: Hub }) =>
  new Elysia().use(bearerAuth(keys)).get(
    "/ws",
    ({ principal, query, request, server }) => {
      const after = query.after === undefined ? null : Number(query.after);
      const groups = readsGroups(request.headers.get("user-agent"));
      if (server?.upgrade(request, { data: hub.socketData(principal, after, groups) })) return;
      return problemResponse(
        "upgrade-required",
        "This endpoint only speaks WebSocket: send an upgrade request.",
        {
          upgrade: "websocket",
        },
      );
    },
    {
      query: t.Object({
        after: AfterCursor("Resume after this event id (the `id` of the last event you processed)"),
      }),
      response: { ...errorResponses(400, 401, 426, 429, 503) },
      detail: {
        tags: ["Events"],
        operationId: "subscribe",
        summary: "Subscribe to changes (WebSocket)",
        description: SOCKET_DESCRIPTION,
        security: [{ bearerAuth: [] }],
      },
    },
  );
