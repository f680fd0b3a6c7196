import { Type } from "@sinclair/typebox";
import { Elysia, t } from "elysia";
import { databaseStates, gatewayStates, type Health, listenStates } from "../health/status.ts";

const HealthReport = t.Object(
  {
    ok: t.Literal(true, { description: "Always true while the service answers (liveness)" }),
    version: t.String({ description: "The running version", examples: ["0.1.0"] }),
    uptime: Type.Integer({ minimum: 0, description: "Seconds since the service started", examples: [3600] }),
    gateway: t.UnionEnum(gatewayStates, {
      description:
        "The Discord bot's gateway: `connecting` (the bot is logging in at start; the API answers before it is " +
        "ready), `connected`, `reconnecting` (Discord dropped it; discord.js is reconnecting), `offline` (Discord " +
        "closed it for good, e.g. the token was reset: restart after fixing; or the service is shutting down), " +
        "`disabled` (no DISCORD_TOKEN, or a replica that follows: the leader runs the bot)",
    }),
    database: t.UnionEnum(databaseStates, {
      description:
        "`ok` when the database answers a read within its budget; `unavailable` when it does not (failing, " +
        "or on PostgreSQL a table locked or every pooled connection busy past DB_BUSY_TIMEOUT_MS)",
    }),
    bus: t.Optional(
      t.Object(
        {
          listen: t.UnionEnum(listenStates, {
            description:
              "`listening` while this replica's heartbeats come back on its LISTEN connection; `resubscribing` " +
              "once one did not and a fresh connection is being opened (changes still arrive from the log)",
          }),
          lagMs: Type.Integer({
            minimum: 0,
            description:
              "Milliseconds since this replica last read the event log to its end: every change committed " +
              "before then is published here (read every second, so under about 1000 while PostgreSQL answers)",
            examples: [420],
          }),
        },
        { description: "Replicas on PostgreSQL (DATABASE_URL) only: how this one hears the others" },
      ),
    ),
    roleQueue: Type.Integer({
      minimum: 0,
      description:
        "Role grants and reverts the bot has waiting or under way: Discord lets a bot change a server's roles 10 " +
        "times every 10 s, so a burst of registrations shows here until their roles are given",
      examples: [0],
    }),
  },
  { title: "Health" },
);

/** `GET /health`: liveness and status, unauthenticated and never rate limited (at the root and under /api/v1). */
export const health = (report: Health, summary: string, operationId: string) =>
  new Elysia().get("/health", () => report(), {
    response: { 200: HealthReport },
    detail: {
      tags: ["Health"],
      operationId,
      summary,
      security: [],
      description:
        "Answers 200 while the service runs, with its version, uptime and the state of the Discord gateway and " +
        "the database. No authentication, not rate limited, no write and no network call: cheap to probe.",
    },
  });
