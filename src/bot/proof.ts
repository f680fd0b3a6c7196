import type { LinkedAccount } from "../accounts/model.ts";
import type { EntryRecord } from "../entries/model.ts";
import type { Words } from "../i18n/words.ts";
import type { Linked } from "../registration/linking.ts";
import { durationText } from "../whitelists/lifetime.ts";
import type { Whitelist } from "../whitelists/model.ts";
import { discordTime } from "./expiry.ts";
import { plainName } from "./text.ts";

// How the bot words proof of ownership (docs/decisions.md, Proof of ownership): where to join, what to type, what a
// code did. The services hold the rules; Discord's commands are named here only.

/**
 * Where to get a code and what to do with it: the link endpoint's address (LINK_ADDRESS), and `then`, what to type
 * once the code is shown. Without an endpoint, that proving is not set up here.
 */
export function howToProve(words: Words, linkAddress: string | undefined, then: string): string {
  if (!linkAddress) return words.t("proof.off");
  return words.t("proof.how", { address: linkAddress, then });
}

/**
 * What a member does with an entry awaiting proof at first join (docs/link.md, First-join proof): join the game
 * server with it, be shown a code, type it here.
 */
export function howToProveAtFirstJoin(words: Words, entry: Pick<EntryRecord, "nick" | "proofDueAt">): string {
  const due = entry.proofDueAt as number;
  return words.t("proof.firstJoin", {
    nick: plainName(entry.nick),
    until: discordTime(due),
    in: discordTime(due, "R"),
  });
}

/** How members of a whitelist asking proof at first join prove their account, for staff. */
export function firstJoinForStaff(words: Words, whitelist: Pick<Whitelist, "proofWindowSeconds">): string {
  return words.t("proof.firstJoin.staff", { window: durationText(whitelist.proofWindowSeconds) });
}

/** A linked account in one line: its name, UUID and since when. */
export function linkedLine(words: Words, account: LinkedAccount): string {
  return words.t("proof.linkedLine", {
    account: plainName(account.name),
    uuid: account.uuid,
    when: discordTime(account.linkedAt, "R"),
  });
}

/**
 * What typing a code did: the link (or, for a code that proves the account on one whitelist alone, that), the
 * entries it took from other members, the member's own now verified.
 */
export function describeLinked(words: Words, linked: Linked): string[] {
  const { account, link, took, verified } = linked;
  const names = (list: Linked["took"]) =>
    [...new Set(list.map(({ whitelist }) => `**${plainName(whitelist.name)}**`))].join(", ");
  const name = plainName(account.name);
  return [
    words.t(link ? "proof.linked" : "proof.within", { account: name }),
    ...(took.length > 0 ? [words.t("proof.took", { whitelists: names(took) })] : []),
    ...(verified.length > 0
      ? [words.t("proof.verified", { account: name, whitelists: names(verified) })]
      : []),
  ];
}
