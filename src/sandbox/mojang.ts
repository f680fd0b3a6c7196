/** How the fake answers: as Mojang on a good day, down (503), rate limiting (429), or never (until stopped). */
export type FakeMojangMode = "normal" | "down" | "rate-limited" | "slow";

/** A premium account the fake knows; the UUID may be given dashed or not (it is served undashed). */
export type FakeMojangProfile = { name: string; uuid: string };

/**
 * A `hasJoined` answer that no login should believe, sent instead of the 200 a good join gets (for the link
 * endpoint's tests; Mojang has never been seen to send these, a broken proxy or a hostile resolver could):
 * `profile`, another account's profile; `long-name`, the joined account with a name of `length` characters (a 1 MB
 * name is a 1 MB body, its length declared); `endless`, a profile whose name never ends, `bytes` of it streamed
 * with no length declared (the fake counts what it wrote: `streamed`); `body`, this text as the JSON body.
 */
export type HasJoinedSpoil =
  | { kind: "profile"; profile: FakeMojangProfile }
  | { kind: "long-name"; length: number }
  | { kind: "endless"; bytes: number }
  | { kind: "body"; text: string };

/** A running fake Mojang: the profile API and the session server (profiles by UUID, `join`, `hasJoined`), on one port. */
export type FakeMojang = {
  /** Base URL to use as `MOJANG_API_URL` and `MOJANG_SESSION_URL`, e.g. `http://127.0.0.1:40123`. */
  url: string;
  /** Stops the server, first answering (503) any request held by the "slow" mode or by `hold`. */
  stop(): Promise<void>;
  setMode(mode: FakeMojangMode): void;
  /** What an unknown name gets: 404 with Mojang's JSON error body (today's API) or an empty 204 (older). */
  setNotFoundStatus(status: 204 | 404): void;
  /** How many requests reached the fake, whatever their answer. */
  requests(): number;
  /** The path of every request that reached the fake, in order (which names or UUIDs were asked). */
  requestedPaths(): string[];
  /** How many of them were bulk look-ups (`POST /profiles/minecraft`). */
  bulkRequests(): number;
  /** The server id each account last `join`ed with (undashed UUID → server id), as `hasJoined` will read it. */
  joins(): Map<string, string>;
  /** From now on, a good join's `hasJoined` gets this answer instead of its profile (null: its profile again). */
  spoilHasJoined(spoil: HasJoinedSpoil | null): void;
  /** How many bytes of `endless` answers the fake has written so far (what clients read, give or take buffers). */
  streamed(): number;
  addProfile(profile: FakeMojangProfile): void;
  /** The account with this UUID (dashed or not) changes its name, as a player does on minecraft.net. */
  rename(uuid: string, name: string): void;
  /** The account with this UUID is gone: its name and its UUID are unknown from now on. */
  removeProfile(uuid: string): void;
  /**
   * Mojang having a slow moment, without waiting for time to pass: every request from now on is held unanswered
   * until `release`.
   */
  hold(): void;
  /** Stops holding and answers the held requests as the fake answers now (so `setMode` first to release a 429). */
  release(): void;
  /** Resolves once `count` requests (default 1) are held, already or later. */
  waitForHeld(count?: number): Promise<void>;
};

/** Options of the fake. */
export type FakeMojangOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  profiles?: FakeMojangProfile[];
  notFoundStatus?: 204 | 404;
};

const PROFILE_PATH = /^\/users\/profiles\/minecraft\/([^/]*)$/;
const SESSION_PROFILE_PATH = /^\/session\/minecraft\/profile\/([^/]*)$/;
const BULK_PATH = "/profiles/minecraft";
const JOIN_PATH = "/session/minecraft/join";
const HAS_JOINED_PATH = "/session/minecraft/hasJoined";
const CONTROL_PATH = /^\/_fake\/profiles\/([^/]+)$/;
const VALID_NAME = /^[A-Za-z0-9_]{1,25}$/;
const UUID = /^[0-9a-f]{32}$/;
/** How many names Mojang's bulk endpoint takes in one request. */
const BULK_LIMIT = 10;

/** A UUID as Mojang writes it: 32 lower-case hex digits, no dashes. */
const undashed = (uuid: string) => uuid.replaceAll("-", "").toLowerCase();

/**
 * Starts a fake Mojang on loopback for tests and `whitelist-sync demo`. `GET /users/profiles/minecraft/{name}`
 * (api.mojang.com): known names (any letter case) answer 200 `{id, name}` with the stored spelling.
 * `GET /session/minecraft/profile/{uuid}` (sessionserver.mojang.com): a known UUID, dashed or not, answers 200
 * `{id, name, properties, profileActions}` with the account's current name and its `textures` property; an
 * unknown one an empty 204; anything but a UUID 400. `POST /profiles/minecraft`, the bulk look-up, as Mojang
 * answers it: a JSON array of at most 10 names gets 200 with the profiles found (names no account has are left
 * out), sorted by name in any letter case; more than 10 names, an invalid name or a body that is not a JSON array
 * get 400 with Mojang's `{error, errorMessage}`, a body not sent as `application/json` gets 415, another method
 * 405. The session server's login handshake (minecraft.wiki, Protocol Encryption; the wiki.vg archive of the
 * same page): `POST /session/minecraft/join` with `{accessToken, selectedProfile, serverId}` answers 204 and
 * records the server id for that account; the fake cannot check Microsoft's tokens, so any access token is
 * taken for an account it knows, and an unknown account gets 403 `{error: "ForbiddenOperationException", path}`
 * as Mojang answers a join it refuses. `GET /session/minecraft/hasJoined?username&serverId[&ip]` answers 200
 * `{id, name, properties}` when that name's account last joined with that server id, else an empty 204.
 */
export function startFakeMojang(options: FakeMojangOptions = {}): FakeMojang {
  const byName = new Map<string, { id: string; name: string }>();
  const byId = new Map<string, { id: string; name: string }>();
  const addProfile = (profile: FakeMojangProfile) => {
    const stored = { id: undashed(profile.uuid), name: profile.name };
    const before = byId.get(stored.id);
    if (before) byName.delete(before.name.toLowerCase());
    byName.set(profile.name.toLowerCase(), stored);
    byId.set(stored.id, stored);
  };
  const known = (uuid: string) => {
    const profile = byId.get(undashed(uuid));
    if (!profile) throw new Error(`the fake Mojang knows no account ${uuid}`);
    return profile;
  };
  for (const profile of options.profiles ?? []) addProfile(profile);

  const rename = (uuid: string, name: string) => {
    const profile = known(uuid);
    const holder = byName.get(name.toLowerCase());
    if (holder && holder !== profile) throw new Error(`the name ${name} is taken at the fake Mojang`);
    addProfile({ uuid, name });
  };

  /**
   * The fake's own control, for the demo's tour (not part of Mojang's API, never counted as a request):
   * `PUT /_fake/profiles/{uuid}` with `{"name": "..."}` renames an account, as a player does on minecraft.net.
   */
  const control = async (request: Request, uuid: string): Promise<Response> => {
    const body = (await request.json().catch(() => null)) as { name?: unknown } | null;
    if (request.method !== "PUT" || typeof body?.name !== "string" || !VALID_NAME.test(body.name)) {
      return json(400, { error: 'PUT {"name": "<a Minecraft name>"} renames the account' });
    }
    try {
      rename(uuid, body.name);
      return new Response(null, { status: 204 });
    } catch (error) {
      return json(409, { error: (error as Error).message });
    }
  };

  let mode: FakeMojangMode = "normal";
  let notFoundStatus = options.notFoundStatus ?? 404;
  const paths: string[] = [];
  let bulkCount = 0;
  const held = new Set<() => void>();

  const json = (status: number, body: unknown) => Response.json(body, { status });

  /** What the fake answers a request with, in the current mode. */
  const joined = new Map<string, string>();

  /** `POST /session/minecraft/join`: what a client calls before its Encryption Response. */
  const join = async (request: Request): Promise<Response> => {
    if (request.method !== "POST") return json(405, { error: "Method Not Allowed", path: JOIN_PATH });
    if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json")) {
      return json(415, { error: "Unsupported Media Type", path: JOIN_PATH });
    }
    const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
    const { accessToken, selectedProfile, serverId } = body ?? {};
    if (
      typeof accessToken !== "string" ||
      typeof selectedProfile !== "string" ||
      typeof serverId !== "string"
    ) {
      return json(400, { error: "IllegalArgumentException", path: JOIN_PATH });
    }
    const profile = byId.get(undashed(selectedProfile));
    if (!profile) return json(403, { error: "ForbiddenOperationException", path: JOIN_PATH });
    joined.set(profile.id, serverId);
    return new Response(null, { status: 204 });
  };

  /** `GET /session/minecraft/hasJoined`: what a server asks once the client's Encryption Response came. */
  const hasJoined = (request: Request, url: URL): Response => {
    if (request.method !== "GET") return json(405, { error: "Method Not Allowed", path: HAS_JOINED_PATH });
    const profile = byName.get((url.searchParams.get("username") ?? "").toLowerCase());
    const serverId = url.searchParams.get("serverId");
    if (!profile || serverId === null || joined.get(profile.id) !== serverId) {
      return new Response(null, { status: 204 });
    }
    if (spoil) return spoiled(spoil, profile);
    return json(200, { id: profile.id, name: profile.name, properties: [texturesOf(profile)] });
  };

  let spoil: HasJoinedSpoil | null = null;
  let streamedBytes = 0;
  /** What a spoiled `hasJoined` answers (see HasJoinedSpoil). */
  const spoiled = (how: HasJoinedSpoil, profile: { id: string; name: string }): Response => {
    switch (how.kind) {
      case "profile": {
        const other = { id: undashed(how.profile.uuid), name: how.profile.name };
        return json(200, { ...other, properties: [texturesOf(other)] });
      }
      case "long-name":
        return json(200, { id: profile.id, name: profile.name.padEnd(how.length, "x"), properties: [] });
      case "body":
        return new Response(how.text, { status: 200, headers: { "content-type": "application/json" } });
      case "endless": {
        const encoder = new TextEncoder();
        const filler = encoder.encode("x".repeat(16_384));
        let head: Uint8Array | null = encoder.encode(`{"id":"${profile.id}","name":"`);
        let left = how.bytes;
        // Pulled as the client reads (no chunk queued ahead): a client that stops reading stops the fake writing.
        const body = new ReadableStream<Uint8Array>(
          {
            pull(controller) {
              const next = head ?? filler.subarray(0, Math.min(filler.length, left));
              head = null;
              left -= next.length;
              streamedBytes += next.length;
              controller.enqueue(next);
              if (left <= 0) controller.close();
            },
          },
          { highWaterMark: 0 },
        );
        return new Response(body, { status: 200, headers: { "content-type": "application/json" } });
      }
    }
  };

  const answer = (request: Request): Response | Promise<Response> => {
    if (mode === "slow") {
      return new Promise<Response>((resolve) => {
        const release = () => {
          held.delete(release);
          resolve(json(503, { errorMessage: "stopped" }));
        };
        held.add(release);
        request.signal.addEventListener("abort", release, { once: true });
      });
    }
    if (mode === "down") return json(503, { errorMessage: "Service Unavailable" });
    if (mode === "rate-limited") return json(429, { errorMessage: "Too Many Requests" });
    const url = new URL(request.url);
    const session = SESSION_PROFILE_PATH.exec(url.pathname);
    if (request.method === "GET" && session) return sessionProfile(url.pathname, session[1] ?? "");
    if (url.pathname === BULK_PATH) return answerBulk(request);
    if (url.pathname === JOIN_PATH) return join(request);
    if (url.pathname === HAS_JOINED_PATH) return hasJoined(request, url);
    const match = PROFILE_PATH.exec(url.pathname);
    if (request.method !== "GET" || !match) return json(404, { path: url.pathname, error: "Not Found" });
    const name = decodeURIComponent(match[1] ?? "");
    if (!VALID_NAME.test(name)) {
      return json(400, {
        path: url.pathname,
        errorMessage: "getProfileName.name: Invalid profile name",
      });
    }
    const profile = byName.get(name.toLowerCase());
    if (profile) return json(200, profile);
    if (notFoundStatus === 204) return new Response(null, { status: 204 });
    return json(404, { path: url.pathname, errorMessage: `Couldn't find any profile with name ${name}` });
  };

  /** The session server's profile: the current name, and the textures property (no skin set) it always carries. */
  const sessionProfile = (path: string, typed: string): Response => {
    const id = undashed(decodeURIComponent(typed));
    if (!UUID.test(id)) return json(400, { path, errorMessage: `Not a valid UUID: ${typed}` });
    const profile = byId.get(id);
    if (!profile) return new Response(null, { status: 204 });
    return json(200, { id, name: profile.name, properties: [texturesOf(profile)], profileActions: [] });
  };

  /** The `textures` property an account always carries (no skin set), as the session server serves it. */
  const texturesOf = (profile: { id: string; name: string }) => {
    const textures = {
      timestamp: Date.now(),
      profileId: profile.id,
      profileName: profile.name,
      textures: {},
    };
    return { name: "textures", value: Buffer.from(JSON.stringify(textures)).toString("base64") };
  };

  /** `POST /profiles/minecraft` in normal mode (the modes above apply to it as to any request). */
  const answerBulk = async (request: Request): Promise<Response> => {
    const error = (status: number, name: string, message: string) =>
      json(status, { error: name, errorMessage: message });
    if (request.method !== "POST") {
      return error(
        405,
        "Method Not Allowed",
        "The method specified in the request is not allowed for the resource identified by the request URI",
      );
    }
    if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json")) {
      return error(
        415,
        "Unsupported Media Type",
        "The server is refusing to service the request because the entity of the request is in a format not " +
          "supported by the requested resource for the requested method",
      );
    }
    const names: unknown = await request.json().catch(() => undefined);
    if (!Array.isArray(names))
      return error(400, "JsonMappingException", "Cannot deserialize the request body");
    if (names.length > BULK_LIMIT) {
      return error(400, "IllegalArgumentException", "Not more that 10 profile name per call is allowed.");
    }
    const invalid = names.find((name) => typeof name !== "string" || !VALID_NAME.test(name));
    if (invalid !== undefined) return error(400, "BadRequestException", `${String(invalid)} is invalid`);
    const found = (names as string[])
      .map((name) => byName.get(name.toLowerCase()))
      .filter((profile): profile is { id: string; name: string } => profile !== undefined);
    const unique = [...new Map(found.map((profile) => [profile.id, profile])).values()];
    unique.sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
    return json(200, unique);
  };

  let holding = false;
  const parked: (() => void)[] = [];
  const heldWaiters = new Set<() => void>();
  const park = (request: Request) =>
    new Promise<Response>((resolve) => {
      parked.push(() => resolve(answer(request)));
      for (const wake of [...heldWaiters]) wake();
    });

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: options.port ?? 0,
    fetch(request) {
      const controlled = CONTROL_PATH.exec(new URL(request.url).pathname);
      if (controlled) return control(request, decodeURIComponent(controlled[1] ?? ""));
      paths.push(new URL(request.url).pathname);
      if (new URL(request.url).pathname === BULK_PATH) bulkCount++;
      return holding ? park(request) : answer(request);
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}`,
    async stop() {
      holding = false;
      mode = "down";
      const released = held.size + parked.length;
      for (const release of parked.splice(0)) release();
      for (const release of [...held]) release();
      // Let the released answers be written before the connections are closed.
      if (released > 0) await server.stop();
      await server.stop(true);
    },
    setMode(next) {
      mode = next;
    },
    setNotFoundStatus(status) {
      notFoundStatus = status;
    },
    requests: () => paths.length,
    requestedPaths: () => [...paths],
    bulkRequests: () => bulkCount,
    joins: () => new Map(joined),
    spoilHasJoined(next) {
      spoil = next;
      streamedBytes = 0;
    },
    streamed: () => streamedBytes,
    addProfile,
    rename,
    removeProfile(uuid) {
      const profile = known(uuid);
      byId.delete(profile.id);
      joined.delete(profile.id);
      byName.delete(profile.name.toLowerCase());
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const answerHeld of parked.splice(0)) answerHeld();
    },
    waitForHeld(wanted = 1) {
      return new Promise<void>((resolve) => {
        const check = () => {
          if (parked.length < wanted) return;
          heldWaiters.delete(check);
          resolve();
        };
        heldWaiters.add(check);
        check();
      });
    },
  };
}
