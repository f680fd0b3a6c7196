import type { World } from "../bot/world.ts";

// A browser's part of the dashboard's sign-in, over plain fetch (test/dashboard/*.test.ts): the cookies it keeps
// for the service, the redirects it follows by hand, and the button a person presses on the sandbox's Discord
// authorization page. The Chromium test (test/dashboard/browser.full.test.ts) presses the same button in a real browser.

/** The cookies of one browser for the dashboard, by name. */
export type Jar = Map<string, string>;

/** Keeps the cookies a response sets (a Max-Age of 0 removes one). */
export function keep(jar: Jar, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const at = pair.indexOf("=");
    const name = pair.slice(0, at);
    if (/Max-Age=0/i.test(line)) jar.delete(name);
    else jar.set(name, pair.slice(at + 1));
  }
}

/** The Cookie header of a jar. */
export const cookieHeader = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

/** A signed-in browser: its cookies, and requests that carry them as a page of the dashboard would. */
export type Browser = {
  jar: Jar;
  /** A GET of a dashboard path with the cookies, redirects not followed. */
  get(path: string): Promise<Response>;
  /** A form posted from a dashboard page (its Origin), with the cookies. */
  post(path: string, form: Record<string, string>, headers?: Record<string, string>): Promise<Response>;
  /** The CSRF token the pages of this session carry in their forms. */
  csrf(): Promise<string>;
};

/** A browser with an empty jar at the world's dashboard. */
export function browser(world: World, jar: Jar = new Map()): Browser {
  const base = world.service.publicUrl;
  const send = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${base}${path}`, {
      ...init,
      redirect: "manual",
      headers: { cookie: cookieHeader(jar), ...(init.headers as Record<string, string>) },
    });
    keep(jar, response);
    return response;
  };
  const self: Browser = {
    jar,
    get: (path) => send(path),
    post: (path, form, headers = {}) =>
      send(path, {
        method: "POST",
        body: new URLSearchParams(form),
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: new URL(base).origin,
          ...headers,
        },
      }),
    async csrf() {
      const page = await (await self.get("/dashboard")).text();
      const token = /name="csrf" value="([^"]+)"/.exec(page)?.[1];
      if (!token) throw new Error("the page carries no CSRF token: not signed in?");
      return token;
    },
  };
  return self;
}

/**
 * Signs `userId` in as a person would: the dashboard sends the browser to Discord's authorization page, the person
 * picks themselves there, Discord sends the browser back with a code, the dashboard answers with its session cookie.
 */
export async function signIn(world: World, userId: string, next = "/dashboard"): Promise<Browser> {
  const signedIn = browser(world);
  const start = await signedIn.get(`/dashboard/sign-in?next=${encodeURIComponent(next)}`);
  if (start.status !== 303) throw new Error(`sign-in did not leave for Discord: ${start.status}`);
  const authorize = new URL(start.headers.get("location") ?? "");
  const form = new URLSearchParams(authorize.searchParams);
  form.set("user", userId);
  const consent = await fetch(new URL("/oauth2/authorize", authorize).href, {
    method: "POST",
    body: form,
    redirect: "manual",
  });
  const back = new URL(consent.headers.get("location") ?? "");
  const finish = await signedIn.get(back.pathname + back.search);
  if (finish.status !== 303) throw new Error(`the callback refused: ${finish.status} ${await finish.text()}`);
  return signedIn;
}
