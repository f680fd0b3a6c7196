import { Type } from "@sinclair/typebox";
import { type Static, t } from "elysia";
import { nickTypes } from "../../nicks/types.ts";
import {
  MAX_ROLE_LIMIT,
  registrationModes,
  roleLossPolicies,
  type WhitelistView,
} from "../../whitelists/model.ts";
import type { Same } from "./same.ts";

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

true satisfies Same<Static<typeof Whitelist>, WhitelistView>;
