/** `bun run build`: dist/whitelist-sync for this machine, with the commit embedded (see compile.ts). */
import { join } from "node:path";
import { compile, currentCommit, ROOT } from "./compile.ts";

const outfile = join(ROOT, "dist", "whitelist-sync");
await compile({ target: "host", outfile, commit: currentCommit() });
console.log(`built ${outfile}`);
