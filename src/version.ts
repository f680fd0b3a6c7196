import pkg from "../package.json" with { type: "json" };

// Set by the build (`bun build --define`, see .ci/compile.ts): absent when running from the sources.
declare const __WLS_COMMIT__: string | undefined;
declare const __WLS_TARGET__: string | undefined;

/** The release version, from package.json (embedded in the binary). */
export const VERSION: string = pkg.version;

/** The git commit the binary was built from (12 hex digits), or `source` when running from the sources. */
export const COMMIT: string = typeof __WLS_COMMIT__ === "string" ? __WLS_COMMIT__ : "source";

/** The platform the binary was built for (`linux-arm64`, `windows-x64`…), or `source`. */
export const TARGET: string = typeof __WLS_TARGET__ === "string" ? __WLS_TARGET__ : "source";

/** What `--version` prints: `0.1.0 (commit 1a2b3c4d5e6f, linux-x64)`. */
export const VERSION_LINE = `${VERSION} (commit ${COMMIT}, ${TARGET})`;
