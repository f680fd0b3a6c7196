/** The sandbox Discord: a loopback fake of Discord's REST v10 and Gateway v10 for the unchanged discord.js. */

export { BUCKETS, type BucketName, type Window } from "./buckets.ts";
export type { AnswerView, AttachmentView, MemberView, MessageView } from "./control/views.ts";
export type { GatewayStats } from "./gateway.ts";
export type { RestExchange } from "./http.ts";
export {
  discordRateLimits,
  type RateLimitChanges,
  type RateLimitSettings,
  type RateLimitState,
} from "./limiter.ts";
export type { PrivilegedIntentSwitches } from "./portal.ts";
export type { SandboxDiscord, SandboxDiscordOptions } from "./server.ts";
export { startSandboxDiscord } from "./server.ts";
export type { SandboxSeed, SandboxState } from "./state.ts";
