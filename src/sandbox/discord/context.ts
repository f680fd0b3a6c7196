import type { Logger } from "../../shared/logger.ts";
import type { SandboxGateway } from "./gateway.ts";
import type { InteractionTracker } from "./interactions.ts";
import type { RestLimiter } from "./limiter.ts";
import type { OAuth2Server } from "./oauth2/grants.ts";
import type { RateLimits } from "./rate-limits.ts";
import type { NonceMemory } from "./rest/nonces.ts";
import type { SandboxState } from "./state.ts";

/** What every REST and control handler of the sandbox works with. */
export type SandboxContext = {
  state: SandboxState;
  gateway: SandboxGateway;
  interactions: InteractionTracker;
  /** 429s the control API injected on REST routes. */
  rateLimits: RateLimits;
  /** Discord's own rate limits: buckets, the global limit, the invalid request limit. */
  limiter: RestLimiter;
  /** The nonces of messages created with `enforce_nonce`, remembered as Discord does for a safe retry. */
  nonces: NonceMemory;
  /** The application's OAuth2 side: its portal settings, codes and tokens (docs/sandbox.md, OAuth2). */
  oauth2: OAuth2Server;
  /** Base URL of the sandbox server, e.g. `http://127.0.0.1:PORT`. */
  url: string;
  token: string;
  logger: Logger;
  /** How long the control API waits for the bot to answer an interaction. */
  interactionTimeoutMs: number;
};
