import type { Clock } from "../../shared/clock.ts";

const DISCORD_EPOCH = 1_420_070_400_000n;

/** A generator of unique, increasing Discord snowflakes whose timestamps follow the clock. */
export function createSnowflakes(clock: Clock): () => string {
  let last = 0n;
  return () => {
    const fromClock = (BigInt(Math.floor(clock.now())) - DISCORD_EPOCH) << 22n;
    // A manual clock may stand still: keep ids unique and increasing anyway.
    last = fromClock > last ? fromClock : last + 1n;
    return last.toString();
  };
}

/** When a snowflake was made: Discord's rule, milliseconds since its epoch in the bits above the lowest 22. */
export function snowflakeTime(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH);
}
