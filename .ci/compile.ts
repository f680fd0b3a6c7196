/**
 * Compiles the single executable for one platform: `bun build --compile` of src/main.ts with the commit and the
 * platform embedded (src/version.ts). Used by `bun run build` (this machine's platform) and `bun run release`.
 */
import { join } from "node:path";

/** The platforms a release is built for: name in the file name → Bun's compile target. */
export const TARGETS = {
  "linux-x64": "bun-linux-x64",
  "linux-x64-musl": "bun-linux-x64-musl",
  "linux-arm64": "bun-linux-arm64",
  "windows-x64": "bun-windows-x64",
  "darwin-x64": "bun-darwin-x64",
  "darwin-arm64": "bun-darwin-arm64",
} as const;
export type TargetName = keyof typeof TARGETS;

export const ROOT = join(import.meta.dir, "..");

/**
 * The commit being built (12 hex digits), `+dirty` when the work tree has changes: WLS_COMMIT when set (a container
 * build, whose context has no .git, gets it as the build argument COMMIT), else git's; `unknown` outside git.
 */
export function currentCommit(env: Record<string, string | undefined> = process.env): string {
  const given = env.WLS_COMMIT?.trim();
  if (given) return given;
  const git = (...args: string[]) => {
    try {
      const run = Bun.spawnSync(["git", ...args], { cwd: ROOT, stderr: "ignore" });
      return run.exitCode === 0 ? run.stdout.toString().trim() : undefined;
    } catch {
      return undefined; // no git on this machine (a container build)
    }
  };
  const head = git("rev-parse", "--short=12", "HEAD");
  if (head === undefined) return "unknown";
  return `${head}${git("status", "--porcelain", "--untracked-files=no") === "" ? "" : "+dirty"}`;
}

/** This machine's platform as a target name (musl is not detected: the glibc build is the default). */
export function hostTarget(): TargetName {
  const os = process.platform === "win32" ? "windows" : process.platform;
  return `${os}-${process.arch}` as TargetName;
}

/**
 * The flags of every executable built here: the service's, and the baselines the benches compare it with
 * (bench/start.ts), so that both are built alike.
 */
export const BUILD_FLAGS = ["--compile", "--minify", "--sourcemap", "--bytecode", "--format=esm"];

/** Runs `bun build --compile` for `target` into `outfile`; throws with Bun's output when it fails. */
export async function compile(options: {
  target: TargetName | "host";
  outfile: string;
  commit: string;
  /** The program's entry point: src/main.ts unless a bench builds its baseline. */
  entry?: string;
  /** In place of BUILD_FLAGS: a bench's baseline built as an earlier version was. */
  flags?: string[];
}) {
  const name = options.target === "host" ? hostTarget() : options.target;
  const args = [
    "build",
    options.entry ?? join(ROOT, "src", "main.ts"),
    ...(options.flags ?? BUILD_FLAGS),
    ...(options.target === "host" ? [] : [`--target=${TARGETS[options.target]}`]),
    "--define",
    `__WLS_COMMIT__=${JSON.stringify(options.commit)}`,
    "--define",
    `__WLS_TARGET__=${JSON.stringify(name)}`,
    "--outfile",
    options.outfile,
  ];
  const build = Bun.spawn([process.execPath, ...args], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
  const [code, out, err] = await Promise.all([
    build.exited,
    new Response(build.stdout).text(),
    new Response(build.stderr).text(),
  ]);
  if (code !== 0) throw new Error(`bun build for ${name} failed (${code}):\n${out}${err}`);
}
