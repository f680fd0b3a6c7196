/** A JSON response. */
export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status });
}

/** A 204 response. */
export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** An error in Discord's shape: `{ message, code }`, plus `errors` for Invalid Form Body. */
export function discordError(status: number, code: number, message: string, errors?: object): Response {
  return json({ message, code, ...(errors ? { errors } : {}) }, status);
}

/** The Discord errors the sandbox answers, by name. */
export const DiscordErrors = {
  unauthorized: () => discordError(401, 0, "401: Unauthorized"),
  notFound: () => discordError(404, 0, "404: Not Found"),
  unknownChannel: () => discordError(404, 10003, "Unknown Channel"),
  unknownGuild: () => discordError(404, 10004, "Unknown Guild"),
  unknownMember: () => discordError(404, 10007, "Unknown Member"),
  unknownMessage: () => discordError(404, 10008, "Unknown Message"),
  unknownRole: () => discordError(404, 10011, "Unknown Role"),
  unknownUser: () => discordError(404, 10013, "Unknown User"),
  unknownBan: () => discordError(404, 10026, "Unknown Ban"),
  unknownEmoji: () => discordError(400, 10014, "Unknown Emoji"),
  unknownWebhook: () => discordError(404, 10015, "Unknown Webhook"),
  unknownApplication: () => discordError(404, 10002, "Unknown Application"),
  unknownInteraction: () => discordError(404, 10062, "Unknown interaction"),
  unknownCommand: () => discordError(404, 10063, "Unknown application command"),
  alreadyAcknowledged: () => discordError(400, 40060, "Interaction has already been acknowledged."),
  notAcknowledged: () => discordError(400, 10008, "Unknown Message"),
  missingAccess: () => discordError(403, 50001, "Missing Access"),
  missingPermissions: () => discordError(403, 50013, "Missing Permissions"),
  replyWithoutHistory: () =>
    discordError(403, 160002, "Cannot reply without permission to read message history"),
  unknownReference: () =>
    discordError(
      400,
      50035,
      "Invalid Form Body",
      formError(["message_reference"], "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message"),
    ),
  emptyMessage: () => discordError(400, 50006, "Cannot send an empty message"),
  otherAuthor: () => discordError(403, 50005, "Cannot edit a message authored by another user"),
  invalidJson: () => discordError(400, 50109, "The request body contains invalid JSON."),
  invalidFormBody: (errors: object) => discordError(400, 50035, "Invalid Form Body", errors),
};

/** One Invalid Form Body error at a path, nested as Discord nests them (`{ a: { 0: { _errors: [...] } } }`). */
export function formError(path: (string | number)[], code: string, message: string): object {
  return path.reduceRight<object>((inner, key) => ({ [key]: inner }), { _errors: [{ code, message }] });
}

/** A request body: the JSON part plus uploaded files keyed by their index in `files[N]`. */
export type RequestBody = { json: Record<string, unknown>; files: Map<string, File> };

/** Reads a JSON or multipart (`payload_json` + `files[N]`) body; a Response when it is malformed. */
export async function readBody(request: Request): Promise<RequestBody | Response> {
  const type = request.headers.get("content-type") ?? "";
  const files = new Map<string, File>();
  try {
    if (type.startsWith("multipart/form-data")) {
      const form = await request.formData();
      let body: Record<string, unknown> = {};
      let position = 0;
      for (const [key, value] of form.entries()) {
        if (key === "payload_json" && typeof value === "string") body = asObject(JSON.parse(value));
        else if (typeof value !== "string")
          files.set(/^files\[(\d+)\]$/.exec(key)?.[1] ?? String(position), value);
        if (typeof value !== "string") position++;
      }
      return { json: body, files };
    }
    const text = await request.text();
    return { json: text.trim() === "" ? {} : asObject(JSON.parse(text)), files };
  } catch {
    return DiscordErrors.invalidJson();
  }
}

function asObject(value: unknown): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("not an object");
  return value as Record<string, unknown>;
}

const TEXT_TYPES: Record<string, string> = {
  txt: "text/plain",
  json: "application/json",
  csv: "text/csv",
  yml: "application/yaml",
  yaml: "application/yaml",
  md: "text/markdown",
  log: "text/plain",
  xml: "application/xml",
  html: "text/html",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

/**
 * The content type Discord would record: the uploaded one, else one guessed from the file name; text in
 * valid UTF-8 gets `; charset=utf-8`, as Discord writes it.
 */
export function contentTypeFor(filename: string, uploaded: string, bytes: Uint8Array): string {
  const extension = filename.split(".").pop()?.toLowerCase() ?? "";
  const given = uploaded !== "" && uploaded !== "application/octet-stream";
  const type = given
    ? uploaded.replace(/\s*;\s*/g, "; ")
    : (TEXT_TYPES[extension] ?? "application/octet-stream");
  if (!isTextual(type) || type.includes("charset=")) return type;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return `${type}; charset=utf-8`;
  } catch {
    return type;
  }
}

/** True for content types whose bytes are readable text. */
export function isTextual(contentType: string): boolean {
  return /^text\/|json|yaml|xml|csv|javascript/.test(contentType);
}

/** One REST exchange between the bot and the sandbox, as an observer (`observe` of the sandbox's options) sees it. */
export type RestExchange = {
  method: string;
  /** The path as sent, still encoded: `/api/v10/webhooks/1/abc/messages/%40original`. */
  path: string;
  /** The JSON body, or a multipart body's `payload_json`; undefined when there is none or it is not JSON. */
  requestBody: unknown;
  status: number;
  /** The JSON answer; undefined for a 204 or an answer that is not JSON. */
  responseBody: unknown;
};

/**
 * Answers `request` with `handle` and shows the exchange to `observe` before the answer leaves, so an observer
 * has seen every exchange the bot got an answer to. Both bodies are read from clones; `observe` must not throw.
 */
export async function observeExchange(
  request: Request,
  handle: (request: Request) => Promise<Response>,
  observe: (exchange: RestExchange) => void,
): Promise<Response> {
  const requestBody = await jsonOf(request.clone());
  const response = await handle(request);
  observe({
    method: request.method,
    path: new URL(request.url).pathname,
    requestBody,
    status: response.status,
    responseBody: await jsonOf(response.clone()),
  });
  return response;
}

/** What `jsonOf` reads of a request or a response (their clones' types differ between Bun's and the DOM's). */
type Message = {
  headers: { get(name: string): string | null };
  text(): Promise<string>;
  formData(): Promise<{ get(name: string): unknown }>;
};

async function jsonOf(message: Message): Promise<unknown> {
  try {
    if ((message.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
      const payload = (await message.formData()).get("payload_json");
      return typeof payload === "string" ? JSON.parse(payload) : undefined;
    }
    const text = await message.text();
    return text.trim() === "" ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
