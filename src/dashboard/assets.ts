import client from "./assets/client.js" with { type: "text" };
import css from "./assets/dashboard.css" with { type: "text" };

// The dashboard's two files, embedded in the binary (imported as text) and served from it: nothing comes from a
// CDN, so it works offline on a LAN. Each is named by a hash of its content, so a browser may keep it for a year
// and a new version is fetched at once.

/** One embedded file: the path it is served at, its type and its text. */
export type Asset = { href: string; type: string; body: string };

const hashOf = (text: string) => new Bun.CryptoHasher("sha256").update(text).digest("hex").slice(0, 12);

/** The stylesheet and the script of every page. */
export const ASSETS = {
  css: { href: `/dashboard/assets/dashboard-${hashOf(css)}.css`, type: "text/css; charset=utf-8", body: css },
  js: {
    href: `/dashboard/assets/client-${hashOf(client)}.js`,
    type: "text/javascript; charset=utf-8",
    body: client,
  },
} as const satisfies Record<string, Asset>;

/** The asset served at `path`, if any (an exact match: no other file of the binary is reachable). */
export function assetAt(path: string): Asset | undefined {
  return Object.values(ASSETS).find((asset) => asset.href === path);
}
