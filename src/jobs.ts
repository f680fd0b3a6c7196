import type { StaffLog } from "./bot/staff-log.ts";
import { tellDecisions } from "./dashboard/decision-notices.ts";
import type { Services } from "./services.ts";
import type { Job } from "./shared/jobs.ts";
import type { Logger } from "./shared/logger.ts";

const HOUR_MS = 3_600_000;
/** How often Bedrock XUIDs that GeyserMC could not give are asked for again. */
const BEDROCK_UPKEEP_MS = 10 * 60_000;
/**
 * How long after start, and after each pass, the rename refresh runs a pass: its rate limit counts calls per
 * minute. Not at start: a service restarting in a loop makes no more calls than one left running.
 */
export const RENAME_PASS_MS = 60_000;

/**
 * Events older than the retention go (docs/operations.md, Event retention): at once, then hourly. Every process
 * prunes, leader or not: a prune deletes what is old whoever runs it.
 */
export const eventPruning = (events: Services["events"], retentionMs: number, logger: Logger): Job => ({
  name: "event pruning",
  schedule: { every: HOUR_MS },
  first: "now",
  async run() {
    const pruned = await events.prune(retentionMs);
    if (pruned > 0) logger.info("pruned old events", { pruned });
  },
});

/**
 * Form answers past their guild's retention go (docs/decisions.md, Application forms): at once, then hourly. Every
 * process prunes, as for events; reads hide such answers already, so the hour only bounds how long they are stored.
 */
export const answerPruning = (answers: Services["answers"], logger: Logger): Job => ({
  name: "form answer pruning",
  schedule: { every: HOUR_MS },
  first: "now",
  async run() {
    const pruned = await answers.prune();
    if (pruned > 0) logger.info("pruned form answers past their retention", { pruned });
  },
});

/**
 * Bedrock entries as Floodgate sees them: respelled and given their XUID after an upgrade, and XUIDs that GeyserMC
 * could not give asked for again; at once, then every 10 minutes. In the background: a slow GeyserMC never delays
 * the start.
 */
export const bedrockUpkeep = (bedrock: Services["bedrock"], logger: Logger): Job => ({
  name: "bedrock upkeep",
  schedule: { every: BEDROCK_UPKEEP_MS },
  first: "now",
  async run(signal) {
    const report = await bedrock.catchUp("all", signal);
    if (report.changed > 0 || report.pending > 0 || report.clashes > 0) {
      logger.info("bedrock entries brought up to date", { ...report });
    }
  },
});

/** How often the leader looks for decisions made in a follower's dashboard. */
const DECISION_NOTICES_MS = 1_000;

/**
 * Of replicas, the leader tells Discord of the decisions made in another replica's dashboard (docs/dashboard.md,
 * Replicas): every second, the notices they left in the database.
 */
export const decisionNotices = (services: Services, staffLog: StaffLog, logger: Logger): Job => ({
  name: "dashboard decisions",
  schedule: { every: DECISION_NOTICES_MS },
  first: "now",
  async run() {
    const told = await tellDecisions(services, staffLog, logger);
    if (told > 0) logger.info("told Discord of decisions made in another replica's dashboard", { told });
  },
});

/**
 * Premium accounts' name changes (docs/decisions.md, Renames): a pass `passMs` after start and after the last
 * one ended, so passes never overlap; each asks only what is due and what the minute's budget allows.
 */
export const renameRefresh = (renames: Services["renames"], passMs: number, logger: Logger): Job => ({
  name: "name refresh",
  schedule: { after: passMs },
  first: "later",
  async run(signal) {
    const report = await renames.pass(signal);
    if (report.renamed > 0 || report.clashes > 0 || report.unknown > 0) {
      logger.info("premium names refreshed", { ...report });
    }
  },
});
