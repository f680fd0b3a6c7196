import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeManagementServer } from "../sandbox/management/server.ts";
import type { Logger } from "../shared/logger.ts";
import { DEFAULT_GROUP_RATE, groupPresets } from "../sync/group-commands.ts";
import { AGENT_DEFAULTS, startSyncAgent } from "../sync/index.ts";
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

/** What the demo's agent names its console: the demo types each command there itself (`runProgram` below). */
export const DEMO_CONSOLE = "type on the game server's console";

/**
 * Starts a fake game server with Minecraft's management API (src/sandbox/management/, its control surface served
 * for the tour) knowing the demo's premium accounts, with LuckPerms holding `groups`, and a `sync` agent in
 * management mode keeping its allowlist from `whitelist` with the demo's key and its players' LuckPerms groups, as
 * `whitelist-sync sync --management-url … --management-secret-file … --whitelist <name> --console-exec …
 * --groups luckperms` would (the console program is the demo itself: each command is typed on the fake's console);
 * what the agent says goes to the log at info (warnings at warn). Its resume state is in a temporary directory: the
 * fake starts empty at each start, as the sandbox Discord does.
 */
export async function startDemoGame({
  apiUrl,
  key,
  whitelist,
  groups,
  logger,
}: {
  apiUrl: string;
  key: string;
  whitelist: string;
  /** The groups the whitelist's ranks map to: LuckPerms has them (`lp creategroup`). */
  groups: string[];
  logger: Logger;
}): Promise<DemoGame> {
  const fake = startFakeManagementServer({ control: true, luckperms: groups });
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
      ...AGENT_DEFAULTS,
      apiUrl,
      key,
      whitelists: [whitelist],
      out: join(dir, "agent"),
      format: "vanilla",
      console: { kind: "exec", command: DEMO_CONSOLE },
      groups: {
        onAdd: groupPresets.luckperms.add,
        onRemove: groupPresets.luckperms.remove,
        ratePerSecond: DEFAULT_GROUP_RATE,
      },
      management: { url: fake.url, secret: fake.secret, ca: null, fingerprint: null, banSync: false },
    },
    {
      report: (event) => {
        say(event);
        if (event.type === "management") isConnected();
      },
      // The console program: the command typed on the fake's console, as `tmux send-keys` would type it.
      runProgram: async (_program, env) => {
        try {
          fake.command(env.WLS_COMMAND as string);
          return { exitCode: 0, stderr: "" };
        } catch (error) {
          return { exitCode: 1, stderr: (error as Error).message };
        }
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
