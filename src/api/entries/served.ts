import type { FormatCache, Formatted } from "../../formats/cache.ts";
import { type FormatName, formats } from "../../formats/index.ts";
import { secured } from "../security-headers.ts";

/**
 * A whitelist's entries in a format as HTTP serves them: its strong ETag, and the answers with every header of
 * their own (the security headers too), built once, for each request to copy: the 304, and the 200 around an
 * immutable Blob or, for a large body, the headers that go with its chunks (written out as they are).
 */
export type ServedFormat = {
  etag: string;
  notModified: Response;
  body: { blob: Response } | { parts: readonly Uint8Array[]; headers: Headers };
  /** The same answers with a RateLimit-Policy header too (`limited`), built on first use. */
  limited?: ServedFormat & { policy: string };
};

const POLICY_HEADER = "RateLimit-Policy";

/**
 * `served` with the RateLimit-Policy header `policy` (the same for every request to one app), built once per
 * format and change: a read then sets only its own RateLimit value on the copy it answers.
 */
export function limited(served: ServedFormat, policy: string): ServedFormat {
  if (served.limited?.policy === policy) return served.limited;
  const withPolicy = (headers: Headers) => {
    headers.set(POLICY_HEADER, policy);
    return headers;
  };
  const copy = (response: Response) => {
    const answer = response.clone() as Response;
    withPolicy(answer.headers);
    return answer;
  };
  const { etag, notModified, body } = served;
  served.limited = {
    etag,
    policy,
    notModified: copy(notModified),
    body:
      "blob" in body
        ? { blob: copy(body.blob) }
        : { parts: body.parts, headers: withPolicy(new Headers(body.headers)) },
  };
  return served.limited;
}

/**
 * Bodies up to this size are joined into one Blob, which Bun sends fastest. A larger one is written from its
 * chunks (a few hundred KB each): a Blob would copy it whole after every change, and the copies, outside the JS
 * heap, would pile up until a collection (bench/scale.ts: 100,000 entries).
 */
const JOIN_UP_TO_BYTES = 256 * 1024;

/** What HTTP serves of entries in a format. */
function serve(format: FormatName, formatted: Formatted, joinUpToBytes: number): ServedFormat {
  const { contentType } = formats[format];
  const { etag, fileName } = formatted;
  const notModified = secured(
    new Response(null, { status: 304, headers: { etag, "cache-control": "no-cache" } }),
  );
  const headers = new Headers(notModified.headers);
  headers.set("content-type", contentType);
  if (fileName) headers.set("content-disposition", `attachment; filename="${fileName}"`);
  if (formatted.size > joinUpToBytes) return { etag, notModified, body: { parts: formatted.parts, headers } };
  const blob = new Blob(formatted.parts as Uint8Array<ArrayBuffer>[], { type: contentType });
  return { etag, notModified, body: { blob: new Response(blob, { headers }) } };
}

/**
 * The cached formats as HTTP serves them, each built once: a format's entries are a new object whenever they
 * change, so what is kept against one is never stale, and goes with it.
 */
export function createServedFormats(
  cache: FormatCache,
  /** Bodies up to this size are sent as one Blob, larger ones from their chunks (tests: every size either way). */
  joinUpToBytes = JOIN_UP_TO_BYTES,
) {
  const built = new WeakMap<Formatted, ServedFormat>();
  const of = (format: FormatName, formatted: Formatted) => {
    let served = built.get(formatted);
    if (!served) {
      served = serve(format, formatted, joinUpToBytes);
      built.set(formatted, served);
    }
    return served;
  };
  return {
    /** The whitelist's entries in `format`, ready to send. */
    async get(whitelistId: string, format: FormatName): Promise<ServedFormat> {
      return of(format, await cache.get(whitelistId, format));
    },
    /** The same if its entries are in memory, without waiting; else undefined. */
    cached(whitelistId: string, format: FormatName): ServedFormat | undefined {
      const formatted = cache.cached(whitelistId, format);
      return formatted && of(format, formatted);
    },
  };
}

/** The served formats' type. */
export type ServedFormats = ReturnType<typeof createServedFormats>;
