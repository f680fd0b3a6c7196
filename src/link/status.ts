import type { Words } from "../i18n/words.ts";
import { loginVersion, NEWEST_LOGIN, SUPPORTED_RELEASES } from "./versions.ts";

/** What the server list shows of the endpoint, for the modern ping and the legacy one. */
export type StatusAnswers = {
  /** The Status Response's JSON for a client speaking `protocol`. */
  json(protocol: number): string;
  /** The legacy kick packet (0xFF) for a legacy ping: `FE` alone (Beta 1.8 to 1.3) or `FE 01…` (1.4 to 1.6). */
  legacy(kind: "beta" | "1.4"): Uint8Array;
};

/** The protocol number vanilla servers answer a legacy ping with: never one an old client speaks. */
const LEGACY_PROTOCOL = 127;

/**
 * The endpoint's entry in a player's server list (minecraft.wiki, Server List Ping): a MOTD saying what it is for
 * and for which community (in `words`' language), no players (0 of 0), and as version the login's range. A client that can log in sees
 * its own protocol echoed (the list shows it compatible); any other sees the newest one, so the list marks it
 * incompatible and names the versions that are.
 */
export function createStatusAnswers(options: { community?: string; words: Words }): StatusAnswers {
  const { words } = options;
  const community = oneLine(options.community ?? "") || words.t("link.status.anyCommunity");
  const title = words.t("link.status.title", { community });
  const hint = words.t("link.status.hint");
  const versionName = `Java ${SUPPORTED_RELEASES.replace(" to ", "-")}`;
  const description = {
    text: "",
    extra: [
      { text: title, color: "gold" },
      { text: `\n${hint}`, color: "gray" },
    ],
  };
  return {
    json: (protocol) =>
      JSON.stringify({
        version: { name: versionName, protocol: loginVersion(protocol) ? protocol : NEWEST_LOGIN },
        players: { max: 0, online: 0 },
        description,
      }),
    legacy: (kind) =>
      kickPacket(
        kind === "beta"
          ? `${title.replaceAll("§", "")}§0§0`
          : ["§1", String(LEGACY_PROTOCOL), versionName, title, "0", "0"].join("\u0000"),
      ),
  };
}

/** The legacy kick packet: 0xFF, the length in UTF-16 code units (big-endian short), the text in UTF-16BE. */
function kickPacket(text: string): Uint8Array {
  const bytes = new Uint8Array(3 + text.length * 2);
  bytes[0] = 0xff;
  bytes[1] = (text.length >> 8) & 0xff;
  bytes[2] = text.length & 0xff;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    bytes[3 + 2 * i] = unit >> 8;
    bytes[4 + 2 * i] = unit & 0xff;
  }
  return bytes;
}

/** A community name as one short line: no control characters or formatting codes, at most 48 characters. */
function oneLine(text: string): string {
  return text
    .replace(/[\p{Cc}§]/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 48);
}
