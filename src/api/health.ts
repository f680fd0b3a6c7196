import { Elysia, t } from "elysia";

/** `GET /health`: liveness, unauthenticated and never rate limited (served at the root and under /api/v1). */
export const health = (summary: string, operationId: string) =>
  new Elysia().get("/health", () => ({ ok: true as const }), {
    response: { 200: t.Object({ ok: t.Literal(true) }, { title: "Health" }) },
    detail: {
      tags: ["Health"],
      operationId,
      summary,
      security: [],
      description: 'Answers `{"ok": true}` while the service runs. No authentication, not rate limited.',
    },
  });
