import type { NickType } from "../nicks/types.ts";
import type { FormQuestion } from "./form.ts";

/** Kinds of nick a whitelist accepts (docs/decisions.md, Nick types and comparison); each one's rules are there. */
export { type NickType, nickTypes } from "../nicks/types.ts";
/** What losing every required role does to a member's nicks (docs/decisions.md, Access follows roles). */
export const roleLossPolicies = ["remove", "keep"] as const;
/** The highest nick limit a role may be given (as `/whitelist edit max-nicks` takes at most). */
export const MAX_ROLE_LIMIT = 100;
/** How members register (docs/decisions.md, Registration modes). */
export const registrationModes = ["command", "message", "approval"] as const;

/**
 * A whitelist as the API shows it (the record below adds its guild and Discord-only settings). Its schema, with
 * what each field means, is the API's (src/api/schemas/whitelist.ts; docs/architecture.md, Layers).
 */
export type WhitelistView = {
  /** URL-safe. */
  id: string;
  name: string;
  channelId: string;
  nickType: NickType;
  registrationMode: RegistrationMode;
  maxNicksPerUser: number;
  enabled: boolean;
  removeOnLeave: boolean;
  requiredRoleIds: string[];
  grantedRoleIds: string[];
  managerRoleIds: string[];
  floodgatePrefix: string;
  replaceSpaces: boolean;
  onRoleLoss: RoleLossPolicy;
  /** Nick limits by role id. */
  roleLimits: Record<string, number>;
  /** Seconds; null: for good. */
  entryLifetimeSeconds: number | null;
};

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
export type Whitelist = WhitelistView & {
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
