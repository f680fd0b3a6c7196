import { Elysia } from "elysia";
import type { RateLimit } from "./index.ts";

/**
 * The rate limit as the app's hooks: every request counted before anything else runs, and the counted ones' answers
 * given its headers. Apart from the limit itself (index.ts), which the routes served ahead of the app use too, so
 * they are ready without Elysia (docs/performance.md, Start and memory).
 */
export const rateLimitPlugin = (limit: RateLimit) =>
  new Elysia({ name: "rate-limit" })
    .onRequest(({ request, server }) => limit.count(request, server))
    .onAfterHandle({ as: "global" }, ({ request, response, set }) => {
      const headers = limit.headersOf(request);
      if (!headers) return;
      if (response instanceof Response)
        for (const name in headers) response.headers.set(name, headers[name] as string);
      else Object.assign(set.headers, headers);
    });
