import type { Accounts } from "../accounts/service.ts";
import type { LinkProofPort } from "./model.ts";

/**
 * What a player reads on the disconnect screen once their account is proven: the code, and the Discord commands
 * that take it (docs/link.md, The proof port). Short lines: the screen centres them.
 */
export function proofText(name: string, code: string): string {
  return [
    `${name}, your account is proven.`,
    `Your code: ${code}`,
    `In Discord, type /link code:${code} within 10 minutes`,
    `(or /register code:${code} to put it on a whitelist).`,
  ].join("\n");
}

/**
 * The link endpoint's proof port over the accounts store: each proven login issues a code bound to the account
 * (to no guild; stored, so any replica's code is redeemed wherever the bot runs) and shows it.
 */
export function codeProof(accounts: Pick<Accounts, "issue">): LinkProofPort {
  return {
    async proven(account) {
      const { code } = await accounts.issue(account, "java-login");
      return { text: proofText(account.name, code) };
    },
  };
}
