import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeManagementServer } from "../sandbox/management/server.ts";
import type { Logger } from "../shared/logger.ts";
import { startSyncAgent } from "../sync/index.ts";
import { humanReporter } from "../sync/report.ts";
import { demoProfiles } from "./seed.ts";

/** The demo's game server and the agent keeping its allowlist. */
export type DemoGame = {
  /** The management API's address (`ws://127.0.0.1:<port>`): what `sync --management-url` is given. */
  url: string;
  /** The same port over HTTP, where the fake's control surface is (`/_fake/…`): the tour's players join there. */
  controlUrl: string;
  stop(): Promise<void>;
};

/** Mojang's UUID (32 hex digits) in the dashed form a game server lists. */
const dashed = (uuid: string) =>
  `${uuid.slice(0, 8)}-${uuid.slice(8, 12)}-${uuid.slice(12, 16)}-${uuid.slice(16, 20)}-${uuid.slice(20)}`;

/**
 * Starts a fake game server with Minecraft's management API (src/sandbox/management/, its control surface served
 * for the tour) knowing the demo's premium accounts, and a `sync` agent in management mode keeping its allowlist
 * from `whitelist` with the demo's key, as `whitelist-sync sync --management-url … --management-secret-file …
 * --whitelist <name>` would; what the agent says goes to the log at info (warnings at warn). Its resume state is in
 * a temporary directory: the fake starts empty at each start, as the sandbox Discord does.
 */
export async function startDemoGame({
  apiUrl,
  key,
  whitelist,
  logger,
}: {
  apiUrl: string;
  key: string;
  whitelist: string;
  logger: Logger;
}): Promise<DemoGame> {
  const fake = startFakeManagementServer({ control: true });
  for (const profile of demoProfiles) fake.knows({ id: dashed(profile.uuid), name: profile.name });
  const dir = mkdtempSync(join(tmpdir(), "whitelist-sync-demo-agent-"));
  const say = humanReporter({
    out: (line) => logger.info(`sync: ${line}`),
    err: (line) => logger.warn(`sync: ${line}`),
  });
  let isConnected: () => void = () => {};
  const connected = new Promise<void>((resolve) => {
    isConnected = resolve;
  });
  const agent = startSyncAgent(
    {
      apiUrl,
      key,
      whitelists: [whitelist],
      out: join(dir, "agent"),
      format: "vanilla",
      console: null,
      reloadCommand: null,
      onAdd: null,
      onRemove: null,
      kickRemoved: false,
      groups: null,
      proofPollMs: null,
      keepForeign: false,
      bannedPlayers: null,
      once: false,
      json: false,
      verbose: false,
      management: { url: fake.url, secret: fake.secret, ca: null, fingerprint: null, banSync: false },
    },
    {
      report: (event) => {
        say(event);
        if (event.type === "management") isConnected();
      },
    },
  );
  const stop = async () => {
    await agent.stop();
    await fake.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  // Connected to the game server, or stopped trying: the tour's lines must find the agent at work.
  const failed = agent.done.then(
    () => new Error("the demo's sync agent stopped"),
    (error: Error) => new Error(`the demo's sync agent stopped: ${error.message}`),
  );
  const failure = await Promise.race([connected.then(() => null), failed]);
  if (failure) {
    await stop();
    throw failure;
  }
  void agent.done.catch((error: Error) => logger.error(`the demo's sync agent stopped: ${error.message}`));
  return { url: fake.url, controlUrl: fake.url.replace(/^ws/, "http"), stop };
}
