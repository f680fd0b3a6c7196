import {
  DiscordAPIError,
  DiscordjsError,
  DiscordjsErrorCodes,
  GatewayCloseCodes,
  HTTPError,
  RateLimitError,
} from "discord.js";
import { EX_CONFIG } from "../shared/errors.ts";

/** Discord's own REST base, when DISCORD_API_URL is not set. */
export const DISCORD_API = "https://discord.com/api";

/**
 * Why the bot could not connect to Discord, as a stable reason: the token was refused (REST 401 or gateway close
 * 4004), Discord could not be reached at all (DNS, connection refused or reset, TLS), the gateway refused a
 * privileged intent (4014), or anything else Discord answered.
 */
export type LoginFailureReason =
  | "token-rejected"
  | "discord-unreachable"
  | "intents-disallowed"
  | "login-failed";

/** The bot could not log in; `reason` is stable and the message says what to check. */
export class BotLoginError extends Error {
  override readonly name = "BotLoginError";
  constructor(
    readonly reason: LoginFailureReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /**
   * How the process exits on it: a refused token needs a person to set another, so a service manager must not
   * restart it every few seconds (EX_CONFIG); anything else may pass (1).
   */
  get exitCode(): number {
    return this.reason === "token-rejected" ? EX_CONFIG : 1;
  }
}

/** An error that came from Discord's side of the wire (an HTTP answer), not from failing to reach it. */
const answeredByDiscord = (error: unknown) =>
  error instanceof DiscordAPIError || error instanceof HTTPError || error instanceof RateLimitError;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A failure before any answer from the server: no route, DNS, refused or reset connection, TLS. */
export function isNetworkError(error: unknown): boolean {
  if (answeredByDiscord(error) || error instanceof DiscordjsError) return false;
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof TypeError || typeof code === "string";
}

/**
 * Names what went wrong when the bot logged in (or read its application first): `closeCode` is the gateway's
 * close code when the gateway closed the connection, `apiUrl` the REST base the bot used.
 */
export function describeLoginFailure(
  error: unknown,
  closeCode: number | null,
  apiUrl: string,
): BotLoginError {
  const status = answeredByDiscord(error) ? (error as { status: number }).status : null;
  if (
    closeCode === GatewayCloseCodes.AuthenticationFailed ||
    status === 401 ||
    (error instanceof DiscordjsError && error.code === DiscordjsErrorCodes.TokenInvalid)
  ) {
    const how =
      closeCode === GatewayCloseCodes.AuthenticationFailed ? "gateway close 4004" : "401 Unauthorized";
    return new BotLoginError(
      "token-rejected",
      `Discord refused the bot's token (${how}): check DISCORD_TOKEN. It is the token under Bot in the ` +
        "developer portal (Reset Token makes a new one and retires the old).",
      { cause: error },
    );
  }
  if (closeCode === GatewayCloseCodes.DisallowedIntents) {
    return new BotLoginError(
      "intents-disallowed",
      "Discord closed the gateway with 4014 Disallowed intent(s): a privileged intent the bot asked for is " +
        "switched off in the developer portal.",
      { cause: error },
    );
  }
  if (isNetworkError(error)) {
    return new BotLoginError(
      "discord-unreachable",
      `Discord could not be reached at ${apiUrl} (${messageOf(error)}): check this machine's network, DNS and ` +
        "firewall (and DISCORD_API_URL, if set). The token was not checked.",
      { cause: error },
    );
  }
  const answered = status === null ? "" : ` (HTTP ${status})`;
  const closed = closeCode === null ? "" : ` (gateway close ${closeCode})`;
  return new BotLoginError(
    "login-failed",
    `The bot could not log in to Discord${answered}${closed}: ${messageOf(error)}`,
    { cause: error },
  );
}
