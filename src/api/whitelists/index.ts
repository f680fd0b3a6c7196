import { Elysia, t } from "elysia";
import type { KeyService } from "../../keys/service.ts";
import type { WhitelistService } from "../../whitelists/service.ts";
import { bearerAuth } from "../bearer.ts";
import { errorResponses } from "../docs/responses.ts";
import { Whitelist } from "../schemas/whitelist.ts";

/** `GET /whitelists`: the whitelists a key may see. */
export const whitelistsController = ({
  keys,
  whitelists,
}: {
  keys: KeyService;
  whitelists: WhitelistService;
}) =>
  new Elysia().use(bearerAuth(keys)).get(
    "/whitelists",
    async ({ principal }) => {
      const visible = await whitelists.listForGuild(principal.guildId);
      return principal.whitelistId === null ? visible : visible.filter((w) => w.id === principal.whitelistId);
    },
    {
      response: {
        200: t.Array(Whitelist, { description: "The whitelists the key can see" }),
        ...errorResponses(401, 429, 503),
      },
      detail: {
        tags: ["Whitelists"],
        operationId: "listWhitelists",
        summary: "List whitelists",
        description:
          "The whitelists visible to the key: every whitelist of its Discord server for a guild-wide key, only " +
          "its own for a key created with the `whitelist` option.",
        security: [{ bearerAuth: [] }],
      },
    },
  );
