import { closeStore } from "../../src/db/driver.ts";
import { openStoreServices, type Services } from "../../src/services.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { type Logger, silentLogger } from "../../src/shared/logger.ts";

/**
 * Replicas of the services opened in a test on one PostgreSQL database (each with its own manual clock from
 * `startsAt`), all left and closed by `closeAll` (the test file's `afterEach`).
 */
export function testReplicas(startsAt: number) {
  let open: { services: Services; leave(): Promise<void> }[] = [];
  return {
    /** `count` replicas on `databaseUrl`, in the order opened. */
    async open(count: number, databaseUrl: string, logger: Logger = silentLogger): Promise<Services[]> {
      const started: Services[] = [];
      for (let i = 0; i < count; i++) {
        const { services, replica } = await openStoreServices({
          databaseUrl,
          path: "unused",
          clock: manualClock(startsAt),
          logger,
        });
        open.push({ services, leave: async () => replica?.leave() });
        started.push(services);
      }
      return started;
    },
    /** Leaves and closes every replica opened since the last call. */
    async closeAll(): Promise<void> {
      for (const replica of open) {
        await replica.leave();
        await closeStore(replica.services.db).catch(() => {});
      }
      open = [];
    },
  };
}
