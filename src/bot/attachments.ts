import { type Text, text } from "../i18n/messages.ts";
import { DomainError } from "../shared/errors.ts";

/** How long a download of an attachment from Discord's CDN may take. */
const DOWNLOAD_TIMEOUT_MS = 15_000;

/**
 * The bytes of a file a member attached to a command, from the URL Discord gave for it. A file Discord says is
 * over `maxBytes` is refused before any byte is read (`tooBig`), and so is one whose bytes turn out more;
 * within a time limit; a download that fails is a refusal asking to try again, never a crash.
 */
export async function downloadAttachment(
  attachment: { url: string; name: string; size: number },
  maxBytes: number,
  tooBig: (bytes: number) => DomainError,
): Promise<Uint8Array> {
  if (attachment.size > maxBytes) throw tooBig(attachment.size);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), DOWNLOAD_TIMEOUT_MS);
  const failed = (reason: Text | string) =>
    new DomainError("invalid-input", text("error.download", { file: attachment.name, reason }));
  try {
    const response = await fetch(attachment.url, { signal: controller.signal, redirect: "error" });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw failed(text("error.download.status", { status: String(response.status) }));
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (size > maxBytes) {
        controller.abort();
        throw tooBig(Math.max(size, attachment.size));
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw failed(
      controller.signal.aborted ? text("error.download.tooSlow") : String((error as Error).message ?? error),
    );
  } finally {
    clearTimeout(timer);
  }
}
