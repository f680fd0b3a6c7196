import {
  Client,
  type ClientEvents,
  Events,
  GatewayIntentBits,
  type Guild,
  type Interaction,
  type RESTPostAPIApplicationCommandsJSONBody,
} from "discord.js";
import {
  type SandboxDiscord,
  type SandboxDiscordOptions,
  type SandboxSeed,
  startSandboxDiscord,
} from "../../src/sandbox/discord/index.ts";

/** Ids of the test guild. */
export const IDS = {
  guild: "100000000000000001",
  owner: "200000000000000001",
  alice: "200000000000000002",
  bob: "200000000000000003",
  bot: "300000000000000001",
  playerRole: "400000000000000001",
  botRole: "400000000000000002",
  staffRole: "400000000000000003",
  general: "500000000000000001",
  log: "500000000000000002",
} as const;

/** The bot token the sandbox accepts. */
export const TOKEN = "sandbox-test-token";

/** A guild with a member role below the bot's role (Manage Roles) and a staff role above it. */
export const SEED: SandboxSeed = {
  guild: { id: IDS.guild, name: "Sandbox Guild", ownerId: IDS.owner },
  bot: { id: IDS.bot, username: "whitelist-bot" },
  roles: [
    { id: IDS.playerRole, name: "Player", position: 1 },
    { id: IDS.botRole, name: "Whitelist Bot", permissions: String(1n << 28n), position: 2 },
    { id: IDS.staffRole, name: "Staff", permissions: String(1n << 5n), position: 3 },
  ],
  channels: [
    { id: IDS.general, name: "general" },
    { id: IDS.log, name: "whitelist-log" },
  ],
  members: [
    { id: IDS.owner, username: "owner", roleIds: [] },
    { id: IDS.alice, username: "alice", roleIds: [IDS.playerRole] },
    { id: IDS.bob, username: "bob", roleIds: [] },
    { id: IDS.bot, username: "whitelist-bot", roleIds: [IDS.botRole] },
  ],
};

/**
 * Sandboxes and clients a test started; `cleanup` destroys the clients, then stops the sandboxes. `defaults`
 * are options every sandbox of the file starts with (a test's own options win).
 */
export function tracker(defaults: Partial<Omit<SandboxDiscordOptions, "port" | "token">> = {}) {
  const sandboxes: SandboxDiscord[] = [];
  const clients: Client[] = [];
  return {
    async sandbox(
      options: Partial<Omit<SandboxDiscordOptions, "port" | "token">> = {},
    ): Promise<SandboxDiscord> {
      const sandbox = await startSandboxDiscord({
        port: 0,
        seed: SEED,
        token: TOKEN,
        ...defaults,
        ...options,
      });
      sandboxes.push(sandbox);
      return sandbox;
    },
    client(sandbox: SandboxDiscord, intents: number[]): Client {
      const client = new Client({
        intents,
        rest: { api: sandbox.apiUrl },
        ws: { buildIdentifyThrottler: async () => ({ waitForIdentify: async () => {} }) },
        waitGuildTimeout: 200,
      });
      clients.push(client);
      return client;
    },
    async cleanup() {
      for (const client of clients.splice(0)) await client.destroy();
      for (const sandbox of sandboxes.splice(0)) await sandbox.stop();
    },
  };
}

/** The intents most tests use. */
export const DEFAULT_INTENTS = [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers];

/** Resolves with the arguments of the next `event` that passes the predicate. */
export function nextEvent<K extends keyof ClientEvents>(
  client: Client,
  event: K,
  predicate: (...args: ClientEvents[K]) => boolean = () => true,
): Promise<ClientEvents[K]> {
  return new Promise((resolve) => {
    const listener = (...args: ClientEvents[K]) => {
      if (!predicate(...args)) return;
      client.off(event, listener as never);
      resolve(args);
    };
    client.on(event, listener as never);
  });
}

/** Logs the client in and resolves with the sandbox guild once the client is ready. */
export async function login(client: Client): Promise<Guild> {
  const ready = nextEvent(client, Events.ClientReady);
  await client.login(TOKEN);
  await ready;
  const guild = client.guilds.cache.get(IDS.guild);
  if (!guild) throw new Error("the sandbox guild is not cached");
  return guild;
}

/** A tiny bot: registers the commands and hands every interaction to `handle`. */
export async function startBot(
  client: Client,
  commands: RESTPostAPIApplicationCommandsJSONBody[],
  handle: (interaction: Interaction) => Promise<unknown>,
): Promise<Guild> {
  client.on(Events.InteractionCreate, (interaction) => {
    handle(interaction).catch((error: unknown) => {
      const reply = `handler failed: ${error instanceof Error ? error.message : String(error)}`;
      if (interaction.isRepliable() && !interaction.replied) void interaction.reply(reply).catch(() => {});
    });
  });
  const guild = await login(client);
  await guild.commands.set(commands);
  return guild;
}

/** Calls the control API; resolves with the status and the JSON body. */
export async function control(
  sandbox: SandboxDiscord,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${sandbox.url}/_sandbox${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
