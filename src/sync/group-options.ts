import { Type } from "@sinclair/typebox";
import type { FileFormatName } from "../formats/index.ts";
import { BDS_PERMISSIONS, type BdsPermissionsOptions } from "./bds-permissions.ts";
import { templateProblem } from "./commands.ts";
import type { ConsoleSpec } from "./console.ts";
import {
  DEFAULT_GROUP_RATE,
  type GroupCommandOptions,
  groupPlaceholders,
  groupPresets,
} from "./group-commands.ts";

/**
 * The agent's options for ranks (src/sync/group-commands.ts), kept apart from the others' schema so that both grow
 * without touching each other: their schema and purposes are spread into option-schema.ts, their parsing is
 * `groupOptions`.
 */

const placeholderList = Object.keys(groupPlaceholders)
  .map((name) => `{${name}}`)
  .join(", ");

/** The ranks options' schema (a `--flag` and a `WLS_*` variable each). */
export const groupOptionSchema = {
  WLS_GROUPS: Type.Optional(
    Type.Union(
      [...Object.keys(groupPresets), BDS_PERMISSIONS].map((preset) => Type.Literal(preset)),
      { description: `one of ${[...Object.keys(groupPresets), BDS_PERMISSIONS].join(", ")}` },
    ),
  ),
  WLS_ON_GROUP_ADD: Type.Optional(
    Type.String({ maxLength: 500, description: `one line: a console command, with ${placeholderList}` }),
  ),
  WLS_ON_GROUP_REMOVE: Type.Optional(
    Type.String({ maxLength: 500, description: `one line: a console command, with ${placeholderList}` }),
  ),
  WLS_GROUPS_AUTHORITATIVE: Type.Boolean({
    default: false,
    description: "true or false (as a flag: present = true)",
  }),
  WLS_GROUP_RATE: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: DEFAULT_GROUP_RATE,
    description: "whole commands per second, 1 to 1000",
  }),
};

/** What each ranks option is for, on the help screen. */
export const groupPurposes = {
  WLS_GROUPS:
    "put players in the game groups their Discord roles map to (/whitelist ranks) with LuckPerms' commands: luckperms (`lp`: Paper, Fabric, Forge) or luckperms-velocity (`lpv`); with --format bds, bds-permissions: BDS's permissions.json beside --out (groups operator, member, visitor)",
  WLS_ON_GROUP_ADD:
    "instead of --groups: the console command that puts a player in a group: `lp user {uuid} parent add {group}`",
  WLS_ON_GROUP_REMOVE: "instead of --groups: the console command that takes a player out of a group",
  WLS_GROUPS_AUTHORITATIVE:
    "with --groups bds-permissions: put a player someone changed by hand in permissions.json back at their groups' level (without it: reported once, left as it is)",
  WLS_GROUP_RATE: `at most this many group commands a second (default ${DEFAULT_GROUP_RATE}); the others wait their turn`,
};

type GroupRaw = {
  WLS_GROUPS?: string;
  WLS_ON_GROUP_ADD?: string;
  WLS_ON_GROUP_REMOVE?: string;
  WLS_GROUPS_AUTHORITATIVE: boolean;
  WLS_GROUP_RATE: number;
  WLS_ONCE: boolean;
};

/**
 * The group commands the options ask for, or null when none; a combination that cannot work is refused with what to
 * change (`fail` throws the options' error, naming each option as the user wrote it).
 */
export function groupOptions(
  options: GroupRaw,
  gameConsole: ConsoleSpec | null,
  format: FileFormatName,
  fail: (name: keyof typeof groupOptionSchema | "WLS_ONCE", problem: string) => never,
): GroupCommandOptions | BdsPermissionsOptions | null {
  const { WLS_GROUPS: preset, WLS_ON_GROUP_ADD: onAdd, WLS_ON_GROUP_REMOVE: onRemove } = options;
  if (preset === undefined && onAdd === undefined && onRemove === undefined) {
    if (options.WLS_GROUPS_AUTHORITATIVE) fail("WLS_GROUPS_AUTHORITATIVE", "is for --groups bds-permissions");
    return null;
  }
  if (preset !== undefined && (onAdd !== undefined || onRemove !== undefined)) {
    fail("WLS_GROUPS", "is a preset of --on-group-add and --on-group-remove: give one or the other");
  }
  if (preset === BDS_PERMISSIONS) {
    if (format !== "bds")
      fail("WLS_GROUPS", "keeps a Bedrock Dedicated Server's permissions.json: with --format bds");
    if (options.WLS_ONCE)
      fail("WLS_ONCE", "writes the file and exits: permissions.json follows the changes, run without it");
    return { kind: BDS_PERMISSIONS, authoritative: options.WLS_GROUPS_AUTHORITATIVE };
  }
  if (options.WLS_GROUPS_AUTHORITATIVE) {
    // LuckPerms runs its commands on a thread of its own and answers after RCON has answered (LuckPerms issue
    // #1365): over RCON `lp user … parent info` says nothing, and a pipe or a program says nothing at all.
    fail(
      "WLS_GROUPS_AUTHORITATIVE",
      "needs groups the agent can read back: only --groups bds-permissions (LuckPerms answers nothing over RCON, so a change by hand cannot be seen)",
    );
  }
  if (preset === undefined && (onAdd === undefined || onRemove === undefined)) {
    fail(
      onAdd === undefined ? "WLS_ON_GROUP_ADD" : "WLS_ON_GROUP_REMOVE",
      "is needed too: groups are set both ways",
    );
  }
  if (gameConsole === null)
    fail(
      preset ? "WLS_GROUPS" : "WLS_ON_GROUP_ADD",
      "needs a console (--rcon, --console-fifo or --console-exec)",
    );
  if (options.WLS_ONCE)
    fail("WLS_ONCE", "writes the file and exits: group commands follow the changes, run without it");
  if (preset !== undefined && format === "bds") {
    fail(
      "WLS_GROUPS",
      "runs LuckPerms' commands, and a Bedrock Dedicated Server has no LuckPerms: bds-permissions",
    );
  }
  const templates = preset
    ? groupPresets[preset as keyof typeof groupPresets]
    : { add: onAdd as string, remove: onRemove as string };
  for (const [name, template] of [
    ["WLS_ON_GROUP_ADD", templates.add],
    ["WLS_ON_GROUP_REMOVE", templates.remove],
  ] as const) {
    const problem = templateProblem(template, groupPlaceholders);
    if (problem) fail(name, `cannot be used: ${problem}`);
    if (!template.includes("{group}")) fail(name, "must name the group: {group}");
  }
  return {
    onAdd: templates.add.replace(/^\/+/, ""),
    onRemove: templates.remove.replace(/^\/+/, ""),
    ratePerSecond: options.WLS_GROUP_RATE,
  };
}
