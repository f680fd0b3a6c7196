import { Events } from "discord.js";
import type { Listener } from "../context.ts";

/** A shard lost its connection and is reconnecting: the metrics count it. */
export const shardReconnecting = {
  event: Events.ShardReconnecting,
  run(_shardId, context) {
    context.services.observer.gatewayReconnecting();
  },
} satisfies Listener<Events.ShardReconnecting>;
