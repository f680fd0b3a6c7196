/**
 * The most a piece of work that waits for the direct replies under way (a role grant, a log post) waits for them:
 * the replies themselves defer after DIRECT_ANSWER_MS (interaction/answer.ts), so by then none is due any more.
 */
export const REPLIES_FIRST_MS = 2_000;

/** Sleeps `ms`: timers, or a test's own promise. */
type Wait = (ms: number) => Promise<void>;

// Unref'd: a wait under way never keeps a stopping process alive.
const sleep: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * The interactions whose work runs towards a direct reply (interaction/answer.ts, inTime), by receipt; and the work
 * that lets them go first (`afterReplies`). At a busy time the process shares the CPU with everything else on the
 * host: a role grant's request, its member update and the write it sets off, or a log post's reads and embeds, run
 * between two members' registrations would push the later members' replies past the time they may take before a
 * deferral (issue 38: a member deferred costs a second call, an edit). What a
 * member waits for goes first; the roles and the log follow once the replies under way are out.
 */
export function createReplyWatch() {
  /** The receipts of the interactions still working towards their direct replies (oldest first). */
  const working = new Set<number>();
  let received = 0;
  /** Work waiting for the replies received up to `upTo`. */
  let waiting: { upTo: number; go: () => void }[] = [];

  /** Lets go the work whose replies are all out (or deferred). */
  const release = () => {
    if (waiting.length === 0) return;
    // Receipts grow, and a Set keeps the order they were added in: the first is the oldest still working.
    const oldest = working.values().next().value ?? Number.POSITIVE_INFINITY;
    const ready = waiting.filter((work) => work.upTo < oldest);
    if (ready.length === 0) return;
    waiting = waiting.filter((work) => work.upTo >= oldest);
    for (const work of ready) work.go();
  };

  return {
    /** Notes work towards a direct reply received now: its receipt, for `done`. */
    start(): number {
      working.add(++received);
      return received;
    },

    /** The work of `receipt` is done (its reply goes next) or was deferred: it holds nothing back any more. */
    done(receipt: number): void {
      if (working.delete(receipt)) release();
    },

    /** How many interactions are working towards their direct replies now. */
    underWay(): number {
      return working.size;
    },

    /**
     * Resolves once the work towards every direct reply received so far is done (never for those received later,
     * so a steady stream cannot hold it back), or after REPLIES_FIRST_MS at most. At once when none is running.
     */
    afterReplies(wait: Wait = sleep): Promise<void> {
      if (working.size === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const work = {
          upTo: received,
          go: () => {
            work.go = () => {};
            waiting = waiting.filter((other) => other !== work);
            resolve();
          },
        };
        waiting.push(work);
        void wait(REPLIES_FIRST_MS).then(() => work.go());
      });
    },
  };
}

/** The interactions working towards a direct reply, and what waits for them (see createReplyWatch). */
export type ReplyWatch = ReturnType<typeof createReplyWatch>;

/**
 * This process's interactions working towards a direct reply (inTime's clock: interaction/answer.ts): role grants
 * and log posts wait for `afterReplies()`, so that at a busy time what a member waits for goes first.
 */
export const replies = createReplyWatch();

/** Resolves once the direct replies under way now are out, or after REPLIES_FIRST_MS at most (see createReplyWatch). */
export const afterReplies = (): Promise<void> => replies.afterReplies();
