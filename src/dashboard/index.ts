import type { DashboardDeps } from "./model.ts";

/**
 * The dashboard as the API mounts it at `/dashboard`: nothing of it is loaded until its first request (its pages,
 * its stylesheet and script, its queries), so a service whose dashboard nobody opens pays almost nothing for it
 * (bench/dashboard.ts measures the idle memory). Concurrent first requests wait for one load.
 */
export function lazyDashboard(deps: DashboardDeps): (request: Request) => Promise<Response> {
  let loaded: Promise<{ handle(request: Request): Promise<Response> }> | undefined;
  return async (request) => {
    loaded ??= import("./app.ts").then(({ createDashboard }) => createDashboard(deps));
    try {
      return await (await loaded).handle(request);
    } catch (error) {
      // A load that failed is tried again by the next request, instead of failing every one after it.
      loaded = undefined;
      throw error;
    }
  };
}

export type { DashboardDeps, DashboardOAuth } from "./model.ts";
export { callbackUrl } from "./model.ts";
