import { nickKey } from "../nicks/key.ts";
import type { Clock } from "../shared/clock.ts";
import type { ProofCodeAnswer, WhitelistRef } from "./client.ts";
import type { GameConsole } from "./console.ts";
import type { HeldEntry } from "./merge.ts";
import { type ListedPlayer, type PlayerList, parsePlayerList } from "./player-list.ts";
import type { SyncEvent } from "./report.ts";
import { realSetTimer, type SetTimer } from "./socket.ts";

/** How often the player list is read by default while some entry awaits proof, in seconds. */
export const DEFAULT_PROOF_POLL_SECONDS = 5;
/**
 * The commands tried for the player list, best first: `list uuids` (1.13 and later: names and UUIDs), the same
 * under Bukkit's `minecraft:` name (a plugin may own `list`), then `list` (names only).
 */
const LIST_COMMANDS = [
  { command: "list uuids", withUuids: true },
  { command: "minecraft:list uuids", withUuids: true },
  { command: "list", withUuids: false },
] as const;
/** A code is shown again while it has at least this long left; past that a new one is asked for. */
const CODE_MARGIN_MS = 60_000;
/** After the service said an entry awaits no proof, it is not asked about again for this long (its event comes). */
const NOT_PENDING_PAUSE_MS = 60_000;
/** Players kicked per poll at most: a flood of joins is spread over the next polls. */
const KICKS_PER_POLL = 10;
/** A kick reason the console carries safely: printable ASCII, no `@` (a selector in a message) and no `;`. */
const SAFE_MESSAGE = /^[\x20-\x3a\x3c-\x3f\x41-\x7e]{1,256}$/;
/** A player name the kick command reads as one word (Brigadier's unquoted string). */
const SAFE_NAME = /^[A-Za-z0-9_.+-]{1,16}$/;

/** An entry awaiting proof, and the whitelist holding it. */
export type PendingEntry = { whitelist: WhitelistRef; entry: HeldEntry };

/** What the poller needs of the agent: the console, the service, the entries awaiting proof, a reporter. */
export type ProofPollDeps = {
  console: GameConsole;
  /** The service's proof codes (src/sync/client.ts `proofCode`). */
  proofCode(whitelist: WhitelistRef, nick: string, uuid: string | null): Promise<ProofCodeAnswer>;
  /** The listed entries awaiting proof now. */
  pending(): PendingEntry[];
  report: (event: SyncEvent) => void;
  clock: Clock;
  /** The wait between polls (ms). */
  everyMs: number;
  /** Arms the wait between polls; tests fire it by hand. */
  setTimer?: SetTimer;
};

/**
 * First-join proof, the agent's part (docs/link.md, First-join proof): while an entry of the listed whitelists
 * awaits proof, the game server's player list is read over RCON every `everyMs`; a player who is one of them is
 * disconnected (`kick`) with a code the service gives for them and what to type in Discord. The same code is shown
 * on every join while it has a minute left (one request per player per code, never more than the service allows);
 * a player matches an entry by UUID where the list shows UUIDs and the entry has one, else by exact name (a
 * Bedrock player by the name Floodgate gives them, as the entry stores it); nobody else is ever kicked. The code
 * itself is never reported: only the player, the whitelist and until when it works.
 */
export function createProofPoller(deps: ProofPollDeps) {
  const { console: gameConsole, report, clock } = deps;
  const setTimer = deps.setTimer ?? realSetTimer;
  /** Which list command this server answers, once one did. */
  let listing: (typeof LIST_COMMANDS)[number] | null = null;
  /** Codes shown, by player key, until they expire. */
  const codes = new Map<string, { code: string; expiresAt: number; message: string }>();
  /** Players not to ask about before a time (the service refused, or limited them), by player key. */
  const pausedUntil = new Map<string, number>();
  /** The last problem reported, so a lasting one is told once (and again once it changed). */
  let lastProblem: string | null = null;
  /** Set once the service said the agent's key is read-only: no code is asked for again (the key stays so). */
  let readOnly = false;
  let cancel: (() => void) | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const problem = (message: string) => {
    if (message !== lastProblem) report({ type: "warning", message });
    lastProblem = message;
  };

  /** The player list, trying the list commands until one is understood (then only that one). */
  async function readList(): Promise<{ list: PlayerList; withUuids: boolean } | null> {
    const candidates = listing ? [listing] : LIST_COMMANDS;
    let said = "";
    for (const candidate of candidates) {
      const answer =
        (await gameConsole.send(candidate.command, {
          continues: (soFar) => parsePlayerList(soFar, candidate.withUuids)?.complete === false,
        })) ?? "";
      const list = parsePlayerList(answer, candidate.withUuids);
      if (list) {
        listing = candidate;
        return { list, withUuids: candidate.withUuids };
      }
      said ||= answer;
    }
    listing = null;
    problem(
      `cannot read the player list from ${gameConsole.label} (it answered ${JSON.stringify(said.slice(0, 80))} ` +
        "to `list uuids` and `list`): players awaiting proof at first join are not asked for it",
    );
    return null;
  }

  /** The entry awaiting proof a listed player is: by UUID where both have one, else by exact name. */
  const matcher = (pending: PendingEntry[]) => (player: ListedPlayer) =>
    pending.find(({ entry }) =>
      player.uuid !== null && entry.uuid !== null ? player.uuid === entry.uuid : entry.nick === player.name,
    );

  /** A code for the player: the one shown while it lives, else a new one from the service. */
  async function codeFor(key: string, { whitelist, entry }: PendingEntry, player: ListedPlayer) {
    const now = clock.now();
    const shown = codes.get(key);
    if (shown && shown.expiresAt - now >= CODE_MARGIN_MS) return { ...shown, again: true };
    const answer = await deps.proofCode(whitelist, entry.nick, player.uuid);
    if (answer.kind === "read-only") {
      readOnly = true;
      report({
        type: "warning",
        message:
          `not asking players for proof at first join: ${answer.detail} Until the agent runs with a key that may ` +
          "(not read-only), players awaiting proof are let in unasked until their windows end.",
      });
      return null;
    }
    if (answer.kind === "not-pending") {
      pausedUntil.set(key, now + NOT_PENDING_PAUSE_MS);
      report({ type: "warning", message: `not asking ${entry.nick} for proof: ${answer.detail}` });
      return null;
    }
    if (answer.kind === "limited") {
      pausedUntil.set(key, answer.retryAt);
      report({
        type: "warning",
        message: `not asking ${entry.nick} for proof until ${new Date(answer.retryAt).toISOString()}: the service gave the account its codes lately`,
      });
      return null;
    }
    const issued = { code: answer.code, expiresAt: answer.expiresAt, message: answer.message };
    codes.set(key, issued);
    return { ...issued, again: false };
  }

  /** Kicks one player awaiting proof with their code; reports what happened, and answers whether they were. */
  async function ask(pending: PendingEntry, player: ListedPlayer): Promise<boolean> {
    const key = player.uuid ?? `name:${nickKey(player.name)}`;
    if (readOnly || (pausedUntil.get(key) ?? 0) > clock.now()) return false;
    const target = player.uuid ?? (SAFE_NAME.test(player.name) ? player.name : null);
    if (target === null) {
      problem(`not asking ${JSON.stringify(player.name)} for proof: not a name the kick command can carry`);
      return false;
    }
    const code = await codeFor(key, pending, player);
    if (!code) return false;
    if (!SAFE_MESSAGE.test(code.message)) {
      problem(
        `not asking ${pending.entry.nick} for proof: the service's message is not safe to type on a console`,
      );
      return false;
    }
    const answer = (await gameConsole.send(`kick ${target} ${code.message}`)) ?? "";
    // Vanilla answers "Kicked <name>: <reason>", or "No player was found" once the player has left.
    if (answer.startsWith("Kicked ")) {
      report({
        type: "proof-asked",
        nick: pending.entry.nick,
        whitelist: pending.whitelist.name,
        codeExpiresAt: new Date(code.expiresAt).toISOString(),
        again: code.again,
      });
      return true;
    }
    if (!answer.startsWith("No player was found")) {
      problem(
        `kicking ${pending.entry.nick} to ask for proof: ${gameConsole.label} answered ${JSON.stringify(answer.slice(0, 80))}`,
      );
    }
    return false;
  }

  /** One look at the player list, when some entry awaits proof. */
  async function poll(): Promise<void> {
    const now = clock.now();
    for (const [key, until] of pausedUntil) if (until <= now) pausedUntil.delete(key);
    for (const [key, shown] of codes) if (shown.expiresAt <= now) codes.delete(key);
    const pending = deps.pending();
    if (pending.length === 0) return;
    try {
      const read = await readList();
      if (!read) return;
      if (!read.list.complete) {
        problem(
          `the player list from ${gameConsole.label} named ${read.list.players.length} of ${read.list.online} players: ` +
            "the others are not checked for proof",
        );
      }
      const match = matcher(pending);
      const awaiting = read.list.players.flatMap((player) => {
        const waiting = match(player);
        return waiting ? [{ player, waiting }] : [];
      });
      let asked = 0;
      for (const { player, waiting } of awaiting.slice(0, KICKS_PER_POLL)) {
        if (await ask(waiting, player)) asked++;
      }
      report({ type: "players-checked", online: read.list.online, awaitingProof: awaiting.length, asked });
      if (read.list.complete) lastProblem = null;
    } catch (error) {
      // The console or the service failed (both name themselves): the next poll tries again.
      problem(`first-join proof: ${(error as Error).message}`);
    }
  }

  const schedule = () => {
    if (stopped) return;
    cancel = setTimer(() => {
      cancel = null;
      running = poll().finally(() => {
        running = null;
        schedule();
      });
    }, deps.everyMs);
  };

  return {
    /** Starts polling: the first look comes after one wait. */
    start(): void {
      if (!stopped && cancel === null && running === null) schedule();
    },
    /** Looks at the player list now (tests). */
    pollNow(): Promise<void> {
      return poll();
    },
    /** Stops polling; resolves once a poll under way ended. */
    async stop(): Promise<void> {
      stopped = true;
      cancel?.();
      cancel = null;
      await running;
    },
  };
}

/** The running poller. */
export type ProofPoller = ReturnType<typeof createProofPoller>;
