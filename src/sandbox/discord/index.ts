/** The sandbox Discord: a loopback fake of Discord's REST v10 and Gateway v10 for the unchanged discord.js. */

export type { AnswerView, AttachmentView, MemberView, MessageView } from "./control/views.ts";
export type { GatewayStats } from "./gateway.ts";
export type { RestExchange } from "./http.ts";
export type { PrivilegedIntentSwitches } from "./portal.ts";
export type { SandboxDiscord, SandboxDiscordOptions } from "./server.ts";
export { startSandboxDiscord } from "./server.ts";
export type { SandboxSeed, SandboxState } from "./state.ts";
