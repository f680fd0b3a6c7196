import type { DashboardDeps } from "./model.ts";

/** The dashboard as the server holds it: the handler of `/dashboard` and what ends its open streams. */
export type LazyDashboard = {
  handle(request: Request): Promise<Response>;
  /** Ends the live log's open streams (at shutdown: the server waits for open requests). */
  close(): Promise<void>;
};

/**
 * The dashboard as the API mounts it at `/dashboard`: nothing of it is loaded until its first request (its pages,
 * its stylesheet and script, its queries), so a service whose dashboard nobody opens pays almost nothing for it
 * (bench/dashboard.ts measures the idle memory). Concurrent first requests wait for one load.
 */
export function lazyDashboard(deps: DashboardDeps): LazyDashboard {
  let loaded: Promise<{ handle(request: Request): Promise<Response>; close(): void }> | undefined;
  return {
    async handle(request) {
      loaded ??= import("./app.ts").then(({ createDashboard }) => createDashboard(deps));
      try {
        return await (await loaded).handle(request);
      } catch (error) {
        // A load that failed is tried again by the next request, instead of failing every one after it.
        loaded = undefined;
        throw error;
      }
    },
    async close() {
      if (loaded) (await loaded.catch(() => undefined))?.close();
    },
  };
}

export type { DashboardDeps, DashboardOAuth } from "./model.ts";
export { callbackUrl } from "./model.ts";
