import { afterEach } from "bun:test";
import { stopServedApps } from "./helpers/http.ts";

// Preloaded for every test file (bunfig.toml): no test leaves an app listening for the next one.
afterEach(stopServedApps);
