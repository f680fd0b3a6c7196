import type { LinkedAccount } from "../accounts/model.ts";
import type { EntryRecord } from "../entries/model.ts";
import type { Linked } from "../registration/linking.ts";
import { describeDuration } from "../whitelists/lifetime.ts";
import type { Whitelist } from "../whitelists/model.ts";
import { discordTime } from "./expiry.ts";
import { plainName } from "./text.ts";

// How the bot words proof of ownership (docs/decisions.md, Proof of ownership): where to join, what to type, what a
// code did. The services hold the rules; Discord's commands are named here only.

/**
 * Where to get a code and what to do with it: the link endpoint's address (LINK_ADDRESS), and `then`, what to type
 * once the code is shown. Without an endpoint, that proving is not set up here.
 */
export function howToProve(linkAddress: string | undefined, then: string): string {
  if (!linkAddress) {
    return "Proving an account is not set up on this service yet (its link server is off): ask staff.";
  }
  return (
    `In Minecraft: Java Edition, add the server \`${linkAddress}\` and join it with that account: you will not ` +
    `enter a world, you are shown a code. Then ${then} within 10 minutes.`
  );
}

/**
 * What a member does with an entry awaiting proof at first join (docs/link.md, First-join proof): join the game
 * server with it, be shown a code, type it here.
 */
export function howToProveAtFirstJoin(entry: Pick<EntryRecord, "nick" | "proofDueAt">): string {
  const due = entry.proofDueAt as number;
  return (
    `🔒 Prove **${plainName(entry.nick)}** is yours: join the game server with it before ${discordTime(due)} ` +
    `(${discordTime(due, "R")}). You will be disconnected with a code: type \`/link code:<code>\` here, then join ` +
    "again. Not proven by then, it is removed."
  );
}

/** How members of a whitelist asking proof at first join prove their account, for staff. */
export function firstJoinForStaff(whitelist: Pick<Whitelist, "proofWindowSeconds">): string {
  return (
    "🔒 Their nick goes on at once and they prove it when they first join the game server: the `sync` agent, with " +
    "RCON, disconnects them with a code they type with `/link code:`. Unproven after " +
    `${describeDuration(whitelist.proofWindowSeconds)}, it is removed (staff additions need no proof).`
  );
}

/** A linked account in one line: its name, UUID and since when. */
export function linkedLine(account: LinkedAccount): string {
  return `**${plainName(account.name)}** (UUID \`${account.uuid}\`), proven ${discordTime(account.linkedAt, "R")}`;
}

/** What typing a code did: the link, the entries it took from other members, the member's own now verified. */
export function describeLinked(linked: Linked): string[] {
  const { account, took, verified } = linked;
  const names = (list: Linked["took"]) => [
    ...new Set(list.map(({ whitelist }) => `**${plainName(whitelist.name)}**`)),
  ];
  return [
    `🔗 **${plainName(account.name)}** is linked to you on this server: you proved it is yours.`,
    ...(took.length > 0
      ? [
          `Other members had it on ${names(took).join(", ")}; those nicks are removed, since you proved it is ` +
            "yours (staff see why in the log).",
        ]
      : []),
    ...(verified.length > 0
      ? [`Your **${plainName(account.name)}** on ${names(verified).join(", ")} is verified now.`]
      : []),
  ];
}
