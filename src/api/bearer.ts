import { Elysia } from "elysia";
import type { KeyService } from "../keys/service.ts";
import { authenticate } from "./auth.ts";

// Apart from auth.ts, which the entries read ahead of the app uses too: that needs no Elysia (front.ts).

/**
 * Adds `principal` to every route of the controller using it. It runs as a derive (before validation), so an
 * unauthenticated request gets 401 before any parameter is looked at (docs/api.md, Order of checks: limit,
 * auth, scope).
 */
export const bearerAuth = (keys: KeyService) =>
  new Elysia().derive({ as: "scoped" }, async ({ request }) => ({
    principal: await authenticate(keys, request.headers.get("authorization")),
  }));
