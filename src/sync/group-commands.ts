import { type Static, Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { type FileFormatName, fileOf } from "../formats/index.ts";
import { nickKey } from "../nicks/key.ts";
import type { Clock } from "../shared/clock.ts";
import { createBackoff, type Sleep } from "./backoff.ts";
import { createBdsPermissions, permissionsPathOf } from "./bds-permissions.ts";
import { placeholders, placeholderValues, renderCommand } from "./commands.ts";
import type { GameConsole } from "./console.ts";
import { readIfExists, writeAtomically } from "./file.ts";
import type { MergedList } from "./merge.ts";
import type { SyncOptions } from "./options.ts";
import type { SyncEvent } from "./report.ts";

/**
 * Ranks on the game server (docs/sync.md, Ranks): the agent brings every player the file lists into the game groups
 * their entry carries, with `--on-group-add` / `--on-group-remove` commands (or the LuckPerms preset), exactly once.
 * It keeps what it applied beside the file (`<out>.groups`): the commands that run are always the difference between
 * the groups entries carry now and what was applied, so a restart runs nothing twice, a change missed while it was
 * down is caught up, and many changes of one player meanwhile run only their net result. Commands go out one at a
 * time, at most `rate` a second; a failure is reported and tried again with a backoff, as the reload is.
 */

/** What a group template may say: `--on-add`'s placeholders and the group. */
export const groupPlaceholders = {
  ...placeholders,
  group: "the game group (lower case, a-z 0-9 _ - . +: src/whitelists/ranks.ts)",
} as const;

/**
 * The presets of `--groups`: LuckPerms' console commands, `lp user <user> parent add|remove <group>`
 * (common/src/main/java/me/lucko/luckperms/common/commands/generic/parent/ParentAdd.java and ParentRemove.java in
 * LuckPerms' source; the user by UUID, which LuckPerms takes as well as a name). Velocity's LuckPerms registers its
 * command as `lpv` (velocity/src/main/java/me/lucko/luckperms/velocity/VelocityCommandExecutor.java); Paper, Spigot,
 * Fabric, Forge and NeoForge as `lp`. The groups must exist in LuckPerms (`lp creategroup <group>`).
 */
export const groupPresets = {
  luckperms: { add: "lp user {uuid} parent add {group}", remove: "lp user {uuid} parent remove {group}" },
  "luckperms-velocity": {
    add: "lpv user {uuid} parent add {group}",
    remove: "lpv user {uuid} parent remove {group}",
  },
} as const;

/** How the agent sets groups: the two templates and the bound on their rate. */
export type GroupCommandOptions = { onAdd: string; onRemove: string; ratePerSecond: number };

/** The default bound: 300 members gaining a role at once are all in their group within about 6 s (bench/ranks.ts). */
export const DEFAULT_GROUP_RATE = 50;

const Applied = Type.Object({
  version: Type.Literal(1),
  /** Per player (their UUID, else their nick key): the name and UUID the commands named, and the groups applied. */
  players: Type.Record(
    Type.String(),
    Type.Object({
      name: Type.String(),
      uuid: Type.Union([Type.String(), Type.Null()]),
      groups: Type.Array(Type.String()),
    }),
  ),
});
type Applied = Static<typeof Applied>;
type AppliedPlayer = Applied["players"][string];

/** Where the applied groups of an output file are kept. */
export const groupsStatePath = (out: string) => `${out}.groups`;

/** One command to bring a player closer to their groups. */
type Step = { key: string; player: AppliedPlayer; group: string; add: boolean; whitelist: string };

/** The player a merged entry is, by key: UUID when known (a rename keeps it), else the nick. */
const playerKey = (entry: { nick: string; uuid: string | null }) =>
  entry.uuid ?? `nick:${nickKey(entry.nick)}`;

/** The groups every listed player should be in now, by player key. */
function wanted(
  list: MergedList,
  format: FileFormatName,
): Map<string, AppliedPlayer & { whitelist: string }> {
  const { lists } = fileOf(format);
  const found = new Map<string, AppliedPlayer & { whitelist: string }>();
  for (const { entry, whitelist } of list.values()) {
    if (lists && !lists.player(entry)) continue;
    const values = placeholderValues({ entry, whitelist, userId: null }, format);
    found.set(playerKey(entry), {
      name: values.name ?? entry.nick,
      uuid: values.uuid,
      groups: [...(entry.groups ?? [])],
      whitelist,
    });
  }
  return found;
}

/** The commands that set groups on the game server (see the file's comment). */
export function createGroupCommands(deps: {
  options: GroupCommandOptions;
  out: string;
  format: FileFormatName;
  console: GameConsole;
  report: (event: SyncEvent) => void;
  sleep: Sleep;
  signal: AbortSignal;
  now: () => number;
  random?: () => number;
}) {
  const { options, out, format, console, report, sleep, signal, now } = deps;
  const backoff = createBackoff({ random: deps.random });
  const minGapMs = 1000 / options.ratePerSecond;
  let applied: Applied = { version: 1, players: {} };
  let target = new Map<string, AppliedPlayer & { whitelist: string }>();
  /** Steps refused (a value no command could carry): warned once, not tried again until the player changes. */
  const refused = new Set<string>();
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | null = null;
  let again = false;

  const persist = () =>
    writeAtomically(groupsStatePath(out), new TextEncoder().encode(`${JSON.stringify(applied)}\n`));

  /** The next command the difference calls for, removals of a player before additions, players in key order. */
  function nextStep(): Step | null {
    const keys = [...new Set([...target.keys(), ...Object.keys(applied.players)])].sort();
    for (const key of keys) {
      const want = target.get(key);
      const had = applied.players[key];
      const have = had?.groups ?? [];
      const player = want ?? (had as AppliedPlayer);
      const whitelist = want?.whitelist ?? "";
      const groups = want?.groups ?? [];
      for (const group of have) {
        const step = { key, player: had as AppliedPlayer, group, add: false, whitelist };
        if (!groups.includes(group) && !refused.has(stepId(step))) return step;
      }
      for (const group of groups) {
        const step = { key, player, group, add: true, whitelist };
        if (!have.includes(group) && !refused.has(stepId(step))) return step;
      }
    }
    return null;
  }
  const stepId = (step: Step) => `${step.key} ${step.add ? "+" : "-"}${step.group} ${step.player.name}`;

  /** Records a step as applied (and forgets a player left with no group, so the record stays the list's size). */
  function record(step: Step): void {
    const had = applied.players[step.key];
    const groups = new Set(had?.groups ?? []);
    if (step.add) groups.add(step.group);
    else groups.delete(step.group);
    if (groups.size === 0) delete applied.players[step.key];
    else
      applied.players[step.key] = {
        name: step.player.name,
        uuid: step.player.uuid,
        groups: [...groups].sort(),
      };
  }

  async function drain(): Promise<void> {
    let failures = 0;
    for (let step = nextStep(); step !== null && !signal.aborted; step = nextStep()) {
      const template = step.add ? options.onAdd : options.onRemove;
      const rendered = renderCommand(template, {
        name: step.player.name,
        uuid: step.player.uuid,
        group: step.group,
        whitelist: step.whitelist || null,
        discord: null,
      });
      if ("refused" in rendered) {
        refused.add(stepId(step));
        report({
          type: "warning",
          message: `not setting ${step.player.name}'s group ${step.group}: ${rendered.refused}`,
        });
        continue;
      }
      const wait = lastSentAt + minGapMs - now();
      if (wait > 0) await sleep(wait, signal);
      if (signal.aborted) return;
      try {
        lastSentAt = now();
        await console.send(rendered.command);
        report({ type: "command", command: rendered.command, console: console.label });
        // Applied and written down before the next: a restart from here runs neither this one nor a skipped one.
        record(step);
        await persist();
        if (failures > 0) report({ type: "console-back", console: console.label, attempts: failures + 1 });
        failures = 0;
        backoff.reset();
      } catch (error) {
        if (signal.aborted) return;
        failures++;
        const retryInMs = backoff.next();
        report({
          type: "command-failed",
          console: console.label,
          error: (error as Error).message,
          retryInMs,
        });
        await sleep(retryInMs, signal).catch(() => {});
      }
    }
  }

  function kick(): void {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await drain();
      } while (again && !signal.aborted);
    })()
      .catch((error: Error) => {
        if (!signal.aborted) report({ type: "warning", message: `group commands stopped: ${error.message}` });
      })
      .finally(() => {
        running = null;
      });
  }

  return {
    /** Reads what was applied before (a missing or unreadable record: nothing was). */
    async load(): Promise<void> {
      const bytes = await readIfExists(groupsStatePath(out));
      if (bytes === null) return;
      try {
        const stored: unknown = JSON.parse(new TextDecoder().decode(bytes));
        if (Value.Check(Applied, stored)) applied = stored;
        else
          report({
            type: "warning",
            message: `${groupsStatePath(out)} is unreadable: groups are set afresh`,
          });
      } catch {
        report({ type: "warning", message: `${groupsStatePath(out)} is unreadable: groups are set afresh` });
      }
    },

    /** The file's players as they are now: their groups are brought to what their entries carry. */
    follow(list: MergedList): void {
      target = wanted(list, format);
      kick();
    },

    /** Resolves once every command the last list called for has run (or been refused). */
    async settled(): Promise<void> {
      while (running) await running;
    },

    /** What was applied, by player key (tests, and the report of a restart). */
    applied: (): Readonly<Applied["players"]> => applied.players,

    /** Waits for the command being sent; the agent is stopping. */
    async close(): Promise<void> {
      await running?.catch(() => {});
    },
  };
}

/** The group commands of one agent. */
export type GroupCommands = ReturnType<typeof createGroupCommands>;

/**
 * The group commands an agent's options ask for, on its console in their own queue, or the keeper of BDS's
 * permissions.json (docs/sync.md, Ranks); null when they ask for neither.
 */
export function groupCommandsOf(
  options: Pick<SyncOptions, "groups" | "out" | "format">,
  console: GameConsole | null,
  deps: {
    report: (event: SyncEvent) => void;
    sleep: Sleep;
    signal: AbortSignal;
    clock: Clock;
    random?: () => number;
  },
): Pick<GroupCommands, "load" | "follow" | "settled" | "close"> | null {
  if (options.groups && "kind" in options.groups) {
    return createBdsPermissions({
      file: permissionsPathOf(options.out),
      console,
      report: deps.report,
      authoritative: options.groups.authoritative,
    });
  }
  if (!console || !options.groups) return null;
  const { clock, ...rest } = deps;
  return createGroupCommands({
    ...rest,
    options: options.groups,
    out: options.out,
    format: options.format,
    console,
    now: () => clock.now(),
  });
}
