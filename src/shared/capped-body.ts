/**
 * Reading a remote service's answer with a bound on its size. Mojang's and GeyserMC's answers are a few hundred
 * bytes; an answer of megabytes (a broken proxy, a hostile resolver) must neither hold the event loop while it is
 * parsed nor keep a login or a registration waiting while it streams (docs/decisions.md, The premium look-up).
 */

/** The bound on one profile's or one XUID's answer (a real one is under 300 bytes). */
export const ONE_ANSWER_BYTES = 16 * 1024;
/** The bound on a bulk answer of up to 10 profiles. */
export const BULK_ANSWER_BYTES = 64 * 1024;

/** Thrown by `readCappedJson` for an answer longer than its cap: the caller treats it as no answer. */
export class AnswerTooLarge extends Error {
  constructor(cap: number) {
    super(`an answer over ${cap} bytes`);
    this.name = "AnswerTooLarge";
  }
}

/**
 * The body as UTF-8 text, or null when it is longer than `cap` bytes: refused on its declared length at once, or as
 * soon as what arrived passes the cap, the rest never read (the connection is given up).
 */
export async function readCapped(response: Response, cap: number): Promise<string | null> {
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > cap) {
    await response.body?.cancel();
    return null;
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > cap) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** The body read as text of at most `cap` bytes; throws AnswerTooLarge past it. */
export async function readCappedText(response: Response, cap: number): Promise<string> {
  const text = await readCapped(response, cap);
  if (text === null) throw new AnswerTooLarge(cap);
  return text;
}

/** The body parsed as JSON, read as at most `cap` bytes; throws AnswerTooLarge past it, SyntaxError if not JSON. */
export async function readCappedJson(response: Response, cap: number): Promise<unknown> {
  return JSON.parse(await readCappedText(response, cap));
}
