import type { EntryRecord } from "../entries/model.ts";
import type { Words } from "../i18n/words.ts";
import { durationText } from "../whitelists/lifetime.ts";

/** Discord's timestamp markup: each reader sees the date in their own time zone and language. */
export const discordTime = (ms: number, style: "f" | "R" = "f") => `<t:${Math.floor(ms / 1000)}:${style}>`;

/**
 * When an entry goes by itself, for a reply that mentions it: "in 7 days (<t:…:f>)", counted from when it was
 * stored; null for an entry kept for good.
 */
export function expiresIn(words: Words, entry: Pick<EntryRecord, "createdAt" | "expiresAt">): string | null {
  if (entry.expiresAt === null) return null;
  const minutes = Math.max(1, Math.round((entry.expiresAt - entry.createdAt) / 60_000));
  return words.t("time.in", { duration: durationText(minutes * 60), when: discordTime(entry.expiresAt) });
}

/** A whitelist's entry lifetime as staff read it in `/whitelist show` and `edit`. */
export function describeLifetime(words: Words, seconds: number | null): string {
  return seconds === null
    ? words.t("time.forGood")
    : words.t("time.lifetime", { duration: durationText(seconds) });
}
