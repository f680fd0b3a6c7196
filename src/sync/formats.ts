import type { ExportFormat } from "../entries/export.ts";
import { easyWhitelistPlayers, mergeEasyWhitelistConfig } from "./easywhitelist.ts";
import { sameBytes } from "./file.ts";

/**
 * The bytes the file must hold next, given the service's export (`GET …/entries?format=`) and what the file
 * holds now; null when it needs no change. `vanilla` and `plain` files are the export, byte for byte.
 * EasyWhitelist's config.yml also holds the plugin's other settings: an existing one keeps them, and only
 * its `whitelist` and `whitelisted` keys follow the export (see mergeEasyWhitelistConfig).
 */
export function fileContent(
  format: ExportFormat,
  exported: Uint8Array,
  current: Uint8Array | null,
): Uint8Array | null {
  if (format === "easywhitelist") return mergeEasyWhitelistConfig(current, exported);
  return sameBytes(current, exported) ? null : exported;
}

/** How many players a file lists (for the status line of `--once`, which keeps no list). */
export function countEntries(format: ExportFormat, bytes: Uint8Array | null): number {
  if (bytes === null) return 0;
  if (format === "easywhitelist") return easyWhitelistPlayers(bytes)?.length ?? 0;
  const text = new TextDecoder().decode(bytes);
  if (format === "plain") return text.split("\n").filter((line) => line !== "").length;
  try {
    const players: unknown = JSON.parse(text);
    return Array.isArray(players) ? players.length : 0;
  } catch {
    return 0;
  }
}
