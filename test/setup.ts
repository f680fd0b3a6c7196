import { afterAll, afterEach } from "bun:test";
import { stopServedApps } from "./helpers/http.ts";
import { stopSharedPostgres } from "./helpers/postgres.ts";

// Preloaded for every test file (bunfig.toml): no test leaves an app listening for the next one, and the
// PostgreSQL server the service suites share stops once the last file has run.
afterEach(stopServedApps);
afterAll(stopSharedPostgres);
