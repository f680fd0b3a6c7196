/**
 * Compiles the single executable for one platform: `bun build --compile` of src/main.ts with the commit and the
 * platform embedded (src/version.ts). Used by `bun run build` (this machine's platform) and `bun run release`.
 */
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";

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
 * (bench/start.ts), so that both are built alike. `--bytecode`: the code is compiled at build time, not parsed at
 * each start. `--splitting`: what src/main.ts imports dynamically is a chunk of its own inside the executable, read
 * only when a command imports it (docs/performance.md, Start and memory). The source maps are embedded.
 */
export const BUILD_FLAGS = [
  "--compile",
  "--minify",
  "--sourcemap",
  "--bytecode",
  "--format=esm",
  "--splitting",
];

/**
 * The service's workers' entry points, bundled beside src/main.ts as entry points of their own: a compiled binary
 * finds a `new Worker(new URL("./x.ts", import.meta.url))` only among them (src/formats/worker-reads.ts).
 */
export const WORKER_ENTRIES = [join(ROOT, "src", "formats", "build-worker.ts")];

/**
 * The service's bytecode-order profile: which functions a start of the service runs (`bun run build:profile`
 * records one, .ci/bytecode-order.ts). Built with it, the executable has their bytecode together at its front, so a
 * start reads fewer of its pages (docs/performance.md, Start and memory). A build input, committed: one recorded
 * from older code still applies to what it knows (Bun places the functions it does not know after them), and a
 * build without the file is built without a profile.
 */
export const BYTECODE_ORDER = join(ROOT, ".ci", "bytecode-order", "whitelist-sync.order");

/**
 * Bun writes a CommonJS module's `__dirname` into the executable as the build's own path (@discordjs/ws's is there,
 * for a worker the bot never starts), so two checkouts of one commit built different executables, with other chunk
 * names, another layout and another idle RSS (docs/performance.md, Start and memory). The executable's own
 * directory, as `import.meta.dir` says it, in its place: a build is the same from any checkout.
 */
const SAME_FROM_ANY_CHECKOUT = ["--define", `__dirname=${JSON.stringify("/$bunfs/root")}`];

/**
 * Runs `bun build --compile` for `target` into `outfile`; throws with Bun's output when it fails, and passes on
 * Bun's warnings (a profile that matches nothing of the build). Bun writes the
 * chunks' source maps beside the executable (one per chunk): it builds in a directory of its own, of which only the
 * executable is kept.
 */
export async function compile(options: {
  target: TargetName | "host";
  outfile: string;
  commit: string;
  /** The program's entry point: src/main.ts unless a bench builds its baseline. */
  entry?: string;
  /** In place of BUILD_FLAGS: a bench's baseline built as an earlier version was. */
  flags?: string[];
  /**
   * The bytecode-order profile to lay the bytecode out by: by default the service's (BYTECODE_ORDER) when building
   * the service, none for another entry point; null: none. A file that does not exist is left out.
   */
  bytecodeOrder?: string | null;
}) {
  const name = options.target === "host" ? hostTarget() : options.target;
  const flags = options.flags ?? BUILD_FLAGS;
  const order =
    options.bytecodeOrder === undefined ? !options.entry && BYTECODE_ORDER : options.bytecodeOrder;
  const ordered = order && flags.includes("--bytecode") && existsSync(order);
  const args = [
    "build",
    options.entry ?? join(ROOT, "src", "main.ts"),
    ...(options.entry ? [] : WORKER_ENTRIES),
    ...flags,
    ...(ordered ? [`--bytecode-order=${order}`] : []),
    ...(options.target === "host" ? [] : [`--target=${TARGETS[options.target]}`]),
    "--define",
    `__WLS_COMMIT__=${JSON.stringify(options.commit)}`,
    "--define",
    `__WLS_TARGET__=${JSON.stringify(name)}`,
    ...SAME_FROM_ANY_CHECKOUT,
    "--outfile",
  ];
  // A fresh clone has no dist/ yet.
  mkdirSync(dirname(options.outfile), { recursive: true });
  const scratch = mkdtempSync(join(dirname(options.outfile), ".build-"));
  try {
    const built = join(scratch, basename(options.outfile));
    const build = Bun.spawn([process.execPath, ...args, built], {
      cwd: ROOT,
      stdout: "pipe",
      stderr: "pipe",
    });
    const [code, out, err] = await Promise.all([
      build.exited,
      new Response(build.stdout).text(),
      new Response(build.stderr).text(),
    ]);
    if (code !== 0) throw new Error(`bun build for ${name} failed (${code}):\n${out}${err}`);
    for (const line of `${out}${err}`.split("\n")) if (line.startsWith("warn:")) console.warn(line);
    // Bun names a Windows executable `.exe` when the name it was given has no extension.
    const exe = !existsSync(built) && existsSync(`${built}.exe`) ? ".exe" : "";
    renameSync(`${built}${exe}`, `${options.outfile}${exe}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
