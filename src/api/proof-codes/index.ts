import { Elysia, t } from "elysia";
import { authorizeWhitelist, authorizeWrite } from "../../keys/scope.ts";
import type { KeyService } from "../../keys/service.ts";
import type { FirstJoin } from "../../registration/first-join.ts";
import type { WhitelistService } from "../../whitelists/service.ts";
import { bearerAuth } from "../bearer.ts";
import { errorResponses, problemResponse } from "../docs/responses.ts";

/** What the agent sends: the player it saw awaiting proof. */
const ProofCodeRequest = t.Object(
  {
    nick: t.String({
      minLength: 1,
      maxLength: 64,
      description:
        "The player's nick as the entries list it (any letter case); on a Bedrock whitelist also the gamertag",
      examples: ["Notch"],
      error: "nick is 1-64 characters",
    }),
    uuid: t.Optional(
      t.String({
        pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
        description:
          "The UUID the game server knows the player by (`list uuids`), dashed: when given, it must be the " +
          "entry's account (else 409)",
        examples: ["069a79f4-44e9-4726-a5be-fca90e38aaf5"],
        error: "uuid is a dashed UUID",
      }),
    ),
  },
  { title: "ProofCodeRequest" },
);

/** What the agent gets: the code and the line to show the player. */
const ProofCode = t.Object(
  {
    nick: t.String({ description: "The nick as stored", examples: ["Notch"] }),
    code: t.String({
      pattern: "^[0-9A-Z]{4}-[0-9A-Z]{4}$",
      description:
        "The code the player's owner types in Discord (`/link code:`). A secret: show it to that player only",
      examples: ["K7QX-29MD"],
    }),
    expiresAt: t.String({
      format: "date-time",
      description: "When the code stops working (10 minutes); show the same code on every join until then",
      examples: ["2026-11-22T12:10:00.000Z"],
    }),
    message: t.String({
      description:
        "One line to disconnect the player with (`kick <player> <message>`): printable ASCII, no `@`, the code and " +
        "what to type",
      examples: [
        "Prove this account is yours: in Discord, type /link code:K7QX-29MD within 10 minutes, then join again.",
      ],
    }),
  },
  { title: "ProofCode" },
);

const WhitelistId = t.String({
  minLength: 1,
  maxLength: 64,
  description: "The whitelist's id",
  examples: ["k3v9x0q2ab"],
});

/**
 * `POST /whitelists/{id}/proof-codes`: a code for a player awaiting proof at first join, who just joined the game
 * server (docs/link.md, First-join proof). Any key that may change things and whose scope holds the whitelist may
 * ask; the code is bound to the member whose registration it proves, so only they can type it, and reaches no
 * further than the key's scope.
 */
export const proofCodesController = (deps: {
  keys: KeyService;
  whitelists: WhitelistService;
  firstJoin: FirstJoin;
}) =>
  new Elysia().use(bearerAuth(deps.keys)).post(
    "/whitelists/:whitelistId/proof-codes",
    async ({ principal, params, body }) => {
      // Asking for a code is a write: it decides what typing the code will change (docs/api.md, Read-only keys).
      authorizeWrite(principal);
      const whitelist = authorizeWhitelist(
        principal,
        params.whitelistId,
        await deps.whitelists.get(params.whitelistId),
      );
      const issued = await deps.firstJoin.issue({
        whitelist,
        nick: body.nick,
        uuid: body.uuid ?? null,
        key: principal,
      });
      return { ...issued, expiresAt: new Date(issued.expiresAt).toISOString() };
    },
    {
      params: t.Object({ whitelistId: WhitelistId }),
      body: ProofCodeRequest,
      response: {
        200: ProofCode,
        ...errorResponses(400, 401, 404, 409),
        403: problemResponse(
          "The key is read-only (`key-read-only`: asking for a code is a write, for a key that may remove), or is " +
            "limited to another whitelist (`whitelist-forbidden`)",
        ),
        429: problemResponse(
          "Rate limit exceeded, or this account was given 3 codes in the last 10 minutes (`code-limited`); see " +
            "`Retry-After`",
        ),
        ...errorResponses(503),
      },
      detail: {
        tags: ["Proof"],
        operationId: "createProofCode",
        summary: "Get a proof code for a player who joined",
        description:
          "For a game server's agent (`whitelist-sync sync --rcon`): a player whose entry awaits proof at first " +
          "join (`proofDueAt` in the entries) is online; this gives the code to disconnect them with. The code " +
          "lives 10 minutes and only the Discord member who registered the nick can type it (`/link code:`), " +
          "which verifies the entry. **A write**: the code changes what typing it does, so a read-only key " +
          "(`/server-link create may-remove:False`) gets 403 `key-read-only`, whichever whitelist it names. What " +
          "the code does is bounded by the key's scope: a code asked with a key limited to one whitelist verifies " +
          "the entry there and takes over nothing elsewhere (the account is not linked on the server); a guild-wide " +
          "key's code also links the account on the server, taking it over on its other whitelists. Show one code " +
          "per player until it expires rather than asking again: at most 3 are given per account in 10 minutes. " +
          "409 `proof-not-pending` when the entry awaits no proof (verified already, added by staff) or the `uuid` " +
          "is another account's. The answer is a secret: never log it.",
        security: [{ bearerAuth: [] }],
      },
    },
  );
