// The lines scripts read out of what whitelist-sync writes (docs/decisions.md, Languages): a set-up guide's
// `sed -n 's/^Key: //p'` over `/server-link create`'s answer, a wrapper around the demo or the `sync` agent. They read
// the same in every language and keep their wording: none of them is in the message catalogue, so no translation
// can change one, and test/shared/script-lines.test.ts holds the catalogue and the readers to that.

/** A line `Label: value`: its label, how it is written, and how a script reads it back. */
export type LabelledLine = {
  readonly label: string;
  /** The line for `value`. */
  line(value: string): string;
};

const labelled = (label: string): LabelledLine => ({ label, line: (value) => `${label}: ${value}` });

/** Every labelled line scripts read, by where it is written. */
export const scriptLines = {
  /** `/server-link create`'s answer: the link's id and its key (shown once). */
  linkId: labelled("Link id"),
  key: labelled("Key"),
  /** `/server-link webhook`'s answer: the secret deliveries are signed with (shown once). */
  signingSecret: labelled("Signing secret"),
  /** What `whitelist-sync demo` prints before its tour. */
  demo: {
    api: labelled("API"),
    apiKey: labelled("API key"),
    sandbox: labelled("Sandbox"),
    mojang: labelled("Mojang"),
    link: labelled("Link"),
    docs: labelled("Docs"),
    dashboard: labelled("Dashboard"),
  },
} as const;

/** The `sync` agent's human output for a change: `+ Notch (survival)` for a nick added, `- Notch` for one gone. */
export const changeLine = {
  added: (nick: string, whitelist: string) => `+ ${nick} (${whitelist})`,
  removed: (nick: string) => `- ${nick}`,
} as const;

/**
 * The value of the first line of `text` written by `line` (what `sed -n 's/^Key: //p'` prints), or undefined when
 * there is none.
 */
export function readLine(text: string, line: LabelledLine): string | undefined {
  const prefix = `${line.label}: `;
  return text
    .split("\n")
    .find((candidate) => candidate.startsWith(prefix))
    ?.slice(prefix.length);
}
