import type { GatewayState } from "./status.ts";

/** A running bot, as health reads it (src/bot/client.ts): never `connecting` or `disabled` itself. */
type GatewayReader = { gatewayState(): GatewayState };

/**
 * The gateway's state over the bot's life in this process (docs/api.md, Health; docs/decisions.md, Health):
 * `disabled` while no bot is meant to run here (no DISCORD_TOKEN, a replica that follows); `connecting` from the
 * start of a bot until discord.js is ready, then the bot's own state; `offline` once shutdown began or a start failed
 * for good, on a node whose bot ran or was starting. `bot` is the running bot, when there is one.
 */
export function gatewayLife(options: { enabled: boolean; bot: () => GatewayReader | undefined }) {
  let phase: "idle" | "starting" | "ended" = "idle";
  /** The bot of the start under way, once ready: it speaks for itself before the start returns it. */
  let ready: GatewayReader | undefined;
  let failed = false;
  const state = (): GatewayState => {
    if (phase === "ended") return "offline";
    if (phase === "starting") return ready?.gatewayState() ?? "connecting";
    return options.bot()?.gatewayState() ?? "disabled";
  };
  return {
    /** What /health and the gauge report now. */
    state,
    /** Reports `connecting` while `start` (what starts the bot, and more) runs; without DISCORD_TOKEN, nothing. */
    async starting<T>(start: Promise<T>): Promise<T> {
      if (!options.enabled || phase === "ended") return start;
      phase = "starting";
      ready = undefined;
      failed = false;
      try {
        return await start;
      } catch (error) {
        failed = true;
        throw error;
      } finally {
        if (phase === "starting") phase = "idle";
        ready = undefined;
      }
    },
    /** The bot of the start under way is ready: its own state from now on, while the rest of the start runs. */
    ready(bot: GatewayReader) {
      if (phase === "starting") ready = bot;
    },
    /**
     * Shutdown began, or a lone node's start failed: the bot is gone for good, `offline` (a node with a token is not
     * `disabled`). A node that ran no bot and tried none (no token, a follower) stays `disabled`.
     */
    end() {
      if (state() !== "disabled" || failed) phase = "ended";
    },
  };
}

/** The gateway's state over the bot's life. */
export type GatewayLife = ReturnType<typeof gatewayLife>;
