import { Type } from "@sinclair/typebox";
import { type Static, t } from "elysia";
import { nickTypes } from "../nicks/types.ts";
import type { FormQuestion } from "./form.ts";

/** Kinds of nick a whitelist accepts (docs/decisions.md, Nick types and comparison); each one's rules are there. */
export { type NickType, nickTypes } from "../nicks/types.ts";
/** What losing every required role does to a member's nicks (docs/decisions.md, Access follows roles). */
export const roleLossPolicies = ["remove", "keep"] as const;
/** The highest nick limit a role may be given (as `/whitelist edit max-nicks` takes at most). */
export const MAX_ROLE_LIMIT = 100;
/** How members register (docs/decisions.md, Registration modes). */
export const registrationModes = ["command", "message", "approval"] as const;

const Snowflake = t.String({
  pattern: "^[0-9]{1,20}$",
  description: "A Discord snowflake id",
  examples: ["1161034120542384128"],
});

/** A whitelist as the API, the bot and the services see it. */
export const Whitelist = t.Object(
  {
    id: t.String({ description: "Identifier of the whitelist (URL-safe)", examples: ["k3v9x0q2ab"] }),
    name: t.String({
      description: "Display name, unique per guild whatever the letter case",
      examples: ["survival"],
    }),
    channelId: t.String({
      description: "The Discord channel bound to the whitelist",
      examples: ["1161034120542384130"],
    }),
    nickType: t.UnionEnum(nickTypes, {
      description:
        "`java` (3-16 of A-Z a-z 0-9 _; premium status looked up), `premium` (java, and the account must be premium), " +
        "`offline` (java syntax, never looked up), `bedrock` (Xbox gamertag, stored as Floodgate names the player)",
    }),
    registrationMode: t.UnionEnum(registrationModes, {
      description:
        "`command` (/register), `message` (post the nick in the channel) or `approval` (staff approve)",
    }),
    // Plain TypeBox integers: Elysia's t.Integer also admits numeric strings, which the document would show.
    maxNicksPerUser: Type.Integer({
      minimum: 1,
      description: "How many nicks one member may register",
      examples: [1],
    }),
    enabled: t.Boolean({ description: "Disabled whitelists refuse new registrations; entries stay served" }),
    removeOnLeave: t.Boolean({
      description: "Whether a member's entries are removed when they leave the guild",
    }),
    requiredRoleIds: t.Array(Snowflake, {
      description: "A member needs one of these roles to register (empty: anyone)",
    }),
    grantedRoleIds: t.Array(Snowflake, {
      description: "Roles the bot grants on registration and reverts on removal",
    }),
    managerRoleIds: t.Array(Snowflake, {
      description: "Roles that may add and remove anyone's nicks (Manage Server always may)",
    }),
    floodgatePrefix: t.String({
      maxLength: 15,
      description:
        "Bedrock whitelists: the game server's Floodgate `username-prefix`, put in front of each gamertag",
      examples: ["."],
    }),
    replaceSpaces: t.Boolean({
      description: "Bedrock whitelists: Floodgate's `replace-spaces` (spaces in gamertags become `_`)",
    }),
    onRoleLoss: t.UnionEnum(roleLossPolicies, {
      description:
        "What happens to a member's nicks when they no longer hold any required role: `remove` (origin " +
        "`role-lost`) or `keep`",
    }),
    roleLimits: t.Record(
      t.String({ pattern: "^[0-9]{1,20}$" }),
      Type.Integer({ minimum: 1, maximum: MAX_ROLE_LIMIT }),
      {
        description:
          "Nick limits by role id: a member's limit is the highest of their roles' limits, else maxNicksPerUser",
        examples: [{ "1161034120542384131": 3 }],
      },
    ),
    entryLifetimeSeconds: t.Union([Type.Integer({ minimum: 1 }), t.Null()], {
      description:
        "How long a member's own registration lasts before it expires (origin `expired`); null: for good",
      examples: [null],
    }),
  },
  { title: "Whitelist" },
);

/**
 * Whether members must prove the account they register (docs/decisions.md, Proof of ownership): `off`; `required`,
 * proven at the link endpoint before registering (java and premium whitelists); or `first-join`, registered at once
 * and proven when the player first joins the game server, which the `sync` agent sees (java, premium and bedrock;
 * docs/link.md, First-join proof). A Discord setting: the API's whitelist does not show it (its entries say which
 * await proof).
 */
export const proofSettings = ["off", "required", "first-join"] as const;
/** One of the proof settings. */
export type ProofSetting = (typeof proofSettings)[number];
/** The ways an account can be proven that a whitelist may ask for: every setting but `off`. */
export type ProofMode = Exclude<ProofSetting, "off">;

/**
 * A whitelist record: what the API shows, its guild, and its Discord-only settings: proof, its window for first-join
 * proof, the application form (docs/decisions.md, Application forms), and the nickname template its members' server
 * nicknames follow (null: left alone; docs/decisions.md, Nicknames that follow the Minecraft name).
 */
export type Whitelist = Static<typeof Whitelist> & {
  guildId: string;
  proof: ProofSetting;
  /** `first-join`: how long a member's unproven registration waits for its proof, in seconds. */
  proofWindowSeconds: number;
  form: readonly FormQuestion[];
  nicknameTemplate: string | null;
};
/** One of the role-loss policies. */
export type RoleLossPolicy = (typeof roleLossPolicies)[number];
/** One of the registration modes. */
export type RegistrationMode = (typeof registrationModes)[number];

/** Which whitelist a command means: its id or name, else the one bound to the channel, else the guild's only one. */
export type WhitelistRef = { guildId: string; whitelist?: string | null; channelId?: string | null };
