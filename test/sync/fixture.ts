import { afterEach } from "bun:test";
import { join } from "node:path";
import type { RunningService } from "../../src/server.ts";
import type { Clock } from "../../src/shared/clock.ts";
import { tempDir } from "../helpers/services.ts";
import { startTestService } from "../helpers/sockets.ts";
import { runAgent, type TestAgent } from "./helpers.ts";
import { type RconServer, startRconServer } from "./minecraft-rcon.ts";

/** What a sync test starts through its fixture (see `syncFixture`). */
export type SyncFixture = ReturnType<typeof syncFixture>;

/**
 * What the sync tests start in each test, stopped after it by the fixture's own `afterEach` (registered where this is
 * called: a file, or a `describe`): the agents first, then the RCON servers, the services, whatever else the test
 * handed to `cleanup` (last first), and the temp dir holding the service's database and the agents' files.
 */
export function syncFixture(prefix: string) {
  let dir: ReturnType<typeof tempDir> | undefined;
  const agents: TestAgent[] = [];
  const rcons: RconServer[] = [];
  const services: RunningService[] = [];
  const cleanups: (() => void)[] = [];
  afterEach(async () => {
    for (const running of agents.splice(0)) await running.stop();
    for (const rcon of rcons.splice(0)) rcon.stop();
    for (const service of services.splice(0)) await service.stop();
    for (const cleanup of cleanups.splice(0).reverse()) cleanup();
    dir?.cleanup();
    dir = undefined;
  });
  const fixture = {
    /** This test's temp dir (made when first asked for). */
    get dir(): string {
      dir ??= tempDir(prefix);
      return dir.path;
    },
    /** The service on a SQLite file in the temp dir (`startTestService`); a second call opens the same file. */
    async service(env: Record<string, string> = {}, clock?: Clock): Promise<RunningService> {
      const service = await startTestService(join(fixture.dir, "wls.db"), env, clock);
      services.push(service);
      return service;
    },
    /** An agent (`runAgent`). */
    agent(...args: Parameters<typeof runAgent>): TestAgent {
      const running = runAgent(...args);
      agents.push(running);
      return running;
    },
    /** An RCON server (`startRconServer`). */
    rcon(...args: Parameters<typeof startRconServer>): RconServer {
      const rcon = startRconServer(...args);
      rcons.push(rcon);
      return rcon;
    },
    /** Runs `undo` after the test, once the agents and services stopped. */
    cleanup(undo: () => void): void {
      cleanups.push(undo);
    },
  };
  return fixture;
}
