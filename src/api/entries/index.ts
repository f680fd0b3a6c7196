import { Elysia, t } from "elysia";
import type { EntryService } from "../../entries/service.ts";
import { fileFormats } from "../../formats/index.ts";
import { authorizeWhitelist, authorizeWrite } from "../../keys/scope.ts";
import type { KeyService } from "../../keys/service.ts";
import { beginWriteTrace, writeStage } from "../../shared/write-stages.ts";
import { bearerAuth } from "../bearer.ts";
import { errorResponses, problemResponse } from "../docs/responses.ts";
import { Entry } from "../schemas/entry.ts";
import { type EntriesDeps, serveEntries } from "./serve.ts";

const WhitelistId = t.String({
  minLength: 1,
  maxLength: 64,
  description: "The whitelist's id",
  examples: ["k3v9x0q2ab"],
});

const Format = t.Optional(
  t.Union(
    fileFormats.map((format) => t.Literal(format)),
    {
      // The document describes each format (src/api/docs/document.ts).
      description: "Return a game server's file instead of JSON",
      error: `format must be one of ${fileFormats.join(", ")}`,
    },
  ),
);

/** The body of a successful removal. */
const Removed = t.Object(
  {
    removed: t.Literal(true),
    nick: t.String({ description: "The removed nick, in its stored spelling", examples: ["Notch"] }),
  },
  { title: "Removed" },
);

/** `GET /whitelists/{id}/entries` and `DELETE /whitelists/{id}/entries/{nick}`. */
export const entriesController = (deps: EntriesDeps & { keys: KeyService; entries: EntryService }) =>
  new Elysia()
    .use(bearerAuth(deps.keys))
    .get(
      "/whitelists/:whitelistId/entries",
      ({ principal, params, query, request }) =>
        serveEntries(deps, principal, params.whitelistId, query.format ?? "json", request),
      {
        params: t.Object({ whitelistId: WhitelistId }),
        query: t.Object({ format: Format }),
        response: {
          200: t.Array(Entry, {
            description: "Entries, oldest first (JSON), or the export file when `format` is set",
          }),
          304: t.Void({ description: "Not modified: the `If-None-Match` ETag still matches" }),
          ...errorResponses(400, 401, 403, 404, 429, 503),
        },
        detail: {
          tags: ["Entries"],
          operationId: "getEntries",
          summary: "List a whitelist's entries",
          description:
            "The nicks on a whitelist, as JSON or as an export file (`format`). Responses carry a strong `ETag` " +
            "that changes exactly when the whitelist's entries change; send it back in `If-None-Match` to get " +
            "304. Export files come with `Content-Disposition: attachment` and the file name a server expects. " +
            "Offline UUIDs: name-based (MD5) UUID of `OfflinePlayer:` + nick, as an offline-mode server computes.",
          security: [{ bearerAuth: [] }],
        },
      },
    )
    .delete(
      "/whitelists/:whitelistId/entries/:nick",
      async ({ principal, params, query }) => {
        beginWriteTrace("handler");
        authorizeWrite(principal);
        const whitelist = authorizeWhitelist(
          principal,
          params.whitelistId,
          await deps.whitelists.get(params.whitelistId),
        );
        const removed = await deps.entries.remove({
          whitelistId: whitelist.id,
          nick: params.nick,
          origin: "api",
          keyId: principal.keyId,
          keyName: principal.keyName,
          reason: query.reason ?? null,
        });
        writeStage("answered");
        return { removed: true as const, nick: removed.nick };
      },
      {
        params: t.Object({
          whitelistId: WhitelistId,
          nick: t.String({
            minLength: 1,
            maxLength: 64,
            description:
              "The nick, matched case-insensitively. On a Bedrock whitelist also the gamertag, with or without " +
              "the Floodgate prefix, spaces as `_` or percent-encoded: `.Steve_Gamer`, `Steve%20Gamer`",
            examples: ["notch"],
          }),
        }),
        query: t.Object({
          reason: t.Optional(
            t.String({
              minLength: 1,
              maxLength: 200,
              pattern: "^[^\\u0000-\\u001f\\u007f]+$",
              description:
                "Why it is removed, one line of at most 200 characters: carried by the `entry.removed` event " +
                "and shown in the bot's log post",
              examples: ["banned on the game server: griefing"],
              error: "reason is one line of 1-200 characters",
            }),
          ),
        }),
        response: {
          200: Removed,
          ...errorResponses(400, 401, 404, 429, 503),
          403: problemResponse(
            "The key is read-only (`key-read-only`: removing needs a key that may remove), or is limited to " +
              "another whitelist (`whitelist-forbidden`)",
          ),
        },
        detail: {
          tags: ["Entries"],
          operationId: "deleteEntry",
          summary: "Remove a nick",
          description:
            "Removes the nick (any letter case) and answers with its stored spelling. The roles the bot granted " +
            "for it are reverted, the removal is posted in the bot's log channel with origin `API/plugin` (and the " +
            "`reason`, when given), and an `entry.removed` event is published. Removing the same nick again " +
            "gives 404. Needs a key that may remove: a read-only key (`/server-link create may-remove:False`, " +
            "for a web page or a dashboard) gets 403 `key-read-only`, whichever whitelist it names.",
          security: [{ bearerAuth: [] }],
        },
      },
    );
