import type { SandboxContext } from "../context.ts";
import { json } from "../http.ts";
import { type PrivilegedIntentSwitches, resetToken } from "../portal.ts";
import { type Route, route } from "../router.ts";
import { ControlRequestError } from "./command-options.ts";

type Body = Record<string, unknown>;

async function readJson(request: Request): Promise<Body> {
  const body = await request.json().catch(() => null);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ControlRequestError("the body must be a JSON object");
  }
  return body as Body;
}

function flag(body: Body, key: string): boolean {
  const value = body[key];
  if (typeof value !== "boolean") throw new ControlRequestError(`${key} must be true or false`);
  return value;
}

const SWITCHES = ["serverMembers", "messageContent", "presence"] as const;

/** A partial set of the portal's switches; anything else in the body is refused. */
function switches(body: Body): Partial<PrivilegedIntentSwitches> {
  const unknown = Object.keys(body).find((key) => !(SWITCHES as readonly string[]).includes(key));
  if (unknown !== undefined) {
    throw new ControlRequestError(`unknown privileged intent ${unknown} (one of ${SWITCHES.join(", ")})`);
  }
  return Object.fromEntries(Object.keys(body).map((key) => [key, flag(body, key)]));
}

/** The interactions the sandbox sent, with how far the bot's answer got (tests check "acknowledged in time"). */
const interactionList = (ctx: SandboxContext) =>
  ctx.interactions.list().map((tracked) => ({
    id: tracked.id,
    name: tracked.name,
    userId: tracked.userId,
    channelId: tracked.channelId,
    acknowledged: tracked.acknowledged,
    deferred: tracked.deferred,
    answered: tracked.answered,
  }));

/** The portal's OAuth2 settings as the control API shows them (never the secret), and each user's live sign-ins. */
function oauth2View(ctx: SandboxContext) {
  const authorizations = Object.fromEntries(
    [...ctx.state.users.keys()].map((userId) => [userId, ctx.oauth2.liveAuthorizations(userId)]),
  );
  return { redirectUris: ctx.oauth2.app.redirectUris, authorizations };
}

/**
 * Discord's bad days and the developer portal, for tests: the application's privileged intent switches and Reset
 * Token, gateway faults (drop, invalid session, zombie connection), a guild outage, and where each interaction's
 * answer stands.
 */
export const gatewayRoutes: Route[] = [
  route("GET", "/application/intents", ({ ctx }) => json(ctx.state.privilegedIntents)),
  route("POST", "/application/intents", async ({ ctx, request }) => {
    Object.assign(ctx.state.privilegedIntents, switches(await readJson(request)));
    return json(ctx.state.privilegedIntents);
  }),
  route("POST", "/application/token", ({ ctx }) => json({ token: resetToken(ctx) })),
  // The portal's OAuth2 page: the redirect URIs registered, and Reset Secret (docs/sandbox.md, OAuth2).
  route("GET", "/application/oauth2", ({ ctx }) => json(oauth2View(ctx))),
  route("POST", "/application/oauth2", async ({ ctx, request }) => {
    const uris = (await readJson(request)).redirectUris;
    if (!Array.isArray(uris) || uris.some((uri) => typeof uri !== "string" || !URL.canParse(uri))) {
      throw new ControlRequestError("redirectUris must be an array of absolute URLs");
    }
    ctx.oauth2.app.redirectUris = [...(uris as string[])];
    return json(oauth2View(ctx));
  }),
  route("POST", "/application/oauth2/secret", ({ ctx }) => json({ clientSecret: ctx.oauth2.resetSecret() })),
  route("GET", "/gateway", ({ ctx }) => json(ctx.gateway.stats())),
  route("POST", "/gateway/drop", async ({ ctx, request }) => {
    ctx.gateway.drop({ resumable: flag(await readJson(request), "resumable") });
    return json(ctx.gateway.stats());
  }),
  route("POST", "/gateway/invalid-session", async ({ ctx, request }) => {
    ctx.gateway.invalidateSession({ resumable: flag(await readJson(request), "resumable") });
    return json(ctx.gateway.stats());
  }),
  route("POST", "/gateway/zombie", ({ ctx }) => {
    ctx.gateway.zombie();
    return json(ctx.gateway.stats());
  }),
  route("POST", "/guild/availability", async ({ ctx, request }) => {
    ctx.gateway.setGuildAvailable(flag(await readJson(request), "available"));
    return json(ctx.gateway.stats());
  }),
  route("GET", "/interactions", ({ ctx }) => json(interactionList(ctx))),
];
