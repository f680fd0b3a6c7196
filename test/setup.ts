import { afterAll, afterEach, setDefaultTimeout } from "bun:test";
import { TEST_TIMEOUT_MS } from "./helpers/floors.ts";
import { stopServedApps } from "./helpers/http.ts";
import { stopSharedPostgres } from "./helpers/postgres.ts";
import { stopServes } from "./helpers/serve.ts";

// Preloaded for every test file (bunfig.toml), once per process: no test leaves an app listening, nor a service it
// spawned running (test/helpers/serve.ts), for the next one, and the PostgreSQL server the service suites shared is
// stopped, or let go of when the run shares one (test/helpers/postgres.ts), once the file has run (a parallel run)
// or the last one has (a serial run).
afterEach(stopServedApps);
afterEach(stopServes);
afterAll(stopSharedPostgres);

// Bun's limit of 5 s for each test and hook, which bunfig.toml cannot change: set here for a file run alone (and
// the first file of a process); Bun puts it back before each further file, so the runner's --timeout sets it for
// those (test/helpers/floors.ts).
setDefaultTimeout(TEST_TIMEOUT_MS);
