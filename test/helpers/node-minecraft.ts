import { join } from "node:path";
import { TEST_TIMEOUT_MS } from "./floors.ts";
import { runToEnd } from "./run.ts";

// npm minecraft-protocol's real client, run under Node (it streams AES-128-CFB8, which Bun lacks) by
// test/link/node-client.cjs: one process per join or ping (about a second: it loads minecraft-data).

const SCRIPT = join(import.meta.dir, "..", "link", "node-client.cjs");
const NODE = Bun.which("node");

/** What the client saw: the disconnect's reason (a JSON text component) and its state, a ping, or a failure. */
export type Seen = {
  disconnect?: string;
  state?: string;
  ping?: Record<string, unknown>;
  error?: string;
  end?: string;
};

/** Runs the real client once against `host:port` and answers what it saw. */
export async function nodeClient(options: Record<string, unknown> & { port: number }): Promise<Seen> {
  if (!NODE) throw new Error("these tests need Node (node on PATH) to run minecraft-protocol's client");
  const { stdout, stderr } = await runToEnd([
    NODE,
    SCRIPT,
    JSON.stringify({ host: "127.0.0.1", limitMs: TEST_TIMEOUT_MS, ...options }),
  ]);
  const line = stdout.trim().split("\n").at(-1);
  if (!line) throw new Error(`the client printed nothing (stderr: ${stderr.slice(0, 500)})`);
  return JSON.parse(line) as Seen;
}

/**
 * The options of a join with a premium session: the account (Mojang's UUID, dashed or not), its name, the
 * session given to the client (any access token: the fake Mojang takes it) and `sessionServer` at the fake.
 */
export const session = (account: { name: string; uuid: string }, sessionServer: string) => ({
  action: "join",
  username: account.name,
  sessionServer,
  session: {
    accessToken: "a-token-the-fake-takes",
    selectedProfile: { id: account.uuid.replaceAll("-", ""), name: account.name },
  },
});

/** The plain text of the disconnect the client was shown. */
export const disconnectText = (seen: Seen) => (JSON.parse(seen.disconnect ?? "{}") as { text?: string }).text;
