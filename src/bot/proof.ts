import type { LinkedAccount } from "../accounts/model.ts";
import type { Words } from "../i18n/words.ts";
import type { Linked } from "../registration/linking.ts";
import { discordTime } from "./expiry.ts";

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

/** A linked account in one line: its name, UUID and since when. */
export function linkedLine(words: Words, account: LinkedAccount): string {
  return words.t("proof.linkedLine", {
    account: account.name,
    uuid: account.uuid,
    when: discordTime(account.linkedAt, "R"),
  });
}

/** What typing a code did: the link, the entries it took from other members, the member's own now verified. */
export function describeLinked(words: Words, linked: Linked): string[] {
  const { account, took, verified } = linked;
  const names = (list: Linked["took"]) =>
    [...new Set(list.map(({ whitelist }) => `**${whitelist.name}**`))].join(", ");
  return [
    words.t("proof.linked", { account: account.name }),
    ...(took.length > 0 ? [words.t("proof.took", { whitelists: names(took) })] : []),
    ...(verified.length > 0
      ? [words.t("proof.verified", { account: account.name, whitelists: names(verified) })]
      : []),
  ];
}
