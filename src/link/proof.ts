import type { Accounts } from "../accounts/service.ts";
import { commandName } from "../i18n/commands.ts";
import type { Words } from "../i18n/words.ts";
import type { LinkProofPort } from "./model.ts";

/**
 * What a player reads on the disconnect screen once their account is proven, in `words`' language: the code, and
 * the Discord commands that take it by their names in that language (docs/link.md, The proof port).
 */
export function proofText(words: Words, name: string, code: string): string {
  const typed = (command: string) => `/${commandName(words.language, command)} code:${code}`;
  return words.t("link.proven", { name, code, link: typed("link"), register: typed("register") });
}

/**
 * The link endpoint's proof port over the accounts store: each proven login issues a code bound to the account
 * (to no guild; stored, so any replica's code is redeemed wherever the bot runs) and shows it in `words`' language.
 */
export function codeProof(accounts: Pick<Accounts, "issue">, words: Words): LinkProofPort {
  return {
    async proven(account) {
      const { code } = await accounts.issue(account, "java-login");
      return { text: proofText(words, account.name, code) };
    },
  };
}
