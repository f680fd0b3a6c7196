import { asc, eq } from "drizzle-orm";
import type { StaffLog } from "../bot/staff-log.ts";
import type { Decision } from "../registration/model.ts";
import type { Services } from "../services.ts";
import type { Logger } from "../shared/logger.ts";

// A decision made in the dashboard of a replica that does not lead (docs/dashboard.md, Replicas): stored and
// published there like any other, but the request's post, the member's message and an approval's roles are the
// leader's bot's to write. So the follower leaves a notice in the database, and the leader grants and tells Discord
// of it, then deletes it: once, and after a change of leader at most the one in flight again (as the outbox's
// effects). Outside the dashboard's lazy part: the leader's job (src/jobs.ts) reads it without loading the pages.

/** Notices told per pass of the leader's job, oldest first. */
const PER_PASS = 20;

/** The notices of decisions waiting for the leader, over the services' store. */
export function decisionNotices(services: Pick<Services, "store" | "write" | "clock">) {
  const {
    store: {
      db,
      tables: { decisionNotices: notices },
    },
    write,
    clock,
  } = services;
  return {
    /** Leaves a notice of the decision of `requestId` by `actorId` for the leader. */
    async add(requestId: string, actorId: string): Promise<void> {
      await write((tx) =>
        tx
          .insert(notices)
          .values({ requestId, actorId, createdAt: clock.now() })
          .onConflictDoNothing({ target: notices.requestId }),
      );
    },

    /** The notices waiting, oldest first (at most PER_PASS). */
    waiting(): Promise<{ requestId: string; actorId: string }[]> {
      return db
        .select({ requestId: notices.requestId, actorId: notices.actorId })
        .from(notices)
        .orderBy(asc(notices.createdAt), asc(notices.requestId))
        .limit(PER_PASS);
    },

    /** The notice of `requestId` was told (or cannot be): it goes. */
    async told(requestId: string): Promise<void> {
      await write((tx) => tx.delete(notices).where(eq(notices.requestId, requestId)));
    },
  };
}

/**
 * One pass of the leader: each waiting notice told in Discord through the bot's staff log, as the dashboard of the
 * leader tells it at once (the request's post becomes its decision, the member reads the outcome), then deleted.
 * An approval's roles, recorded on its entry by the follower, are granted first: a grant that throws (the store
 * unreachable) leaves the notice, untold, for the next pass. A request no longer decided, or an approval whose
 * entry is gone since, is dropped with a warning. Resolves with how many were told.
 */
export async function tellDecisions(
  services: Pick<Services, "store" | "write" | "clock" | "registration" | "entries">,
  staffLog: StaffLog,
  logger: Logger,
): Promise<number> {
  const notices = decisionNotices(services);
  let told = 0;
  for (const { requestId, actorId } of await notices.waiting()) {
    const decision = await decisionOf(services, requestId);
    if (decision) {
      if (decision.outcome === "approved") await decision.roles.failures;
      await staffLog.requestDecided(decision, actorId);
      told++;
    } else {
      logger.warn("a dashboard decision was not told in Discord: its request or entry is gone", {
        requestId,
      });
    }
    await notices.told(requestId);
  }
  return told;
}

/** The decision of a request as the deciding replica's dashboard had it, read back from the store. */
async function decisionOf(
  services: Pick<Services, "registration" | "entries">,
  requestId: string,
): Promise<Decision | undefined> {
  const found = await services.registration.getRequest(requestId).catch(() => undefined);
  if (!found) return undefined;
  const { request, whitelist } = found;
  if (request.status === "rejected") return { outcome: "rejected", request, whitelist };
  if (request.status !== "approved") return undefined;
  const entry = await services.entries.find(whitelist.id, request.nick);
  if (entry?.userId !== request.userId) return undefined;
  // The follower recorded the roles and granted none (`rolesByLeader`): the leader's role grants do.
  const roles = await services.registration.grantRecorded(whitelist, entry);
  return { outcome: "approved", request, whitelist, entry, roles };
}
