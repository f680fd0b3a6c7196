import pkg from "../package.json" with { type: "json" };

/** The release version, from package.json (embedded in the binary). */
export const VERSION: string = pkg.version;
